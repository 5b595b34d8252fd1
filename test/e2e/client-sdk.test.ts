import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createIdvClient, IdvError, unwrap } from '../../clients/typescript/src/index.js';
import { createOrg, describeEachBackend, OWNER_PASSWORD, ownerEmailOf, signIn } from '../helpers/harness.js';

/** The TypeScript client package (clients/typescript) against the real app over HTTP: the README's calls, as written there. */
describeEachBackend('the TypeScript client', (h) => {
  let baseUrl: string;
  beforeAll(async () => {
    await h().app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(h().app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await h().app.close();
  });

  it('looks a NIN up with a test key, and reports a validation error with its code and fields', async () => {
    const org = await createOrg(h().services);
    const idv = createIdvClient({ baseUrl: `${baseUrl}/`, credentials: { apiKey: org.testKey } });
    const result = await unwrap(idv.POST('/v1/nin/raw/lookup', { body: { nin: '11111111111', requestReason: 'ACCOUNT_OPENING' } }));
    expect(result).toMatchObject({ verificationStatus: 'VERIFIED', charged: false });

    const refused = await unwrap(idv.POST('/v1/nin/raw/lookup', { body: { nin: '123', requestReason: 'ACCOUNT_OPENING' } })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(IdvError);
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect((refused as IdvError).errors.map((e) => e.field)).toContain('nin');
  });

  it('calls the console routes with an access token, and without credentials is refused 401', async () => {
    const org = await createOrg(h().services);
    const who = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
    const me = createIdvClient({ baseUrl, credentials: { accessToken: who.accessToken } });
    const keys = await unwrap(me.GET('/v1/api-keys'));
    expect(keys.map((k) => k.id).sort()).toEqual([org.testKeyId, org.liveKeyId].sort());
    const page = await unwrap(me.GET('/v1/verifications', { params: { query: { environment: 'test', limit: '20' } } }));
    expect(page).toMatchObject({ items: expect.any(Array) });

    const anonymous = createIdvClient({ baseUrl });
    await expect(unwrap(anonymous.GET('/v1/api-keys'))).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });
});
