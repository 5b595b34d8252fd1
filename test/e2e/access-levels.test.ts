import { describe, expect, it } from 'vitest';
import { SERVICES, type ServiceCode } from '../../src/catalogue/catalogue.js';
import type { ServiceView } from '../../src/catalogue/catalogue.service.js';
import type { AccessLevel } from '../../src/platform/schema.js';
import { FIXTURE_NIN_PERSON, FIXTURE_PHOTO } from '../../src/providers/fixtures.js';
import {
  OWNER_PASSWORD,
  addMember,
  createOrg,
  describeEachBackend,
  lookup,
  ownerEmailOf,
  signIn,
  type Harness,
  type SignedIn,
  type TestOrg,
  send,
} from '../helpers/harness.js';


/** The person fields of DESIGN.md §4 that each level adds to the one below it. */
const BASIC_FIELDS = ['firstName', 'middleName', 'lastName', 'dateOfBirth', 'gender'];
const STANDARD_ADDS = ['phoneNumber', 'email', 'address', 'stateOfOrigin', 'lgaOfOrigin', 'nationality'];
const PREMIUM_ADDS = ['photo'];

interface LevelView {
  level: AccessLevel;
  current: boolean;
  fields: string[];
  prices: Array<{ service: ServiceCode; name: string; status: string; price: number; currency: string }>;
}

/** The organisation's provisioned services as the catalogue service reports them (re-provisioning with no change returns the view). */
async function provisioned(h: Harness, org: TestOrg, codes: ServiceCode[]): Promise<ServiceView[]> {
  const views: ServiceView[] = [];
  for (const code of codes) views.push(await h.services.catalogue.provision({ organisationId: org.organisationId, service: code }));
  return views;
}

async function ownerOf(h: Harness, org: TestOrg) {
  return signIn(h.app, await ownerEmailOf(h.services, org), OWNER_PASSWORD);
}

describeEachBackend('access levels', (h) => {
  describe('GET /v1/access-levels', () => {
    it('lists BASIC, STANDARD and PREMIUM, their fields, and this organisation’s price of each service at each level', async () => {
      const codes: ServiceCode[] = ['NIN_LOOKUP', 'BVN_LOOKUP', 'CAC_ADVANCE'];
      const org = await createOrg(h().services, { accessLevel: 'STANDARD', services: codes });
      // This organisation's own prices on one service, and another suspended.
      await h().services.catalogue.provision({ organisationId: org.organisationId, service: 'NIN_LOOKUP', pricesKobo: { BASIC: 12_345, STANDARD: 23_450, PREMIUM: 34_500 } });
      await h().services.catalogue.provision({ organisationId: org.organisationId, service: 'CAC_ADVANCE', status: 'SUSPENDED' });
      const views = await provisioned(h(), org, codes);
      const viewer = await addMember(h().services, org, 'VIEWER');

      const res = await send(h(), 'GET', '/v1/access-levels', await signIn(h().app, viewer.email, viewer.password));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, statusCode: 200, path: '/v1/access-levels' });
      const levels = res.json().data as LevelView[];

      expect(levels.map((l) => l.level)).toEqual(['BASIC', 'STANDARD', 'PREMIUM']);
      expect(levels.map((l) => l.current)).toEqual([false, true, false]);

      const [basic, standard, premium] = levels as [LevelView, LevelView, LevelView];
      expect(basic.fields).toEqual(expect.arrayContaining(BASIC_FIELDS));
      expect(standard.fields.filter((f) => !basic.fields.includes(f)).sort()).toEqual([...STANDARD_ADDS].sort());
      expect(premium.fields.filter((f) => !standard.fields.includes(f))).toEqual(PREMIUM_ADDS);
      expect(basic.fields.every((f) => standard.fields.includes(f))).toBe(true);
      expect(standard.fields.every((f) => premium.fields.includes(f))).toBe(true);
      expect(basic.fields).not.toContain('email');
      expect(standard.fields).not.toContain('photo');

      for (const level of levels) {
        expect(level.prices).toEqual(
          views.map((v) => ({ service: v.code, name: v.name, status: v.status, price: v.prices[level.level], currency: 'NGN' })),
        );
      }
      // The organisation's own price, in naira, not the platform default.
      expect(levels.map((l) => l.prices.find((p) => p.service === 'NIN_LOOKUP')!.price)).toEqual([123.45, 234.5, 345]);
      expect(premium.prices.find((p) => p.service === 'CAC_ADVANCE')).toMatchObject({ status: 'SUSPENDED', price: 1500 });
      // Only what is provisioned is priced.
      expect(basic.prices.map((p) => p.service)).toEqual(SERVICES.map((s) => s.code).filter((c) => codes.includes(c)));
    });

    it('marks the organisation’s own level current, and nothing of another organisation shows', async () => {
      const mine = await createOrg(h().services, { accessLevel: 'PREMIUM', services: ['NIN_LOOKUP'] });
      const other = await createOrg(h().services, { accessLevel: 'BASIC', services: ['NIN_LOOKUP', 'TIN_VALIDATION'] });
      await h().services.catalogue.provision({ organisationId: other.organisationId, service: 'NIN_LOOKUP', pricesKobo: { PREMIUM: 99_900 } });
      const levels = (await send(h(), 'GET', '/v1/access-levels', await ownerOf(h(), mine))).json().data as LevelView[];
      expect(levels.filter((l) => l.current).map((l) => l.level)).toEqual(['PREMIUM']);
      for (const l of levels) expect(l.prices.map((p) => p.service)).toEqual(['NIN_LOOKUP']);
      expect(levels[2]!.prices[0]!.price).toBe(200);
    });
  });

  describe('POST /v1/access-levels/subscribe', () => {
    it('an ADMIN switches to PREMIUM: the next lookup returns the photo, and the services show the PREMIUM price', async () => {
      const org = await createOrg(h().services, { accessLevel: 'BASIC', services: ['NIN_LOOKUP', 'BVN_LOOKUP'] });
      const [nin] = await provisioned(h(), org, ['NIN_LOOKUP']);
      const admin = await addMember(h().services, org, 'ADMIN');
      const session = await signIn(h().app, admin.email, admin.password);

      const before = await lookup(h().app, org.testKey);
      expect(before.json().data.record.photo).toBeUndefined();
      expect(before.json().data.record.email).toBeUndefined();

      const res = await send(h(), 'POST', '/v1/access-levels/subscribe', session, { accessLevel: 'PREMIUM' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, statusCode: 200, data: { accessLevel: 'PREMIUM' }, path: '/v1/access-levels/subscribe' });

      const after = await lookup(h().app, org.testKey);
      expect(after.statusCode).toBe(200);
      expect(after.json().data.record.photo).toBe(FIXTURE_PHOTO);
      expect(after.json().data.record.email).toBe(FIXTURE_NIN_PERSON.email);

      for (const headers of [{ 'x-api-key': org.testKey }, session.headers]) {
        const services = await h().app.inject({ method: 'GET', url: '/v1/services', headers });
        expect(services.statusCode).toBe(200);
        expect(services.json().data.find((s: { code: string }) => s.code === 'NIN_LOOKUP')).toMatchObject({
          accessLevel: 'PREMIUM',
          price: nin!.prices.PREMIUM,
          prices: nin!.prices,
        });
      }
      const levels = (await send(h(), 'GET', '/v1/access-levels', session)).json().data as LevelView[];
      expect(levels.filter((l) => l.current).map((l) => l.level)).toEqual(['PREMIUM']);
      expect((await send(h(), 'GET', '/v1/organisation', session)).json().data.accessLevel).toBe('PREMIUM');
    });

    it('switching down takes the fields away from the next lookup on', async () => {
      const org = await createOrg(h().services, { accessLevel: 'PREMIUM', services: ['NIN_LOOKUP'] });
      const owner = await ownerOf(h(), org);
      expect((await lookup(h().app, org.testKey)).json().data.record.photo).toBe(FIXTURE_PHOTO);
      expect((await send(h(), 'POST', '/v1/access-levels/subscribe', owner, { accessLevel: 'STANDARD' })).statusCode).toBe(200);
      const standard = (await lookup(h().app, org.testKey)).json().data.record;
      expect(standard.photo).toBeUndefined();
      expect(standard.email).toBe(FIXTURE_NIN_PERSON.email);
      expect((await send(h(), 'POST', '/v1/access-levels/subscribe', owner, { accessLevel: 'BASIC' })).statusCode).toBe(200);
      const basic = (await lookup(h().app, org.testKey)).json().data.record;
      expect(Object.keys(basic).sort()).toEqual([...BASIC_FIELDS, 'nin'].sort());
    });

    it('subscribing to the current level is a harmless 200', async () => {
      const org = await createOrg(h().services, { accessLevel: 'STANDARD', services: ['NIN_LOOKUP'] });
      const res = await send(h(), 'POST', '/v1/access-levels/subscribe', await ownerOf(h(), org), { accessLevel: 'STANDARD' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ accessLevel: 'STANDARD' });
      expect((await h().services.members.organisation(org.organisationId)).accessLevel).toBe('STANDARD');
    });

    it('an invalid level is 400 on accessLevel, and the level is unchanged', async () => {
      const org = await createOrg(h().services, { accessLevel: 'STANDARD', services: ['NIN_LOOKUP'] });
      const owner = await ownerOf(h(), org);
      const cases: Array<[string, unknown, string]> = [
        ['an unknown level', { accessLevel: 'GOLD' }, 'accessLevel'],
        ['a lower-case level', { accessLevel: 'premium' }, 'accessLevel'],
        ['a number', { accessLevel: 3 }, 'accessLevel'],
        ['null', { accessLevel: null }, 'accessLevel'],
        ['no level', {}, 'accessLevel'],
        ['an unknown field', { accessLevel: 'PREMIUM', plan: 'yearly' }, 'plan'],
      ];
      for (const [label, payload, field] of cases) {
        const res = await send(h(), 'POST', '/v1/access-levels/subscribe', owner, payload);
        expect(res.statusCode, label).toBe(400);
        expect(res.json()).toMatchObject({ success: false, statusCode: 400, code: 'VALIDATION_ERROR' });
        expect(res.json().errors, label).toContainEqual({ field, message: expect.any(String) });
      }
      expect((await h().services.members.organisation(org.organisationId)).accessLevel).toBe('STANDARD');
      const record = (await lookup(h().app, org.testKey)).json().data.record;
      expect(record.email).toBe(FIXTURE_NIN_PERSON.email);
      expect(record.photo).toBeUndefined();
    });
  });
});
