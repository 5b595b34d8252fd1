import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdGenerator } from '../../src/platform/ids.js';
import {
  FIXTURE_BVN_PERSON,
  FIXTURE_NIN_PERSON,
  FIXTURE_PHONE_FALLBACK_PERSON,
  FIXTURE_TAXPAYER_COMPANY,
  FIXTURE_TAXPAYER_INDIVIDUAL,
  FIXTURE_TIN_FROM_NIN,
  SANDBOX_FIXTURE_TABLE,
} from '../../src/providers/fixtures.js';
import type { ProviderCallContext, ProviderOutcome, Providers, SandboxScenario } from '../../src/providers/ports.js';
import { createSandboxProviders } from '../../src/providers/sandbox/sandbox.js';
import { startSimulator } from '../../src/simulator/simulator.js';

const ctx: ProviderCallContext = { requestId: 'req_test' };
const sandbox: Providers = createSandboxProviders({ ids: createIdGenerator(), slowDelayMs: 30 });

const found = <T>(value: T) => ({ kind: 'found', referenceId: expect.stringMatching(/^sbx_/), value });
const notFound = { kind: 'not_found', referenceId: expect.stringMatching(/^sbx_/) };
const valueOf = <T>(o: ProviderOutcome<T>): T => {
  if (o.kind !== 'found') throw new Error(`expected found, got ${JSON.stringify(o)}`);
  return o.value;
};

describe('sandbox providers (test keys)', () => {
  it('identity register: NIN lookup, phone lookup, face match', async () => {
    expect(await sandbox.identity.lookupNin('11111111111', ctx)).toEqual(found({ ...FIXTURE_NIN_PERSON }));
    expect(await sandbox.identity.lookupNin('33333333333', ctx)).toEqual(found({ ...FIXTURE_PHONE_FALLBACK_PERSON }));
    expect(await sandbox.identity.lookupNin('00000000000', ctx)).toEqual(notFound);
    expect(await sandbox.identity.lookupNin('24681357902', ctx)).toEqual(notFound); // not a fixture: the simulator's population is not the sandbox's

    expect(await sandbox.identity.lookupPhone('+2348000000002', ctx)).toEqual(found({ ...FIXTURE_PHONE_FALLBACK_PERSON, nin: '33333333333' }));
    expect(await sandbox.identity.lookupPhone('+2348000000001', ctx)).toEqual(found({ ...FIXTURE_NIN_PERSON, nin: '11111111111' }));
    expect(await sandbox.identity.lookupPhone('+2348000000000', ctx)).toEqual(notFound);

    const input = { nin: '11111111111', selfieImage: '/9j/selfie', livelinessImages: ['/9j/a'] };
    expect(await sandbox.identity.faceMatch(input, ctx)).toEqual(found({ matchResult: 'MATCH', confidence: 97.5, person: { ...FIXTURE_NIN_PERSON } }));
    expect(valueOf(await sandbox.identity.faceMatch({ ...input, selfieImage: 'NOMATCH' }, ctx))).toMatchObject({ matchResult: 'NO_MATCH', confidence: 12.3 });
    expect(valueOf(await sandbox.identity.faceMatch({ ...input, livelinessImages: ['/9j/a', 'NOMATCH…'] }, ctx)).matchResult).toBe('NO_MATCH');
    expect(valueOf(await sandbox.identity.faceMatch({ ...input, selfieImage: 'data:image/jpeg;base64,NOMATCH' }, ctx)).matchResult).toBe('NO_MATCH');
    expect(await sandbox.identity.faceMatch({ ...input, nin: '00000000000' }, ctx)).toEqual(notFound);
  });

  it('BVN service: lookup and face validation', async () => {
    expect(await sandbox.bvn.lookupBvn('22222222222', ctx)).toEqual(found({ ...FIXTURE_BVN_PERSON }));
    expect(valueOf(await sandbox.bvn.lookupBvn('22222222222', ctx))).toMatchObject({ enrollmentBank: 'First Bank of Nigeria', enrollmentBranch: 'Marina, Lagos', registrationDate: '2015-03-17' });
    expect(await sandbox.bvn.lookupBvn('00000000000', ctx)).toEqual(notFound);
    expect(await sandbox.bvn.faceValidation({ bvn: '22222222222', image: '/9j/x' }, ctx)).toEqual(found({ matchResult: 'MATCH', confidence: 97.5, person: { ...FIXTURE_BVN_PERSON } }));
    expect(valueOf(await sandbox.bvn.faceValidation({ bvn: '22222222222', image: 'NOMATCH' }, ctx)).matchResult).toBe('NO_MATCH');
    expect(await sandbox.bvn.faceValidation({ bvn: '00000000000', image: '/9j/x' }, ctx)).toEqual(notFound);
  });

  it('federal tax registry', async () => {
    expect(await sandbox.federalTax.verifyTin('12345678-0001', ctx)).toEqual(found({ ...FIXTURE_TAXPAYER_COMPANY }));
    expect(await sandbox.federalTax.verifyTin('12345678-0002', ctx)).toEqual(found({ ...FIXTURE_TAXPAYER_INDIVIDUAL }));
    expect(valueOf(await sandbox.federalTax.verifyTin('12345678-0002', ctx))).toMatchObject({ jtbTin: null, cacRegNumber: null, email: null });
    expect(await sandbox.federalTax.verifyTin('00000000-0000', ctx)).toEqual(notFound);
    expect(await sandbox.federalTax.byPhone('+2348000000001', ctx)).toEqual(found({ ...FIXTURE_TAXPAYER_COMPANY }));
    expect(await sandbox.federalTax.byPhone('+2348000000000', ctx)).toEqual(notFound);
    expect(await sandbox.federalTax.tinFromNin('11111111111', ctx)).toEqual(found({ ...FIXTURE_TIN_FROM_NIN }));
    expect(await sandbox.federalTax.tinFromNin('00000000000', ctx)).toEqual(notFound);
  });

  it('joint tax registry: INVALID is found', async () => {
    expect(await sandbox.jointTax.validateTin({ tin: '1234567890', country: 'NG' }, ctx)).toEqual(found({ result: 'VALID', format: '1234567890', tinType: 'JTB', country: 'ng' }));
    expect(await sandbox.jointTax.validateTin({ tin: '0000000000', country: 'ng' }, ctx)).toEqual(found({ result: 'INVALID', format: null, tinType: null, country: 'ng' }));
    expect(await sandbox.jointTax.validateTin({ tin: '9999999999', country: 'ng' }, ctx)).toEqual(notFound);
  });

  it('corporate registry', async () => {
    const basic = valueOf(await sandbox.corporate.basic({ rcNumber: '1234567', companyType: 'RC' }, ctx));
    expect(basic).toMatchObject({ rcNumber: '1234567', companyName: 'Lagoon Crest Logistics Limited', entityType: 'RC' });
    const advance = valueOf(await sandbox.corporate.advance({ rcNumber: '1234567', companyType: 'RC' }, ctx));
    expect(advance.companies).toHaveLength(1);
    expect(advance.companies[0]!.directors.filter((d) => d.affiliateType === 'SECRETARY')).toHaveLength(1);
    expect(valueOf(await sandbox.corporate.advance({ rcNumber: '7654321', companyType: 'RC' }, ctx)).companies).toHaveLength(2);
    expect(valueOf(await sandbox.corporate.basic({ rcNumber: '7654321', companyType: 'RC' }, ctx)).companyName).toBe('Harmattan Foods Limited');
    expect(valueOf(await sandbox.corporate.basic({ rcNumber: '0123456', companyType: 'RC' }, ctx)).rcNumber).toBe('0123456');
    for (const rcNumber of ['123456', '01234567', '0000000', '246802']) {
      expect(await sandbox.corporate.basic({ rcNumber, companyType: 'RC' }, ctx)).toEqual(notFound);
      expect(await sandbox.corporate.advance({ rcNumber, companyType: 'RC' }, ctx)).toEqual(notFound);
    }
    expect(await sandbox.corporate.basic({ rcNumber: '1234567', companyType: 'BN' }, ctx)).toEqual(notFound);
    expect(await sandbox.corporate.advance({ rcNumber: '1234567', companyType: 'RC', companyName: 'crest' }, ctx)).toMatchObject({ kind: 'found' });
    expect(await sandbox.corporate.advance({ rcNumber: '1234567', companyType: 'RC', companyName: 'harmattan' }, ctx)).toEqual(notFound);
  });

  it('phone resolution', async () => {
    expect(await sandbox.phoneResolution.resolve('+2348000000001', ctx)).toEqual(found({ nin: '11111111111' }));
    expect(await sandbox.phoneResolution.resolve('+2348000000002', ctx)).toEqual(notFound);
    expect(await sandbox.phoneResolution.resolve('+2348000000000', ctx)).toEqual(notFound);
  });

  it('answers are copies: a caller shaping one does not change the fixtures', async () => {
    const person = valueOf(await sandbox.identity.lookupNin('11111111111', ctx));
    delete person.photo;
    expect(valueOf(await sandbox.identity.lookupNin('11111111111', ctx)).photo).toBeDefined();
    const advance = valueOf(await sandbox.corporate.advance({ rcNumber: '1234567', companyType: 'RC' }, ctx));
    advance.companies[0]!.directors.pop();
    expect(valueOf(await sandbox.corporate.advance({ rcNumber: '1234567', companyType: 'RC' }, ctx)).companies[0]!.directors).toHaveLength(4);
  });

  it('X-Sandbox-Scenario forces each failure on every port', async () => {
    const calls: Array<(c: ProviderCallContext) => Promise<ProviderOutcome<unknown>>> = [
      (c) => sandbox.identity.lookupNin('11111111111', c),
      (c) => sandbox.identity.lookupPhone('+2348000000002', c),
      (c) => sandbox.identity.faceMatch({ nin: '11111111111', selfieImage: 'x', livelinessImages: [] }, c),
      (c) => sandbox.bvn.lookupBvn('22222222222', c),
      (c) => sandbox.bvn.faceValidation({ bvn: '22222222222', image: 'x' }, c),
      (c) => sandbox.federalTax.verifyTin('12345678-0001', c),
      (c) => sandbox.federalTax.byPhone('+2348000000001', c),
      (c) => sandbox.federalTax.tinFromNin('11111111111', c),
      (c) => sandbox.jointTax.validateTin({ tin: '1234567890', country: 'ng' }, c),
      (c) => sandbox.corporate.basic({ rcNumber: '1234567', companyType: 'RC' }, c),
      (c) => sandbox.corporate.advance({ rcNumber: '1234567', companyType: 'RC' }, c),
      (c) => sandbox.phoneResolution.resolve('+2348000000001', c),
    ];
    const expected: Array<[SandboxScenario, unknown]> = [
      ['provider_unavailable', { kind: 'failure', code: 'PROVIDER_UNAVAILABLE' }],
      ['provider_timeout', { kind: 'failure', code: 'PROVIDER_TIMEOUT' }],
      ['provider_error', { kind: 'failure', code: 'PROVIDER_ERROR' }],
      ['provider_rate_limited', { kind: 'failure', code: 'PROVIDER_RATE_LIMITED', retryAfterSeconds: 5 }],
    ];
    for (const call of calls) {
      for (const [scenario, outcome] of expected) expect(await call({ ...ctx, scenario })).toEqual(outcome);
      const started = performance.now();
      expect(await call({ ...ctx, scenario: 'slow' })).toMatchObject({ kind: 'found' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    }
  });

  it('the fixture table covers every row of DESIGN.md §5', () => {
    const text = SANDBOX_FIXTURE_TABLE.map((r) => `${r.input} ${r.outcome}`).join('\n');
    for (const id of ['11111111111', '22222222222', '00000000000', '12345678-0001', '12345678-0002', '00000000-0000', '08000000001', '08000000002', '08000000000',
      '1234567890', '0000000000', '9999999999', '1234567', '7654321', '0123456', '123456', '01234567', '0000000', 'NOMATCH', 'any other identifier']) {
      expect(text).toContain(id);
    }
  });
});

describe('the simulator answers every fixture as the sandbox does', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
  });
  afterAll(async () => {
    await sim.app.close();
  });

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const { referenceId, ...rest } = (await res.json()) as Record<string, unknown>;
    expect(referenceId).toMatch(/^SIM-/);
    return { status: res.status, rest };
  };
  /** The sandbox's outcome against the simulator's answer; `pick` maps the answer to the port's value. */
  const same = async (outcome: ProviderOutcome<unknown>, path: string, body: unknown, pick: (rest: Record<string, unknown>) => unknown) => {
    const { status, rest } = await post(path, body);
    if (outcome.kind === 'found') {
      expect(status, `${path} ${JSON.stringify(body)}`).toBe(200);
      expect(pick(rest)).toEqual(outcome.value);
    } else {
      expect(outcome.kind).toBe('not_found');
      expect(status, `${path} ${JSON.stringify(body)}`).toBe(404);
    }
  };
  const person = (r: Record<string, unknown>) => r.person;
  const whole = (r: Record<string, unknown>) => r;

  it('identity, BVN, tax, corporate and phone fixtures', async () => {
    for (const nin of ['11111111111', '00000000000', '33333333333']) {
      await same(await sandbox.identity.lookupNin(nin, ctx), '/identity/v1/nin/lookup', { nin }, person);
      await same(await sandbox.federalTax.tinFromNin(nin, ctx), '/firs/v1/tin/from-nin', { nin }, whole);
      for (const selfieImage of ['/9j/x', 'NOMATCH']) {
        const input = { nin, selfieImage, livelinessImages: ['/9j/y'] };
        await same(await sandbox.identity.faceMatch(input, ctx), '/identity/v1/nin/face-match', input, whole);
      }
    }
    for (const bvn of ['22222222222', '00000000000']) {
      await same(await sandbox.bvn.lookupBvn(bvn, ctx), '/bvn/v1/bvn/lookup', { bvn }, person);
      for (const image of ['/9j/x', 'NOMATCH']) await same(await sandbox.bvn.faceValidation({ bvn, image }, ctx), '/bvn/v1/bvn/face-validation', { bvn, image }, whole);
    }
    for (const tin of ['12345678-0001', '12345678-0002', '00000000-0000']) {
      await same(await sandbox.federalTax.verifyTin(tin, ctx), '/firs/v1/tin/verify', { tin }, (r) => r.taxpayer);
    }
    for (const tin of ['1234567890', '0000000000', '9999999999']) {
      await same(await sandbox.jointTax.validateTin({ tin, country: 'ng' }, ctx), '/jtb/v1/tin/validate', { tin, country: 'ng' }, whole);
    }
    for (const phoneNumber of ['+2348000000001', '+2348000000002', '+2348000000000']) {
      await same(await sandbox.identity.lookupPhone(phoneNumber, ctx), '/identity/v1/phone/lookup', { phoneNumber }, person);
      await same(await sandbox.phoneResolution.resolve(phoneNumber, ctx), '/resolution/v1/msisdn/resolve', { phoneNumber }, whole);
      await same(await sandbox.federalTax.byPhone(phoneNumber, ctx), '/firs/v1/tin/by-phone', { phoneNumber }, (r) => r.taxpayer);
    }
    for (const rcNumber of ['1234567', '7654321', '0123456', '123456', '01234567', '0000000']) {
      for (const companyType of ['RC', 'BN'] as const) {
        const query = { rcNumber, companyType };
        await same(await sandbox.corporate.basic(query, ctx), '/cac/v1/companies/basic', query, (r) => r.company);
        await same(await sandbox.corporate.advance(query, ctx), '/cac/v1/companies/advance', query, whole);
      }
    }
  });
});
