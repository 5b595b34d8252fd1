import { expect, it } from 'vitest';
import { FIXTURE_NIN_PERSON } from '../../src/providers/fixtures.js';
import { createOrg, describeEachBackend, lookup, ninBody } from '../helpers/harness.js';

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
