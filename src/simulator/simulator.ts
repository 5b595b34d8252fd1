import { createHash, createHmac, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  FIXTURE_IDENTIFIERS,
  FIXTURE_PHOTO,
  cacMatches,
  faceComparison,
  fixtureBvnPerson,
  fixtureCacAdvance,
  fixtureCacBasic,
  fixturePerson,
  fixturePhoneLookup,
  fixtureResolve,
  fixtureTaxpayerByPhone,
  fixtureTaxpayerByTin,
  fixtureTinFromNin,
  fixtureValidation,
} from '../providers/fixtures.js';
import {
  COMPANY_TYPES,
  type CacAdvanceCompany,
  type CacCompany,
  type CacDirector,
  type CacQuery,
  type CompanyType,
  type PersonRecord,
  type PersonWithNin,
  type TaxpayerRecord,
  type TinFromNinRecord,
  type TinValidation,
} from '../providers/ports.js';
import { DEV_GATEWAY_SECRET } from '../providers/ports.js';

/**
 * The registry simulator (DESIGN.md §1, §5; the wire contract is docs/simulator.md): HTTP services
 * standing in for every upstream, mounted under /identity, /bvn, /firs, /jtb, /cac, /resolution and
 * /gateway. It answers the sandbox's fixtures first (so every example works with test and live keys
 * alike), then a generated population (the same identifier always gives the same record), and faults:
 * per identifier (digits ending 9999502/9999503/9999504/9999429), per request (X-Simulator-Fault) and by
 * configuration (latency distribution, error rates), so live-key handling can be tried end to end.
 *
 * It is used in benchmarks with hundreds of concurrent connections: no logging, no per-request work
 * beyond a hash of the identifier.
 */
export interface SimulatorOptions {
  /** Median latency added to every answer (ms). */
  latencyMs?: number;
  /** Latency is log-normal around the median, reaching about median + jitter at p99 (ms). */
  latencyJitterMs?: number;
  /** Share of registry calls answered 500 (0–1). */
  errorRate?: number;
  /** Share answered 503. */
  unavailableRate?: number;
  /** Share answered 429 (Retry-After: 3). */
  rateLimitRate?: number;
  /** Share that never answer (the adapter's timeout fires). */
  timeoutRate?: number;
  /** Seed of the fault and latency draws, for reproducible runs (default: random). */
  seed?: number;
  /** The payment gateway's secret: checked on calls, and signing the webhooks it sends. */
  gatewaySecret?: string;
  /** Where the gateway posts charge.success / charge.failed webhooks, if anywhere. */
  gatewayWebhookUrl?: string | null;
  /** How long a hanging answer waits before giving up (ms); the adapters time out first. */
  hangMs?: number;
}

/** DESIGN.md §5's fault NINs; any identifier whose digits end like these answers the same fault. */
export const FAULT_NINS = {
  error: '99999999502',
  unavailable: '99999999503',
  timeout: '99999999504',
  rateLimited: '99999999429',
} as const;

type Fault = 'error' | 'unavailable' | 'timeout' | 'rate_limited' | 'hang';

/** The X-Simulator-Fault values. */
export const SIMULATOR_FAULTS: readonly Fault[] = ['error', 'unavailable', 'timeout', 'rate_limited', 'hang'];

const IDENTIFIER_FAULTS: ReadonlyArray<readonly [string, Fault]> = [
  ['9999502', 'error'],
  ['9999503', 'unavailable'],
  ['9999504', 'hang'],
  ['9999429', 'rate_limited'],
];

/** The fault an identifier answers with, from its digits' ending. */
export function identifierFault(identifier: string): Fault | undefined {
  const digits = identifier.replace(/\D/g, '');
  for (const [suffix, fault] of IDENTIFIER_FAULTS) if (digits.endsWith(suffix)) return fault;
  return undefined;
}

const RETRY_AFTER_SECONDS = '3';

/**
 * The latency added to one registry call (ms), drawn with `random` (uniform in [0, 1)): exactly
 * `medianMs` without jitter; with it, log-normal with that median and p99 ≈ medianMs + jitterMs
 * (half-normal with p99 = jitterMs when the median is 0), never above medianMs + 10 × jitterMs.
 */
export function addedLatencyMs(medianMs: number, jitterMs: number, random: () => number): number {
  if (!(jitterMs > 0)) return medianMs > 0 ? medianMs : 0;
  // A standard normal (Box–Muller).
  const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const cap = medianMs + 10 * jitterMs;
  if (!(medianMs > 0)) return Math.min(cap, (Math.abs(z) * jitterMs) / 2.576);
  const sigma = Math.log(1 + jitterMs / medianMs) / 2.326;
  return Math.min(cap, medianMs * Math.exp(sigma * z));
}

/** A small seeded PRNG (mulberry32): uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// ---------------------------------------------------------------------------------------------
// The generated population (docs/simulator.md, "Records"): deterministic, from a hash of the identifier.

const FIRST = ['Adaeze', 'Chinedu', 'Funmilayo', 'Ibrahim', 'Ngozi', 'Oluwaseun', 'Aisha', 'Emeka', 'Halima', 'Tunde'];
const LAST = ['Okonkwo', 'Adeyemi', 'Bello', 'Eze', 'Okafor', 'Abubakar', 'Ogunleye', 'Nwosu', 'Danjuma', 'Balogun'];
const STATES = ['Lagos', 'Kano', 'Enugu', 'Oyo', 'Kaduna', 'Rivers', 'Anambra', 'Ogun', 'Borno', 'Edo'];
/** An LGA and a city of each of STATES, by index. */
const LGAS = ['Ikeja', 'Nassarawa', 'Nsukka', 'Ibadan North', 'Kaduna North', 'Port Harcourt', 'Onitsha North', 'Abeokuta South', 'Maiduguri', 'Oredo'];
const CITIES = ['Ikeja', 'Kano', 'Enugu', 'Ibadan', 'Kaduna', 'Port Harcourt', 'Onitsha', 'Abeokuta', 'Maiduguri', 'Benin City'];
const STREETS = ['Allen Avenue', 'Broad Street', 'Ahmadu Bello Way', 'Aba Road', 'Ring Road', 'Zik Avenue', 'Market Road', 'Station Road'];
const BANKS = ['First Bank of Nigeria', 'Access Bank', 'Zenith Bank', 'Guaranty Trust Bank', 'United Bank for Africa', 'Fidelity Bank'];
const BIZ_A = ['Sahel', 'Niger Delta', 'Savannah', 'Lagoon', 'Atlantic', 'Zuma', 'Olumo', 'Obudu', 'Jos Plateau', 'Benue'];
const BIZ_B = ['Ventures', 'Logistics', 'Foods', 'Technologies', 'Agro Allied', 'Energy', 'Textiles', 'Properties', 'Pharmacy', 'Motors'];
const TAX_OFFICES = ['MSTO Ikeja', 'MSTO Lekki', 'MSTO Kano', 'MSTO Enugu', 'MSTO Ibadan', 'MSTO Port Harcourt', 'LTO Lagos', 'MSTO Abuja'];
const OCCUPATIONS = ['Businessman', 'Engineer', 'Accountant', 'Trader', 'Consultant', 'Banker', 'Physician', 'Farmer'];

const hash = (key: string): Buffer => createHash('sha256').update(key).digest();
const pick = <T>(list: readonly T[], h: Buffer, i: number): T => list[h[i]! % list.length]!;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const isoDate = (h: Buffer, i: number, fromYear: number, years: number) =>
  `${fromYear + (h[i]! % years)}-${pad(1 + (h[i + 1]! % 12), 2)}-${pad(1 + (h[i + 2]! % 28), 2)}`;
const lastDigitEven = (s: string) => Number(s.at(-1)) % 2 === 0;
const digitSum = (s: string) => [...s].reduce((sum, c) => sum + (c >= '0' && c <= '9' ? Number(c) : 0), 0);
const slug = (name: string) => name.toLowerCase().replace(/[^a-z]+/g, '');
/** +2348012345678 → 08012345678 (the form registers hold). */
const localPhone = (e164: string) => (e164.startsWith('+234') ? `0${e164.slice(4)}` : e164);
const generatedPhone = (h: Buffer, i: number) => `080${pad(h.readUInt32BE(i) % 100_000_000, 8)}`;

/** Digits from a hash, never ending like a fault identifier and never a fixture identifier. */
function safeDigits(h: Buffer, length: number, lastEven: boolean, reserved: ReadonlySet<string>, format = (d: string) => d): string {
  const digits: string[] = [String(1 + (h[0]! % 9))];
  for (let i = 1; i < length; i++) digits.push(String(h[i % h.length]! % 10));
  if (lastEven) digits[length - 1] = String((h[length % h.length]! % 5) * 2);
  if (identifierFault(digits.join(''))) digits[length - 7] = '8';
  if (reserved.has(format(digits.join('')))) digits[0] = digits[0] === '9' ? '8' : '9';
  return format(digits.join(''));
}

/** A joint-registry TIN the validate call answers VALID (not ending in 9, digit sum not a multiple of 7). */
function validJtbTin(h: Buffer): string {
  const digits = [...safeDigits(h, 10, false, FIXTURE_IDENTIFIERS.validateTin)];
  if (digits[9] === '9') digits[9] = '8';
  if (digitSum(digits.join('')) % 7 === 0) digits[0] = digits[0] === '9' ? '8' : String(Number(digits[0]) + 1);
  return digits.join('');
}

/** A NIN (ending in an even digit, so the register holds it) derived from another identifier. */
const derivedNin = (key: string) => safeDigits(hash(`idv-simulator:nin-for:${key}`), 11, true, FIXTURE_IDENTIFIERS.nin);
/** A federal TIN (NNNNNNNN-NNNN, ending in an even digit, so verify finds it) derived from another identifier. */
const derivedTin = (key: string) =>
  safeDigits(hash(`idv-simulator:tin-for:${key}`), 12, true, FIXTURE_IDENTIFIERS.federalTin, (d) => `${d.slice(0, 8)}-${d.slice(8)}`);

function personFrom(h: Buffer): PersonRecord {
  const firstName = pick(FIRST, h, 0);
  const lastName = pick(LAST, h, 1);
  const state = h[4]! % STATES.length;
  return {
    firstName,
    lastName,
    ...(h[2]! % 3 === 0 ? {} : { middleName: FIRST[(h[0]! + 1 + (h[2]! % (FIRST.length - 1))) % FIRST.length]! }),
    dateOfBirth: `${1950 + (h[6]! % 55)}-${pad(1 + (h[7]! % 12), 2)}-${pad(1 + (h[8]! % 28), 2)}`,
    gender: h[3]! % 2 === 0 ? 'MALE' : 'FEMALE',
    phoneNumber: generatedPhone(h, 9),
    ...(h[14]! % 4 === 0 ? {} : { email: `${firstName}.${lastName}${h[15]}@example.com`.toLowerCase() }),
    ...(h[16]! % 5 === 0 ? {} : { address: `${1 + (h[17]! % 120)} ${pick(STREETS, h, 18)}, ${pick(CITIES, h, 19)}` }),
    stateOfOrigin: STATES[state]!,
    lgaOfOrigin: LGAS[state]!,
    nationality: 'Nigerian',
    photo: FIXTURE_PHOTO,
  };
}

/** A generated person: the same NIN always gives the same record. Every NIN ending in an even digit exists. */
export function generatedPerson(nin: string): PersonRecord | undefined {
  return lastDigitEven(nin) ? personFrom(hash(`idv-simulator:${nin}`)) : undefined;
}

/** A generated BVN holder: every BVN ending in an even digit exists. */
export function generatedBvnPerson(bvn: string): PersonRecord | undefined {
  if (!lastDigitEven(bvn)) return undefined;
  const h = hash(`idv-simulator:bvn:${bvn}`);
  return {
    ...personFrom(h),
    enrollmentBank: pick(BANKS, h, 20),
    enrollmentBranch: `${pick(STREETS, h, 21)}, ${pick(CITIES, h, 22)}`,
    registrationDate: isoDate(h, 23, 2014, 10),
  };
}

function generatedTaxpayer(tin: string): TaxpayerRecord {
  const h = hash(`idv-simulator:tin:${tin}`);
  const company = h[0]! % 2 === 0;
  const city = pick(CITIES, h, 1);
  const address = `${1 + (h[2]! % 150)} ${pick(STREETS, h, 3)}, ${city}`;
  const jtbTin = validJtbTin(h.subarray(4));
  if (company) {
    const name = `${pick(BIZ_A, h, 20)} ${pick(BIZ_B, h, 21)} Limited`;
    return {
      firsTin: tin,
      jtbTin,
      taxpayerName: name,
      cacRegNumber: `RC${100_000 + (h.readUInt32BE(22) % 8_900_000)}`,
      taxOffice: pick(TAX_OFFICES, h, 26),
      phoneNumber: generatedPhone(h, 27),
      email: `accounts@${slug(name)}.com.ng`,
      address,
    };
  }
  const firstName = pick(FIRST, h, 20);
  const lastName = pick(LAST, h, 21);
  return {
    firsTin: tin,
    jtbTin: h[22]! % 2 === 0 ? jtbTin : null,
    taxpayerName: `${firstName} ${lastName}`,
    cacRegNumber: null,
    taxOffice: pick(TAX_OFFICES, h, 26),
    phoneNumber: generatedPhone(h, 27),
    email: h[23]! % 3 === 0 ? null : `${firstName}.${lastName}@example.com`.toLowerCase(),
    address,
  };
}

function generatedCompany(rcNumber: string): { basic: CacCompany; advance: CacAdvanceCompany } {
  const h = hash(`idv-simulator:cac:${rcNumber}`);
  const companyName = `${pick(BIZ_A, h, 0)} ${pick(BIZ_B, h, 1)} Limited`;
  const s = h[2]! % STATES.length;
  const city = CITIES[s]!;
  const common = {
    rcNumber,
    companyName,
    entityType: 'RC' as const,
    companyStatus: h[6]! % 10 === 0 ? 'INACTIVE' : 'ACTIVE',
    companyAddress: `${1 + (h[7]! % 150)} ${pick(STREETS, h, 8)}, ${city}`,
    state: STATES[s]!,
    city,
    lga: LGAS[s]!,
    registrationDate: isoDate(h, 3, 1990, 34),
  };
  const count = 2 + (h[15]! % 5);
  const secretary = digitSum(rcNumber) % 2 === 1;
  const directors: CacDirector[] = [];
  for (let i = 0; i < count; i++) {
    const d = hash(`idv-simulator:cac:${rcNumber}:${i}`);
    const firstName = pick(FIRST, d, 0);
    const surname = pick(LAST, d, 1);
    const ds = d[2]! % STATES.length;
    const isSecretary = secretary && i === count - 1;
    directors.push({
      id: 1_000 + (d.readUInt32BE(3) % 9_000_000),
      surname,
      firstName,
      otherName: d[7]! % 2 === 0 ? pick(FIRST, d, 8) : null,
      email: d[9]! % 3 === 0 ? null : `${firstName}.${surname}@example.com`.toLowerCase(),
      phoneNumber: d[10]! % 3 === 0 ? null : generatedPhone(d, 11),
      gender: d[15]! % 2 === 0 ? 'MALE' : 'FEMALE',
      dateOfBirth: d[16]! % 5 === 0 ? null : isoDate(d, 17, 1950, 50),
      dateOfAppointment: common.registrationDate,
      status: 'ACTIVE',
      occupation: isSecretary ? 'Chartered Secretary' : pick(OCCUPATIONS, d, 20),
      nationality: 'Nigerian',
      address: d[21]! % 4 === 0 ? null : `${1 + (d[22]! % 99)} ${pick(STREETS, d, 23)}`,
      city: CITIES[ds]!,
      state: STATES[ds]!,
      lga: LGAS[ds]!,
      identityNumber: d[24]! % 2 === 0 ? null : safeDigits(d.subarray(25), 11, false, FIXTURE_IDENTIFIERS.nin),
      numSharesAlloted: isSecretary ? null : String(1_000 * (1 + (d[26]! % 900))),
      typeOfShares: isSecretary ? null : 'ORDINARY',
      isChairman: i === 0,
      isDesignated: isSecretary,
      isCorporate: false,
      affiliateType: isSecretary ? 'SECRETARY' : 'DIRECTOR',
    });
  }
  return {
    basic: {
      ...common,
      branchAddress: h[9]! % 3 === 0 ? `${1 + (h[10]! % 99)} ${pick(STREETS, h, 11)}, ${pick(CITIES, h, 12)}` : null,
      emailAddress: h[13]! % 2 === 0 ? `info@${slug(companyName)}.ng` : null,
      searchScore: '100',
    },
    advance: { companyId: 100_000 + (h.readUInt32BE(16) % 900_000), ...common, directors },
  };
}

// The register as a whole: the fixture identifiers are decided by the fixtures, the rest generated.

function registerPerson(nin: string): PersonRecord | undefined {
  return FIXTURE_IDENTIFIERS.nin.has(nin) ? fixturePerson(nin) : generatedPerson(nin);
}
function bvnPerson(bvn: string): PersonRecord | undefined {
  return FIXTURE_IDENTIFIERS.bvn.has(bvn) ? fixtureBvnPerson(bvn) : generatedBvnPerson(bvn);
}
function phoneLookup(e164: string): PersonWithNin | undefined {
  if (FIXTURE_IDENTIFIERS.phone.has(e164)) return fixturePhoneLookup(e164);
  if (!'135'.includes(e164.at(-1)!)) return undefined;
  const nin = derivedNin(e164);
  return { ...generatedPerson(nin)!, phoneNumber: localPhone(e164), nin };
}
function resolvePhone(e164: string): { nin: string } | undefined {
  if (FIXTURE_IDENTIFIERS.phone.has(e164)) return fixtureResolve(e164);
  return lastDigitEven(e164) ? { nin: derivedNin(e164) } : undefined;
}
function taxpayerByTin(tin: string): TaxpayerRecord | undefined {
  if (FIXTURE_IDENTIFIERS.federalTin.has(tin)) return fixtureTaxpayerByTin(tin);
  return lastDigitEven(tin) ? generatedTaxpayer(tin) : undefined;
}
function taxpayerByPhone(e164: string): TaxpayerRecord | undefined {
  if (FIXTURE_IDENTIFIERS.phone.has(e164)) return fixtureTaxpayerByPhone(e164);
  return lastDigitEven(e164) ? { ...generatedTaxpayer(derivedTin(e164)), phoneNumber: localPhone(e164) } : undefined;
}
function tinFromNin(nin: string): TinFromNinRecord | undefined {
  if (FIXTURE_IDENTIFIERS.nin.has(nin)) return fixtureTinFromNin(nin);
  const person = generatedPerson(nin);
  if (!person) return undefined;
  const [y, m, d] = person.dateOfBirth!.split('-');
  return {
    tin: derivedTin(`nin:${nin}`),
    firstName: person.firstName!,
    lastName: person.lastName!,
    dateOfBirth: `${d}/${m}/${y}`,
    taxResidency: pick(STATES, hash(`idv-simulator:residency:${nin}`), 0),
  };
}
function validation(tin: string, country: string): TinValidation | undefined {
  if (FIXTURE_IDENTIFIERS.validateTin.has(tin)) return fixtureValidation(tin, country);
  if (tin.endsWith('9')) return undefined;
  const c = country.toLowerCase();
  return digitSum(tin) % 7 === 0
    ? { result: 'INVALID', format: null, tinType: null, country: c }
    : { result: 'VALID', format: tin, tinType: 'JTB', country: c };
}
function generatedCompanyFor(query: CacQuery) {
  if (query.companyType !== 'RC' || !/^[1-9]\d{5,6}$/.test(query.rcNumber) || !lastDigitEven(query.rcNumber)) return undefined;
  const c = generatedCompany(query.rcNumber);
  return cacMatches(c.basic, query) ? c : undefined;
}
function cacBasic(query: CacQuery): CacCompany | undefined {
  if (FIXTURE_IDENTIFIERS.rcNumber.has(query.rcNumber)) return fixtureCacBasic(query);
  return generatedCompanyFor(query)?.basic;
}
function cacAdvance(query: CacQuery): { companies: CacAdvanceCompany[] } | undefined {
  if (FIXTURE_IDENTIFIERS.rcNumber.has(query.rcNumber)) return fixtureCacAdvance(query);
  const c = generatedCompanyFor(query);
  return c ? { companies: [c.advance] } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Request bodies.

type Body = Record<string, unknown>;
/** A parsed call: the identifier (for its faults) and the answer (undefined: 404); or what is malformed. */
type Parsed = { identifier: string; answer: () => object | undefined } | string;

const NIN = /^\d{11}$/;
const FIRS_TIN = /^\d{8}-\d{4}$/;
const JTB_TIN = /^\d{10,13}$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const E164 = /^\+[1-9]\d{7,14}$/;

const str = (b: Body, name: string, pattern: RegExp): string | undefined => {
  const v = b[name];
  return typeof v === 'string' && pattern.test(v) ? v : undefined;
};
const isImage = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

const parseNin = (b: Body, answer: (nin: string) => object | undefined): Parsed => {
  const nin = str(b, 'nin', NIN);
  return nin === undefined ? 'nin must be 11 digits' : { identifier: nin, answer: () => answer(nin) };
};
const parsePhone = (b: Body, answer: (phone: string) => object | undefined): Parsed => {
  const phone = str(b, 'phoneNumber', E164);
  return phone === undefined ? 'phoneNumber must be in E.164 (+2348012345678)' : { identifier: phone, answer: () => answer(phone) };
};
const parseCac = (b: Body, answer: (q: CacQuery) => object | undefined): Parsed => {
  const { rcNumber, companyType, companyName } = b;
  if (typeof rcNumber !== 'string' || rcNumber.length === 0 || rcNumber.length > 64) return 'rcNumber must be a non-empty string';
  if (typeof companyType !== 'string' || !(COMPANY_TYPES as readonly string[]).includes(companyType)) {
    return `companyType must be one of ${COMPANY_TYPES.join(', ')}`;
  }
  if (companyName !== undefined && companyName !== null && typeof companyName !== 'string') return 'companyName must be a string';
  const query: CacQuery = { rcNumber, companyType: companyType as CompanyType, companyName: typeof companyName === 'string' ? companyName : undefined };
  return { identifier: rcNumber, answer: () => answer(query) };
};

const CALLS: ReadonlyArray<readonly [string, (b: Body) => Parsed]> = [
  ['/identity/v1/nin/lookup', (b) => parseNin(b, (nin) => wrap('person', registerPerson(nin)))],
  ['/identity/v1/phone/lookup', (b) => parsePhone(b, (phone) => wrap('person', phoneLookup(phone)))],
  [
    '/identity/v1/nin/face-match',
    (b) => {
      const { selfieImage, livelinessImages } = b;
      if (!isImage(selfieImage)) return 'selfieImage must be a base64 string';
      if (!Array.isArray(livelinessImages) || !livelinessImages.every(isImage)) return 'livelinessImages must be an array of base64 strings';
      return parseNin(b, (nin) => {
        const person = registerPerson(nin);
        return person && faceComparison(person, [selfieImage, livelinessImages as string[]]);
      });
    },
  ],
  [
    '/bvn/v1/bvn/lookup',
    (b) => {
      const bvn = str(b, 'bvn', NIN);
      return bvn === undefined ? 'bvn must be 11 digits' : { identifier: bvn, answer: () => wrap('person', bvnPerson(bvn)) };
    },
  ],
  [
    '/bvn/v1/bvn/face-validation',
    (b) => {
      const bvn = str(b, 'bvn', NIN);
      if (bvn === undefined) return 'bvn must be 11 digits';
      const image = b.image;
      if (!isImage(image)) return 'image must be a base64 string';
      return {
        identifier: bvn,
        answer: () => {
          const person = bvnPerson(bvn);
          return person && faceComparison(person, [image]);
        },
      };
    },
  ],
  [
    '/firs/v1/tin/verify',
    (b) => {
      const tin = str(b, 'tin', FIRS_TIN);
      return tin === undefined ? 'tin must be NNNNNNNN-NNNN' : { identifier: tin, answer: () => wrap('taxpayer', taxpayerByTin(tin)) };
    },
  ],
  ['/firs/v1/tin/by-phone', (b) => parsePhone(b, (phone) => wrap('taxpayer', taxpayerByPhone(phone)))],
  ['/firs/v1/tin/from-nin', (b) => parseNin(b, tinFromNin)],
  [
    '/jtb/v1/tin/validate',
    (b) => {
      const tin = str(b, 'tin', JTB_TIN);
      if (tin === undefined) return 'tin must be 10 to 13 digits';
      const country = str(b, 'country', COUNTRY);
      if (country === undefined) return 'country must be a two-letter code';
      return { identifier: tin, answer: () => validation(tin, country) };
    },
  ],
  ['/cac/v1/companies/basic', (b) => parseCac(b, (q) => wrap('company', cacBasic(q)))],
  ['/cac/v1/companies/advance', (b) => parseCac(b, cacAdvance)],
  ['/resolution/v1/msisdn/resolve', (b) => parsePhone(b, resolvePhone)],
];

function wrap<K extends string, V>(key: K, value: V | undefined): Record<K, V> | undefined {
  return value === undefined ? undefined : ({ [key]: value } as Record<K, V>);
}

// ---------------------------------------------------------------------------------------------
// The payment gateway's checkout page (development): plain HTML, no script, under its own CSP.

interface GatewayPaymentState {
  reference: string;
  /** Kobo. */
  amount: number;
  /** Paystack's words: ongoing, then success, failed or abandoned. */
  status: string;
  accessCode: string;
  /** Where "Pay" and "Decline" send the payer back to (http or https only), if anywhere. */
  callbackUrl: string | null;
}

/**
 * The URL normalised when it is an absolute http(s) URL of sensible length whose host is a plain name
 * or address (its origin goes into the page's CSP); otherwise null.
 */
export function httpUrl(value: string): string | null {
  if (value.length > 2048) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])$/i.test(url.hostname) ? url.href : null;
  } catch {
    return null;
  }
}

/** Paystack's redirect after checkout: the callback URL with ?trxref=<ref>&reference=<ref>. */
export function callbackWith(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('trxref', reference);
  url.searchParams.set('reference', reference);
  return url.href;
}

/** Whether an Accept header asks for HTML (a browser opening the page), not just anything. */
function acceptsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    if (type !== 'text/html' && type !== 'application/xhtml+xml') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Kobo as ₦1,250.50. */
const formatKobo = (kobo: number) => `₦${String(Math.floor(kobo / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pad(kobo % 100, 2)}`;

const CHECKOUT_STYLE = [
  'body{margin:0;font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a}',
  'main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border:1px solid #cbd5e1;border-radius:.5rem}',
  'h1{margin:0 0 .25rem;font-size:1.5rem}',
  '.note{margin:0 0 1.5rem;color:#475569;font-size:.875rem}',
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}',
  'dt{color:#475569}dd{margin:0;font-weight:600;overflow-wrap:anywhere}',
  '.amount{font-size:1.5rem}',
  'form{display:flex;gap:.75rem}',
  'button{font:inherit;padding:.5rem 1.25rem;border-radius:.375rem;border:1px solid #0f172a;cursor:pointer}',
  'button.pay{background:#0f172a;color:#fff}button.decline{background:#fff;color:#0f172a}',
  'button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}',
  '.outcome{padding:.75rem;border-radius:.375rem;border:1px solid #cbd5e1;background:#f8fafc}',
  'a{color:#1d4ed8}',
].join('');
const CHECKOUT_STYLE_HASH = `'sha256-${createHash('sha256').update(CHECKOUT_STYLE).digest('base64')}'`;

/** The checkout page's own headers: no script at all, forms only to here and to the callback's origin. */
function checkoutHeaders(reply: FastifyReply, callbackUrl: string | null): FastifyReply {
  const formTargets = ["'self'", ...(callbackUrl ? [new URL(callbackUrl).origin] : [])].join(' ');
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; style-src ${CHECKOUT_STYLE_HASH}; img-src data:; form-action ${formTargets}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store');
}

const OUTCOME_TEXT: Record<string, string> = {
  success: 'This payment was successful.',
  failed: 'This payment was declined.',
  abandoned: 'This payment was abandoned.',
};

/** The checkout page: the amount and the reference, then "Pay" and "Decline" (or the outcome once settled). Every value is escaped. */
function checkoutPage(p: GatewayPaymentState, accessCode: string): string {
  const amount = escapeHtml(formatKobo(p.amount));
  const returnTo = p.callbackUrl ? escapeHtml(new URL(p.callbackUrl).host) : null;
  const body =
    p.status === 'ongoing'
      ? `<form method="post" action="/gateway/pay/${escapeHtml(encodeURIComponent(accessCode))}">` +
        '<button type="submit" class="pay" name="action" value="pay">Pay</button>' +
        '<button type="submit" class="decline" name="action" value="decline">Decline</button>' +
        '</form>' +
        (returnTo ? `<p class="note">Either way you return to ${returnTo}.</p>` : '')
      : `<p class="outcome" role="status">${escapeHtml(OUTCOME_TEXT[p.status] ?? `This payment is ${p.status}.`)}</p>` +
        (p.callbackUrl ? `<p><a href="${escapeHtml(callbackWith(p.callbackUrl, p.reference))}">Return to ${returnTo}</a></p>` : '');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>Checkout ${amount} — payment gateway simulator</title><link rel="icon" href="data:,">` +
    `<style>${CHECKOUT_STYLE}</style></head><body><main>` +
    '<h1>Checkout</h1><p class="note">Payment gateway simulator (development): no money moves.</p>' +
    `<dl><dt>Amount</dt><dd class="amount">${amount}</dd><dt>Reference</dt><dd>${escapeHtml(p.reference)}</dd></dl>` +
    `${body}</main></body></html>`
  );
}

// ---------------------------------------------------------------------------------------------

export async function buildSimulator(options: SimulatorOptions = {}): Promise<FastifyInstance> {
  // A hanging answer must not hold up shutdown. Face images make large bodies.
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 32 * 1024 * 1024 });
  let counter = 0;
  const reference = () => `SIM-${Date.now().toString(36).toUpperCase()}-${(++counter).toString(36).toUpperCase()}`;

  // The draws (faults and latency), from options.seed; re-seeded when the option changes.
  let seededWith: number | undefined;
  let faultRandom = () => 0;
  let latencyRandom = () => 0;
  const reseed = () => {
    seededWith = options.seed;
    const seed = options.seed ?? randomInt(0, 2 ** 32);
    faultRandom = mulberry32(seed);
    latencyRandom = mulberry32(seed ^ 0x9e3779b9);
  };
  reseed();
  const checkSeed = () => {
    if (options.seed !== seededWith) reseed();
  };

  const latency = (): number => {
    if (options.latencyJitterMs && options.latencyJitterMs > 0) checkSeed();
    return addedLatencyMs(options.latencyMs ?? 0, options.latencyJitterMs ?? 0, latencyRandom);
  };
  const delay = async () => {
    const ms = latency();
    if (ms > 0) await sleep(ms);
  };

  /** One draw per registry call, so a seed gives the same sequence of faults whatever the rates. */
  const drawFault = (): Fault | undefined => {
    checkSeed();
    let x = faultRandom();
    for (const [rate, fault] of [
      [options.errorRate, 'error'],
      [options.unavailableRate, 'unavailable'],
      [options.rateLimitRate, 'rate_limited'],
      [options.timeoutRate, 'hang'],
    ] as const) {
      const r = rate ?? 0;
      if (r > 0 && x < r) return fault;
      x -= r > 0 ? r : 0;
    }
    return undefined;
  };

  const fault = async (reply: FastifyReply, kind: Fault) => {
    switch (kind) {
      case 'error':
        return reply.code(500).send({ error: 'internal error' });
      case 'unavailable':
        return reply.code(503).send({ error: 'service unavailable' });
      case 'rate_limited':
        return reply.code(429).header('retry-after', RETRY_AFTER_SECONDS).send({ error: 'too many requests' });
      case 'timeout':
        return reply.code(504).send({ error: 'upstream timed out' });
      case 'hang':
        // Never answers within any sensible adapter timeout; the timer does not keep a process alive.
        await sleep(options.hangMs ?? 60_000, undefined, { ref: false });
        return reply.code(504).send({ error: 'gave up' });
    }
  };

  app.setErrorHandler((err: FastifyError, _req, reply) => {
    const status = err.statusCode !== undefined && err.statusCode >= 400 ? err.statusCode : 500;
    return reply.code(status).send({ error: status >= 500 ? 'internal error' : err.message });
  });
  app.addHook('onRequest', (req, reply, done) => {
    const correlationId = req.headers['x-correlation-id'];
    if (typeof correlationId === 'string') reply.header('x-correlation-id', correlationId);
    done();
  });

  for (const [path, parse] of CALLS) {
    app.post(path, async (req, reply) => {
      const forced = req.headers['x-simulator-fault'];
      if (forced !== undefined) {
        const kind = SIMULATOR_FAULTS.find((f) => f === forced);
        if (!kind) return reply.code(400).send({ error: `X-Simulator-Fault must be one of ${SIMULATOR_FAULTS.join(', ')}` });
        return fault(reply, kind);
      }
      await delay();
      const drawn = drawFault();
      if (drawn) return fault(reply, drawn);
      const body = req.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return reply.code(400).send({ error: 'a JSON object body is required' });
      const parsed = parse(body as Body);
      if (typeof parsed === 'string') return reply.code(400).send({ error: parsed });
      const idFault = identifierFault(parsed.identifier);
      if (idFault) return fault(reply, idFault);
      const payload = parsed.answer();
      const referenceId = reference();
      return payload === undefined ? reply.code(404).send({ referenceId }) : reply.send({ referenceId, ...payload });
    });
  }

  // The payment gateway (Paystack's wire format). Its authorisation URL is a checkout page when a
  // browser opens it (the amount, the reference, "Pay" and "Decline": plain forms posting back here,
  // under a CSP of its own with no script); "Pay" or "Decline" settles the payment and redirects (303)
  // to the callback URL with ?reference=&trxref= as Paystack does. Opened by a script (no text/html
  // in Accept), or with ?outcome=success|failed|abandoned, it settles at once and answers in plain
  // text. A settled payment sends its webhook to gatewayWebhookUrl.
  const payments = new Map<string, GatewayPaymentState>();
  const byAccessCode = new Map<string, string>();
  const secret = options.gatewaySecret ?? DEV_GATEWAY_SECRET;
  const authorised = (req: { headers: Record<string, unknown> }) => req.headers.authorization === `Bearer ${secret}`;

  app.post<{ Body: { reference?: string; amount?: number; email?: string; callback_url?: unknown } }>('/gateway/transaction/initialize', async (req, reply) => {
    await delay();
    if (!authorised(req)) return reply.code(401).send({ status: false, message: 'Invalid key' });
    const { reference, amount, callback_url: callbackUrl } = req.body ?? {};
    if (typeof reference !== 'string' || typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      return reply.code(400).send({ status: false, message: 'reference and amount (kobo) are required' });
    }
    let callback: string | null = null;
    if (callbackUrl !== undefined && callbackUrl !== null) {
      callback = typeof callbackUrl === 'string' ? httpUrl(callbackUrl) : null;
      if (callback === null) return reply.code(400).send({ status: false, message: 'callback_url must be an http or https URL' });
    }
    if (payments.has(reference)) return reply.code(400).send({ status: false, message: 'Duplicate Transaction Reference' });
    const accessCode = createHash('sha256').update(`${reference}:${counter++}`).digest('hex').slice(0, 16);
    payments.set(reference, { reference, amount, status: 'ongoing', accessCode, callbackUrl: callback });
    byAccessCode.set(accessCode, reference);
    const base = `${req.protocol}://${req.headers.host}`;
    return { status: true, message: 'Authorization URL created', data: { authorization_url: `${base}/gateway/pay/${accessCode}`, access_code: accessCode, reference } };
  });

  app.get<{ Params: { reference: string } }>('/gateway/transaction/verify/:reference', async (req, reply) => {
    await delay();
    if (!authorised(req)) return reply.code(401).send({ status: false, message: 'Invalid key' });
    const p = payments.get(req.params.reference);
    if (!p) return reply.code(404).send({ status: false, message: 'Transaction reference not found' });
    return { status: true, data: { reference: p.reference, status: p.status, amount: p.amount, currency: 'NGN' } };
  });

  const payment = (accessCode: string) => {
    const reference = byAccessCode.get(accessCode);
    return reference ? payments.get(reference) : undefined;
  };
  /** Settles an ongoing payment (a settled one stays as it is) and sends its webhook, if any. */
  const settle = async (p: GatewayPaymentState, outcome: 'success' | 'failed' | 'abandoned') => {
    if (p.status === 'ongoing') p.status = outcome;
    if (options.gatewayWebhookUrl && p.status !== 'abandoned') {
      const body = JSON.stringify({ event: p.status === 'success' ? 'charge.success' : 'charge.failed', data: { reference: p.reference, status: p.status, amount: p.amount, currency: 'NGN' } });
      const signature = createHmac('sha512', secret).update(body).digest('hex');
      await fetch(options.gatewayWebhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, body }).catch(() => undefined);
    }
  };

  app.get<{ Params: { accessCode: string }; Querystring: { outcome?: string } }>('/gateway/pay/:accessCode', async (req, reply) => {
    const p = payment(req.params.accessCode);
    if (!p) return reply.code(404).type('text/plain').send('Unknown payment');
    const asked = req.query.outcome;
    if (asked === undefined && acceptsHtml(req.headers.accept)) {
      return checkoutHeaders(reply, p.callbackUrl).code(200).type('text/html; charset=utf-8').send(checkoutPage(p, req.params.accessCode));
    }
    await settle(p, asked === 'failed' || asked === 'abandoned' ? asked : 'success');
    return reply.type('text/plain').send(`Payment ${p.reference}: ${p.status}`);
  });

  // The checkout page's two buttons: a form post (application/x-www-form-urlencoded), action=pay|decline.
  await app.register(async (checkout) => {
    checkout.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    checkout.post<{ Params: { accessCode: string }; Body: { action?: unknown } }>('/gateway/pay/:accessCode', async (req, reply) => {
      const p = payment(req.params.accessCode);
      if (!p) return reply.code(404).type('text/plain').send('Unknown payment');
      const action = (req.body as { action?: unknown } | undefined)?.action;
      if (action !== 'pay' && action !== 'decline') return reply.code(400).type('text/plain').send('action must be pay or decline');
      await settle(p, action === 'pay' ? 'success' : 'failed');
      if (p.callbackUrl) return reply.code(303).header('location', callbackWith(p.callbackUrl, p.reference)).send();
      return checkoutHeaders(reply, null).code(200).type('text/html; charset=utf-8').send(checkoutPage(p, req.params.accessCode));
    });
  });

  // The SMS gateway (README "SMS gateway"): POST /sms/messages { id, to, body } → 202 { status: "accepted",
  // messageId }. Numbers whose digits end 9999400 are refused (400: a permanent failure), 9999503 answer
  // 503 (temporary). GET /sms/messages?to= lists what was accepted, newest last, for development and tests.
  const smsAccepted: Array<{ messageId: string; id: string | null; to: string; body: string; receivedAt: string }> = [];
  app.post<{ Body: { id?: unknown; to?: unknown; body?: unknown } }>('/sms/messages', async (req, reply) => {
    await delay();
    const { id, to, body } = req.body ?? {};
    if (typeof to !== 'string' || !/^\+[0-9]{8,15}$/.test(to) || typeof body !== 'string' || body.length === 0) {
      return reply.code(400).send({ status: 'rejected', message: 'to (E.164) and body are required' });
    }
    if (to.endsWith('9999400')) return reply.code(400).send({ status: 'rejected', message: 'The number cannot receive messages' });
    if (to.endsWith('9999503')) return reply.code(503).send({ status: 'unavailable', message: 'The gateway is busy; retry later' });
    const messageId = `sms_${createHash('sha256').update(`${to}:${counter++}`).digest('hex').slice(0, 16)}`;
    smsAccepted.push({ messageId, id: typeof id === 'string' ? id : null, to, body, receivedAt: new Date().toISOString() });
    if (smsAccepted.length > 10_000) smsAccepted.shift();
    return reply.code(202).send({ status: 'accepted', messageId });
  });
  app.get<{ Querystring: { to?: string } }>('/sms/messages', async (req) => ({
    messages: smsAccepted.filter((m) => req.query.to === undefined || m.to === req.query.to),
  }));

  return app;
}

/** Starts the simulator on a port (0: any free one) and returns its base URL. */
export async function startSimulator(options: SimulatorOptions & { host?: string; port?: number } = {}) {
  // The options object stays live: a webhook URL known only later, or new fault rates, can be set on it.
  const app = await buildSimulator(options);
  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return { app, url: address, options };
}
