import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import {
  FIXTURE_BVN_PERSON,
  FIXTURE_MATCH_CONFIDENCE,
  FIXTURE_NIN_PERSON,
  FIXTURE_NO_MATCH_CONFIDENCE,
  FIXTURE_PHONE_FALLBACK_PERSON,
  FIXTURE_TAXPAYER_COMPANY,
  FIXTURE_TAXPAYER_INDIVIDUAL,
  FIXTURE_TIN_FROM_NIN,
  fixtureCacAdvance,
  fixtureCacBasic,
} from '../../src/providers/fixtures.js';
import { FAULT_NINS, addedLatencyMs, mulberry32, startSimulator, type SimulatorOptions } from '../../src/simulator/simulator.js';

type Sim = Awaited<ReturnType<typeof startSimulator>>;
interface Answer {
  status: number;
  headers: Headers;
  body: any;
  ms: number;
}

async function call(sim: Sim, path: string, body: unknown, headers: Record<string, string> = {}, timeoutMs = 5_000): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, ms: performance.now() - started };
}

/** Resolves to 'no answer' when the simulator has not answered within ms. */
async function answersWithin(sim: Sim, path: string, body: unknown, ms: number, headers: Record<string, string> = {}) {
  try {
    return (await call(sim, path, body, headers, ms)).status;
  } catch (err) {
    if ((err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError') return 'no answer';
    throw err;
  }
}

const REF = expect.stringMatching(/^SIM-/);
const nin = (s: Sim, n: string) => call(s, '/identity/v1/nin/lookup', { nin: n });

describe('registry simulator', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, hangMs: 1_000 });
  });
  afterAll(async () => {
    await sim.app.close();
  });

  describe('fixtures (DESIGN.md §5), one payload shape per call', () => {
    it('identity: NIN lookup, phone lookup, face match', async () => {
      const found = await nin(sim, '11111111111');
      expect(found.status).toBe(200);
      expect(found.body).toEqual({ referenceId: REF, person: { ...FIXTURE_NIN_PERSON } });
      const missing = await nin(sim, '00000000000');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ referenceId: REF });

      const fallback = await call(sim, '/identity/v1/phone/lookup', { phoneNumber: '+2348000000002' });
      expect(fallback.status).toBe(200);
      expect(fallback.body).toEqual({ referenceId: REF, person: { ...FIXTURE_PHONE_FALLBACK_PERSON, nin: '33333333333' } });
      const primary = await call(sim, '/identity/v1/phone/lookup', { phoneNumber: '+2348000000001' });
      expect(primary.body.person).toEqual({ ...FIXTURE_NIN_PERSON, nin: '11111111111' });
      const none = await call(sim, '/identity/v1/phone/lookup', { phoneNumber: '+2348000000000' });
      expect(none.status).toBe(404);
      expect(none.body).toEqual({ referenceId: REF });

      const match = await call(sim, '/identity/v1/nin/face-match', { nin: '11111111111', selfieImage: '/9j/selfie', livelinessImages: ['/9j/a', '/9j/b'] });
      expect(match.status).toBe(200);
      expect(match.body).toEqual({ referenceId: REF, matchResult: 'MATCH', confidence: FIXTURE_MATCH_CONFIDENCE, person: { ...FIXTURE_NIN_PERSON } });
      const viaLiveliness = await call(sim, '/identity/v1/nin/face-match', { nin: '11111111111', selfieImage: '/9j/selfie', livelinessImages: ['/9j/a', 'NOMATCH/9j'] });
      expect(viaLiveliness.body).toMatchObject({ matchResult: 'NO_MATCH', confidence: FIXTURE_NO_MATCH_CONFIDENCE, person: { firstName: 'Adaeze' } });
      const viaSelfie = await call(sim, '/identity/v1/nin/face-match', { nin: '11111111111', selfieImage: 'NOMATCHxyz', livelinessImages: [] });
      expect(viaSelfie.body.matchResult).toBe('NO_MATCH');
      const unknown = await call(sim, '/identity/v1/nin/face-match', { nin: '00000000000', selfieImage: '/9j/selfie', livelinessImages: ['/9j/a'] });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ referenceId: REF });
    });

    it('BVN: lookup and face validation', async () => {
      const found = await call(sim, '/bvn/v1/bvn/lookup', { bvn: '22222222222' });
      expect(found.status).toBe(200);
      expect(found.body).toEqual({ referenceId: REF, person: { ...FIXTURE_BVN_PERSON } });
      expect(found.body.person).toMatchObject({ enrollmentBank: 'First Bank of Nigeria', enrollmentBranch: 'Marina, Lagos', registrationDate: '2015-03-17' });
      expect((await call(sim, '/bvn/v1/bvn/lookup', { bvn: '00000000000' })).status).toBe(404);

      const match = await call(sim, '/bvn/v1/bvn/face-validation', { bvn: '22222222222', image: '/9j/face' });
      expect(match.body).toEqual({ referenceId: REF, matchResult: 'MATCH', confidence: 97.5, person: { ...FIXTURE_BVN_PERSON } });
      const noMatch = await call(sim, '/bvn/v1/bvn/face-validation', { bvn: '22222222222', image: 'NOMATCH' });
      expect(noMatch.body).toMatchObject({ matchResult: 'NO_MATCH', confidence: 12.3 });
      const missing = await call(sim, '/bvn/v1/bvn/face-validation', { bvn: '00000000000', image: '/9j/face' });
      expect(missing.status).toBe(404);
    });

    it('federal tax: verify, by-phone, from-nin', async () => {
      const company = await call(sim, '/firs/v1/tin/verify', { tin: '12345678-0001' });
      expect(company.status).toBe(200);
      expect(company.body).toEqual({ referenceId: REF, taxpayer: { ...FIXTURE_TAXPAYER_COMPANY } });
      expect(company.body.taxpayer).toMatchObject({ firsTin: '12345678-0001', jtbTin: '1234567890', cacRegNumber: 'RC1234567', taxpayerName: 'Lagoon Crest Logistics Limited' });
      const individual = await call(sim, '/firs/v1/tin/verify', { tin: '12345678-0002' });
      expect(individual.body.taxpayer).toEqual({ ...FIXTURE_TAXPAYER_INDIVIDUAL });
      expect(individual.body.taxpayer).toMatchObject({ jtbTin: null, cacRegNumber: null, email: null });
      expect(await call(sim, '/firs/v1/tin/verify', { tin: '00000000-0000' })).toMatchObject({ status: 404, body: { referenceId: REF } });

      const byPhone = await call(sim, '/firs/v1/tin/by-phone', { phoneNumber: '+2348000000001' });
      expect(byPhone.body).toEqual({ referenceId: REF, taxpayer: { ...FIXTURE_TAXPAYER_COMPANY } });
      expect((await call(sim, '/firs/v1/tin/by-phone', { phoneNumber: '+2348000000000' })).status).toBe(404);

      const fromNin = await call(sim, '/firs/v1/tin/from-nin', { nin: '11111111111' });
      expect(fromNin.body).toEqual({ referenceId: REF, ...FIXTURE_TIN_FROM_NIN });
      expect(fromNin.body).toMatchObject({ tin: '12345678-0002', firstName: 'Adaeze', lastName: 'Okonkwo', dateOfBirth: '12/04/1990', taxResidency: 'Lagos' });
      expect((await call(sim, '/firs/v1/tin/from-nin', { nin: '00000000000' })).status).toBe(404);
      // The phone-fallback person is held by the register but has no TIN.
      expect((await call(sim, '/firs/v1/tin/from-nin', { nin: '33333333333' })).status).toBe(404);
    });

    it('joint tax: validate VALID / INVALID / 404, the country resolved in lower case', async () => {
      const valid = await call(sim, '/jtb/v1/tin/validate', { tin: '1234567890', country: 'NG' });
      expect(valid.body).toEqual({ referenceId: REF, result: 'VALID', format: '1234567890', tinType: 'JTB', country: 'ng' });
      const invalid = await call(sim, '/jtb/v1/tin/validate', { tin: '0000000000', country: 'ng' });
      expect(invalid.status).toBe(200);
      expect(invalid.body).toEqual({ referenceId: REF, result: 'INVALID', format: null, tinType: null, country: 'ng' });
      const missing = await call(sim, '/jtb/v1/tin/validate', { tin: '9999999999', country: 'ng' });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ referenceId: REF });
    });

    it('corporate registry: Basic and Advance', async () => {
      const basic = await call(sim, '/cac/v1/companies/basic', { rcNumber: '1234567', companyType: 'RC' });
      expect(basic.status).toBe(200);
      expect(basic.body).toEqual({ referenceId: REF, company: fixtureCacBasic({ rcNumber: '1234567', companyType: 'RC' }) });
      expect(basic.body.company).toMatchObject({ rcNumber: '1234567', companyName: 'Lagoon Crest Logistics Limited', entityType: 'RC', branchAddress: null, searchScore: '100' });
      expect(basic.body.company).not.toHaveProperty('companyId');

      const advance = await call(sim, '/cac/v1/companies/advance', { rcNumber: '1234567', companyType: 'RC' });
      expect(advance.body).toEqual({ referenceId: REF, ...fixtureCacAdvance({ rcNumber: '1234567', companyType: 'RC' }) });
      const [company] = advance.body.companies;
      expect(advance.body.companies).toHaveLength(1);
      expect(company).toMatchObject({ companyId: 100123, rcNumber: '1234567', companyName: 'Lagoon Crest Logistics Limited' });
      expect(company.directors).toHaveLength(4);
      expect(company.directors.map((d: { affiliateType: string }) => d.affiliateType)).toEqual(['DIRECTOR', 'DIRECTOR', 'SECRETARY', 'DIRECTOR']);
      expect(company.directors[1]).toMatchObject({ otherName: null, email: null, phoneNumber: null, identityNumber: null });
      expect(Object.keys(company.directors[0]).sort()).toEqual(
        ['id', 'surname', 'firstName', 'otherName', 'email', 'phoneNumber', 'gender', 'dateOfBirth', 'dateOfAppointment', 'status', 'occupation',
          'nationality', 'address', 'city', 'state', 'lga', 'identityNumber', 'numSharesAlloted', 'typeOfShares', 'isChairman', 'isDesignated',
          'isCorporate', 'affiliateType'].sort(),
      );

      const shared = await call(sim, '/cac/v1/companies/advance', { rcNumber: '7654321', companyType: 'RC' });
      expect(shared.body.companies.map((c: { companyName: string }) => c.companyName)).toEqual(['Harmattan Foods Limited', 'Harmattan Agro Allied Limited']);
      expect(new Set(shared.body.companies.map((c: { companyId: number }) => c.companyId)).size).toBe(2);
      const sharedBasic = await call(sim, '/cac/v1/companies/basic', { rcNumber: '7654321', companyType: 'RC' });
      expect(sharedBasic.body.company).toMatchObject({ rcNumber: '7654321', companyName: 'Harmattan Foods Limited', entityType: 'RC' });
      const narrowed = await call(sim, '/cac/v1/companies/advance', { rcNumber: '7654321', companyType: 'RC', companyName: 'agro' });
      expect(narrowed.body.companies.map((c: { companyName: string }) => c.companyName)).toEqual(['Harmattan Agro Allied Limited']);
      expect((await call(sim, '/cac/v1/companies/advance', { rcNumber: '7654321', companyType: 'RC', companyName: 'nothing like it' })).status).toBe(404);

      const zero = await call(sim, '/cac/v1/companies/basic', { rcNumber: '0123456', companyType: 'RC' });
      expect(zero.body.company).toMatchObject({ rcNumber: '0123456', companyName: 'Zobo Digital Services Limited' });
      expect((await call(sim, '/cac/v1/companies/advance', { rcNumber: '0123456', companyType: 'RC' })).body.companies[0].directors).toHaveLength(2);
      for (const rcNumber of ['123456', '01234567', '0000000']) {
        for (const tier of ['basic', 'advance']) {
          const res = await call(sim, `/cac/v1/companies/${tier}`, { rcNumber, companyType: 'RC' });
          expect(res.status, `${tier} ${rcNumber}`).toBe(404);
          expect(res.body).toEqual({ referenceId: REF });
        }
      }
      for (const companyType of ['BN', 'IT', 'LP', 'LLP']) {
        expect((await call(sim, '/cac/v1/companies/basic', { rcNumber: '1234567', companyType })).status).toBe(404);
        expect((await call(sim, '/cac/v1/companies/advance', { rcNumber: '1234567', companyType })).status).toBe(404);
      }
    });

    it('phone resolution', async () => {
      expect((await call(sim, '/resolution/v1/msisdn/resolve', { phoneNumber: '+2348000000001' })).body).toEqual({ referenceId: REF, nin: '11111111111' });
      const fallback = await call(sim, '/resolution/v1/msisdn/resolve', { phoneNumber: '+2348000000002' });
      expect(fallback.status).toBe(404);
      expect(fallback.body).toEqual({ referenceId: REF });
      expect((await call(sim, '/resolution/v1/msisdn/resolve', { phoneNumber: '+2348000000000' })).status).toBe(404);
    });

    it('each answer has its own reference', async () => {
      const a = await nin(sim, '11111111111');
      const b = await nin(sim, '11111111111');
      expect(a.body.referenceId).not.toBe(b.body.referenceId);
    });
  });

  describe('generated population (docs/simulator.md, "Records")', () => {
    const same = async (path: string, body: unknown) => {
      const a = await call(sim, path, body);
      const b = await call(sim, path, body);
      expect(a.status).toBe(200);
      const { referenceId: ra, ...restA } = a.body;
      const { referenceId: rb, ...restB } = b.body;
      expect(ra).not.toBe(rb);
      expect(restA).toEqual(restB);
      return restA;
    };

    it('NIN and BVN: exist when the last digit is even, the same record every time', async () => {
      const { person } = await same('/identity/v1/nin/lookup', { nin: '24681357902' });
      expect(person).toMatchObject({ firstName: expect.any(String), lastName: expect.any(String), nationality: 'Nigerian' });
      expect(person.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(['MALE', 'FEMALE']).toContain(person.gender);
      expect(person.middleName).not.toBe(person.firstName);
      expect((await nin(sim, '24681357901')).status).toBe(404);
      for (const n of ['12345678900', '12345678902', '12345678904', '12345678906', '12345678908']) expect((await nin(sim, n)).status).toBe(200);
      for (const n of ['12345678901', '12345678903', '12345678905', '12345678907']) expect((await nin(sim, n)).status).toBe(404);

      const bvn = await same('/bvn/v1/bvn/lookup', { bvn: '12345678904' });
      expect(bvn.person).toMatchObject({ enrollmentBank: expect.any(String), enrollmentBranch: expect.any(String) });
      expect(bvn.person.registrationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((await call(sim, '/bvn/v1/bvn/lookup', { bvn: '12345678905' })).status).toBe(404);

      const face = await call(sim, '/identity/v1/nin/face-match', { nin: '24681357902', selfieImage: '/9j/x', livelinessImages: ['/9j/y'] });
      expect(face.body).toMatchObject({ matchResult: 'MATCH', person });
      const noFace = await call(sim, '/bvn/v1/bvn/face-validation', { bvn: '12345678904', image: 'NOMATCH' });
      expect(noFace.body).toMatchObject({ matchResult: 'NO_MATCH', person: bvn.person });
    });

    it('phones: resolution on an even last digit (to a NIN the register holds), register lookup on 1, 3 or 5', async () => {
      const resolved = await same('/resolution/v1/msisdn/resolve', { phoneNumber: '+2348031234568' });
      expect(resolved.nin).toMatch(/^\d{10}[02468]$/);
      expect((await nin(sim, resolved.nin)).status).toBe(200);
      for (const p of ['+2348031234567', '+2348031234561']) expect((await call(sim, '/resolution/v1/msisdn/resolve', { phoneNumber: p })).status).toBe(404);

      for (const last of ['1', '3', '5']) {
        const found = await same('/identity/v1/phone/lookup', { phoneNumber: `+234803123456${last}` });
        expect(found.person.nin).toMatch(/^\d{11}$/);
        expect(found.person.phoneNumber).toBe(`0803123456${last}`);
        const byNin = await nin(sim, found.person.nin);
        expect(byNin.body.person).toMatchObject({ firstName: found.person.firstName, lastName: found.person.lastName, dateOfBirth: found.person.dateOfBirth });
      }
      for (const last of ['0', '2', '7', '9']) expect((await call(sim, '/identity/v1/phone/lookup', { phoneNumber: `+234803123456${last}` })).status).toBe(404);
    });

    it('federal tax: TIN and phone on an even last digit; tin/from-nin for every NIN the register holds', async () => {
      const { taxpayer } = await same('/firs/v1/tin/verify', { tin: '24681357-0002' });
      expect(taxpayer.firsTin).toBe('24681357-0002');
      for (const key of ['jtbTin', 'taxpayerName', 'cacRegNumber', 'taxOffice', 'phoneNumber', 'email', 'address']) expect(taxpayer).toHaveProperty(key);
      expect((await call(sim, '/firs/v1/tin/verify', { tin: '24681357-0003' })).status).toBe(404);

      const byPhone = await same('/firs/v1/tin/by-phone', { phoneNumber: '+2348051112224' });
      expect(byPhone.taxpayer).toMatchObject({ phoneNumber: '08051112224', firsTin: expect.stringMatching(/^\d{8}-\d{3}[02468]$/) });
      expect((await call(sim, '/firs/v1/tin/verify', { tin: byPhone.taxpayer.firsTin })).status).toBe(200);
      expect((await call(sim, '/firs/v1/tin/by-phone', { phoneNumber: '+2348051112223' })).status).toBe(404);

      const person = (await nin(sim, '24681357902')).body.person;
      const fromNin = await same('/firs/v1/tin/from-nin', { nin: '24681357902' });
      const [y, m, d] = person.dateOfBirth.split('-');
      expect(fromNin).toMatchObject({ firstName: person.firstName, lastName: person.lastName, dateOfBirth: `${d}/${m}/${y}`, taxResidency: expect.any(String) });
      expect(fromNin.tin).toMatch(/^\d{8}-\d{4}$/);
      expect((await call(sim, '/firs/v1/tin/verify', { tin: fromNin.tin })).status).toBe(200);
      expect((await call(sim, '/firs/v1/tin/from-nin', { nin: '24681357901' })).status).toBe(404);
    });

    it('joint tax: 404 on a last digit 9, INVALID when the digits sum to a multiple of 7, VALID otherwise', async () => {
      expect((await call(sim, '/jtb/v1/tin/validate', { tin: '1234567899', country: 'ng' })).status).toBe(404);
      const invalid = await same('/jtb/v1/tin/validate', { tin: '1111111000', country: 'ng' }); // sum 7
      expect(invalid).toEqual({ result: 'INVALID', format: null, tinType: null, country: 'ng' });
      const valid = await same('/jtb/v1/tin/validate', { tin: '1111111100', country: 'GH' }); // sum 8
      expect(valid).toEqual({ result: 'VALID', format: '1111111100', tinType: 'JTB', country: 'gh' });
      // A generated company taxpayer's JTB number validates.
      for (const tin of ['24681357-0002', '24681357-0004', '24681357-0006', '24681357-0008']) {
        const { jtbTin } = (await call(sim, '/firs/v1/tin/verify', { tin })).body.taxpayer;
        if (jtbTin) expect((await call(sim, '/jtb/v1/tin/validate', { tin: jtbTin, country: 'ng' })).body.result).toBe('VALID');
      }
    });

    it('corporate registry: RC numbers of 6 or 7 digits, no leading zero, even last digit; 2–6 directors, a secretary when the digit sum is odd', async () => {
      let sawSecretary = false;
      let sawNone = false;
      for (const rcNumber of ['246802', '246804', '1357902', '1357904', '2000000', '300012']) {
        const basic = await same('/cac/v1/companies/basic', { rcNumber, companyType: 'RC' });
        const advance = await same('/cac/v1/companies/advance', { rcNumber, companyType: 'RC' });
        expect(basic.company).toMatchObject({ rcNumber, entityType: 'RC', searchScore: '100' });
        expect(advance.companies).toHaveLength(1);
        const [c] = advance.companies;
        expect(c).toMatchObject({ rcNumber, companyName: basic.company.companyName, registrationDate: basic.company.registrationDate, companyId: expect.any(Number) });
        expect(c.directors.length).toBeGreaterThanOrEqual(2);
        expect(c.directors.length).toBeLessThanOrEqual(6);
        const odd = [...rcNumber].reduce((s, ch) => s + Number(ch), 0) % 2 === 1;
        const secretaries = c.directors.filter((d: { affiliateType: string }) => d.affiliateType === 'SECRETARY');
        expect(secretaries.length, rcNumber).toBe(odd ? 1 : 0);
        if (odd) sawSecretary = true;
        else sawNone = true;
        const byName = await call(sim, '/cac/v1/companies/basic', { rcNumber, companyType: 'RC', companyName: basic.company.companyName.split(' ')[0].toUpperCase() });
        expect(byName.status).toBe(200);
        expect((await call(sim, '/cac/v1/companies/basic', { rcNumber, companyType: 'RC', companyName: 'zzz-no-such-name' })).status).toBe(404);
      }
      expect(sawSecretary && sawNone).toBe(true);
      for (const rcNumber of ['246801', '024680', '24680', '24680246', 'RC246802']) {
        expect((await call(sim, '/cac/v1/companies/basic', { rcNumber, companyType: 'RC' })).status, rcNumber).toBe(404);
      }
      expect((await call(sim, '/cac/v1/companies/basic', { rcNumber: '246802', companyType: 'BN' })).status).toBe(404);
    });

    it('is the same in another simulator, whatever its seed', async () => {
      const other = await startSimulator({ port: 0, seed: 99 });
      try {
        const paths: Array<[string, unknown]> = [
          ['/identity/v1/nin/lookup', { nin: '24681357902' }],
          ['/firs/v1/tin/verify', { tin: '24681357-0002' }],
          ['/cac/v1/companies/advance', { rcNumber: '246802', companyType: 'RC' }],
          ['/resolution/v1/msisdn/resolve', { phoneNumber: '+2348031234568' }],
        ];
        for (const [path, body] of paths) {
          const { referenceId: _a, ...a } = (await call(sim, path, body)).body;
          const { referenceId: _b, ...b } = (await call(other, path, body)).body;
          expect(a).toEqual(b);
        }
      } finally {
        await other.app.close();
      }
    });
  });

  describe('faults', () => {
    it('per identifier: digits ending 9999502 → 500, 9999503 → 503, 9999429 → 429 (Retry-After: 3), on any call', async () => {
      expect((await nin(sim, FAULT_NINS.error)).status).toBe(500);
      expect((await nin(sim, FAULT_NINS.unavailable)).status).toBe(503);
      const limited = await nin(sim, FAULT_NINS.rateLimited);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('3');
      expect(limited.body).toEqual({ error: expect.any(String) });

      const cases: Array<[string, unknown, number]> = [
        ['/bvn/v1/bvn/lookup', { bvn: '12349999502' }, 500],
        ['/identity/v1/phone/lookup', { phoneNumber: '+2348019999503' }, 503],
        ['/resolution/v1/msisdn/resolve', { phoneNumber: '+2348019999429' }, 429],
        ['/firs/v1/tin/verify', { tin: '12399999-9502' }, 500],
        ['/firs/v1/tin/by-phone', { phoneNumber: '+2348019999503' }, 503],
        ['/firs/v1/tin/from-nin', { nin: '99999999429' }, 429],
        ['/jtb/v1/tin/validate', { tin: '1239999502', country: 'ng' }, 500],
        ['/cac/v1/companies/basic', { rcNumber: '9999503', companyType: 'RC' }, 503],
        ['/cac/v1/companies/advance', { rcNumber: '9999429', companyType: 'RC' }, 429],
        ['/identity/v1/nin/face-match', { nin: '99999999502', selfieImage: '/9j/a', livelinessImages: [] }, 500],
        ['/bvn/v1/bvn/face-validation', { bvn: '99999999503', image: '/9j/a' }, 503],
      ];
      for (const [path, body, status] of cases) expect((await call(sim, path, body)).status, path).toBe(status);
    });

    it('per identifier: digits ending 9999504 never answer (until hangMs)', async () => {
      expect(await answersWithin(sim, '/identity/v1/nin/lookup', { nin: FAULT_NINS.timeout }, 300)).toBe('no answer');
      expect(await answersWithin(sim, '/cac/v1/companies/basic', { rcNumber: '9999504', companyType: 'RC' }, 300)).toBe('no answer');
      const quick = await startSimulator({ port: 0, hangMs: 100 });
      try {
        const gaveUp = await call(quick, '/identity/v1/nin/lookup', { nin: FAULT_NINS.timeout });
        expect(gaveUp.status).toBe(504);
        expect(gaveUp.ms).toBeGreaterThanOrEqual(90);
      } finally {
        await quick.app.close();
      }
    });

    it('per request: X-Simulator-Fault forces the answer', async () => {
      const body = { nin: '11111111111' };
      const forced = async (fault: string) => call(sim, '/identity/v1/nin/lookup', body, { 'x-simulator-fault': fault });
      expect((await forced('error')).status).toBe(500);
      expect((await forced('unavailable')).status).toBe(503);
      const timeout = await forced('timeout');
      expect(timeout.status).toBe(504);
      expect(timeout.ms).toBeLessThan(500); // answered at once
      const limited = await forced('rate_limited');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('3');
      expect(await answersWithin(sim, '/cac/v1/companies/basic', { rcNumber: '1234567', companyType: 'RC' }, 300, { 'x-simulator-fault': 'hang' })).toBe('no answer');
      const unknown = await forced('explode');
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toContain('X-Simulator-Fault');
      // Any call: the fault comes before the body is even read.
      expect((await call(sim, '/jtb/v1/tin/validate', { tin: '1234567890', country: 'ng' }, { 'x-simulator-fault': 'unavailable' })).status).toBe(503);
    });
  });

  it('400 { error } on malformed bodies', async () => {
    const bad: Array<[string, unknown]> = [
      ['/identity/v1/nin/lookup', {}],
      ['/identity/v1/nin/lookup', { nin: '1234567890' }],
      ['/identity/v1/nin/lookup', { nin: 11111111111 }],
      ['/identity/v1/nin/lookup', '{not json'],
      ['/identity/v1/nin/lookup', '["11111111111"]'],
      ['/identity/v1/phone/lookup', { phoneNumber: '08000000001' }],
      ['/identity/v1/nin/face-match', { nin: '11111111111', selfieImage: '/9j/a' }],
      ['/identity/v1/nin/face-match', { nin: '11111111111', selfieImage: '', livelinessImages: [] }],
      ['/identity/v1/nin/face-match', { nin: '11111111111', selfieImage: '/9j/a', livelinessImages: [1] }],
      ['/bvn/v1/bvn/lookup', { bvn: 'abc' }],
      ['/bvn/v1/bvn/face-validation', { bvn: '22222222222' }],
      ['/firs/v1/tin/verify', { tin: '1234567890' }],
      ['/firs/v1/tin/by-phone', { phoneNumber: '+234' }],
      ['/firs/v1/tin/from-nin', { nin: '1111' }],
      ['/jtb/v1/tin/validate', { tin: '12345678-0001', country: 'ng' }],
      ['/jtb/v1/tin/validate', { tin: '1234567890' }],
      ['/jtb/v1/tin/validate', { tin: '1234567890', country: 'nga' }],
      ['/cac/v1/companies/basic', { rcNumber: '1234567' }],
      ['/cac/v1/companies/basic', { rcNumber: '1234567', companyType: 'XX' }],
      ['/cac/v1/companies/advance', { rcNumber: 1234567, companyType: 'RC' }],
      ['/cac/v1/companies/advance', { rcNumber: '1234567', companyType: 'RC', companyName: 5 }],
      ['/resolution/v1/msisdn/resolve', { msisdn: '+2348000000001' }],
    ];
    for (const [path, body] of bad) {
      const res = await call(sim, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
  });

  it('echoes X-Correlation-ID on every answer', async () => {
    const h = { 'x-correlation-id': 'corr-123' };
    const found = await call(sim, '/cac/v1/companies/basic', { rcNumber: '1234567', companyType: 'RC' }, h);
    expect(found.status).toBe(200);
    expect(found.headers.get('x-correlation-id')).toBe('corr-123');
    expect((await call(sim, '/cac/v1/companies/basic', { rcNumber: '0000000', companyType: 'RC' }, h)).headers.get('x-correlation-id')).toBe('corr-123');
    expect((await call(sim, '/cac/v1/companies/basic', '{oops', h)).headers.get('x-correlation-id')).toBe('corr-123');
    expect((await call(sim, '/cac/v1/companies/basic', { rcNumber: '9999502', companyType: 'RC' }, h)).headers.get('x-correlation-id')).toBe('corr-123');
    expect((await call(sim, '/identity/v1/nin/lookup', { nin: '11111111111' }, { ...h, 'x-simulator-fault': 'error' })).headers.get('x-correlation-id')).toBe('corr-123');
    expect((await call(sim, '/identity/v1/nin/lookup', { nin: '11111111111' })).headers.get('x-correlation-id')).toBeNull();
  });
});

describe('registry simulator, configured faults and latency', () => {
  const statuses = async (sim: Sim, n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await nin(sim, '11111111111')).status);
    return out;
  };
  const started: Sim[] = [];
  const start = async (options: SimulatorOptions) => {
    const sim = await startSimulator({ port: 0, hangMs: 1_000, ...options });
    started.push(sim);
    return sim;
  };
  afterAll(async () => {
    await Promise.all(started.map((s) => s.app.close()));
  });

  it('errorRate 1 answers every call 500, and the options change on a running simulator', async () => {
    const sim = await start({ errorRate: 1 });
    expect(new Set(await statuses(sim, 20))).toEqual(new Set([500]));
    const res = await nin(sim, '11111111111');
    expect(res.body).toEqual({ error: 'internal error' });
    sim.options.errorRate = 0;
    sim.options.unavailableRate = 1;
    expect(new Set(await statuses(sim, 5))).toEqual(new Set([503]));
    sim.options.unavailableRate = 0;
    sim.options.rateLimitRate = 1;
    const limited = await nin(sim, '11111111111');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    sim.options.rateLimitRate = 0;
    sim.options.timeoutRate = 1;
    expect(await answersWithin(sim, '/identity/v1/nin/lookup', { nin: '11111111111' }, 300)).toBe('no answer');
    sim.options.timeoutRate = 0;
    const ok = await nin(sim, '11111111111');
    expect(ok.status).toBe(200);
    expect(ok.body.person.firstName).toBe('Adaeze');
  });

  it('seeded rates are reproducible, and roughly the share asked for', async () => {
    const a = await start({ seed: 42, errorRate: 0.3, unavailableRate: 0.2 });
    const b = await start({ seed: 42, errorRate: 0.3, unavailableRate: 0.2 });
    const c = await start({ seed: 7, errorRate: 0.3, unavailableRate: 0.2 });
    const [sa, sb, sc] = [await statuses(a, 200), await statuses(b, 200), await statuses(c, 200)];
    expect(sa).toEqual(sb);
    expect(sa).not.toEqual(sc);
    const share = (s: number[], status: number) => s.filter((x) => x === status).length / s.length;
    expect(share(sa, 500)).toBeGreaterThan(0.18);
    expect(share(sa, 500)).toBeLessThan(0.42);
    expect(share(sa, 503)).toBeGreaterThan(0.1);
    expect(share(sa, 503)).toBeLessThan(0.3);
    expect(share(sa, 200)).toBeGreaterThan(0.38);
    // A new seed on a running simulator starts that seed's sequence.
    a.options.seed = 7;
    expect(await statuses(a, 50)).toEqual(sc.slice(0, 50));
  });

  it('adds latency: a fixed delay, or none', async () => {
    const fixed = await start({ latencyMs: 120 });
    const res = await nin(fixed, '11111111111');
    expect(res.status).toBe(200);
    // A lower bound only: a sleep never ends early, but a loaded machine may make any call slow.
    expect(res.ms).toBeGreaterThanOrEqual(110);
  });
});

describe('the latency distribution (drawn, not timed)', () => {
  const draws = (median: number, jitter: number, n = 10_000, seed = 1) => {
    const random = mulberry32(seed);
    return Array.from({ length: n }, () => addedLatencyMs(median, jitter, random)).sort((x, y) => x - y);
  };
  const pct = (sorted: number[], p: number) => sorted[Math.floor((sorted.length - 1) * p)]!;

  it('is exactly the median without jitter, and nothing when both are zero', () => {
    expect(new Set(draws(120, 0, 100))).toEqual(new Set([120]));
    expect(new Set(draws(0, 0, 100))).toEqual(new Set([0]));
    expect(new Set(draws(-5, -5, 100))).toEqual(new Set([0]));
  });

  it('with jitter: the median asked for, p99 near median + jitter, a spread, and a cap', () => {
    const d = draws(60, 60);
    expect(pct(d, 0.5)).toBeGreaterThan(57);
    expect(pct(d, 0.5)).toBeLessThan(63);
    expect(pct(d, 0.99)).toBeGreaterThan(105);
    expect(pct(d, 0.99)).toBeLessThan(135);
    expect(d[0]!).toBeGreaterThan(0);
    expect(d.at(-1)! - d[0]!).toBeGreaterThan(10);
    expect(d.at(-1)!).toBeLessThanOrEqual(60 + 10 * 60);
  });

  it('with no median: half-normal with p99 near the jitter', () => {
    const d = draws(0, 40);
    expect(d[0]!).toBeGreaterThanOrEqual(0);
    expect(pct(d, 0.99)).toBeGreaterThan(35);
    expect(pct(d, 0.99)).toBeLessThan(45);
    expect(d.at(-1)!).toBeLessThanOrEqual(400);
  });

  it('is reproducible from a seed', () => {
    expect(draws(60, 60, 50, 9)).toEqual(draws(60, 60, 50, 9));
    expect(draws(60, 60, 50, 9)).not.toEqual(draws(60, 60, 50, 10));
  });
});

describe('SIMULATOR_* settings', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };

  it('default to no latency, no faults and a random seed', () => {
    expect(loadConfig(base).simulator).toEqual({ latencyMs: 0, latencyJitterMs: 0, errorRate: 0, unavailableRate: 0, rateLimitRate: 0, timeoutRate: 0, seed: null });
  });

  it('are read and validated', () => {
    const config = loadConfig({
      ...base,
      SIMULATOR_LATENCY_MS: '40',
      SIMULATOR_LATENCY_JITTER_MS: '200',
      SIMULATOR_ERROR_RATE: '0.1',
      SIMULATOR_UNAVAILABLE_RATE: '.05',
      SIMULATOR_RATE_LIMIT_RATE: '0',
      SIMULATOR_TIMEOUT_RATE: '0.01',
      SIMULATOR_SEED: '1234',
    });
    expect(config.simulator).toEqual({ latencyMs: 40, latencyJitterMs: 200, errorRate: 0.1, unavailableRate: 0.05, rateLimitRate: 0, timeoutRate: 0.01, seed: 1234 });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
        return [];
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ SIMULATOR_ERROR_RATE: '1.5' })).toEqual([expect.stringContaining('SIMULATOR_ERROR_RATE')]);
    expect(problems({ SIMULATOR_TIMEOUT_RATE: '-0.1' })).toEqual([expect.stringContaining('SIMULATOR_TIMEOUT_RATE')]);
    expect(problems({ SIMULATOR_RATE_LIMIT_RATE: 'half' })).toEqual([expect.stringContaining('SIMULATOR_RATE_LIMIT_RATE')]);
    expect(problems({ SIMULATOR_ERROR_RATE: '0.6', SIMULATOR_UNAVAILABLE_RATE: '0.6' })).toEqual([expect.stringContaining('add up to at most 1')]);
    expect(problems({ SIMULATOR_LATENCY_MS: 'slow' })).toEqual([expect.stringContaining('SIMULATOR_LATENCY_MS')]);
    expect(problems({ SIMULATOR_SEED: '-1' })).toEqual([expect.stringContaining('SIMULATOR_SEED')]);
  });
});

describe("the payment gateway's checkout page (development)", () => {
  const secret = 'sk_checkout_test_secret';
  let sim: Sim;
  let received: string[];
  let receiver: import('node:http').Server;
  beforeAll(async () => {
    const { createServer } = await import('node:http');
    received = [];
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(body);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as import('node:net').AddressInfo).port;
    sim = await startSimulator({ port: 0, gatewaySecret: secret, gatewayWebhookUrl: `http://127.0.0.1:${port}/hook` });
  });
  afterAll(async () => {
    await sim.app.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  let n = 0;
  const gateway = (path: string, init: RequestInit = {}) =>
    fetch(`${sim.url}/gateway${path}`, { ...init, redirect: 'manual', headers: { authorization: `Bearer ${secret}`, ...(init.headers as Record<string, string>) } });
  const initialize = async (body: Record<string, unknown>) => {
    const res = await gateway('/transaction/initialize', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as any };
  };
  const start = async (amount: number, callbackUrl?: string | null, reference = `idv_checkout_${++n}`) => {
    const res = await initialize({ reference, amount, email: 'owner@example.com', ...(callbackUrl === undefined ? {} : { callback_url: callbackUrl }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = new URL(res.body.data.authorization_url as string);
    return { reference, accessCode: res.body.data.access_code as string, path: url.pathname.replace(/^\/gateway/, '') };
  };
  const openPage = (path: string) => gateway(path, { headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });
  const press = (path: string, action: string) =>
    gateway(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action }).toString() });
  const status = async (reference: string) => ((await (await gateway(`/transaction/verify/${encodeURIComponent(reference)}`)).json()) as any).data.status;

  it('opened in a browser: an HTML checkout with the amount in ₦, the reference, "Pay" and "Decline", under a CSP with no script; nothing settled yet', async () => {
    const p = await start(500_050, 'http://127.0.0.1:3000/wallet');
    const res = await openPage(p.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toContain("form-action 'self' http://127.0.0.1:3000");
    expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    expect(html).toContain('<h1>Checkout</h1>');
    expect(html).toContain('₦5,000.50');
    expect(html).toContain(p.reference);
    expect(html).toContain(`<form method="post" action="/gateway/pay/${p.accessCode}">`);
    expect(html).toContain('<button type="submit" class="pay" name="action" value="pay">Pay</button>');
    expect(html).toContain('<button type="submit" class="decline" name="action" value="decline">Decline</button>');
    // The page's one style block is the one the CSP allows by hash.
    const style = /<style>([^<]*)<\/style>/.exec(html)![1]!;
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(await status(p.reference)).toBe('ongoing');
    expect(received).toEqual([]);
  });

  it('"Pay" settles the payment as success, sends the signed webhook and redirects (303) to the callback with trxref and reference', async () => {
    const p = await start(20_000, 'http://127.0.0.1:3000/wallet?env=live#top');
    const before = received.length;
    const res = await press(p.path, 'pay');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://127.0.0.1:3000/wallet?env=live&trxref=${p.reference}&reference=${p.reference}#top`);
    expect(await status(p.reference)).toBe('success');
    expect(received.slice(before).map((b) => JSON.parse(b))).toEqual([
      { event: 'charge.success', data: { reference: p.reference, status: 'success', amount: 20_000, currency: 'NGN' } },
    ]);
    // Settled once: "Decline" afterwards changes nothing and redirects the same way; the page shows the outcome, no buttons.
    const again = await press(p.path, 'decline');
    expect([again.status, again.headers.get('location')]).toEqual([303, res.headers.get('location')]);
    expect(await status(p.reference)).toBe('success');
    const page = await (await openPage(p.path)).text();
    expect(page).toContain('This payment was successful.');
    expect(page).not.toContain('<button');
    expect(page).toContain(`href="http://127.0.0.1:3000/wallet?env=live&amp;trxref=${p.reference}&amp;reference=${p.reference}#top"`);
  });

  it('"Decline" settles it as failed, with a charge.failed webhook, and redirects the same way', async () => {
    const p = await start(30_000, 'https://merchant.example/funded');
    const before = received.length;
    const res = await press(p.path, 'decline');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`https://merchant.example/funded?trxref=${p.reference}&reference=${p.reference}`);
    expect(await status(p.reference)).toBe('failed');
    expect(received.slice(before).map((b) => JSON.parse(b).event)).toEqual(['charge.failed']);
    expect(await (await openPage(p.path)).text()).toContain('This payment was declined.');
  });

  it('without a callback URL the buttons answer the outcome page; an unknown payment is 404, an unknown action 400', async () => {
    const p = await start(10_000);
    const res = await press(p.path, 'pay');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/form-action 'self';/);
    const html = await res.text();
    expect(html).toContain('This payment was successful.');
    expect(html).not.toContain('<a ');
    expect((await press('/pay/0000000000000000', 'pay')).status).toBe(404);
    expect((await openPage('/pay/0000000000000000')).status).toBe(404);
    const q = await start(10_000, 'https://merchant.example/');
    expect((await press(q.path, 'refund')).status).toBe(400);
    expect((await gateway(q.path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' })).status).toBe(400);
    expect(await status(q.reference)).toBe('ongoing');
  });

  it('a callback URL that is not http(s), or not a plain host, is refused at initialisation and nothing is recorded', async () => {
    const refused = ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://merchant.example/', '/wallet', 'not a url', 'https://a;b.example/', 'https://a&b".example/', 42];
    for (const callbackUrl of refused) {
      const reference = `idv_refused_${++n}`;
      const res = await initialize({ reference, amount: 10_000, email: 'owner@example.com', callback_url: callbackUrl });
      expect([res.status, res.body], String(callbackUrl)).toEqual([400, { status: false, message: 'callback_url must be an http or https URL' }]);
      expect((await gateway(`/transaction/verify/${reference}`)).status).toBe(404);
    }
  });

  it('escapes every value it shows', async () => {
    const reference = `<script>alert("x")</script>&'ref${++n}`;
    const p = await start(12_345_678, "https://merchant.example/back?next=<b>\"x\"</b>&n='1'", reference);
    const html = await (await openPage(p.path)).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain(`&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;ref${n}`);
    expect(html).toContain('₦123,456.78');
    expect(html).toContain('you return to merchant.example.');
    await press(p.path, 'pay');
    const settled = await (await openPage(p.path)).text();
    const href = /<a href="([^"]*)">/.exec(settled)![1]!;
    expect(href).not.toMatch(/[<>"']|&(?!amp;)/);
    const unescaped = href.replaceAll('&amp;', '&');
    expect(new URL(unescaped).searchParams.get('reference')).toBe(reference);
    expect(new URL(unescaped).searchParams.get('next')).toBe('<b>"x"</b>');
  });

  it('opened by a script, or with ?outcome=, it settles at once as before', async () => {
    const a = await start(10_000, 'https://merchant.example/');
    const res = await gateway(a.path);
    expect([res.status, await res.text()]).toEqual([200, `Payment ${a.reference}: success`]);
    const b = await start(10_000, 'https://merchant.example/');
    expect(await (await openPage(`${b.path}?outcome=abandoned`)).text()).toBe(`Payment ${b.reference}: abandoned`);
    expect(await status(b.reference)).toBe('abandoned');
  });
});
