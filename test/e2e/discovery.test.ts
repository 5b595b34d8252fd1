import { expect, it } from 'vitest';
import { SERVICES } from '../../src/catalogue/catalogue.js';
import { NIN_REQUEST_REASONS } from '../../src/verifications/nin.js';
import { createOrg, describeEachBackend } from '../helpers/harness.js';

describeEachBackend('discovery', (h) => {
  const get = (url: string, key: string | null) =>
    h().app.inject({ method: 'GET', url, headers: key === null ? {} : { 'x-api-key': key } });

  it('GET /v1/services lists the provisioned services with the price at the access level', async () => {
    const org = await createOrg(h().services, { services: ['NIN_LOOKUP', 'CAC_ADVANCE'], accessLevel: 'STANDARD' });
    await h().services.catalogue.provision({ organisationId: org.organisationId, service: 'CAC_ADVANCE', status: 'SUSPENDED', pricesKobo: { STANDARD: 123_450 } });
    const res = await get('/v1/services', org.testKey);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        code: 'NIN_LOOKUP',
        name: 'NIN Lookup',
        status: 'ACTIVE',
        endpoints: ['/v1/nin/raw/lookup'],
        accessLevel: 'STANDARD',
        price: 150,
        currency: 'NGN',
        prices: { BASIC: 100, STANDARD: 150, PREMIUM: 200 },
      },
      {
        code: 'CAC_ADVANCE',
        name: 'Business Verification (Advance)',
        status: 'SUSPENDED',
        endpoints: ['/v1/cac/advance'],
        accessLevel: 'STANDARD',
        price: 1234.5,
        currency: 'NGN',
        prices: { BASIC: 1000, STANDARD: 1234.5, PREMIUM: 1500 },
      },
    ]);
  });

  it('GET /v1/lists/verification-types lists only what the caller can call now', async () => {
    const org = await createOrg(h().services, { services: ['NIN_LOOKUP', 'TIN_VALIDATION', 'TIN_VERIFICATION', 'BVN_LOOKUP'] });
    await h().services.catalogue.provision({ organisationId: org.organisationId, service: 'BVN_LOOKUP', status: 'SUSPENDED' });
    const res = await get('/v1/lists/verification-types', org.testKey);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { type: 'NIN', name: 'NIN verification', endpoints: ['/v1/nin/raw/lookup'] },
      { type: 'TIN', name: 'Tax verification (TIN)', endpoints: ['/v1/tin/verify', '/v1/tin/by-phone', '/v1/tin/validate'] },
    ]);
  });

  it('GET /v1/nin/request-reasons lists the codes requestReason accepts', async () => {
    const org = await createOrg(h().services);
    const res = await get('/v1/nin/request-reasons', org.testKey);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(NIN_REQUEST_REASONS.map((r) => ({ code: r.code, description: r.description })));
  });

  it('needs an API key, and refuses unknown query parameters', async () => {
    for (const url of ['/v1/services', '/v1/lists/verification-types', '/v1/nin/request-reasons']) {
      expect((await get(url, null)).json().code, url).toBe('UNAUTHENTICATED');
    }
    const org = await createOrg(h().services);
    const res = await get('/v1/services?page=2', org.testKey);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'page', message: 'is not an allowed field' }]);
  });

  it('the catalogue table mirrors the code', async () => {
    const rows = await h().database.db.selectFrom('services').selectAll().orderBy('sort_order').execute();
    expect(rows.map((r) => r.code)).toEqual(SERVICES.map((s) => s.code));
    expect(rows[0]).toMatchObject({ default_price_basic_kobo: 10_000, default_price_standard_kobo: 15_000, default_price_premium_kobo: 20_000 });
  });
});
