import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { NotificationService } from '../notifications/notifications.service.js';
import { publishOrFail, type CacheEpoch } from '../platform/cache-epoch.js';
import type { Clock } from '../platform/clock.js';
import { sha256 } from '../platform/crypto.js';
import { transactionWithUniqueGuard } from '../platform/db.js';
import { AppError, conflict, forbidden, notFound, validationError } from '../platform/errors.js';
import type { IdGenerator } from '../platform/ids.js';
import type { AccessLevel, DB, Role } from '../platform/schema.js';
import { normaliseEmail } from './accounts.service.js';
import type { AuthService } from './auth.service.js';
import { hashPassword, passwordProblem } from './passwords.js';
import type { Actor } from '../http/guards.js';

export const INVITE_TTL_MS = 7 * 86_400_000;
export const ROLES: Role[] = ['OWNER', 'ADMIN', 'DEVELOPER', 'VIEWER'];
const MEMBER_EXISTS = 'A user with this email already exists';
// Told only to whoever holds the invitation token, that is, whoever reads that address's mail.
const ADDRESS_IN_USE =
  'This email address already has an idv account, and an address belongs to one organisation at a time. That account is unchanged; the invitation stays open until it expires.';

export interface MemberView {
  id: string;
  email: string;
  role: Role;
  status: 'ACTIVE' | 'INVITED';
  createdAt: string;
}

export interface OrganisationView {
  id: string;
  name: string;
  accessLevel: AccessLevel;
  createdAt: string;
}

/** An acting member: who asks, in which organisation, with which role. */
export type { Actor };

/** Members of an organisation, invitations and their acceptance (DESIGN.md §9). */
export function createMembersService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  ids: IdGenerator;
  epoch: CacheEpoch;
  auth: AuthService;
  notifications: NotificationService;
  publicUrl: string;
}) {
  const { db, clock, ids, epoch, auth, notifications } = deps;

  const toMember = (r: { id: string; email: string; role: Role | null; status: string; created_at: Date }): MemberView => ({
    id: r.id,
    email: r.email,
    role: r.role!,
    status: r.status as 'ACTIVE' | 'INVITED',
    createdAt: r.created_at.toISOString(),
  });

  /**
   * Creates an INVITED member of the organisation and emails the invitation, inside the caller's
   * transaction. Whether the address has an account in another organisation changes nothing here: the
   * inviter sees what any invitation looks like, and the other account is neither told about nor
   * touched (it cannot be accepted while that account lives). Platform admins, who see every account,
   * ask for `refuseAddressInUse` and get 409 instead.
   */
  async function invite(
    trx: Kysely<DB>,
    input: { organisationId: string; organisationName: string; email: string; role: Role; invitedBy: string | null; refuseAddressInUse?: boolean },
  ): Promise<MemberView> {
    const email = normaliseEmail(input.email);
    if (!email) throw validationError([{ field: 'email', message: 'must be an email address' }]);
    const holders = await trx.selectFrom('users').select(['id', 'organisation_id', 'status']).where('email', '=', email).execute();
    const own = holders.find((u) => u.organisation_id === input.organisationId);
    // The caller's own member (active or invited) is the caller's own data: 409 reveals nothing new.
    if (own && own.status !== 'REMOVED') throw conflict(MEMBER_EXISTS);
    if (input.refuseAddressInUse && holders.some((u) => u.status === 'ACTIVE')) throw conflict(MEMBER_EXISTS);
    const token = `inv_${randomBytes(32).toString('base64url')}`;
    const now = clock.now();
    const values = {
      role: input.role,
      status: 'INVITED' as const,
      password_hash: null,
      invite_token_hash: sha256(token),
      invite_expires_at: new Date(now.getTime() + INVITE_TTL_MS),
      invited_by: input.invitedBy,
      updated_at: now,
    };
    const row = own
      ? // A removed member of this organisation is invited back.
        await trx.updateTable('users').set(values).where('id', '=', own.id).returningAll().executeTakeFirstOrThrow()
      : await trx
          .insertInto('users')
          .values({ id: ids.next('usr'), organisation_id: input.organisationId, email, created_at: now, ...values })
          .returningAll()
          .executeTakeFirstOrThrow();
    await notifications.enqueueEmail(trx, {
      organisationId: input.organisationId,
      to: email,
      templateName: 'member-invite',
      variables: {
        organisationName: input.organisationName,
        role: input.role,
        acceptUrl: `${deps.publicUrl}/accept-invite?token=${encodeURIComponent(token)}`,
      },
    });
    return toMember(row);
  }

  /**
   * Locks the organisation's members (so two changes cannot both leave it without an OWNER) and finds
   * the target; a member of another organisation is not found.
   */
  async function lockMember(trx: Kysely<DB>, organisationId: string, memberId: string) {
    const members = await trx
      .selectFrom('users')
      .select(['id', 'role', 'status'])
      .where('organisation_id', '=', organisationId)
      .where('status', '<>', 'REMOVED')
      .forUpdate()
      .execute();
    const target = members.find((m) => m.id === memberId);
    if (!target) throw notFound('Member not found');
    const otherActiveOwners = members.filter((m) => m.role === 'OWNER' && m.status === 'ACTIVE' && m.id !== memberId).length;
    return { target, otherActiveOwners };
  }

  const inTransaction = <T>(fn: (trx: Kysely<DB>) => Promise<T>) =>
    transactionWithUniqueGuard(db, () => conflict(MEMBER_EXISTS), fn);

  return {
    invite,

    async organisation(organisationId: string): Promise<OrganisationView> {
      const org = await db.selectFrom('organisations').select(['id', 'name', 'access_level', 'created_at']).where('id', '=', organisationId).executeTakeFirst();
      if (!org) throw notFound('Organisation not found');
      return { id: org.id, name: org.name, accessLevel: org.access_level, createdAt: org.created_at.toISOString() };
    },

    async list(organisationId: string): Promise<MemberView[]> {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'email', 'role', 'status', 'created_at'])
        .where('organisation_id', '=', organisationId)
        .where('status', '<>', 'REMOVED')
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toMember);
    },

    /** Invites a member (OWNER or ADMIN; only an OWNER invites an OWNER). */
    async add(actor: Actor, input: { email: string; role: Role }): Promise<MemberView> {
      if (input.role === 'OWNER' && actor.role !== 'OWNER') throw forbidden('Only an OWNER can make another OWNER');
      const org = await db.selectFrom('organisations').select(['id', 'name']).where('id', '=', actor.organisationId).executeTakeFirstOrThrow();
      const member = await inTransaction((trx) =>
        invite(trx, { organisationId: org.id, organisationName: org.name, email: input.email, role: input.role, invitedBy: actor.id }),
      );
      notifications.kick();
      return member;
    },

    /** Removes a member and ends their sessions at once; the last OWNER stays. */
    async remove(actor: Actor, memberId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const { target, otherActiveOwners } = await lockMember(trx, actor.organisationId, memberId);
        if (target.role === 'OWNER') {
          if (actor.role !== 'OWNER') throw forbidden('Only an OWNER can remove an OWNER');
          if (otherActiveOwners === 0) throw conflict('The last OWNER of an organisation cannot be removed');
        }
        await trx
          .updateTable('users')
          .set({ status: 'REMOVED', password_hash: null, invite_token_hash: null, invite_expires_at: null, updated_at: clock.now() })
          .where('id', '=', memberId)
          .execute();
        await auth.revokeAllSessions(trx, memberId, 'MEMBER_REMOVED');
        await epoch.bump(trx);
      });
      await publishOrFail(epoch);
    },

    /** Changes a member's role (OWNER only); the last active OWNER cannot be demoted. Applies at once. */
    async changeRole(actor: Actor, memberId: string, role: Role): Promise<MemberView> {
      if (actor.role !== 'OWNER') throw forbidden('Only an OWNER can change roles');
      const row = await db.transaction().execute(async (trx) => {
        const { target, otherActiveOwners } = await lockMember(trx, actor.organisationId, memberId);
        if (target.role === 'OWNER' && role !== 'OWNER') {
          if (otherActiveOwners === 0) throw conflict('The last OWNER of an organisation cannot be demoted');
        }
        const updated = await trx
          .updateTable('users')
          .set({ role, updated_at: clock.now() })
          .where('id', '=', memberId)
          .returning(['id', 'email', 'role', 'status', 'created_at'])
          .executeTakeFirstOrThrow();
        // Cached sessions carry the role: the change must reach every process now.
        await epoch.bump(trx);
        return updated;
      });
      await publishOrFail(epoch);
      return toMember(row);
    },

    /**
     * Sets the password of an invited member, who can then sign in. It only ever activates the invited
     * row: while the address has a live account (in any organisation) it is refused and changes nothing.
     */
    async acceptInvite(input: { token: string; password: string }): Promise<{ userId: string; email: string }> {
      const problem = passwordProblem(input.password);
      if (problem) throw validationError([{ field: 'password', message: problem }]);
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      // Two invitations of one address accepted at once: the unique index on live addresses decides.
      return transactionWithUniqueGuard(db, () => conflict(ADDRESS_IN_USE), async (trx) => {
        const invited = await trx
          .selectFrom('users')
          .select(['id', 'email'])
          .where('invite_token_hash', '=', sha256(input.token))
          .where('status', '=', 'INVITED')
          .where('invite_expires_at', '>', now)
          .forUpdate()
          .executeTakeFirst();
        if (!invited) throw new AppError('UNAUTHENTICATED', 'The invitation is invalid, used or expired');
        const live = await trx.selectFrom('users').select('id').where('email', '=', invited.email).where('status', '=', 'ACTIVE').executeTakeFirst();
        if (live) throw conflict(ADDRESS_IN_USE);
        const row = await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, status: 'ACTIVE', invite_token_hash: null, invite_expires_at: null, updated_at: sql`now()` })
          .where('id', '=', invited.id)
          .where('status', '=', 'INVITED')
          .returning(['id', 'email'])
          .executeTakeFirstOrThrow();
        return { userId: row.id, email: row.email };
      });
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
