import { expect, it } from 'vitest';
import { OWNER_PASSWORD, addMember, createOrg, describeEachBackend, ownerEmailOf, signIn } from '../helpers/harness.js';

describeEachBackend('PATCH /v1/organisation/members/{id}: changing roles', (h) => {
  const patch = (id: string, headers: { authorization: string }, payload: unknown) =>
    h().app.inject({ method: 'PATCH', url: `/v1/organisation/members/${id}`, headers, payload: payload as object });

  it('an OWNER changes a role, and it applies to the member’s next request', async () => {
    const org = await createOrg(h().services);
    const owner = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
    const dev = await addMember(h().services, org, 'DEVELOPER');
    const devSession = await signIn(h().app, dev.email, dev.password);
    // As a DEVELOPER the member can create keys; demoted to VIEWER, the same token no longer can.
    expect((await h().app.inject({ method: 'POST', url: '/v1/api-keys', headers: devSession.headers, payload: { name: 'a', type: 'test' } })).statusCode).toBe(201);
    const res = await patch(dev.id, owner.headers, { role: 'VIEWER' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: dev.id, email: dev.email, role: 'VIEWER', status: 'ACTIVE' });
    const refused = await h().app.inject({ method: 'POST', url: '/v1/api-keys', headers: devSession.headers, payload: { name: 'b', type: 'test' } });
    expect(refused.statusCode).toBe(403);
    const me = await h().app.inject({ method: 'GET', url: '/v1/auth/me', headers: devSession.headers });
    expect(me.json().data.user.role).toBe('VIEWER');
  });

  it('only an OWNER may change roles; an ADMIN is refused before the body is read', async () => {
    const org = await createOrg(h().services);
    const admin = await addMember(h().services, org, 'ADMIN');
    const viewer = await addMember(h().services, org, 'VIEWER');
    const adminSession = await signIn(h().app, admin.email, admin.password);
    const res = await patch(viewer.id, adminSession.headers, { role: 'NOT_A_ROLE' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    const members = await h().services.members.list(org.organisationId);
    expect(members.find((m) => m.id === viewer.id)!.role).toBe('VIEWER');
  });

  it('the last OWNER cannot be demoted (409); with a second OWNER they can', async () => {
    const org = await createOrg(h().services);
    const owner = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
    const last = await patch(org.ownerId, owner.headers, { role: 'ADMIN' });
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('CONFLICT');
    const second = await addMember(h().services, org, 'ADMIN');
    expect((await patch(second.id, owner.headers, { role: 'OWNER' })).json().data.role).toBe('OWNER');
    expect((await patch(org.ownerId, owner.headers, { role: 'ADMIN' })).json().data.role).toBe('ADMIN');
  });

  it('a member of another organisation is 404, and a bad role is 400', async () => {
    const a = await createOrg(h().services);
    const b = await createOrg(h().services);
    const owner = await signIn(h().app, await ownerEmailOf(h().services, a), OWNER_PASSWORD);
    const other = await patch(b.ownerId, owner.headers, { role: 'VIEWER' });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('NOT_FOUND');
    expect((await h().services.members.list(b.organisationId))[0]!.role).toBe('OWNER');
    const bad = await patch(a.ownerId, owner.headers, { role: 'SUPERUSER' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('role');
  });
});
