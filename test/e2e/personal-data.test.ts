import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { FIXTURE_NIN_PERSON } from '../../src/providers/fixtures.js';
import { createOrg, describeEachBackend, fund, lookup, ninBody } from '../helpers/harness.js';

describeEachBackend('personal data never reaches the logs', (h) => {
  it('logs no NIN, name, phone number or key from any outcome', async () => {
    const org = await createOrg(h().services, { accessLevel: 'PREMIUM' });
    const app = h().app;
    await lookup(app, org.testKey, ninBody('11111111111'));
    await lookup(app, org.testKey, ninBody('00000000000'));
    await lookup(app, org.testKey, ninBody('12345678901'));
    await lookup(app, org.testKey, { nin: '98765432109', requestReason: 'NOPE' });
    await lookup(app, org.testKey, ninBody('11111111111'), { 'x-sandbox-scenario': 'provider_error' });
    await lookup(app, org.liveKey, ninBody('11111111111'));
    await app.inject({ method: 'GET', url: '/v1/nin/raw/lookup/11111111111?nin=22222222222' });
    // A failure inside the pipeline is logged with its error; the body must still stay out.
    const original = h().services.records.write;
    h().services.records.write = async () => {
      throw new Error('insert failed');
    };
    await lookup(app, org.testKey, ninBody('11111111111'));
    h().services.records.write = original;

    const logs = h().logs.text();
    expect(logs).toContain('request completed');
    expect(logs).toContain('unhandled error');
    for (const secret of [
      '11111111111', '00000000000', '12345678901', '98765432109', '22222222222',
      FIXTURE_NIN_PERSON.firstName!, FIXTURE_NIN_PERSON.lastName!, FIXTURE_NIN_PERSON.phoneNumber!, FIXTURE_NIN_PERSON.email!,
      org.testKey, org.liveKey,
    ]) {
      expect(logs, secret).not.toContain(secret);
    }
  });
});

describeEachBackend('personal data of every verification type never reaches the logs', (h) => {
  it('runs every endpoint with logging on, live and test; no identifier sent and no personal value returned appears in the logs', async () => {
    const org = await createOrg(h().services, { accessLevel: 'PREMIUM' });
    await fund(h().services, org.organisationId, 100_000);
    const face = Buffer.from('a face for the log test').toString('base64');
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/v1/nin/raw/lookup', { nin: '11111111111', requestReason: 'ACCOUNT_OPENING' }],
      ['/v1/nin/face-match/lookup', { nin: '11111111111', enterpriseId: 'e1', requestReason: 'ACCOUNT_OPENING', selfieImage: face, livelinessImages: [face] }],
      ['/v1/bvn/lookup', { bvn: '22222222222' }],
      ['/v1/bvn/face-validation', { number: '22222222222', image: face, consentGranted: true, consentReference: 'c1' }],
      ['/v1/tin/verify', { tin: '12345678-0001' }],
      ['/v1/tin/verify', { tin: '12345678-0002' }],
      ['/v1/tin/by-phone', { phoneNumber: '08000000001' }],
      ['/v1/tin/validate', { tin: '1234567890' }],
      ['/v1/tin/from-nin', { nin: '11111111111' }],
      ['/v1/cac/basic', { rcNumber: '1234567', purpose: 'KYB_ONBOARDING' }],
      ['/v1/cac/advance', { rcNumber: '1234567', purpose: 'KYB_ONBOARDING' }],
      ['/v1/phone/enhanced-lookup', { phoneNumber: '08000000001', requestReason: 'ACCOUNT_OPENING' }],
      ['/v1/phone/enhanced-lookup', { phoneNumber: '08000000002', requestReason: 'ACCOUNT_OPENING' }],
    ];
    const personal = new Set<string>();
    const collect = (value: unknown, key = ''): void => {
      if (typeof value === 'string') {
        // Enumerations and our own ids and references are not personal data.
        // Short digit runs (share counts, scores) are neither identifiers nor names, and can occur by chance in a log's timings.
        if (value.length >= 4 && !/^\d{1,7}$/.test(value) && !/^(ver|sbx|SIM)[_-]/.test(value) && !/^[A-Z_]+$/.test(value) && !['verificationId', 'referenceId', 'searchScore'].includes(key)) personal.add(value);
      } else if (Array.isArray(value)) value.forEach((v) => collect(v, key));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, k);
    };
    for (const key of [org.testKey, org.liveKey]) {
      for (const [path, body] of calls) {
        const res = await h().app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/json', 'x-api-key': key, 'idempotency-key': `pii-${randomBytes(6).toString('hex')}` },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${path} ${res.body.slice(0, 200)}`).toBe(200);
        collect(res.json().data);
        collect(body);
      }
    }
    for (const v of ['08000000001', '+2348000000001', '08000000002', '+2348000000002', '1234567']) personal.add(v);
    for (const generic of ['ACCOUNT_OPENING', 'KYB_ONBOARDING', 'Nigerian', 'true']) personal.delete(generic);
    const logs = h().logs.text();
    expect(logs).toContain('request completed');
    expect(personal.size).toBeGreaterThan(40);
    for (const value of personal) expect(logs, value).not.toContain(value);
  });
});
