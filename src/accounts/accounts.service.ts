import type { Kysely } from 'kysely';
import type { Clock } from '../platform/clock.js';
import { conflict, validationError, type FieldError } from '../platform/errors.js';
import type { IdGenerator } from '../platform/ids.js';
import { transactionWithUniqueGuard } from '../platform/db.js';
import type { DB } from '../platform/schema.js';
import { hashPassword, passwordProblem } from './passwords.js';

const EMAIL_PATTERN = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

/** Lower-cases an address and checks its shape; null when it is not an address. */
export function normaliseEmail(email: unknown): string | null {
  if (typeof email !== 'string') return null;
  const e = email.trim().toLowerCase();
  return e.length <= 254 && EMAIL_PATTERN.test(e) ? e : null;
}

function credentialErrors(email: unknown, password: unknown, emailField: string, passwordField: string): FieldError[] {
  const errors: FieldError[] = [];
  if (normaliseEmail(email) === null) errors.push({ field: emailField, message: 'must be an email address' });
  const pw = passwordProblem(password);
  if (pw) errors.push({ field: passwordField, message: pw });
  return errors;
}

/** Organisations, their owners, and platform admins. Sign-in and members come with the accounts issue. */
/**
 * What else an organisation needs the moment it exists (its wallet), done in its creating transaction.
 * The wiring passes it, so accounts know no other capability.
 */
export type OnOrganisationCreated = (trx: Kysely<DB>, organisationId: string, now: Date) => Promise<void>;

/** The one place an organisation row is made: the operator's CLI and the platform admin's route both come here. */
export async function insertOrganisation(
  trx: Kysely<DB>,
  deps: { ids: IdGenerator; onOrganisationCreated: OnOrganisationCreated },
  input: { name: string; accessLevel?: 'BASIC' | 'STANDARD' | 'PREMIUM'; now: Date },
) {
  const org = await trx
    .insertInto('organisations')
    .values({ id: deps.ids.next('org'), name: input.name, access_level: input.accessLevel ?? 'BASIC', created_at: input.now, updated_at: input.now })
    .returning(['id', 'name', 'access_level', 'created_at'])
    .executeTakeFirstOrThrow();
  await deps.onOrganisationCreated(trx, org.id, input.now);
  return org;
}

/** Who is told about an organisation's money (low balance, a payment received): its active OWNERs and ADMINs. */
export async function organisationManagers(trx: Kysely<DB>, organisationId: string): Promise<{ organisationName: string; emails: string[] }> {
  const org = await trx.selectFrom('organisations').select('name').where('id', '=', organisationId).executeTakeFirstOrThrow();
  const rows = await trx
    .selectFrom('users')
    .select('email')
    .where('organisation_id', '=', organisationId)
    .where('status', '=', 'ACTIVE')
    .where('role', 'in', ['OWNER', 'ADMIN'])
    .execute();
  return { organisationName: org.name, emails: rows.map((r) => r.email) };
}

export function createAccountsService(deps: { db: Kysely<DB>; clock: Clock; ids: IdGenerator; onOrganisationCreated: OnOrganisationCreated }) {
  const { db, clock, ids } = deps;

  async function assertEmailFree(trx: Kysely<DB>, email: string, field: string) {
    // Only a live account holds an address; pending invitations elsewhere do not (migration 0008).
    const taken = await trx.selectFrom('users').select('id').where('email', '=', email).where('status', '=', 'ACTIVE').executeTakeFirst();
    if (taken) throw conflict(`A user with this email already exists (${field})`);
  }

  // Two concurrent creations with one address both pass the check; the unique index decides.
  const inTransaction = <T>(fn: (trx: Kysely<DB>) => Promise<T>) =>
    transactionWithUniqueGuard(db, () => conflict('A user with this email already exists'), fn);

  return {
    /** Creates an organisation with its first OWNER. */
    async createOrganisation(input: {
      name: string;
      ownerEmail: string;
      ownerPassword: string;
      accessLevel?: 'BASIC' | 'STANDARD' | 'PREMIUM';
    }): Promise<{ organisationId: string; userId: string }> {
      const errors = credentialErrors(input.ownerEmail, input.ownerPassword, 'adminEmail', 'adminPassword');
      const name = typeof input.name === 'string' ? input.name.trim() : '';
      if (name.length < 1 || name.length > 200) errors.unshift({ field: 'name', message: 'must be 1 to 200 characters' });
      if (errors.length > 0) throw validationError(errors);
      const email = normaliseEmail(input.ownerEmail)!;
      const passwordHash = await hashPassword(input.ownerPassword);
      const now = clock.now();
      return inTransaction(async (trx) => {
        await assertEmailFree(trx, email, 'adminEmail');
        const { id: organisationId } = await insertOrganisation(trx, deps, { name, accessLevel: input.accessLevel, now });
        const userId = ids.next('usr');
        await trx
          .insertInto('users')
          .values({ id: userId, organisation_id: organisationId, email, password_hash: passwordHash, role: 'OWNER', created_at: now, updated_at: now })
          .execute();
        return { organisationId, userId };
      });
    },

    /** Creates a platform admin: staff of the service, in no organisation. */
    async createPlatformAdmin(input: { email: string; password: string }): Promise<{ userId: string }> {
      const errors = credentialErrors(input.email, input.password, 'email', 'password');
      if (errors.length > 0) throw validationError(errors);
      const email = normaliseEmail(input.email)!;
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      return inTransaction(async (trx) => {
        await assertEmailFree(trx, email, 'email');
        const userId = ids.next('usr');
        await trx
          .insertInto('users')
          .values({ id: userId, organisation_id: null, email, password_hash: passwordHash, role: null, is_platform_admin: true, created_at: now, updated_at: now })
          .execute();
        return { userId };
      });
    },

    async countOrganisations(): Promise<number> {
      const row = await db.selectFrom('organisations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
