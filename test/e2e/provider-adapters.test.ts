import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, PROVIDER_URL_SETTINGS, loadConfig } from '../../src/config.js';
import { CircuitBreaker, registerBreakerMetrics, type BreakerState } from '../../src/providers/circuit-breaker.js';
import { ManualClock } from '../../src/platform/clock.js';
import { Registry } from 'prom-client';
import {
  FIXTURE_BVN_FOUND,
  FIXTURE_BVN_NOT_FOUND,
  FIXTURE_BVN_PERSON,
  FIXTURE_NIN_FOUND,
  FIXTURE_NIN_NOT_FOUND,
  FIXTURE_NIN_PERSON,
  FIXTURE_NIN_PHONE_FALLBACK,
  FIXTURE_PHONE_FALLBACK,
  FIXTURE_PHONE_FALLBACK_PERSON,
  FIXTURE_PHONE_NOT_FOUND,
  FIXTURE_PHONE_RESOLVES,
  FIXTURE_PHOTO,
  FIXTURE_RC_LEADING_ZERO,
  FIXTURE_RC_ONE,
  FIXTURE_RC_SHARED,
  FIXTURE_TAXPAYER_COMPANY,
  FIXTURE_TAXPAYER_INDIVIDUAL,
  FIXTURE_TIN_COMPANY,
  FIXTURE_TIN_FROM_NIN,
  FIXTURE_TIN_INDIVIDUAL,
  FIXTURE_TIN_NOT_FOUND,
  FIXTURE_VALIDATE_INVALID,
  FIXTURE_VALIDATE_NOT_FOUND,
  FIXTURE_VALIDATE_VALID,
  fixtureCacAdvance,
  fixtureCacBasic,
  fixtureFaceMatch,
  fixtureFaceValidation,
} from '../../src/providers/fixtures.js';
import { SIMULATOR_MOUNTS, createHttpProviders, simulatorUrls, type HttpProviders, type HttpProvidersOptions } from '../../src/providers/http/providers.http.js';
import { compileAnswer, createUpstreamClient, retryAfterSeconds } from '../../src/providers/http/upstream.http.js';
import { Type } from '@sinclair/typebox';
import { UPSTREAMS, type ProviderCallContext, type ProviderOutcome, type Upstream } from '../../src/providers/ports.js';
import { startSimulator } from '../../src/simulator/simulator.js';

/**
 * The live adapters (src/providers/http/) over HTTP against the registry simulator: every call's found
 * and not-found answers with their payloads, every fault, timeouts, Retry-After, malformed answers, the
 * headers sent, and the circuit breaker of DESIGN.md §8 (unit, then on the wire).
 */
type Simulator = Awaited<ReturnType<typeof startSimulator>>;

const ctx = (over: Partial<ProviderCallContext> = {}): ProviderCallContext => ({ requestId: 'req_adapter_test', ...over });
const SIM_REF = /^SIM-/;
const FAULT_NIN_ERROR = '99999999502';

const opened: Array<{ close(): Promise<void> }> = [];
function providers(urls: Record<Upstream, string>, options: Partial<HttpProvidersOptions> = {}): HttpProviders {
  const p = createHttpProviders({ urls, timeoutMs: 2_000, apiKey: null, ...options });
  opened.push(p);
  return p;
}
/** Adapters whose breakers never open: to look at classification alone. */
const noBreaker = { breaker: { minimumCalls: Number.MAX_SAFE_INTEGER } };

afterAll(async () => {
  await Promise.all(opened.map((p) => p.close()));
});

function expectFound<T>(outcome: ProviderOutcome<T>): T {
  expect(outcome).toMatchObject({ kind: 'found', referenceId: expect.stringMatching(SIM_REF) });
  return (outcome as { value: T }).value;
}
function expectNotFound(outcome: ProviderOutcome<unknown>): void {
  expect(outcome).toEqual({ kind: 'not_found', referenceId: expect.stringMatching(SIM_REF) });
}

/** Every call of the contract, by a name, given an identifier of its kind. */
type Kind = 'nin' | 'bvn' | 'phone' | 'federalTin' | 'validateTin' | 'rc';
const CALLS: Array<{ name: string; upstream: Upstream; kind: Kind; run: (p: HttpProviders, id: string) => Promise<ProviderOutcome<unknown>> }> = [
  { name: 'identity nin/lookup', upstream: 'identity', kind: 'nin', run: (p, id) => p.identity.lookupNin(id, ctx()) },
  { name: 'identity phone/lookup', upstream: 'identity', kind: 'phone', run: (p, id) => p.identity.lookupPhone(id, ctx()) },
  {
    name: 'identity nin/face-match',
    upstream: 'identity',
    kind: 'nin',
    run: (p, id) => p.identity.faceMatch({ nin: id, selfieImage: FIXTURE_PHOTO, livelinessImages: [FIXTURE_PHOTO] }, ctx()),
  },
  { name: 'bvn bvn/lookup', upstream: 'bvn', kind: 'bvn', run: (p, id) => p.bvn.lookupBvn(id, ctx()) },
  { name: 'bvn bvn/face-validation', upstream: 'bvn', kind: 'bvn', run: (p, id) => p.bvn.faceValidation({ bvn: id, image: FIXTURE_PHOTO }, ctx()) },
  { name: 'firs tin/verify', upstream: 'federalTax', kind: 'federalTin', run: (p, id) => p.federalTax.verifyTin(id, ctx()) },
  { name: 'firs tin/by-phone', upstream: 'federalTax', kind: 'phone', run: (p, id) => p.federalTax.byPhone(id, ctx()) },
  { name: 'firs tin/from-nin', upstream: 'federalTax', kind: 'nin', run: (p, id) => p.federalTax.tinFromNin(id, ctx()) },
  { name: 'jtb tin/validate', upstream: 'jointTax', kind: 'validateTin', run: (p, id) => p.jointTax.validateTin({ tin: id, country: 'NG' }, ctx()) },
  { name: 'cac companies/basic', upstream: 'corporate', kind: 'rc', run: (p, id) => p.corporate.basic({ rcNumber: id, companyType: 'RC' }, ctx()) },
  { name: 'cac companies/advance', upstream: 'corporate', kind: 'rc', run: (p, id) => p.corporate.advance({ rcNumber: id, companyType: 'RC' }, ctx()) },
  { name: 'resolution msisdn/resolve', upstream: 'phoneResolution', kind: 'phone', run: (p, id) => p.phoneResolution.resolve(id, ctx()) },
];

/** An identifier of each kind whose digits end in the fault's seven digits (docs/simulator.md, "Faults"). */
const faultId = (kind: Kind, fault: '9999502' | '9999503' | '9999504' | '9999429'): string =>
  ({
    nin: `9999${fault}`,
    bvn: `9999${fault}`,
    phone: `+234801${fault}`,
    federalTin: `12345${fault}`.replace(/^(\d{8})(\d{4})$/, '$1-$2'),
    validateTin: `123${fault}`,
    rc: fault,
  })[kind];

describe('provider adapters against the registry simulator', () => {
  let sim: Simulator;
  let p: HttpProviders;
  beforeAll(async () => {
    sim = await startSimulator({ hangMs: 5_000 });
    p = providers(simulatorUrls(sim.url), noBreaker);
  });
  afterAll(async () => {
    await sim.app.close();
  });

  it('mounts every upstream under its own prefix', () => {
    expect(simulatorUrls('http://127.0.0.1:4010/')).toEqual({
      identity: 'http://127.0.0.1:4010/identity',
      bvn: 'http://127.0.0.1:4010/bvn',
      federalTax: 'http://127.0.0.1:4010/firs',
      jointTax: 'http://127.0.0.1:4010/jtb',
      corporate: 'http://127.0.0.1:4010/cac',
      phoneResolution: 'http://127.0.0.1:4010/resolution',
    });
    expect(Object.keys(SIMULATOR_MOUNTS).sort()).toEqual([...UPSTREAMS].sort());
  });

  describe('identity register', () => {
    it('NIN lookup: the fixture person, a generated person, and not found', async () => {
      expect(expectFound(await p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx()))).toEqual(FIXTURE_NIN_PERSON);
      const generated = expectFound(await p.identity.lookupNin('24681357902', ctx()));
      expect(generated).toMatchObject({ firstName: expect.any(String), lastName: expect.any(String), dateOfBirth: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      expect(expectFound(await p.identity.lookupNin('24681357902', ctx()))).toEqual(generated);
      expectNotFound(await p.identity.lookupNin(FIXTURE_NIN_NOT_FOUND, ctx()));
      expectNotFound(await p.identity.lookupNin('24681357901', ctx()));
    });

    it('phone lookup: the person and their NIN, or not found', async () => {
      expect(expectFound(await p.identity.lookupPhone(FIXTURE_PHONE_FALLBACK, ctx()))).toEqual({ ...FIXTURE_PHONE_FALLBACK_PERSON, nin: FIXTURE_NIN_PHONE_FALLBACK });
      expect(expectFound(await p.identity.lookupPhone('+2348012345671', ctx()))).toMatchObject({ nin: expect.stringMatching(/^\d{11}$/), firstName: expect.any(String) });
      expectNotFound(await p.identity.lookupPhone(FIXTURE_PHONE_NOT_FOUND, ctx()));
      expectNotFound(await p.identity.lookupPhone('+2348012345672', ctx()));
    });

    it('face match: MATCH, NO_MATCH (person still sent), not found', async () => {
      const input = { nin: FIXTURE_NIN_FOUND, selfieImage: FIXTURE_PHOTO, livelinessImages: [FIXTURE_PHOTO, FIXTURE_PHOTO] };
      expect(expectFound(await p.identity.faceMatch(input, ctx()))).toEqual(fixtureFaceMatch(input));
      expect(expectFound(await p.identity.faceMatch(input, ctx()))).toMatchObject({ matchResult: 'MATCH', person: FIXTURE_NIN_PERSON });
      const noMatch = { ...input, selfieImage: `NOMATCH${FIXTURE_PHOTO}` };
      expect(expectFound(await p.identity.faceMatch(noMatch, ctx()))).toEqual(fixtureFaceMatch(noMatch));
      expect(expectFound(await p.identity.faceMatch(noMatch, ctx()))).toMatchObject({ matchResult: 'NO_MATCH', person: FIXTURE_NIN_PERSON });
      expectNotFound(await p.identity.faceMatch({ ...input, nin: FIXTURE_NIN_NOT_FOUND }, ctx()));
    });
  });

  describe('BVN service', () => {
    it('BVN lookup: the fixture person with enrolment fields, a generated one, not found', async () => {
      expect(expectFound(await p.bvn.lookupBvn(FIXTURE_BVN_FOUND, ctx()))).toEqual(FIXTURE_BVN_PERSON);
      expect(expectFound(await p.bvn.lookupBvn('24681357902', ctx()))).toMatchObject({ firstName: expect.any(String) });
      expectNotFound(await p.bvn.lookupBvn(FIXTURE_BVN_NOT_FOUND, ctx()));
      expectNotFound(await p.bvn.lookupBvn('24681357903', ctx()));
    });

    it('face validation: MATCH, NO_MATCH, not found', async () => {
      const input = { bvn: FIXTURE_BVN_FOUND, image: FIXTURE_PHOTO };
      expect(expectFound(await p.bvn.faceValidation(input, ctx()))).toEqual(fixtureFaceValidation(input));
      const noMatch = { ...input, image: `NOMATCH${FIXTURE_PHOTO}` };
      expect(expectFound(await p.bvn.faceValidation(noMatch, ctx()))).toEqual(fixtureFaceValidation(noMatch));
      expect(expectFound(await p.bvn.faceValidation(noMatch, ctx()))).toMatchObject({ matchResult: 'NO_MATCH', confidence: expect.any(Number) });
      expectNotFound(await p.bvn.faceValidation({ ...input, bvn: FIXTURE_BVN_NOT_FOUND }, ctx()));
    });
  });

  describe('federal tax registry', () => {
    it('TIN verify: a company, an individual with nulls, a generated taxpayer, not found', async () => {
      expect(expectFound(await p.federalTax.verifyTin(FIXTURE_TIN_COMPANY, ctx()))).toEqual(FIXTURE_TAXPAYER_COMPANY);
      expect(expectFound(await p.federalTax.verifyTin(FIXTURE_TIN_INDIVIDUAL, ctx()))).toEqual(FIXTURE_TAXPAYER_INDIVIDUAL);
      const generated = expectFound(await p.federalTax.verifyTin('24681357-0004', ctx()));
      expect(Object.keys(generated).sort()).toEqual(['address', 'cacRegNumber', 'email', 'firsTin', 'jtbTin', 'phoneNumber', 'taxOffice', 'taxpayerName']);
      expectNotFound(await p.federalTax.verifyTin(FIXTURE_TIN_NOT_FOUND, ctx()));
      expectNotFound(await p.federalTax.verifyTin('24681357-0003', ctx()));
    });

    it('TIN by phone: found or not', async () => {
      expect(expectFound(await p.federalTax.byPhone(FIXTURE_PHONE_RESOLVES, ctx()))).toEqual(FIXTURE_TAXPAYER_COMPANY);
      expectNotFound(await p.federalTax.byPhone(FIXTURE_PHONE_NOT_FOUND, ctx()));
    });

    it('TIN from NIN: the fixture, a generated one (DD/MM/YYYY), not found', async () => {
      expect(expectFound(await p.federalTax.tinFromNin(FIXTURE_NIN_FOUND, ctx()))).toEqual(FIXTURE_TIN_FROM_NIN);
      expect(expectFound(await p.federalTax.tinFromNin('24681357902', ctx()))).toMatchObject({ tin: expect.any(String), dateOfBirth: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/) });
      expectNotFound(await p.federalTax.tinFromNin(FIXTURE_NIN_NOT_FOUND, ctx()));
    });
  });

  describe('joint tax registry', () => {
    it('validate: VALID and INVALID are answers (found), the country in lower case; not found', async () => {
      expect(expectFound(await p.jointTax.validateTin({ tin: FIXTURE_VALIDATE_VALID, country: 'NG' }, ctx()))).toMatchObject({ result: 'VALID', country: 'ng' });
      expect(expectFound(await p.jointTax.validateTin({ tin: FIXTURE_VALIDATE_INVALID, country: 'NG' }, ctx()))).toEqual({ result: 'INVALID', format: null, tinType: null, country: 'ng' });
      expect(expectFound(await p.jointTax.validateTin({ tin: '1000000006', country: 'NG' }, ctx()))).toMatchObject({ result: 'INVALID' });
      expect(expectFound(await p.jointTax.validateTin({ tin: '2468013570', country: 'NG' }, ctx()))).toMatchObject({ result: 'VALID' });
      expectNotFound(await p.jointTax.validateTin({ tin: FIXTURE_VALIDATE_NOT_FOUND, country: 'NG' }, ctx()));
      expectNotFound(await p.jointTax.validateTin({ tin: '2468013579', country: 'NG' }, ctx()));
    });
  });

  describe('corporate registry', () => {
    it('basic: the fixture company, leading zeros significant, the type matters, the name narrows', async () => {
      const one = { rcNumber: FIXTURE_RC_ONE, companyType: 'RC' } as const;
      expect(expectFound(await p.corporate.basic(one, ctx()))).toEqual(fixtureCacBasic(one));
      const zero = { rcNumber: FIXTURE_RC_LEADING_ZERO, companyType: 'RC' } as const;
      expect(expectFound(await p.corporate.basic(zero, ctx()))).toEqual(fixtureCacBasic(zero));
      expectNotFound(await p.corporate.basic({ rcNumber: FIXTURE_RC_LEADING_ZERO.slice(1), companyType: 'RC' }, ctx()));
      expectNotFound(await p.corporate.basic({ rcNumber: FIXTURE_RC_ONE, companyType: 'BN' }, ctx()));
      expectNotFound(await p.corporate.basic({ ...one, companyName: 'no such name' }, ctx()));
      expect(expectFound(await p.corporate.basic({ ...one, companyName: 'lagoon crest' }, ctx()))).toEqual(fixtureCacBasic(one));
      expect(expectFound(await p.corporate.basic({ rcNumber: '246802', companyType: 'RC' }, ctx()))).toMatchObject({ rcNumber: '246802', entityType: 'RC' });
    });

    it('advance: every company sharing a number, with directors; not found', async () => {
      const shared = { rcNumber: FIXTURE_RC_SHARED, companyType: 'RC' } as const;
      const value = expectFound(await p.corporate.advance(shared, ctx()));
      expect(value).toEqual(fixtureCacAdvance(shared));
      expect(value.companies).toHaveLength(2);
      const one = { rcNumber: FIXTURE_RC_ONE, companyType: 'RC' } as const;
      expect(expectFound(await p.corporate.advance(one, ctx()))).toEqual(fixtureCacAdvance(one));
      const generated = expectFound(await p.corporate.advance({ rcNumber: '246802', companyType: 'RC' }, ctx()));
      expect(generated.companies).toHaveLength(1);
      expect(generated.companies[0]!.directors.length).toBeGreaterThanOrEqual(2);
      expect(generated.companies[0]!.directors.length).toBeLessThanOrEqual(6);
      expectNotFound(await p.corporate.advance({ rcNumber: '0000000', companyType: 'RC' }, ctx()));
      expectNotFound(await p.corporate.advance({ rcNumber: '246801', companyType: 'RC' }, ctx()));
    });
  });

  describe('phone-number resolution provider', () => {
    it('resolve: the NIN a number is registered to, or not found', async () => {
      expect(expectFound(await p.phoneResolution.resolve(FIXTURE_PHONE_RESOLVES, ctx()))).toEqual({ nin: FIXTURE_NIN_FOUND });
      const generated = expectFound(await p.phoneResolution.resolve('+2348012345674', ctx()));
      expect(generated.nin).toMatch(/^\d{10}[02468]$/);
      expectFound(await p.identity.lookupNin(generated.nin, ctx()));
      expectNotFound(await p.phoneResolution.resolve(FIXTURE_PHONE_FALLBACK, ctx()));
      expectNotFound(await p.phoneResolution.resolve('+2348012345673', ctx()));
    });
  });

  describe('faults by identifier, on every call', () => {
    it.each(CALLS)('$name: 500 → PROVIDER_ERROR, 503 → PROVIDER_UNAVAILABLE, 429 → PROVIDER_RATE_LIMITED (Retry-After 3)', async (call) => {
      expect(await call.run(p, faultId(call.kind, '9999502'))).toEqual({ kind: 'failure', code: 'PROVIDER_ERROR' });
      expect(await call.run(p, faultId(call.kind, '9999503'))).toEqual({ kind: 'failure', code: 'PROVIDER_UNAVAILABLE' });
      expect(await call.run(p, faultId(call.kind, '9999429'))).toEqual({ kind: 'failure', code: 'PROVIDER_RATE_LIMITED', retryAfterSeconds: 3 });
    });

    it('9999504 never answers: every call times out after timeoutMs', async () => {
      const fast = providers(simulatorUrls(sim.url), { ...noBreaker, timeoutMs: 300 });
      const started = Date.now();
      const outcomes = await Promise.all(CALLS.map((call) => call.run(fast, faultId(call.kind, '9999504'))));
      const elapsed = Date.now() - started;
      expect(outcomes).toEqual(CALLS.map(() => ({ kind: 'failure', code: 'PROVIDER_TIMEOUT' })));
      expect(elapsed).toBeGreaterThanOrEqual(280);
      expect(elapsed).toBeLessThan(2_500);
    });
  });

  it('an upstream URL without its mount is a mapping error, never "not found" (a 404 without referenceId)', async () => {
    const wrong = providers({ ...simulatorUrls(sim.url), identity: sim.url }, noBreaker);
    expect(await wrong.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())).toEqual({ kind: 'failure', code: 'PROVIDER_ERROR' });
  });
});

describe('faults by the simulator’s configuration', () => {
  let sim: Simulator;
  let p: HttpProviders;
  beforeAll(async () => {
    sim = await startSimulator({ hangMs: 5_000 });
    p = providers(simulatorUrls(sim.url), { ...noBreaker, timeoutMs: 300 });
  });
  afterEach(() => {
    Object.assign(sim.options, { errorRate: 0, unavailableRate: 0, rateLimitRate: 0, timeoutRate: 0 });
  });
  afterAll(async () => {
    await sim.app.close();
  });

  const everyCall = (id: Record<Kind, string>) => Promise.all(CALLS.map((call) => call.run(p, id[call.kind])));
  const FOUND: Record<Kind, string> = { nin: FIXTURE_NIN_FOUND, bvn: FIXTURE_BVN_FOUND, phone: FIXTURE_PHONE_RESOLVES, federalTin: FIXTURE_TIN_COMPANY, validateTin: FIXTURE_VALIDATE_VALID, rc: FIXTURE_RC_ONE };

  it('errorRate 1: every call is PROVIDER_ERROR; unavailableRate 1: PROVIDER_UNAVAILABLE', async () => {
    sim.options.errorRate = 1;
    expect(await everyCall(FOUND)).toEqual(CALLS.map(() => ({ kind: 'failure', code: 'PROVIDER_ERROR' })));
    sim.options.errorRate = 0;
    sim.options.unavailableRate = 1;
    expect(await everyCall(FOUND)).toEqual(CALLS.map(() => ({ kind: 'failure', code: 'PROVIDER_UNAVAILABLE' })));
  });

  it('rateLimitRate 1: PROVIDER_RATE_LIMITED with the Retry-After the simulator sent', async () => {
    sim.options.rateLimitRate = 1;
    const outcomes = await everyCall(FOUND);
    for (const o of outcomes) {
      expect(o).toEqual({ kind: 'failure', code: 'PROVIDER_RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
      expect((o as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
  });

  it('timeoutRate 1: PROVIDER_TIMEOUT after timeoutMs; back to 0, answers again', async () => {
    sim.options.timeoutRate = 1;
    expect(await everyCall(FOUND)).toEqual(CALLS.map(() => ({ kind: 'failure', code: 'PROVIDER_TIMEOUT' })));
    sim.options.timeoutRate = 0;
    for (const o of await everyCall(FOUND)) expect(o.kind).toBe('found');
  });
});

// ---------------------------------------------------------------------------------------------
// Headers, over a recording proxy in front of the simulator.

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  responseHeaders?: IncomingHttpHeaders;
}

/** An HTTP proxy that records each request (and the answer's headers) and passes it to `target`. */
async function recordingProxy(target: string) {
  const t = new URL(target);
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rec: Recorded = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(rec);
      const up = httpRequest({ host: t.hostname, port: t.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        rec.responseHeaders = answer.headers;
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      up.on('error', () => res.destroy());
      up.end(rec.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, requests, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

describe('what the adapters send', () => {
  let sim: Simulator;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  beforeAll(async () => {
    sim = await startSimulator();
    proxy = await recordingProxy(sim.url);
  });
  afterAll(async () => {
    await proxy.close();
    await sim.app.close();
  });

  it('X-Request-Id always, a JSON POST to the mount, no Authorization without PROVIDER_API_KEY, no correlation id outside the corporate registry', async () => {
    const p = providers(simulatorUrls(proxy.url));
    proxy.requests.length = 0;
    await p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx({ requestId: 'req_one', correlationId: 'corr-identity' }));
    const [r] = proxy.requests;
    expect(r).toMatchObject({ method: 'POST', url: '/identity/v1/nin/lookup' });
    expect(JSON.parse(r!.body)).toEqual({ nin: FIXTURE_NIN_FOUND });
    expect(r!.headers).toMatchObject({ 'x-request-id': 'req_one', 'content-type': 'application/json' });
    expect(r!.headers.authorization).toBeUndefined();
    expect(r!.headers['x-correlation-id']).toBeUndefined();
  });

  it('each call reaches its path under its mount with the body of the contract', async () => {
    const p = providers(simulatorUrls(proxy.url), { apiKey: 'prov-secret' });
    proxy.requests.length = 0;
    await p.identity.lookupPhone(FIXTURE_PHONE_FALLBACK, ctx());
    await p.identity.faceMatch({ nin: FIXTURE_NIN_FOUND, selfieImage: 'a', livelinessImages: ['b', 'c'] }, ctx());
    await p.bvn.lookupBvn(FIXTURE_BVN_FOUND, ctx());
    await p.bvn.faceValidation({ bvn: FIXTURE_BVN_FOUND, image: 'd' }, ctx());
    await p.federalTax.verifyTin(FIXTURE_TIN_COMPANY, ctx());
    await p.federalTax.byPhone(FIXTURE_PHONE_RESOLVES, ctx());
    await p.federalTax.tinFromNin(FIXTURE_NIN_FOUND, ctx());
    await p.jointTax.validateTin({ tin: FIXTURE_VALIDATE_VALID, country: 'NG' }, ctx());
    await p.corporate.basic({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC', companyName: 'Lagoon' }, ctx());
    await p.corporate.advance({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }, ctx());
    await p.phoneResolution.resolve(FIXTURE_PHONE_RESOLVES, ctx());
    expect(proxy.requests.map((r) => [r.url, JSON.parse(r.body)])).toEqual([
      ['/identity/v1/phone/lookup', { phoneNumber: FIXTURE_PHONE_FALLBACK }],
      ['/identity/v1/nin/face-match', { nin: FIXTURE_NIN_FOUND, selfieImage: 'a', livelinessImages: ['b', 'c'] }],
      ['/bvn/v1/bvn/lookup', { bvn: FIXTURE_BVN_FOUND }],
      ['/bvn/v1/bvn/face-validation', { bvn: FIXTURE_BVN_FOUND, image: 'd' }],
      ['/firs/v1/tin/verify', { tin: FIXTURE_TIN_COMPANY }],
      ['/firs/v1/tin/by-phone', { phoneNumber: FIXTURE_PHONE_RESOLVES }],
      ['/firs/v1/tin/from-nin', { nin: FIXTURE_NIN_FOUND }],
      ['/jtb/v1/tin/validate', { tin: FIXTURE_VALIDATE_VALID, country: 'NG' }],
      ['/cac/v1/companies/basic', { rcNumber: FIXTURE_RC_ONE, companyType: 'RC', companyName: 'Lagoon' }],
      ['/cac/v1/companies/advance', { rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }],
      ['/resolution/v1/msisdn/resolve', { phoneNumber: FIXTURE_PHONE_RESOLVES }],
    ]);
    for (const r of proxy.requests) expect(r.headers.authorization).toBe('Bearer prov-secret');
  });

  it('the corporate registry gets the caller’s X-Correlation-ID (and echoes it)', async () => {
    const p = providers(simulatorUrls(proxy.url));
    proxy.requests.length = 0;
    expectFound(await p.corporate.basic({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }, ctx({ requestId: 'req_cac1', correlationId: 'corr-123' })));
    expectFound(await p.corporate.advance({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }, ctx({ requestId: 'req_cac2', correlationId: 'corr-456' })));
    await p.corporate.basic({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }, ctx({ requestId: 'req_cac3' }));
    const [basic, advance, without] = proxy.requests;
    expect(basic!.headers).toMatchObject({ 'x-correlation-id': 'corr-123', 'x-request-id': 'req_cac1' });
    expect(basic!.responseHeaders!['x-correlation-id']).toBe('corr-123');
    expect(advance!.headers).toMatchObject({ 'x-correlation-id': 'corr-456', 'x-request-id': 'req_cac2' });
    expect(without!.headers['x-correlation-id']).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Answers the simulator never gives: a scripted upstream.

async function scriptedUpstream(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

describe('classification of answers no well-behaved upstream gives', () => {
  let next: { status: number; headers?: Record<string, string>; body?: string; stallBody?: boolean; earlyHints?: boolean };
  let upstream: Awaited<ReturnType<typeof scriptedUpstream>>;
  let p: HttpProviders;
  beforeAll(async () => {
    upstream = await scriptedUpstream((_req, res) => {
      if (next.earlyHints) res.writeEarlyHints({ link: '</x>; rel=preload' });
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
      if (next.stallBody) {
        res.write(next.body?.slice(0, 5) ?? '{');
        return; // never ends
      }
      res.end(next.body ?? '');
    });
    const urls = Object.fromEntries(UPSTREAMS.map((u) => [u, `${upstream.url}${SIMULATOR_MOUNTS[u]}`])) as Record<Upstream, string>;
    p = providers(urls, { ...noBreaker, timeoutMs: 300 });
  });
  afterAll(async () => {
    await upstream.close();
  });
  const answer = (status: number, body: unknown, headers?: Record<string, string>) => {
    next = { status, body: typeof body === 'string' ? body : JSON.stringify(body), ...(headers ? { headers } : {}) };
  };
  const failure = (code: string, extra: object = {}) => ({ kind: 'failure', code, ...extra });

  it('a malformed 200 is PROVIDER_ERROR, on every call', async () => {
    const malformed: Array<[string, unknown, () => Promise<ProviderOutcome<unknown>>]> = [
      ['person missing', { referenceId: 'R1' }, () => p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())],
      ['gender not MALE|FEMALE', { referenceId: 'R1', person: { firstName: 'A', gender: 'X' } }, () => p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())],
      ['dateOfBirth not YYYY-MM-DD', { referenceId: 'R1', person: { dateOfBirth: '12/04/1990' } }, () => p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())],
      ['a field null where absent is meant', { referenceId: 'R1', person: { firstName: null } }, () => p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())],
      ['referenceId a number', { referenceId: 7, person: {} }, () => p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())],
      ['phone lookup without nin', { referenceId: 'R1', person: { firstName: 'A' } }, () => p.identity.lookupPhone(FIXTURE_PHONE_FALLBACK, ctx())],
      ['confidence over 100', { referenceId: 'R1', matchResult: 'MATCH', confidence: 101, person: {} }, () => p.identity.faceMatch({ nin: FIXTURE_NIN_FOUND, selfieImage: 'a', livelinessImages: [] }, ctx())],
      ['matchResult unknown', { referenceId: 'R1', matchResult: 'MAYBE', confidence: 50, person: {} }, () => p.bvn.faceValidation({ bvn: FIXTURE_BVN_FOUND, image: 'a' }, ctx())],
      ['person a string', { referenceId: 'R1', person: 'Emeka' }, () => p.bvn.lookupBvn(FIXTURE_BVN_FOUND, ctx())],
      ['taxpayer field missing', { referenceId: 'R1', taxpayer: { firsTin: '1' } }, () => p.federalTax.verifyTin(FIXTURE_TIN_COMPANY, ctx())],
      ['taxpayer field a number', { referenceId: 'R1', taxpayer: { ...FIXTURE_TAXPAYER_COMPANY, email: 5 } }, () => p.federalTax.byPhone(FIXTURE_PHONE_RESOLVES, ctx())],
      ['from-nin date YYYY-MM-DD', { referenceId: 'R1', ...FIXTURE_TIN_FROM_NIN, dateOfBirth: '1990-04-12' }, () => p.federalTax.tinFromNin(FIXTURE_NIN_FOUND, ctx())],
      ['validate result unknown', { referenceId: 'R1', result: 'MAYBE', format: null, tinType: null, country: 'ng' }, () => p.jointTax.validateTin({ tin: '1', country: 'NG' }, ctx())],
      ['company entityType unknown', { referenceId: 'R1', company: { ...fixtureCacBasic({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }), entityType: 'PLC' } }, () => p.corporate.basic({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }, ctx())],
      ['advance with no company', { referenceId: 'R1', companies: [] }, () => p.corporate.advance({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }, ctx())],
      ['director isChairman a string', { referenceId: 'R1', companies: fixtureCacAdvance({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' })!.companies.map((c) => ({ ...c, directors: c.directors.map((d) => ({ ...d, isChairman: 'yes' })) })) }, () => p.corporate.advance({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }, ctx())],
      ['resolved nin not 11 digits', { referenceId: 'R1', nin: '123' }, () => p.phoneResolution.resolve(FIXTURE_PHONE_RESOLVES, ctx())],
      ['not JSON', 'Service Temporarily Unavailable <html>', () => p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())],
      ['empty', '', () => p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())],
      ['JSON null', 'null', () => p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())],
    ];
    for (const [label, body, call] of malformed) {
      answer(200, body);
      expect(await call(), label).toEqual(failure('PROVIDER_ERROR'));
    }
  });

  it('an informational answer first (103 Early Hints): the final answer is the one classified', async () => {
    next = { status: 429, headers: { 'retry-after': '9' }, body: '', earlyHints: true };
    expect(await p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())).toEqual(failure('PROVIDER_RATE_LIMITED', { retryAfterSeconds: 9 }));
    next = { status: 200, body: JSON.stringify({ referenceId: 'R1', person: { firstName: 'Ada' } }), earlyHints: true };
    expect(await p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())).toEqual({ kind: 'found', referenceId: 'R1', value: { firstName: 'Ada' } });
  });

  it('a well-formed 200 keeps only the fields of the port (extra ones are dropped)', async () => {
    answer(200, { referenceId: 'R1', extra: 1, person: { firstName: 'Ada', gender: 'FEMALE', bloodGroup: 'O+' } });
    expect(await p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())).toEqual({ kind: 'found', referenceId: 'R1', value: { firstName: 'Ada', gender: 'FEMALE' } });
  });

  it('status codes: 404 needs a referenceId; 400, 401, 500, 502 are errors; 503 unavailable; 504 timeout', async () => {
    answer(404, { referenceId: 'R404' });
    expect(await p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())).toEqual({ kind: 'not_found', referenceId: 'R404' });
    answer(404, { message: 'Route POST:/x not found', statusCode: 404 });
    expect(await p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())).toEqual(failure('PROVIDER_ERROR'));
    for (const status of [400, 401, 403, 409, 500, 502]) {
      answer(status, { error: 'x' });
      expect(await p.bvn.lookupBvn(FIXTURE_BVN_FOUND, ctx()), String(status)).toEqual(failure('PROVIDER_ERROR'));
    }
    answer(503, '');
    expect(await p.corporate.basic({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }, ctx())).toEqual(failure('PROVIDER_UNAVAILABLE'));
    answer(504, { error: 'gateway timeout' });
    expect(await p.jointTax.validateTin({ tin: '1', country: 'NG' }, ctx())).toEqual(failure('PROVIDER_TIMEOUT'));
  });

  it('429: Retry-After in seconds or as a date is passed on; absent, 5 s', async () => {
    answer(429, { error: 'slow down' }, { 'retry-after': '17' });
    expect(await p.phoneResolution.resolve(FIXTURE_PHONE_RESOLVES, ctx())).toEqual(failure('PROVIDER_RATE_LIMITED', { retryAfterSeconds: 17 }));
    answer(429, { error: 'slow down' }, { 'retry-after': new Date(Date.now() + 30_000).toUTCString() });
    const dated = await p.phoneResolution.resolve(FIXTURE_PHONE_RESOLVES, ctx());
    expect((dated as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(28);
    expect((dated as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(31);
    answer(429, '');
    expect(await p.phoneResolution.resolve(FIXTURE_PHONE_RESOLVES, ctx())).toEqual(failure('PROVIDER_RATE_LIMITED', { retryAfterSeconds: 5 }));
    expect(retryAfterSeconds('0.2')).toBe(1);
    expect(retryAfterSeconds('soon')).toBe(5);
    expect(retryAfterSeconds(new Date(Date.now() - 60_000).toUTCString())).toBe(1);
  });

  it('headers sent, then the body stalls: PROVIDER_TIMEOUT within timeoutMs', async () => {
    next = { status: 200, body: JSON.stringify({ referenceId: 'R1', person: {} }), stallBody: true };
    const started = Date.now();
    expect(await p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())).toEqual(failure('PROVIDER_TIMEOUT'));
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});

// ---------------------------------------------------------------------------------------------
// The circuit breaker (DESIGN.md §8).

const ok = <T>(value: T): ProviderOutcome<T> => ({ kind: 'found', referenceId: 'R', value });
const fail = (code: 'PROVIDER_ERROR' | 'PROVIDER_UNAVAILABLE' | 'PROVIDER_TIMEOUT' | 'PROVIDER_RATE_LIMITED' = 'PROVIDER_ERROR'): ProviderOutcome<never> => ({ kind: 'failure', code });

describe('circuit breaker (unit, injected clock)', () => {
  function breaker() {
    const clock = new ManualClock();
    const changes: Array<[BreakerState, BreakerState]> = [];
    const b = new CircuitBreaker('identity', { clock, onStateChange: ({ from, to }) => changes.push([from, to]) });
    let calls = 0;
    const run = (outcome: ProviderOutcome<unknown>) =>
      b.run(async () => {
        calls++;
        return outcome;
      });
    return { b, clock, changes, run, calls: () => calls };
  }

  it('20 calls, half of them failed, open it; while open no call is made and 503 is answered at once', async () => {
    const { b, run, calls, changes } = breaker();
    for (let i = 0; i < 10; i++) await run(ok(1));
    for (let i = 0; i < 9; i++) await run(fail());
    expect(b.state).toBe('closed');
    await run(fail('PROVIDER_TIMEOUT'));
    expect(b.state).toBe('open');
    expect(changes).toEqual([['closed', 'open']]);
    expect(calls()).toBe(20);
    expect(await run(ok(1))).toEqual({ kind: 'failure', code: 'PROVIDER_UNAVAILABLE', retryAfterSeconds: 5 });
    expect(calls()).toBe(20);
    expect(b.snapshot()).toMatchObject({ state: 'open', calls: 20, failures: 10, rejected: 1 });
  });

  it('fewer than 20 calls never open it, even all failed', async () => {
    const { b, run } = breaker();
    for (let i = 0; i < 19; i++) await run(fail('PROVIDER_UNAVAILABLE'));
    expect(b.state).toBe('closed');
    await run(fail('PROVIDER_UNAVAILABLE'));
    expect(b.state).toBe('open');
  });

  it('less than half failed: stays closed', async () => {
    const { b, run } = breaker();
    for (let i = 0; i < 11; i++) await run(ok(1));
    for (let i = 0; i < 10; i++) await run(fail());
    expect(b.snapshot()).toMatchObject({ state: 'closed', calls: 21, failures: 10 });
  });

  it('not found answers and 429s are answers, not failures', async () => {
    const { b, run } = breaker();
    for (let i = 0; i < 30; i++) await run({ kind: 'not_found', referenceId: 'R' });
    for (let i = 0; i < 30; i++) await run(fail('PROVIDER_RATE_LIMITED'));
    expect(b.snapshot()).toMatchObject({ state: 'closed', calls: 60, failures: 0 });
  });

  it('only the last 10 s count', async () => {
    const { b, clock, run } = breaker();
    for (let i = 0; i < 15; i++) await run(fail());
    clock.advance(10_000);
    for (let i = 0; i < 15; i++) await run(fail());
    expect(b.snapshot()).toMatchObject({ state: 'closed', calls: 15, failures: 15 });
    clock.advance(4_000);
    for (let i = 0; i < 5; i++) await run(fail());
    expect(b.state).toBe('open');
  });

  it('half-open after 5 s: one trial call; its success closes it with a fresh window', async () => {
    const { b, clock, run, calls, changes } = breaker();
    for (let i = 0; i < 20; i++) await run(fail());
    clock.advance(4_999);
    expect(b.state).toBe('open');
    expect(await run(ok(1))).toMatchObject({ kind: 'failure', code: 'PROVIDER_UNAVAILABLE', retryAfterSeconds: 1 });
    expect(calls()).toBe(20);
    clock.advance(1);
    expect(b.state).toBe('half_open');
    // The trial is in flight: everything else is still answered at once.
    let release!: () => void;
    const trial = b.run(() => new Promise<ProviderOutcome<number>>((r) => (release = () => r(ok(7)))));
    expect(b.state).toBe('half_open');
    expect(await run(ok(1))).toMatchObject({ kind: 'failure', code: 'PROVIDER_UNAVAILABLE' });
    expect(calls()).toBe(20);
    release();
    expect(await trial).toEqual(ok(7));
    expect(b.state).toBe('closed');
    expect(changes).toEqual([['closed', 'open'], ['open', 'half_open'], ['half_open', 'closed']]);
    // A fresh window: one failure after closing does not reopen it.
    await run(fail());
    expect(b.snapshot()).toMatchObject({ state: 'closed', calls: 1, failures: 1 });
  });

  it('a failed trial opens it for another 5 s; recovery after', async () => {
    const { b, clock, run, calls } = breaker();
    for (let i = 0; i < 20; i++) await run(fail());
    clock.advance(5_000);
    expect(await run(fail('PROVIDER_TIMEOUT'))).toEqual(fail('PROVIDER_TIMEOUT'));
    expect(calls()).toBe(21);
    expect(b.state).toBe('open');
    clock.advance(4_000);
    expect(await run(ok(1))).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryAfterSeconds: 1 });
    expect(calls()).toBe(21);
    clock.advance(1_000);
    expect(await run(ok(2))).toEqual(ok(2));
    expect(b.state).toBe('closed');
    expect(await run(ok(3))).toEqual(ok(3));
  });

  it('a call begun while closed that ends after the breaker opened changes nothing', async () => {
    const { b, clock, run } = breaker();
    let release!: () => void;
    const slow = b.run(() => new Promise<ProviderOutcome<number>>((r) => (release = () => r(ok(1)))));
    for (let i = 0; i < 20; i++) await run(fail());
    expect(b.state).toBe('open');
    release();
    await slow;
    expect(b.state).toBe('open');
    clock.advance(5_000);
    expect(b.state).toBe('half_open');
  });

  it('an adapter that throws counts as failed, and the error reaches the caller', async () => {
    const { b } = breaker();
    for (let i = 0; i < 20; i++) {
      await expect(b.run(() => Promise.reject(new Error('bug')))).rejects.toThrow('bug');
    }
    expect(b.state).toBe('open');
  });

  it('its state is a gauge of /metrics', async () => {
    const { b, run } = breaker();
    const registry = new Registry();
    registerBreakerMetrics(registry, [b]);
    expect(await registry.metrics()).toMatch(/idv_circuit_breaker_state\{upstream="identity"\} 0/);
    for (let i = 0; i < 20; i++) await run(fail());
    await run(ok(1));
    const text = await registry.metrics();
    expect(text).toMatch(/idv_circuit_breaker_state\{upstream="identity"\} 2/);
    expect(text).toMatch(/idv_circuit_breaker_rejected\{upstream="identity"\} 1/);
  });
});

describe('circuit breaker on the wire', () => {
  let sim: Simulator;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  beforeAll(async () => {
    sim = await startSimulator({ hangMs: 5_000 });
    proxy = await recordingProxy(sim.url);
  });
  afterAll(async () => {
    await proxy.close();
    await sim.app.close();
  });

  it('each upstream has its own breaker: half of 20 identity calls failing opens identity’s only; no request reaches the registry while open; a trial after 5 s closes it', async () => {
    const clock = new ManualClock();
    const p = providers(simulatorUrls(proxy.url), { clock });
    proxy.requests.length = 0;
    const outcomes = await Promise.all([
      ...Array.from({ length: 10 }, () => p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())),
      ...Array.from({ length: 10 }, () => p.identity.lookupNin(FAULT_NIN_ERROR, ctx())),
    ]);
    expect(outcomes.filter((o) => o.kind === 'found')).toHaveLength(10);
    expect(p.breakers.identity.state).toBe('open');
    expect(proxy.requests).toHaveLength(20);

    for (let i = 0; i < 5; i++) {
      expect(await p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx())).toEqual({ kind: 'failure', code: 'PROVIDER_UNAVAILABLE', retryAfterSeconds: 5 });
      expect(await p.identity.faceMatch({ nin: FIXTURE_NIN_FOUND, selfieImage: 'a', livelinessImages: [] }, ctx())).toMatchObject({ kind: 'failure', code: 'PROVIDER_UNAVAILABLE' });
    }
    expect(proxy.requests).toHaveLength(20);
    // The other upstreams are untouched.
    expect(Object.entries(p.breakers).filter(([, b]) => b.state !== 'closed').map(([u]) => u)).toEqual(['identity']);
    expectFound(await p.bvn.lookupBvn(FIXTURE_BVN_FOUND, ctx()));
    expect(proxy.requests).toHaveLength(21);

    clock.advance(5_000);
    expect(p.breakers.identity.state).toBe('half_open');
    expect(expectFound(await p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx()))).toEqual(FIXTURE_NIN_PERSON);
    expect(proxy.requests).toHaveLength(22);
    expect(p.breakers.identity.state).toBe('closed');
    expectFound(await p.identity.lookupNin(FIXTURE_NIN_FOUND, ctx()));
  });

  it('errorRate 1 opens it; a trial while the registry still fails re-opens it; recovery once it answers again', async () => {
    const clock = new ManualClock();
    const p = providers(simulatorUrls(proxy.url), { clock });
    sim.options.errorRate = 1;
    try {
      proxy.requests.length = 0;
      await Promise.all(Array.from({ length: 20 }, () => p.corporate.basic({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }, ctx())));
      expect(p.breakers.corporate.state).toBe('open');
      expect(await p.corporate.basic({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }, ctx())).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
      expect(proxy.requests).toHaveLength(20);
      clock.advance(5_000);
      expect(await p.corporate.basic({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }, ctx())).toEqual({ kind: 'failure', code: 'PROVIDER_ERROR' });
      expect(proxy.requests).toHaveLength(21);
      expect(p.breakers.corporate.state).toBe('open');
      sim.options.errorRate = 0;
      clock.advance(4_999);
      expect(await p.corporate.basic({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }, ctx())).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
      clock.advance(1);
      expectFound(await p.corporate.basic({ rcNumber: FIXTURE_RC_ONE, companyType: 'RC' }, ctx()));
      expect(p.breakers.corporate.state).toBe('closed');
      expect(proxy.requests).toHaveLength(22);
    } finally {
      sim.options.errorRate = 0;
    }
  });
});

describe('a dead upstream', () => {
  async function closedPort(): Promise<string> {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((r) => server.close(() => r()));
    return `http://127.0.0.1:${port}`;
  }

  it('a closed port: PROVIDER_UNAVAILABLE, and once open answered at once without a connection attempt', async () => {
    const base = await closedPort();
    const urls = Object.fromEntries(UPSTREAMS.map((u) => [u, `${base}${SIMULATOR_MOUNTS[u]}`])) as Record<Upstream, string>;
    const p = providers(urls, { timeoutMs: 2_000 });
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => p.phoneResolution.resolve(FIXTURE_PHONE_RESOLVES, ctx())));
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => ({ kind: 'failure', code: 'PROVIDER_UNAVAILABLE' })));
    expect(p.breakers.phoneResolution.state).toBe('open');
    expect(await p.phoneResolution.resolve(FIXTURE_PHONE_RESOLVES, ctx())).toEqual({ kind: 'failure', code: 'PROVIDER_UNAVAILABLE', retryAfterSeconds: 5 });
    // Answered by the open breaker, not by a connection attempt (counted, not timed: the machine may be loaded).
    expect(p.breakers.phoneResolution.snapshot().rejected).toBe(1);
  });

  it('an upstream that accepts connections and never answers: timeouts open it, then calls are answered at once and no request is sent', async () => {
    const sockets = new Set<Socket>();
    let requests = 0;
    const blackhole = createTcpServer((s) => {
      sockets.add(s);
      s.once('data', () => requests++);
      s.on('error', () => undefined);
    });
    await new Promise<void>((r) => blackhole.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(blackhole.address() as { port: number }).port}`;
    try {
      const urls = Object.fromEntries(UPSTREAMS.map((u) => [u, `${base}${SIMULATOR_MOUNTS[u]}`])) as Record<Upstream, string>;
      const p = providers(urls, { timeoutMs: 200 });
      const started = performance.now();
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => p.federalTax.verifyTin(FIXTURE_TIN_COMPANY, ctx())));
      expect(performance.now() - started).toBeGreaterThanOrEqual(190);
      expect(outcomes).toEqual(Array.from({ length: 20 }, () => ({ kind: 'failure', code: 'PROVIDER_TIMEOUT' })));
      expect(p.breakers.federalTax.state).toBe('open');
      expect(requests).toBe(20);
      const rejectedBefore = p.breakers.federalTax.snapshot().rejected;
      const fast = await Promise.all(Array.from({ length: 50 }, () => p.federalTax.verifyTin(FIXTURE_TIN_COMPANY, ctx())));
      expect(fast.every((o) => o.kind === 'failure' && o.code === 'PROVIDER_UNAVAILABLE')).toBe(true);
      // All 50 answered by the open breaker (counted, not timed), and none reached the upstream (below).
      expect(p.breakers.federalTax.snapshot().rejected - rejectedBefore).toBe(50);
      await new Promise((r) => setTimeout(r, 100));
      expect(requests).toBe(20);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => blackhole.close(() => r()));
    }
  });
});

describe('a call waiting for a connection', () => {
  it('times out while queued, is never sent after its answer, and leaves the pool serving the next call', async () => {
    let hang = true;
    const seen: string[] = [];
    const upstream = await scriptedUpstream((req, res) => {
      seen.push(String(req.headers['x-request-id']));
      if (hang) return; // never answers
      res.writeHead(200, { 'content-type': 'application/json', 'retry-after': '3' });
      res.end(JSON.stringify({ referenceId: 'R1', ok: true, extra: 1 }));
    });
    // One connection: the second call waits in the pool behind the first, which never gets an answer.
    const client = createUpstreamClient({ baseUrl: upstream.url, timeoutMs: 200, connections: 1, breaker: new CircuitBreaker('queued', { minimumCalls: Number.MAX_SAFE_INTEGER }) });
    const spec = { path: '/x', body: { n: 1 }, answer: compileAnswer(Type.Object({ referenceId: Type.String(), ok: Type.Boolean() })), value: (a: { ok: boolean }) => a };
    try {
      const [first, queued] = await Promise.all([client.call(spec, ctx({ requestId: 'first' })), client.call(spec, ctx({ requestId: 'queued' }))]);
      expect(first).toEqual({ kind: 'failure', code: 'PROVIDER_TIMEOUT' });
      expect(queued).toEqual({ kind: 'failure', code: 'PROVIDER_TIMEOUT' });
      hang = false;
      // The queued call was aborted when it reached the connection, not sent: the next call is.
      expect(await client.call(spec, ctx({ requestId: 'third' }))).toEqual({ kind: 'found', referenceId: 'R1', value: { referenceId: 'R1', ok: true } });
      expect(seen).toEqual(['first', 'third']);
    } finally {
      await client.close();
      await upstream.close();
    }
  });
});

describe('configuration of the upstreams', () => {
  const base = { JWT_SECRET: 'j'.repeat(40), DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'), DATA_DIR: '/tmp/idv-provider-adapters-test' };

  it('reads every provider URL, unset ones null', () => {
    const c = loadConfig({ ...base, IDENTITY_PROVIDER_URL: 'https://nimc.example/identity', CORPORATE_REGISTRY_URL: 'http://cac.internal:8080/cac/' });
    expect(c.providerUrls).toEqual({
      identity: 'https://nimc.example/identity',
      bvn: null,
      federalTax: null,
      jointTax: null,
      corporate: 'http://cac.internal:8080/cac/',
      phoneResolution: null,
    });
  });

  it('names each malformed URL', () => {
    try {
      loadConfig({ ...base, BVN_PROVIDER_URL: 'ftp://bvn', JOINT_TAX_PROVIDER_URL: 'http://', PHONE_RESOLUTION_PROVIDER_URL: 'resolution.local' });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('BVN_PROVIDER_URL must be an http:// or https:// URL');
      expect(problems).toContain('JOINT_TAX_PROVIDER_URL must be an http:// or https:// URL');
      expect(problems).toContain('PHONE_RESOLUTION_PROVIDER_URL must be an http:// or https:// URL');
    }
  });

  it('production refuses to start while any provider URL is unset, naming each', () => {
    const all = Object.fromEntries(Object.values(PROVIDER_URL_SETTINGS).map((name) => [name, 'https://registry.example/x']));
    const prod = { ...base, NODE_ENV: 'production', PAYMENT_GATEWAY_URL: 'https://api.paystack.co', PAYMENT_GATEWAY_SECRET: 'sk_live_x' };
    expect(loadConfig({ ...prod, ...all }).providerUrls.bvn).toBe('https://registry.example/x');
    try {
      loadConfig({ ...prod, IDENTITY_PROVIDER_URL: 'https://registry.example/identity' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems.join('\n')).not.toContain('IDENTITY_PROVIDER_URL');
      for (const name of ['BVN_PROVIDER_URL', 'FEDERAL_TAX_PROVIDER_URL', 'JOINT_TAX_PROVIDER_URL', 'CORPORATE_REGISTRY_URL', 'PHONE_RESOLUTION_PROVIDER_URL']) {
        expect(problems).toContain(`${name} is required in production (live keys would have no registry)`);
      }
    }
  });
});
