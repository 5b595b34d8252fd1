import type { Kysely } from 'kysely';
import type { NotificationService } from '../notifications/notifications.service.js';
import type { CacheEpoch } from '../platform/cache-epoch.js';
import type { Clock } from '../platform/clock.js';
import { conflict, notFound, validationError } from '../platform/errors.js';
import type { IdGenerator } from '../platform/ids.js';
import { decodeCursor, olderThan, toPage, type Position } from '../platform/paging.js';
import type { DB } from '../platform/schema.js';
import { transactionWithUniqueGuard } from '../platform/db.js';
import { insertOrganisation, normaliseEmail, type OnOrganisationCreated } from '../accounts/accounts.service.js';
import type { MembersService, MemberView, OrganisationView } from '../accounts/members.service.js';

/**
 * A page of every organisation, newest first: `limit` rows after `after`. An index walk of
 * organisations_newest_first_idx (0022) however many organisations there are (test/e2e/admin-plans.test.ts).
 */
export function organisationsPage(db: Kysely<DB>, limit: number, after: Position | null) {
  let q = db.selectFrom('organisations').select(['id', 'name', 'access_level', 'created_at']);
  if (after) q = q.where(olderThan(after));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
}

/** Platform administration of organisations (DESIGN.md §9): the operations the CLI also performs. */
export function createAdminService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  ids: IdGenerator;
  epoch: CacheEpoch;
  members: MembersService;
  notifications: NotificationService;
  onOrganisationCreated: OnOrganisationCreated;
}) {
  const { db, clock, ids, epoch, members, notifications } = deps;
  const view = (o: { id: string; name: string; access_level: OrganisationView['accessLevel']; created_at: Date }): OrganisationView => ({
    id: o.id,
    name: o.name,
    accessLevel: o.access_level,
    createdAt: o.created_at.toISOString(),
  });

  return {
    /** Every organisation, newest first, paged. */
    async listOrganisations(query: { limit: number; cursor?: string | undefined }) {
      const rows = await organisationsPage(db, query.limit + 1, decodeCursor(query.cursor)).execute();
      const page = toPage(rows, query.limit, (r) => ({ createdAt: r.created_at, id: r.id }));
      return { items: page.items.map(view), nextCursor: page.nextCursor };
    },

    /** Creates an organisation; its owner is invited by email to set a password. */
    async createOrganisation(input: { name: string; ownerEmail: string }): Promise<{ organisation: OrganisationView; owner: MemberView }> {
      const name = input.name.trim();
      const errors = [];
      if (name.length < 1 || name.length > 200) errors.push({ field: 'name', message: 'must be 1 to 200 characters' });
      if (normaliseEmail(input.ownerEmail) === null) errors.push({ field: 'ownerEmail', message: 'must be an email address' });
      if (errors.length > 0) throw validationError(errors);
      const now = clock.now();
      const result = await transactionWithUniqueGuard(db, () => conflict('A user with this email already exists'), async (trx) => {
        const org = await insertOrganisation(trx, deps, { name, now });
        const owner = await members.invite(trx, { organisationId: org.id, organisationName: org.name, email: input.ownerEmail, role: 'OWNER', invitedBy: null, refuseAddressInUse: true });
        return { organisation: view(org), owner };
      });
      notifications.kick();
      return result;
    },

    async getOrganisation(organisationId: string): Promise<OrganisationView> {
      const org = await db.selectFrom('organisations').select(['id', 'name', 'access_level', 'created_at']).where('id', '=', organisationId).executeTakeFirst();
      if (!org) throw notFound('Organisation not found');
      return view(org);
    },

    /** Per-organisation overrides of the concurrency and velocity guards (null: the default). */
    async setLimits(organisationId: string, limits: { concurrencyLimit?: number | null; velocityLimit?: number | null }) {
      const changed = await db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('organisations')
          .set({
            ...(limits.concurrencyLimit !== undefined ? { concurrency_limit: limits.concurrencyLimit } : {}),
            ...(limits.velocityLimit !== undefined ? { velocity_limit: limits.velocityLimit } : {}),
            updated_at: clock.now(),
          })
          .where('id', '=', organisationId)
          .returning(['concurrency_limit', 'velocity_limit'])
          .executeTakeFirst();
        if (res) await epoch.bump(trx);
        return res;
      });
      if (!changed) throw notFound('Organisation not found');
      await epoch.publish();
      return { organisationId, concurrencyLimit: changed.concurrency_limit, velocityLimit: changed.velocity_limit };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
