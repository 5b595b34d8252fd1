import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  OWNER_PASSWORD,
  addMember,
  createOrg,
  describeEachBackend,
  latestOutbox,
  ownerEmailOf,
  signIn,
  type Harness,
  type SignedIn,
  type TestOrg,
  send,
} from '../helpers/harness.js';


const newEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;
const NEW_PASSWORD = 'a brand new passphrase';

/** The invitation email as a newcomer reads it, and the token its link carries. */
async function invitationTo(h: Harness, email: string) {
  const message = await latestOutbox(h.app, email, /^Join /);
  const url = /(https?:\/\/\S+\/accept-invite\?token=(\S+))/.exec(message.body);
  expect(url, message.body).not.toBeNull();
  return { message, acceptUrl: url![1]!, token: decodeURIComponent(url![2]!) };
}

const acceptInvite = (h: Harness, payload: unknown) => h.app.inject({ method: 'POST', url: '/v1/auth/accept-invite', payload: payload as object });
const login = (h: Harness, email: string, password: string) => h.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });

describeEachBackend('members over HTTP', (h) => {
  let org: TestOrg | undefined;
  let owner: SignedIn | undefined;
  let orgName = '';
  const listed = async () => {
    const res = await send(h(), 'GET', '/v1/organisation/members', owner!);
    expect(res.statusCode).toBe(200);
    return res.json().data as Array<{ id: string; email: string; role: string; status: string; createdAt: string }>;
  };

  beforeAll(async () => {
    org = await createOrg(h().services);
    owner = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
    orgName = (await send(h(), 'GET', '/v1/organisation', owner)).json().data.name;
  });

  describe('invitation', () => {
    it('POST /v1/organisation/members invites: 201, an INVITED member, an email with a link to accept', async () => {
      const email = newEmail('dev');
      const res = await send(h(), 'POST', '/v1/organisation/members', owner!, { email, role: 'DEVELOPER' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, statusCode: 201, path: '/v1/organisation/members' });
      expect(body.data).toEqual({ id: expect.stringMatching(/^usr_/), email, role: 'DEVELOPER', status: 'INVITED', createdAt: expect.any(String) });
      expect(await listed()).toContainEqual(body.data);

      const { message, acceptUrl, token } = await invitationTo(h(), email);
      expect(message.subject).toBe(`Join ${orgName} on idv`);
      expect(message.to).toBe(email);
      expect(message.body).toContain('DEVELOPER');
      expect(new URL(acceptUrl).pathname).toBe('/accept-invite');
      expect(token.length).toBeGreaterThanOrEqual(32);

      // An invited member has no password yet: they cannot sign in.
      expect((await login(h(), email, OWNER_PASSWORD)).statusCode).toBe(401);
    });

    it('the email address is stored and shown lower-case', async () => {
      const email = newEmail('Mixed.Case').replace('mixed', 'MiXeD');
      const res = await send(h(), 'POST', '/v1/organisation/members', owner!, { email: `  ${email.toUpperCase()} `, role: 'VIEWER' });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.email).toBe(email.toLowerCase());
      await invitationTo(h(), email.toLowerCase());
    });

    it('POST /v1/auth/accept-invite sets the password: 200, ACTIVE, and the member signs in with that role', async () => {
      const email = newEmail('admin');
      const invited = (await send(h(), 'POST', '/v1/organisation/members', owner!, { email, role: 'ADMIN' })).json().data;
      const { token } = await invitationTo(h(), email);

      const res = await acceptInvite(h(), { token, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { userId: invited.id, email } });
      expect(await listed()).toContainEqual({ ...invited, status: 'ACTIVE' });

      const session = await signIn(h().app, email, NEW_PASSWORD);
      const me = await send(h(), 'GET', '/v1/auth/me', session);
      expect(me.statusCode).toBe(200);
      expect(me.json().data.user).toMatchObject({ id: invited.id, email, role: 'ADMIN', organisationId: org!.organisationId, isPlatformAdmin: false });
      expect(me.json().data.organisation).toMatchObject({ id: org!.organisationId, name: orgName });
    });

    it('an invitation token works once: the second use is 401 and sets nothing', async () => {
      const email = newEmail('once');
      await send(h(), 'POST', '/v1/organisation/members', owner!, { email, role: 'VIEWER' });
      const { token } = await invitationTo(h(), email);
      expect((await acceptInvite(h(), { token, password: NEW_PASSWORD })).statusCode).toBe(200);

      const again = await acceptInvite(h(), { token, password: 'another long passphrase' });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ success: false, statusCode: 401, code: 'UNAUTHENTICATED' });
      // The first password stands; the second was never set.
      expect((await login(h(), email, 'another long passphrase')).statusCode).toBe(401);
      expect((await login(h(), email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('an unknown token is 401', async () => {
      const res = await acceptInvite(h(), { token: `inv_${randomBytes(32).toString('base64url')}`, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    });

    it('a short password is 400 on password, and leaves the invitation usable', async () => {
      const email = newEmail('short');
      await send(h(), 'POST', '/v1/organisation/members', owner!, { email, role: 'VIEWER' });
      const { token } = await invitationTo(h(), email);

      const res = await acceptInvite(h(), { token, password: 'short' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(res.json().errors).toEqual([{ field: 'password', message: expect.stringMatching(/at least 10/) }]);
      expect((await listed()).find((m) => m.email === email)?.status).toBe('INVITED');

      expect((await acceptInvite(h(), { token, password: NEW_PASSWORD })).statusCode).toBe(200);
      expect((await listed()).find((m) => m.email === email)?.status).toBe('ACTIVE');
    });

    it('accept-invite validates its body strictly', async () => {
      const cases: Array<[unknown, string]> = [
        [{ password: NEW_PASSWORD }, 'token'],
        [{ token: 'inv_x' }, 'password'],
        [{ token: 'inv_x', password: NEW_PASSWORD, role: 'OWNER' }, 'role'],
        [{ token: 123, password: NEW_PASSWORD }, 'token'],
      ];
      for (const [payload, field] of cases) {
        const res = await acceptInvite(h(), payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      }
    });

    it('an email already in this organisation is 409 CONFLICT, active or invited, and nothing is sent', async () => {
      const pending = newEmail('pending');
      await send(h(), 'POST', '/v1/organisation/members', owner!, { email: pending, role: 'VIEWER' });
      const member = await addMember(h().services, org!, 'DEVELOPER');
      const taken = [
        await ownerEmailOf(h().services, org!),
        (await ownerEmailOf(h().services, org!)).toUpperCase(),
        member.email,
        pending,
      ];
      const before = await listed();
      for (const email of taken) {
        const sent = (await h().services.notifications.outbox({ to: email.toLowerCase(), limit: 100 })).items.length;
        const res = await send(h(), 'POST', '/v1/organisation/members', owner!, { email, role: 'ADMIN' });
        expect(res.statusCode, email).toBe(409);
        expect(res.json()).toMatchObject({ success: false, statusCode: 409, code: 'CONFLICT' });
        expect((await h().services.notifications.outbox({ to: email.toLowerCase(), limit: 100 })).items.length).toBe(sent);
      }
      expect(await listed()).toEqual(before);
    });

    it('the same email invited twice at once: one 201, one 409, one member, one email', async () => {
      const email = newEmail('twice');
      const answers = await Promise.all([
        send(h(), 'POST', '/v1/organisation/members', owner!, { email, role: 'VIEWER' }),
        send(h(), 'POST', '/v1/organisation/members', owner!, { email, role: 'ADMIN' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('CONFLICT');
      expect((await listed()).filter((m) => m.email === email)).toHaveLength(1);
      expect((await h().services.notifications.outbox({ to: email, limit: 10 })).items).toHaveLength(1);
    });

    it('invalid invitations are 400 with the field, and invite nobody', async () => {
      const before = await listed();
      const cases: Array<[unknown, string]> = [
        [{ email: 'not-an-email', role: 'VIEWER' }, 'email'],
        [{ email: newEmail('x'), role: 'SUPERUSER' }, 'role'],
        [{ email: newEmail('x'), role: 'viewer' }, 'role'],
        [{ email: newEmail('x') }, 'role'],
        [{ role: 'VIEWER' }, 'email'],
        [{ email: newEmail('x'), role: 'VIEWER', name: 'Ada' }, 'name'],
      ];
      for (const [payload, field] of cases) {
        const res = await send(h(), 'POST', '/v1/organisation/members', owner!, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
        expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      expect(await listed()).toEqual(before);
    });
  });

  describe('an address that has an account in another organisation (issue 9, 6f)', () => {
    // What an inviter can observe, with the parts that differ between any two invitations blanked.
    const observed = (res: { statusCode: number; json(): any }) => {
      const body = res.json();
      expect(body.data.id).toMatch(/^usr_/);
      return { status: res.statusCode, body: { ...body, timestamp: 'T', data: { ...body.data, id: 'ID', email: 'E', createdAt: 'T' } } };
    };
    const userRow = (id: string) => h().database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('inviting it looks exactly like inviting a new address, and the other account is neither moved nor changed', async () => {
      const victimOrg = await createOrg(h().services);
      const victim = await addMember(h().services, victimOrg, 'ADMIN');
      const victimBefore = await userRow(victim.id);
      const victimOrgBefore = await h().services.members.list(victimOrg.organisationId);
      const fresh = newEmail('fresh');

      const toVictim = await send(h(), 'POST', '/v1/organisation/members', owner!, { email: victim.email, role: 'ADMIN' });
      const toFresh = await send(h(), 'POST', '/v1/organisation/members', owner!, { email: fresh, role: 'ADMIN' });
      expect(toVictim.statusCode, toVictim.body).toBe(201);
      expect(observed(toVictim)).toEqual(observed(toFresh));
      expect(Object.keys(toVictim.headers).sort()).toEqual(Object.keys(toFresh.headers).sort());
      expect(toVictim.json().data).toMatchObject({ email: victim.email, role: 'ADMIN', status: 'INVITED' });
      expect(toVictim.json().data.id).not.toBe(victim.id);

      // The members list shows both as the same kind of pending invitation.
      const list = await listed();
      const entry = (email: string) => {
        const found = list.filter((m) => m.email === email);
        expect(found).toHaveLength(1);
        return { ...found[0]!, id: 'ID', email: 'E', createdAt: 'T' };
      };
      expect(entry(victim.email)).toEqual(entry(fresh));
      expect(entry(victim.email)).toEqual({ id: 'ID', email: 'E', role: 'ADMIN', status: 'INVITED', createdAt: 'T' });

      // Both get the same invitation email (only the token differs).
      const mailVictim = await invitationTo(h(), victim.email);
      const mailFresh = await invitationTo(h(), fresh);
      expect(mailVictim.message.subject).toBe(`Join ${orgName} on idv`);
      expect(mailVictim.message.body.replace(mailVictim.acceptUrl, 'URL')).toBe(mailFresh.message.body.replace(mailFresh.acceptUrl, 'URL'));

      // The other organisation's account is untouched, and still signs in to its own organisation.
      expect(await userRow(victim.id)).toEqual(victimBefore);
      expect(await h().services.members.list(victimOrg.organisationId)).toEqual(victimOrgBefore);
      const session = await signIn(h().app, victim.email, victim.password);
      expect((await send(h(), 'GET', '/v1/auth/me', session)).json().data.user).toMatchObject({ id: victim.id, organisationId: victimOrg.organisationId, role: 'ADMIN' });
    });

    it('accepting such an invitation cannot take the account over; once that account is closed, it makes a new one', async () => {
      const victimOrg = await createOrg(h().services);
      const victim = await addMember(h().services, victimOrg, 'DEVELOPER');
      const victimSession = await signIn(h().app, victim.email, victim.password);
      const victimBefore = await userRow(victim.id);
      const invited = (await send(h(), 'POST', '/v1/organisation/members', owner!, { email: victim.email, role: 'OWNER' })).json().data;
      const { token } = await invitationTo(h(), victim.email);

      const accepted = await acceptInvite(h(), { token, password: NEW_PASSWORD });
      expect(accepted.statusCode).toBe(409);
      expect(accepted.json()).toMatchObject({ success: false, statusCode: 409, code: 'CONFLICT', message: expect.stringMatching(/already has an idv account/) });
      expect(accepted.json().data).toBeUndefined();
      // Nothing moved: not the account, not its password, not its session, not the invitation.
      expect(await userRow(victim.id)).toEqual(victimBefore);
      expect((await login(h(), victim.email, NEW_PASSWORD)).statusCode).toBe(401);
      expect((await login(h(), victim.email, victim.password)).statusCode).toBe(200);
      expect((await send(h(), 'GET', '/v1/auth/me', victimSession)).json().data.user).toMatchObject({ id: victim.id, organisationId: victimOrg.organisationId, role: 'DEVELOPER' });
      expect((await listed()).find((m) => m.id === invited.id)).toMatchObject({ status: 'INVITED', role: 'OWNER' });

      // The person leaves the other organisation; the invitation now makes a new account here.
      await h().services.members.remove({ id: victimOrg.ownerId, organisationId: victimOrg.organisationId, role: 'OWNER' }, victim.id);
      const later = await acceptInvite(h(), { token, password: NEW_PASSWORD });
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json().data).toEqual({ userId: invited.id, email: victim.email });
      expect(await userRow(victim.id)).toMatchObject({ organisation_id: victimOrg.organisationId, status: 'REMOVED' });
      const joined = await signIn(h().app, victim.email, NEW_PASSWORD);
      expect((await send(h(), 'GET', '/v1/auth/me', joined)).json().data.user).toMatchObject({ id: invited.id, organisationId: org!.organisationId, role: 'OWNER' });
      expect((await login(h(), victim.email, victim.password)).statusCode).toBe(401);
    });

    it('two organisations invite one new address: the first acceptance wins, the other is 409 and sets nothing', async () => {
      const otherOrg = await createOrg(h().services);
      const otherOwner = { id: otherOrg.ownerId, organisationId: otherOrg.organisationId, role: 'OWNER' as const };
      const email = newEmail('sought');
      const myInvitation = (await send(h(), 'POST', '/v1/organisation/members', owner!, { email, role: 'VIEWER' })).json().data;
      const mine = await invitationTo(h(), email);
      const theirs = await h().services.members.add(otherOwner, { email, role: 'ADMIN' });
      const theirMail = await latestOutbox(h().app, email, /^Join Test Org/);
      const theirToken = decodeURIComponent(/token=(\S+)/.exec(theirMail.body)![1]!);

      const answers = await Promise.all([
        acceptInvite(h(), { token: mine.token, password: NEW_PASSWORD }),
        acceptInvite(h(), { token: theirToken, password: 'their chosen passphrase' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('CONFLICT');
      const active = await h().database.db.selectFrom('users').select(['id', 'organisation_id']).where('email', '=', email).where('status', '=', 'ACTIVE').execute();
      expect(active).toHaveLength(1);
      const winner = answers.findIndex((a) => a.statusCode === 200);
      expect(active[0]!.organisation_id).toBe(winner === 0 ? org!.organisationId : otherOrg.organisationId);
      expect((await login(h(), email, winner === 0 ? NEW_PASSWORD : 'their chosen passphrase')).statusCode).toBe(200);
      expect((await login(h(), email, winner === 0 ? 'their chosen passphrase' : NEW_PASSWORD)).statusCode).toBe(401);
      // The losing invitation is still pending, with no password set.
      const loser = await userRow(winner === 0 ? theirs.id : myInvitation.id);
      expect(loser).toMatchObject({ status: 'INVITED', password_hash: null });
    });
  });

  describe('removal', () => {
    it('DELETE removes the member: 200, gone from the list, their token refused at once, no more sign-in', async () => {
      const member = await addMember(h().services, org!, 'DEVELOPER');
      const session = await signIn(h().app, member.email, member.password);
      expect((await send(h(), 'GET', '/v1/auth/me', session)).statusCode).toBe(200);

      const res = await send(h(), 'DELETE', `/v1/organisation/members/${member.id}`, owner!);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { id: member.id, removed: true } });
      expect((await listed()).map((m) => m.id)).not.toContain(member.id);

      const me = await send(h(), 'GET', '/v1/auth/me', session);
      expect(me.statusCode).toBe(401);
      expect(me.json().code).toBe('UNAUTHENTICATED');
      const refresh = await h().app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: session.refreshToken } });
      expect(refresh.statusCode).toBe(401);
      const again = await login(h(), member.email, member.password);
      expect(again.statusCode).toBe(401);
      expect(again.json().code).toBe('UNAUTHENTICATED');
    });

    it('every session of the member ends, not just one', async () => {
      const member = await addMember(h().services, org!, 'VIEWER');
      const first = await signIn(h().app, member.email, member.password);
      const second = await signIn(h().app, member.email, member.password);
      expect((await send(h(), 'DELETE', `/v1/organisation/members/${member.id}`, owner!)).statusCode).toBe(200);
      for (const s of [first, second]) expect((await send(h(), 'GET', '/v1/organisation', s)).statusCode).toBe(401);
    });

    it('removing a pending invitation kills its token', async () => {
      const email = newEmail('withdrawn');
      const invited = (await send(h(), 'POST', '/v1/organisation/members', owner!, { email, role: 'VIEWER' })).json().data;
      const { token } = await invitationTo(h(), email);
      expect((await send(h(), 'DELETE', `/v1/organisation/members/${invited.id}`, owner!)).statusCode).toBe(200);
      expect((await listed()).map((m) => m.id)).not.toContain(invited.id);
      expect((await acceptInvite(h(), { token, password: NEW_PASSWORD })).statusCode).toBe(401);
      expect((await login(h(), email, NEW_PASSWORD)).statusCode).toBe(401);
    });

    it('a member already removed is 404, and an unknown id is 404', async () => {
      const member = await addMember(h().services, org!, 'VIEWER');
      expect((await send(h(), 'DELETE', `/v1/organisation/members/${member.id}`, owner!)).statusCode).toBe(200);
      const again = await send(h(), 'DELETE', `/v1/organisation/members/${member.id}`, owner!);
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('NOT_FOUND');
      const unknown = await send(h(), 'DELETE', '/v1/organisation/members/usr_01jzzzzzzzzzzzzzzzzzzzzzzz', owner!);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('NOT_FOUND');
    });
  });
});
