import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { addMember, createOrg, describeEachBackend, OWNER_PASSWORD, ownerEmailOf, send, signIn, type SignedIn } from '../helpers/harness.js';

/** Webhook endpoints over HTTP (DESIGN.md §11.3): URL rules, limits, roles, tenancy, secrets. */
describeEachBackend('webhook endpoints', (h) => {
  async function owner(): Promise<{ org: Awaited<ReturnType<typeof createOrg>>; who: SignedIn }> {
    const org = await createOrg(h().services, { services: [] });
    const who = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
    return { org, who };
  }
  const create = (who: SignedIn, body: Record<string, unknown>) => send(h(), 'POST', '/v1/webhooks/endpoints', who, body);
  const fieldOf = (res: { json(): any }) => (res.json().errors ?? []).map((e: { field: string }) => e.field);

  it('creates an endpoint, shows its secret once and keeps it encrypted at rest', async () => {
    const { org, who } = await owner();
    const res = await create(who, { url: 'https://example.com/hooks', eventTypes: ['verification.completed'], description: 'main' });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      url: 'https://example.com/hooks',
      description: 'main',
      eventTypes: ['verification.completed'],
      environment: 'live',
      status: 'ENABLED',
      disabledReason: null,
      failingSince: null,
      lastSuccessAt: null,
      previousSecretExpiresAt: null,
    });
    expect(data.id).toMatch(/^whk_/);
    expect(data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(data.secret.slice(6), 'base64')).toHaveLength(32);

    const got = await send(h(), 'GET', `/v1/webhooks/endpoints/${data.id}`, who);
    expect(got.statusCode).toBe(200);
    expect(got.json().data.secret).toBeUndefined();
    const list = await send(h(), 'GET', '/v1/webhooks/endpoints', who);
    expect(list.json().data.map((e: { id: string }) => e.id)).toEqual([data.id]);
    expect(list.body).not.toContain(data.secret);

    const row = await h().database.db.selectFrom('webhook_endpoints' as never).selectAll().where('id' as never, '=', data.id as never).executeTakeFirstOrThrow() as Record<string, unknown>;
    expect(row.organisation_id).toBe(org.organisationId);
    const stored = Buffer.from(row.secret_ciphertext as Uint8Array);
    expect(stored.includes(Buffer.from(data.secret))).toBe(false);
    expect(stored.includes(Buffer.from(data.secret.slice(6)))).toBe(false);
    expect(h().cipher.decrypt(stored).toString()).toBe(data.secret);
  });

  it('refuses bad URLs with 400 on url', async () => {
    const { who } = await owner();
    const bad = [
      'http://example.com/hooks',
      'ftp://example.com/x',
      'not a url',
      'https://user:pass@example.com/hooks',
      'https://example.com/hooks#frag',
      `https://example.com/${'a'.repeat(2048)}`,
      'https://127.0.0.1/hooks',
      'https://10.1.2.3/hooks',
      'https://172.16.0.1/hooks',
      'https://192.168.1.1/hooks',
      'https://100.64.0.1/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hooks',
      'https://[fe80::1]/hooks',
      'https://[fd00::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[::ffff:10.0.0.1]/hooks',
      'https://0.0.0.0/hooks',
    ];
    for (const url of bad) {
      const res = await create(who, { url, eventTypes: ['*'] });
      expect(res.statusCode, url).toBe(400);
      expect(fieldOf(res), url).toContain('url');
    }
    // A public IP literal is fine.
    expect((await create(who, { url: 'https://8.8.8.8/hooks', eventTypes: ['*'] })).statusCode).toBe(201);
  });

  it('validates the body strictly: event types, description, environment, unknown fields, NUL', async () => {
    const { who } = await owner();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: 'https://example.com/a', eventTypes: [] }, 'eventTypes'],
      [{ url: 'https://example.com/a', eventTypes: ['nope'] }, 'eventTypes.0'],
      [{ url: 'https://example.com/a', eventTypes: ['*', 'wallet.funded'] }, 'eventTypes'],
      [{ url: 'https://example.com/a', eventTypes: ['wallet.funded', 'wallet.funded'] }, 'eventTypes'],
      [{ url: 'https://example.com/a', eventTypes: ['*'], description: 'x'.repeat(501) }, 'description'],
      [{ url: 'https://example.com/a', eventTypes: ['*'], environment: 'prod' }, 'environment'],
      [{ url: 'https://example.com/a', eventTypes: ['*'], extra: 1 }, 'extra'],
      [{ url: 'https://example.com/a\u0000', eventTypes: ['*'] }, 'url'],
      [{ eventTypes: ['*'] }, 'url'],
    ];
    for (const [body, field] of cases) {
      const res = await create(who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(fieldOf(res).some((f: string) => f === field || f.startsWith(field)), `${JSON.stringify(body)} → ${fieldOf(res)}`).toBe(true);
    }
  });

  it('allows one endpoint per url and environment, and at most 20 per organisation (409 CONFLICT)', async () => {
    const { who } = await owner();
    expect((await create(who, { url: 'https://example.com/dup', eventTypes: ['*'] })).statusCode).toBe(201);
    const dup = await create(who, { url: 'https://example.com/dup', eventTypes: ['wallet.funded'] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('CONFLICT');
    expect((await create(who, { url: 'https://example.com/dup', eventTypes: ['*'], environment: 'test' })).statusCode).toBe(201);
    for (let i = 2; i < 20; i++) expect((await create(who, { url: `https://example.com/n${i}`, eventTypes: ['*'] })).statusCode).toBe(201);
    const over = await create(who, { url: 'https://example.com/too-many', eventTypes: ['*'] });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('CONFLICT');
    expect((await send(h(), 'GET', '/v1/webhooks/endpoints', who)).json().data).toHaveLength(20);
  });

  it('patches url, description, event types and status; DISABLED is MANUAL, ENABLED clears it', async () => {
    const { who } = await owner();
    const id = (await create(who, { url: 'https://example.com/p', eventTypes: ['*'] })).json().data.id;
    await create(who, { url: 'https://example.com/taken', eventTypes: ['*'] });
    const empty = await send(h(), 'PATCH', `/v1/webhooks/endpoints/${id}`, who, {});
    expect(empty.statusCode).toBe(400);
    expect((await send(h(), 'PATCH', `/v1/webhooks/endpoints/${id}`, who, { url: 'http://example.com/x' })).statusCode).toBe(400);
    expect((await send(h(), 'PATCH', `/v1/webhooks/endpoints/${id}`, who, { url: 'https://example.com/taken' })).statusCode).toBe(409);
    const patched = await send(h(), 'PATCH', `/v1/webhooks/endpoints/${id}`, who, { url: 'https://example.com/q', description: 'd', eventTypes: ['wallet.funded', 'api_key.created'] });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ url: 'https://example.com/q', description: 'd', eventTypes: ['wallet.funded', 'api_key.created'] });
    const disabled = await send(h(), 'PATCH', `/v1/webhooks/endpoints/${id}`, who, { status: 'DISABLED' });
    expect(disabled.json().data).toMatchObject({ status: 'DISABLED', disabledReason: 'MANUAL' });
    const enabled = await send(h(), 'PATCH', `/v1/webhooks/endpoints/${id}`, who, { status: 'ENABLED' });
    expect(enabled.json().data).toMatchObject({ status: 'ENABLED', disabledReason: null, failingSince: null });
    const cleared = await send(h(), 'PATCH', `/v1/webhooks/endpoints/${id}`, who, { description: null });
    expect(cleared.json().data.description).toBeNull();
  });

  it('rotates the secret: a new one shown once, an overlap, at most two secrets', async () => {
    const { who } = await owner();
    const created = (await create(who, { url: 'https://example.com/r', eventTypes: ['*'] })).json().data;
    const rotated = await send(h(), 'POST', `/v1/webhooks/endpoints/${created.id}/rotate-secret`, who, { overlapSeconds: 3600 });
    expect(rotated.statusCode).toBe(200);
    const r = rotated.json().data;
    expect(r.secret).toMatch(/^whsec_/);
    expect(r.secret).not.toBe(created.secret);
    expect(new Date(r.previousSecretExpiresAt).getTime() - h().clock.now().getTime()).toBeGreaterThan(3500_000);
    const row = await h().database.db.selectFrom('webhook_endpoints' as never).selectAll().where('id' as never, '=', created.id as never).executeTakeFirstOrThrow() as Record<string, Uint8Array>;
    expect(h().cipher.decrypt(row.secret_ciphertext!).toString()).toBe(r.secret);
    expect(h().cipher.decrypt(row.previous_secret_ciphertext!).toString()).toBe(created.secret);
    // Again during the overlap: the first secret is dropped at once.
    const again = (await send(h(), 'POST', `/v1/webhooks/endpoints/${created.id}/rotate-secret`, who, {})).json().data;
    const row2 = await h().database.db.selectFrom('webhook_endpoints' as never).selectAll().where('id' as never, '=', created.id as never).executeTakeFirstOrThrow() as Record<string, Uint8Array>;
    expect(h().cipher.decrypt(row2.previous_secret_ciphertext!).toString()).toBe(r.secret);
    expect(h().cipher.decrypt(row2.secret_ciphertext!).toString()).toBe(again.secret);
    // The route takes a JSON object, as every route with a body does: `{}` for the default overlap.
    const bare = await h().app.inject({ method: 'POST', url: `/v1/webhooks/endpoints/${created.id}/rotate-secret`, headers: who.headers });
    expect(bare.statusCode).toBe(400);
    expect(fieldOf(bare)).toEqual(['body']);
    // 0 ends the overlap at once.
    const now = (await send(h(), 'POST', `/v1/webhooks/endpoints/${created.id}/rotate-secret`, who, { overlapSeconds: 0 })).json().data;
    expect(now.previousSecretExpiresAt).toBeNull();
    for (const overlapSeconds of [-1, 604_801, 1.5, '10']) {
      const bad = await send(h(), 'POST', `/v1/webhooks/endpoints/${created.id}/rotate-secret`, who, { overlapSeconds });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('deletes an endpoint: then 404', async () => {
    const { who } = await owner();
    const id = (await create(who, { url: 'https://example.com/d', eventTypes: ['*'] })).json().data.id;
    const del = await send(h(), 'DELETE', `/v1/webhooks/endpoints/${id}`, who);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual({ id, deleted: true });
    expect((await send(h(), 'GET', `/v1/webhooks/endpoints/${id}`, who)).statusCode).toBe(404);
    expect((await send(h(), 'DELETE', `/v1/webhooks/endpoints/${id}`, who)).statusCode).toBe(404);
  });

  it('answers another organisation’s endpoint 404 exactly as a missing one', async () => {
    const a = await owner();
    const b = await owner();
    const id = (await create(a.who, { url: 'https://example.com/t', eventTypes: ['*'] })).json().data.id;
    const missing = await send(h(), 'GET', '/v1/webhooks/endpoints/whk_00000000000000000000000000', b.who);
    for (const [method, url, body] of [
      ['GET', `/v1/webhooks/endpoints/${id}`, undefined],
      ['PATCH', `/v1/webhooks/endpoints/${id}`, { description: 'x' }],
      ['DELETE', `/v1/webhooks/endpoints/${id}`, undefined],
      ['POST', `/v1/webhooks/endpoints/${id}/rotate-secret`, {}],
    ] as const) {
      const res = await send(h(), method, url, b.who, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(res.json().message).toBe(missing.json().message);
    }
    expect((await send(h(), 'GET', '/v1/webhooks/endpoints', b.who)).json().data).toEqual([]);
  });

  it('lets any role read, and only OWNER, ADMIN and DEVELOPER write (VIEWER 403)', async () => {
    const { org, who } = await owner();
    const id = (await create(who, { url: 'https://example.com/roles', eventTypes: ['*'] })).json().data.id;
    for (const role of ['ADMIN', 'DEVELOPER', 'VIEWER'] as const) {
      const m = await addMember(h().services, org, role);
      const member = await signIn(h().app, m.email, m.password);
      expect((await send(h(), 'GET', '/v1/webhooks/endpoints', member)).statusCode).toBe(200);
      expect((await send(h(), 'GET', `/v1/webhooks/endpoints/${id}`, member)).statusCode).toBe(200);
      const write = await create(member, { url: `https://example.com/${role}`, eventTypes: ['*'] });
      const patch = await send(h(), 'PATCH', `/v1/webhooks/endpoints/${id}`, member, { description: role });
      const rotate = await send(h(), 'POST', `/v1/webhooks/endpoints/${id}/rotate-secret`, member, {});
      if (role === 'VIEWER') {
        for (const res of [write, patch, rotate]) {
          expect(res.statusCode).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
        }
        expect((await send(h(), 'DELETE', `/v1/webhooks/endpoints/${id}`, member)).statusCode).toBe(403);
      } else {
        expect([write.statusCode, patch.statusCode, rotate.statusCode]).toEqual([201, 200, 200]);
      }
    }
    expect((await send(h(), 'GET', '/v1/webhooks/endpoints', null)).statusCode).toBe(401);
    expect((await h().app.inject({ method: 'GET', url: '/v1/webhooks/endpoints?x=1', headers: who.headers })).statusCode).toBe(400);
  });
});



describe('webhook settings (config.ts)', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') };
  it('has the defaults of DESIGN.md and validates each setting', () => {
    expect(loadConfig(base)).toMatchObject({ webhookRetryScheduleSeconds: [5, 300, 1800, 7200, 18000, 28800, 28800], webhookTimeoutMs: 15000, webhookDisableAfterHours: 120, allowPrivateWebhookUrls: false });
    expect(loadConfig({ ...base, WEBHOOK_RETRY_SCHEDULE: '1,1,1', ALLOW_PRIVATE_WEBHOOK_URLS: 'true' })).toMatchObject({ webhookRetryScheduleSeconds: [1, 1, 1], allowPrivateWebhookUrls: true });
    for (const [name, value] of [['WEBHOOK_RETRY_SCHEDULE', '1,x'], ['WEBHOOK_RETRY_SCHEDULE', '86400,1'], ['WEBHOOK_TIMEOUT_MS', '0'], ['WEBHOOK_DISABLE_AFTER_HOURS', 'abc'], ['ALLOW_PRIVATE_WEBHOOK_URLS', 'yes']] as const) {
      expect(() => loadConfig({ ...base, [name]: value }), `${name}=${value}`).toThrow(ConfigError);
    }
  });
  it('refuses ALLOW_PRIVATE_WEBHOOK_URLS=true in production', () => {
    let error: unknown;
    try {
      loadConfig({ ...base, NODE_ENV: 'production', ALLOW_PRIVATE_WEBHOOK_URLS: 'true' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('ALLOW_PRIVATE_WEBHOOK_URLS=true is refused in production');
  });
});
