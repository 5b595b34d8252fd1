import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { OWNER_PASSWORD, createOrg, describeEachBackend, latestOutbox, lookup, ownerEmailOf, signIn, type Harness } from '../helpers/harness.js';

/** Platform administration (DESIGN.md §9): /v1/admin/* for platform admins only. */
describeEachBackend('platform admin /v1/admin/*', (h) => {
  const tag = () => randomBytes(5).toString('hex');

  /** A new platform admin, signed in over HTTP. */
  async function asAdmin() {
    const email = `ops-${tag()}@example.com`;
    const password = 'staff password 123';
    const { userId } = await h().services.accounts.createPlatformAdmin({ email, password });
    return { userId, email, ...(await signIn(h().app, email, password)) };
  }

  async function asOwner() {
    const org = await createOrg(h().services);
    const email = await ownerEmailOf(h().services, org);
    return { org, email, ...(await signIn(h().app, email, OWNER_PASSWORD)) };
  }

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    h().app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  const orgRow = (id: string) => h().database.db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
  const orgsNamed = (name: string) => h().database.db.selectFrom('organisations').select('id').where('name', '=', name).execute();

  function adminRoutes(organisationId: string, name: string, ownerEmail: string) {
    return [
      { method: 'GET' as const, url: '/v1/admin/organisations' },
      { method: 'POST' as const, url: '/v1/admin/organisations', payload: { name, ownerEmail } },
      { method: 'GET' as const, url: `/v1/admin/organisations/${organisationId}/services` },
      { method: 'POST' as const, url: `/v1/admin/organisations/${organisationId}/services`, payload: { service: 'NIN_LOOKUP', status: 'SUSPENDED' } },
      { method: 'PATCH' as const, url: `/v1/admin/organisations/${organisationId}/limits`, payload: { concurrencyLimit: 1, velocityLimit: 1 } },
    ];
  }

  /** Nothing the refused calls asked for happened. */
  async function expectUntouched(harness: Harness, organisationId: string, testKey: string, name: string, ownerEmail: string) {
    expect(await orgsNamed(name)).toEqual([]);
    expect(await harness.database.db.selectFrom('users').select('id').where('email', '=', ownerEmail).execute()).toEqual([]);
    const services = await harness.services.catalogue.listServices(organisationId);
    expect(services.find((s) => s.code === 'NIN_LOOKUP')?.status).toBe('ACTIVE');
    expect(await orgRow(organisationId)).toMatchObject({ concurrency_limit: null, velocity_limit: null });
    expect((await lookup(harness.app, testKey)).statusCode).toBe(200);
  }

  it('refuses every admin route to an organisation OWNER with 403 FORBIDDEN, and changes nothing', async () => {
    const owner = await asOwner();
    const name = `Sneaky ${tag()}`;
    const ownerEmail = `sneaky-${tag()}@example.com`;
    for (const route of adminRoutes(owner.org.organisationId, name, ownerEmail)) {
      const res = await call(route.method, route.url, owner.headers, route.payload);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json(), `${route.method} ${route.url}`).toMatchObject({
        success: false,
        statusCode: 403,
        code: 'FORBIDDEN',
        message: 'Only platform admins may use this route',
        path: route.url,
      });
      expect(res.json().data).toBeUndefined();
    }
    await expectUntouched(h(), owner.org.organisationId, owner.org.testKey, name, ownerEmail);
  });

  it('refuses every admin route without a token, or with a malformed one, with 401', async () => {
    const org = await createOrg(h().services);
    const name = `Anonymous ${tag()}`;
    const ownerEmail = `anon-${tag()}@example.com`;
    for (const route of adminRoutes(org.organisationId, name, ownerEmail)) {
      const none = await call(route.method, route.url, {}, route.payload);
      expect(none.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(none.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED', message: 'A bearer token is required in the Authorization header' });
      const bad = await call(route.method, route.url, { authorization: 'Bearer not-a-token' }, route.payload);
      expect(bad.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(bad.json().code).toBe('UNAUTHENTICATED');
      // An API key is no bearer token.
      const key = await call(route.method, route.url, { 'x-api-key': org.testKey }, route.payload);
      expect(key.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    await expectUntouched(h(), org.organisationId, org.testKey, name, ownerEmail);
  });

  it('keeps a platform admin out of organisation routes: they belong to no organisation', async () => {
    const admin = await asAdmin();
    const me = await call('GET', '/v1/auth/me', admin.headers);
    expect(me.json().data).toEqual({
      user: { id: admin.userId, email: admin.email, role: null, isPlatformAdmin: true, organisationId: null },
      organisation: null,
    });
    const res = await call('GET', '/v1/organisation', admin.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/belong to no organisation/) });
  });

  it('creates an organisation whose owner is invited by email, accepts the invitation and signs in', async () => {
    const admin = await asAdmin();
    const t = tag();
    const name = `Acme Lending ${t}`;
    const res = await call('POST', '/v1/admin/organisations', admin.headers, { name, ownerEmail: `Founder-${t}@Example.com` });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, statusCode: 201, message: 'Organisation created; the owner was invited', path: '/v1/admin/organisations' });
    const email = `founder-${t}@example.com`;
    expect(body.data).toEqual({
      organisation: { id: expect.stringMatching(/^org_/), name, accessLevel: 'BASIC', createdAt: expect.any(String) },
      owner: { id: expect.stringMatching(/^usr_/), email, role: 'OWNER', status: 'INVITED', createdAt: expect.any(String) },
    });
    const { organisation, owner } = body.data;
    expect(await orgRow(organisation.id)).toMatchObject({ name, access_level: 'BASIC', concurrency_limit: null, velocity_limit: null });
    const user = await h().database.db.selectFrom('users').selectAll().where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ organisation_id: organisation.id, email, role: 'OWNER', status: 'INVITED', password_hash: null, is_platform_admin: false });

    // The invitation, in the outbox.
    const mail = await latestOutbox(h().app, email, /^Join /);
    expect(mail).toMatchObject({ to: email, subject: `Join ${name} on idv` });
    expect(mail.body).toContain(`You have been invited to join ${name} on idv as OWNER.`);
    const url = /(http\S+accept-invite\?token=(\S+))/.exec(mail.body);
    expect(url, mail.body).not.toBeNull();
    expect(url![1]).toMatch(/^http:\/\/localhost:3000\/accept-invite\?token=inv_/);
    const token = decodeURIComponent(url![2]!);

    // Invited, not yet active: no sign-in.
    const early = await call('POST', '/v1/auth/login', {}, { email, password: 'the founder password' });
    expect(early.statusCode).toBe(401);
    expect(early.json().code).toBe('UNAUTHENTICATED');

    const short = await call('POST', '/v1/auth/accept-invite', {}, { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ field: 'password', message: 'must be at least 10 characters' }]);

    const accepted = await call('POST', '/v1/auth/accept-invite', {}, { token, password: 'the founder password' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({ userId: owner.id, email });
    const again = await call('POST', '/v1/auth/accept-invite', {}, { token, password: 'another founder password' });
    expect(again.statusCode).toBe(401);

    const session = await signIn(h().app, email, 'the founder password');
    const mine = await call('GET', '/v1/organisation', session.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual(organisation);
    const members = await call('GET', '/v1/organisation/members', session.headers);
    expect(members.json().data).toEqual([{ ...owner, status: 'ACTIVE' }]);
  });

  it('answers 409 CONFLICT for a taken owner email, in any case, and creates no organisation', async () => {
    const admin = await asAdmin();
    const existing = await createOrg(h().services);
    const takenEmail = await ownerEmailOf(h().services, existing);
    for (const ownerEmail of [takenEmail, takenEmail.toUpperCase(), admin.email]) {
      const name = `Duplicate ${tag()}`;
      const res = await call('POST', '/v1/admin/organisations', admin.headers, { name, ownerEmail });
      expect(res.statusCode, ownerEmail).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT', message: expect.stringMatching(/already exists/) });
      expect(await orgsNamed(name)).toEqual([]);
    }
    // The existing owner is untouched.
    const members = await h().services.members.list(existing.organisationId);
    expect(members).toEqual([expect.objectContaining({ id: existing.ownerId, email: takenEmail, status: 'ACTIVE' })]);
  });

  it('answers 400 with field errors for a bad organisation body, and creates nothing', async () => {
    const admin = await asAdmin();
    const t = tag();
    const cases: Array<[string, unknown, Array<{ field: string; message: string }>]> = [
      ['an unknown field', { name: `Extra ${t}`, ownerEmail: `extra-${t}@example.com`, plan: 'gold' }, [{ field: 'plan', message: 'is not an allowed field' }]],
      ['a name too long', { name: 'n'.repeat(201), ownerEmail: `long-${t}@example.com` }, [{ field: 'name', message: 'must be at most 200 characters' }]],
      ['a blank name', { name: '   ', ownerEmail: `blank-${t}@example.com` }, [{ field: 'name', message: 'must be 1 to 200 characters' }]],
      ['no ownerEmail', { name: `Missing ${t}` }, [{ field: 'ownerEmail', message: 'is required' }]],
      ['a number for a name', { name: 42, ownerEmail: `number-${t}@example.com` }, [{ field: 'name', message: 'must be a string' }]],
    ];
    for (const [label, payload, errors] of cases) {
      const res = await call('POST', '/v1/admin/organisations', admin.headers, payload);
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toMatchObject({ success: false, statusCode: 400, code: 'VALIDATION_ERROR' });
      expect(res.json().errors, label).toEqual(errors);
    }
    expect(await orgsNamed(`Extra ${t}`)).toEqual([]);
    expect(await orgsNamed(`Missing ${t}`)).toEqual([]);
    expect(await h().database.db.selectFrom('users').select('id').where('email', 'like', `%-${t}@example.com`).execute()).toEqual([]);
  });

  it('answers 400 on ownerEmail, the field sent, for an owner email that is not an address', async () => {
    const admin = await asAdmin();
    const name = `Bad Email ${tag()}`;
    const res = await call('POST', '/v1/admin/organisations', admin.headers, { name, ownerEmail: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'ownerEmail', message: 'must be an email address' }]);
    expect(await orgsNamed(name)).toEqual([]);
  });

  it('pages the organisations newest first: limit=1 walks with nextCursor, without repeats or skips', async () => {
    const admin = await asAdmin();
    const mine: string[] = [];
    for (let i = 0; i < 3; i++) mine.push((await createOrg(h().services)).organisationId);

    const first = await call('GET', '/v1/admin/organisations?limit=1', admin.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.items).toHaveLength(1);
    expect(first.json().data.nextCursor).toEqual(expect.any(String));
    expect(Object.keys(first.json().data.items[0]).sort()).toEqual(['accessLevel', 'createdAt', 'id', 'name']);

    // Walk until the oldest of ours (the file's other tests made organisations too, interleaved with ours).
    const seen: Array<{ id: string; createdAt: string }> = [...first.json().data.items];
    let cursor: string | null = first.json().data.nextCursor;
    while (!seen.some((o) => o.id === mine[0]) && cursor !== null && seen.length < 1_000) {
      const page = await call('GET', `/v1/admin/organisations?limit=1&cursor=${encodeURIComponent(cursor)}`, admin.headers);
      expect(page.statusCode).toBe(200);
      const items = page.json().data.items;
      expect(items).toHaveLength(1);
      seen.push(...items);
      cursor = page.json().data.nextCursor;
    }
    const ids = seen.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Ours, once each and newest first.
    expect(ids.filter((id) => mine.includes(id))).toEqual([...mine].reverse());
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      expect(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id), `${a.id} before ${b.id}`).toBe(true);
    }

    // A larger page from the same position holds the same items in the same order (the file's database
    // is its own: no organisation commits mid-walk).
    const second = await call('GET', `/v1/admin/organisations?limit=100&cursor=${encodeURIComponent(first.json().data.nextCursor)}`, admin.headers);
    const larger = second.json().data.items.map((o: { id: string }) => o.id) as string[];
    expect(larger.slice(0, ids.length - 1)).toEqual(ids.slice(1).slice(0, larger.length));
  });

  it('answers 400 on limit for 0, 101, abc and 1.5, and on cursor for a garbage cursor', async () => {
    const admin = await asAdmin();
    for (const limit of ['0', '101', 'abc', '1.5', '-1', '']) {
      const res = await call('GET', `/v1/admin/organisations?limit=${limit}`, admin.headers);
      expect(res.statusCode, `limit=${limit}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().errors, `limit=${limit}`).toEqual([{ field: 'limit', message: 'must be an integer from 1 to 100' }]);
    }
    for (const cursor of ['garbage', Buffer.from('["not a date","org_x"]').toString('base64url'), Buffer.from('{"a":1}').toString('base64url')]) {
      const res = await call('GET', `/v1/admin/organisations?cursor=${cursor}`, admin.headers);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().errors, cursor).toEqual([{ field: 'cursor', message: 'is not a valid cursor' }]);
    }
    const unknown = await call('GET', '/v1/admin/organisations?page=2', admin.headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'page', message: 'is not an allowed field' }]);
  });

  it('provisions a service with prices in naira, which the organisation sees, and a suspension stops its lookups', async () => {
    const admin = await asAdmin();
    const org = await createOrg(h().services, { services: [] });
    const base = `/v1/admin/organisations/${org.organisationId}/services`;

    const empty = await call('GET', base, admin.headers);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);
    const before = await lookup(h().app, org.testKey);
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe('SERVICE_NOT_SUBSCRIBED');

    const res = await call('POST', base, admin.headers, { service: 'NIN_LOOKUP', prices: { BASIC: 99.5 } });
    expect(res.statusCode).toBe(200);
    const view = {
      code: 'NIN_LOOKUP',
      name: expect.any(String),
      status: 'ACTIVE',
      endpoints: expect.arrayContaining(['/v1/nin/raw/lookup']),
      accessLevel: 'BASIC',
      price: 99.5,
      currency: 'NGN',
      prices: { BASIC: 99.5, STANDARD: 150, PREMIUM: 200 },
    };
    expect(res.json().data).toEqual(view);
    const row = await h()
      .database.db.selectFrom('organisation_services')
      .selectAll()
      .where('organisation_id', '=', org.organisationId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ service_code: 'NIN_LOOKUP', status: 'ACTIVE', price_basic_kobo: 9950, price_standard_kobo: 15000, price_premium_kobo: 20000 });

    const listed = await call('GET', base, admin.headers);
    expect(listed.json().data).toEqual([view]);
    const seenByOrg = await call('GET', '/v1/services', { 'x-api-key': org.testKey });
    expect(seenByOrg.statusCode).toBe(200);
    expect(seenByOrg.json().data).toEqual([view]);
    const lookedUp = await lookup(h().app, org.testKey);
    expect(lookedUp.statusCode).toBe(200);
    expect(lookedUp.json().data.record.nin).toBe('11111111111');

    // Suspending keeps the prices and stops the lookups at once.
    const suspended = await call('POST', base, admin.headers, { service: 'NIN_LOOKUP', status: 'SUSPENDED' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().data).toEqual({ ...view, status: 'SUSPENDED' });
    const refused = await lookup(h().app, org.testKey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'SERVICE_NOT_SUBSCRIBED' });
    expect((await call('GET', '/v1/services', { 'x-api-key': org.testKey })).json().data).toEqual([{ ...view, status: 'SUSPENDED' }]);

    // A later price change keeps the rest.
    const repriced = await call('POST', base, admin.headers, { service: 'NIN_LOOKUP', status: 'ACTIVE', prices: { PREMIUM: 0 } });
    expect(repriced.json().data).toEqual({ ...view, prices: { BASIC: 99.5, STANDARD: 150, PREMIUM: 0 } });
    expect((await lookup(h().app, org.testKey)).statusCode).toBe(200);
  });

  it('refuses bad provisioning bodies with field errors and unknown organisations with 404', async () => {
    const admin = await asAdmin();
    const org = await createOrg(h().services, { services: [] });
    const base = `/v1/admin/organisations/${org.organisationId}/services`;
    const cases: Array<[string, unknown, string[]]> = [
      ['three decimals', { service: 'NIN_LOOKUP', prices: { BASIC: 99.555 } }, ['prices.BASIC']],
      ['a negative price', { service: 'NIN_LOOKUP', prices: { STANDARD: -1 } }, ['prices.STANDARD']],
      ['a price as a string', { service: 'NIN_LOOKUP', prices: { BASIC: '99.50' } }, ['prices.BASIC']],
      ['an unknown level', { service: 'NIN_LOOKUP', prices: { GOLD: 1 } }, ['prices.GOLD']],
      ['an unknown service', { service: 'NIN_TELEPATHY' }, ['service']],
      ['an unknown status', { service: 'NIN_LOOKUP', status: 'PAUSED' }, ['status']],
      ['no service', { prices: { BASIC: 1 } }, ['service']],
    ];
    for (const [label, payload, fields] of cases) {
      const res = await call('POST', base, admin.headers, payload);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().code, label).toBe('VALIDATION_ERROR');
      expect(res.json().errors.map((e: { field: string }) => e.field), label).toEqual(fields);
    }
    const decimals = await call('POST', base, admin.headers, { service: 'NIN_LOOKUP', prices: { BASIC: 99.555 } });
    expect(decimals.json().errors).toEqual([{ field: 'prices.BASIC', message: 'must be in naira with at most two decimals' }]);
    // Nothing was provisioned.
    expect((await call('GET', base, admin.headers)).json().data).toEqual([]);

    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', { service: 'NIN_LOOKUP', prices: { BASIC: 99.5 } }],
    ] as const) {
      const res = await call(method, '/v1/admin/organisations/org_doesnotexist/services', admin.headers, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json(), method).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Organisation not found' });
    }
  });

  it('sets and clears the limits overrides; unknown organisation 404; empty or bad body 400', async () => {
    const admin = await asAdmin();
    const org = await createOrg(h().services);
    const url = `/v1/admin/organisations/${org.organisationId}/limits`;

    const set = await call('PATCH', url, admin.headers, { concurrencyLimit: 3, velocityLimit: 120 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toEqual({ organisationId: org.organisationId, concurrencyLimit: 3, velocityLimit: 120 });
    expect(await orgRow(org.organisationId)).toMatchObject({ concurrency_limit: 3, velocity_limit: 120 });
    expect(await h().services.catalogue.context(org.organisationId)).toMatchObject({ concurrencyLimit: 3, velocityLimit: 120 });

    // One field at a time; null restores the default; the other stays.
    const cleared = await call('PATCH', url, admin.headers, { concurrencyLimit: null });
    expect(cleared.json().data).toEqual({ organisationId: org.organisationId, concurrencyLimit: null, velocityLimit: 120 });
    expect(await orgRow(org.organisationId)).toMatchObject({ concurrency_limit: null, velocity_limit: 120 });
    const both = await call('PATCH', url, admin.headers, { velocityLimit: null });
    expect(both.json().data).toEqual({ organisationId: org.organisationId, concurrencyLimit: null, velocityLimit: null });
    expect(await h().services.catalogue.context(org.organisationId)).toMatchObject({ concurrencyLimit: null, velocityLimit: null });

    const missing = await call('PATCH', '/v1/admin/organisations/org_doesnotexist/limits', admin.headers, { concurrencyLimit: 2 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Organisation not found' });

    const cases: Array<[string, unknown, string[]]> = [
      ['an empty body', {}, ['body']],
      ['zero', { concurrencyLimit: 0 }, ['concurrencyLimit']],
      ['a fraction', { velocityLimit: 1.5 }, ['velocityLimit']],
      ['a string', { concurrencyLimit: '3' }, ['concurrencyLimit']],
      ['too large', { velocityLimit: 100_001 }, ['velocityLimit']],
      ['an unknown field', { rateLimit: 3 }, ['rateLimit']],
    ];
    for (const [label, payload, fields] of cases) {
      const res = await call('PATCH', url, admin.headers, payload);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().code, label).toBe('VALIDATION_ERROR');
      expect(res.json().errors.map((e: { field: string }) => e.field), label).toEqual(fields);
    }
    expect(await orgRow(org.organisationId)).toMatchObject({ concurrency_limit: null, velocity_limit: null });
  });
});
