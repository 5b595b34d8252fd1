import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, LedgerEntriesTable } from '../platform/schema.js';
import { olderThan, type Position } from '../platform/paging.js';

/** SQL of wallets, the journal and holds (CONVENTIONS rule 2: no rules, no HTTP errors). */

/** A journal entry as the services read it back. */
export type Entry = Pick<LedgerEntriesTable, 'id' | 'organisation_id' | 'amount_kobo' | 'balance_after_kobo' | 'operation_id' | 'reference' | 'reason'> & {
  created_at: Date;
};
const ENTRY_COLUMNS = ['id', 'organisation_id', 'amount_kobo', 'balance_after_kobo', 'operation_id', 'reference', 'reason', 'created_at'] as const;

/** Creates the (empty) wallet of a new organisation, in its creation transaction. */
export async function openWallet(trx: Kysely<DB>, organisationId: string, now: Date): Promise<void> {
  await trx.insertInto('wallets').values({ organisation_id: organisationId, updated_at: now }).execute();
}

/**
 * Adds a signed amount to a balance in one statement that cannot overdraw: undefined when the
 * available balance (balance minus holds) does not cover a debit, or there is no such wallet.
 */
export function applyToBalance(trx: Kysely<DB>, organisationId: string, amountKobo: number, now: Date) {
  return trx
    .updateTable('wallets')
    .set({ balance_kobo: sql`balance_kobo + ${amountKobo}`, updated_at: now })
    .where('organisation_id', '=', organisationId)
    .where(sql<boolean>`balance_kobo - held_kobo + ${amountKobo} >= 0`)
    .returning(['balance_kobo', 'held_kobo', 'low_balance_threshold_kobo'])
    .executeTakeFirst();
}

export async function walletExists(trx: Kysely<DB>, organisationId: string): Promise<boolean> {
  return (await trx.selectFrom('wallets').select('organisation_id').where('organisation_id', '=', organisationId).executeTakeFirst()) !== undefined;
}

export function insertEntry(trx: Kysely<DB>, values: Insertable<LedgerEntriesTable>): Promise<Entry> {
  return trx.insertInto('ledger_entries').values(values).returning([...ENTRY_COLUMNS]).executeTakeFirstOrThrow();
}

export function findEntryByOperation(db: Kysely<DB>, operationId: string): Promise<Entry | undefined> {
  return db.selectFrom('ledger_entries').select([...ENTRY_COLUMNS]).where('operation_id', '=', operationId).executeTakeFirst();
}

/** Low-balance crossings the ledger batches recorded and nobody has emailed yet, locked for this transaction. */
export function lockPendingAlerts(trx: Kysely<DB>, limit: number) {
  return trx
    .selectFrom('wallet_alerts')
    .select(['id', 'organisation_id', 'balance_kobo', 'threshold_kobo'])
    .where('processed_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function markAlertsProcessed(trx: Kysely<DB>, ids: Array<string | number>, now: Date): Promise<void> {
  if (ids.length > 0) await trx.updateTable('wallet_alerts').set({ processed_at: now }).where('id', 'in', ids as never[]).execute();
}

/** Releases up to 100 organisations' expired holds; wallets are locked before holds, the order every money batch uses (no deadlock). */
export async function releaseExpiredHolds(db: Kysely<DB>, now: Date): Promise<number> {
  const orgs = await db
    .selectFrom('holds')
    .select('organisation_id')
    .distinct()
    .where('status', '=', 'HELD')
    .where('expires_at', '<=', now)
    .limit(100)
    .execute();
  if (orgs.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const ids = orgs.map((o) => o.organisation_id).sort();
    await sql`SELECT 1 FROM wallets WHERE organisation_id = ANY(${ids}::text[]) ORDER BY organisation_id FOR NO KEY UPDATE`.execute(trx);
    const released = await trx
      .updateTable('holds')
      .set({ status: 'RELEASED', settled_at: now })
      .where('status', '=', 'HELD')
      .where('expires_at', '<=', now)
      .where('organisation_id', 'in', ids)
      .returning(['organisation_id', 'amount_kobo'])
      .execute();
    const byOrg = new Map<string, number>();
    for (const h of released) byOrg.set(h.organisation_id, (byOrg.get(h.organisation_id) ?? 0) + Number(h.amount_kobo));
    for (const [org, amount] of byOrg) {
      await trx.updateTable('wallets').set({ held_kobo: sql`held_kobo - ${amount}`, updated_at: now }).where('organisation_id', '=', org).execute();
    }
    return released.length;
  });
}

export function readWallet(db: Kysely<DB>, organisationId: string) {
  return db.selectFrom('wallets').select(['balance_kobo', 'held_kobo', 'low_balance_threshold_kobo']).where('organisation_id', '=', organisationId).executeTakeFirst();
}

export function setThreshold(db: Kysely<DB>, organisationId: string, thresholdKobo: number, now: Date) {
  return db
    .updateTable('wallets')
    .set({ low_balance_threshold_kobo: thresholdKobo, updated_at: now })
    .where('organisation_id', '=', organisationId)
    .returning('low_balance_threshold_kobo')
    .executeTakeFirst();
}

/** One page of the journal, newest first, one row more than asked (to know whether there is a next page). */
export function journalPage(db: Kysely<DB>, organisationId: string, limit: number, after: Position | null) {
  let q = db
    .selectFrom('ledger_entries')
    .select(['id', 'type', 'amount_kobo', 'balance_after_kobo', 'reference', 'description', 'created_at'])
    .where('organisation_id', '=', organisationId);
  if (after) q = q.where(olderThan(after));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
}
