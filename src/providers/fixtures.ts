import type {
  CacAdvanceCompany,
  CacCompany,
  CacDirector,
  CacQuery,
  FaceComparison,
  PersonRecord,
  PersonWithNin,
  TaxpayerRecord,
  TinFromNinRecord,
  TinValidation,
} from './ports.js';

/**
 * Sandbox fixtures (DESIGN.md §5), defined once: the sandbox providers (test keys) answer from them,
 * and the registry simulator (live keys in development) answers them before its generated population,
 * so every example works with test and live keys alike. Published in the README and the API reference.
 *
 * Every lookup returns a fresh copy (callers may shape it) or undefined: not a fixture, or a fixture
 * that is not found. `FIXTURE_IDENTIFIERS` lists every identifier the table names, found or not, so
 * the simulator knows which identifiers the fixtures decide.
 */
export const FIXTURE_NIN_FOUND = '11111111111';
export const FIXTURE_NIN_NOT_FOUND = '00000000000';
export const FIXTURE_BVN_FOUND = '22222222222';
export const FIXTURE_BVN_NOT_FOUND = '00000000000';
/** The NIN of the person the register's phone lookup finds for FIXTURE_PHONE_FALLBACK. */
export const FIXTURE_NIN_PHONE_FALLBACK = '33333333333';

export const FIXTURE_TIN_COMPANY = '12345678-0001';
export const FIXTURE_TIN_INDIVIDUAL = '12345678-0002';
export const FIXTURE_TIN_NOT_FOUND = '00000000-0000';

export const FIXTURE_VALIDATE_VALID = '1234567890';
export const FIXTURE_VALIDATE_INVALID = '0000000000';
export const FIXTURE_VALIDATE_NOT_FOUND = '9999999999';

export const FIXTURE_RC_ONE = '1234567';
export const FIXTURE_RC_SHARED = '7654321';
export const FIXTURE_RC_LEADING_ZERO = '0123456';
export const FIXTURE_RC_NOT_FOUND = ['0000000', '123456', '01234567'] as const;

/** Phones in E.164 (the ports' form); the table shows them in local form (08000000001 …). */
export const FIXTURE_PHONE_RESOLVES = '+2348000000001';
export const FIXTURE_PHONE_FALLBACK = '+2348000000002';
export const FIXTURE_PHONE_NOT_FOUND = '+2348000000000';

/** A face image (selfie, liveliness image or BVN image) whose base64 starts with this gives NO_MATCH. */
export const FIXTURE_NO_MATCH_PREFIX = 'NOMATCH';
export const FIXTURE_MATCH_CONFIDENCE = 97.5;
export const FIXTURE_NO_MATCH_CONFIDENCE = 12.3;

// A 1×1 JPEG: enough to show where the photo goes without shipping a face.
export const FIXTURE_PHOTO =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

// ---------------------------------------------------------------------------------------------
// People: the identity register and the BVN service.

export const FIXTURE_NIN_PERSON: Readonly<PersonRecord> = Object.freeze({
  firstName: 'Adaeze',
  middleName: 'Chioma',
  lastName: 'Okonkwo',
  dateOfBirth: '1990-04-12',
  gender: 'FEMALE',
  phoneNumber: '08031234567',
  email: 'adaeze.okonkwo@example.com',
  address: '14 Admiralty Way, Lekki Phase 1, Lagos',
  stateOfOrigin: 'Anambra',
  lgaOfOrigin: 'Onitsha North',
  nationality: 'Nigerian',
  photo: FIXTURE_PHOTO,
});

/** The person behind FIXTURE_PHONE_FALLBACK: the register finds them by phone (and by NIN). No email held. */
export const FIXTURE_PHONE_FALLBACK_PERSON: Readonly<PersonRecord> = Object.freeze({
  firstName: 'Ibrahim',
  middleName: 'Musa',
  lastName: 'Bello',
  dateOfBirth: '1982-01-30',
  gender: 'MALE',
  phoneNumber: '08000000002',
  address: '7 Zoo Road, Nassarawa, Kano',
  stateOfOrigin: 'Kano',
  lgaOfOrigin: 'Nassarawa',
  nationality: 'Nigerian',
  photo: FIXTURE_PHOTO,
});

export const FIXTURE_BVN_PERSON: Readonly<PersonRecord> = Object.freeze({
  firstName: 'Emeka',
  middleName: 'Chukwudi',
  lastName: 'Nwosu',
  dateOfBirth: '1985-09-23',
  gender: 'MALE',
  phoneNumber: '08091234567',
  email: 'emeka.nwosu@example.com',
  address: '3 Ogui Road, Enugu',
  stateOfOrigin: 'Enugu',
  lgaOfOrigin: 'Nsukka',
  nationality: 'Nigerian',
  photo: FIXTURE_PHOTO,
  enrollmentBank: 'First Bank of Nigeria',
  enrollmentBranch: 'Marina, Lagos',
  registrationDate: '2015-03-17',
});

const PEOPLE_BY_NIN: ReadonlyMap<string, Readonly<PersonRecord>> = new Map([
  [FIXTURE_NIN_FOUND, FIXTURE_NIN_PERSON],
  [FIXTURE_NIN_PHONE_FALLBACK, FIXTURE_PHONE_FALLBACK_PERSON],
]);

/** The identity register's record for a NIN. */
export function fixturePerson(nin: string): PersonRecord | undefined {
  const p = PEOPLE_BY_NIN.get(nin);
  return p ? { ...p } : undefined;
}

/** The BVN service's record for a BVN. */
export function fixtureBvnPerson(bvn: string): PersonRecord | undefined {
  return bvn === FIXTURE_BVN_FOUND ? { ...FIXTURE_BVN_PERSON } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Phones: the resolution provider and the register's own phone lookup.

const RESOLUTIONS: ReadonlyMap<string, string> = new Map([[FIXTURE_PHONE_RESOLVES, FIXTURE_NIN_FOUND]]);
const PHONE_INDEX: ReadonlyMap<string, string> = new Map([
  [FIXTURE_PHONE_RESOLVES, FIXTURE_NIN_FOUND],
  [FIXTURE_PHONE_FALLBACK, FIXTURE_NIN_PHONE_FALLBACK],
]);

/** The resolution provider: the NIN a number (E.164) is registered to. +2348000000002 does not resolve. */
export function fixtureResolve(e164: string): { nin: string } | undefined {
  const nin = RESOLUTIONS.get(e164);
  return nin === undefined ? undefined : { nin };
}

/** The register's own phone lookup (E.164): the person and their NIN. */
export function fixturePhoneLookup(e164: string): PersonWithNin | undefined {
  const nin = PHONE_INDEX.get(e164);
  const person = nin === undefined ? undefined : fixturePerson(nin);
  return nin !== undefined && person ? { ...person, nin } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Faces.

function isNoMatch(image: string): boolean {
  // Tolerates a data URL's prefix (data:image/jpeg;base64,NOMATCH…).
  if (image.startsWith(FIXTURE_NO_MATCH_PREFIX)) return true;
  const comma = image.startsWith('data:') ? image.indexOf(',') : -1;
  return comma >= 0 && image.startsWith(FIXTURE_NO_MATCH_PREFIX, comma + 1);
}

/** True when any of the images (selfie, liveliness images, BVN image) starts with `NOMATCH`. */
export function isNoMatchImage(...images: ReadonlyArray<string | readonly string[]>): boolean {
  for (const item of images) {
    if (typeof item === 'string') {
      if (isNoMatch(item)) return true;
    } else if (item.some(isNoMatch)) return true;
  }
  return false;
}

/** The comparison the fixtures' rule gives for a person and the images sent (also the simulator's). */
export function faceComparison(person: PersonRecord, images: ReadonlyArray<string | readonly string[]>): FaceComparison {
  const noMatch = isNoMatchImage(...images);
  return {
    matchResult: noMatch ? 'NO_MATCH' : 'MATCH',
    confidence: noMatch ? FIXTURE_NO_MATCH_CONFIDENCE : FIXTURE_MATCH_CONFIDENCE,
    person,
  };
}

/** The register's face match: undefined when it does not hold the NIN. */
export function fixtureFaceMatch(input: { nin: string; selfieImage: string; livelinessImages: readonly string[] }): FaceComparison | undefined {
  const person = fixturePerson(input.nin);
  return person ? faceComparison(person, [input.selfieImage, input.livelinessImages]) : undefined;
}

/** The BVN service's face validation: undefined when it does not hold the BVN. */
export function fixtureFaceValidation(input: { bvn: string; image: string }): FaceComparison | undefined {
  const person = fixtureBvnPerson(input.bvn);
  return person ? faceComparison(person, [input.image]) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Tax: the federal registry (verify, by-phone, from-nin) and the joint registry (validate).

export const FIXTURE_TAXPAYER_COMPANY: Readonly<TaxpayerRecord> = Object.freeze({
  firsTin: FIXTURE_TIN_COMPANY,
  jtbTin: FIXTURE_VALIDATE_VALID,
  taxpayerName: 'Lagoon Crest Logistics Limited',
  cacRegNumber: `RC${FIXTURE_RC_ONE}`,
  taxOffice: 'MSTO Ikeja',
  phoneNumber: '08000000001',
  email: 'accounts@lagooncrest.com.ng',
  address: '22 Oba Akran Avenue, Ikeja, Lagos',
});

/** The NIN fixture person as a taxpayer: the registry holds no JTB number, no CAC number and no email. */
export const FIXTURE_TAXPAYER_INDIVIDUAL: Readonly<TaxpayerRecord> = Object.freeze({
  firsTin: FIXTURE_TIN_INDIVIDUAL,
  jtbTin: null,
  taxpayerName: 'Adaeze Chioma Okonkwo',
  cacRegNumber: null,
  taxOffice: 'MSTO Lekki',
  phoneNumber: '08031234567',
  email: null,
  address: '14 Admiralty Way, Lekki Phase 1, Lagos',
});

const TAXPAYERS_BY_TIN: ReadonlyMap<string, Readonly<TaxpayerRecord>> = new Map([
  [FIXTURE_TIN_COMPANY, FIXTURE_TAXPAYER_COMPANY],
  [FIXTURE_TIN_INDIVIDUAL, FIXTURE_TAXPAYER_INDIVIDUAL],
]);
const TAXPAYERS_BY_PHONE: ReadonlyMap<string, Readonly<TaxpayerRecord>> = new Map([[FIXTURE_PHONE_RESOLVES, FIXTURE_TAXPAYER_COMPANY]]);

/** The federal registry's taxpayer for a TIN (NNNNNNNN-NNNN). */
export function fixtureTaxpayerByTin(tin: string): TaxpayerRecord | undefined {
  const t = TAXPAYERS_BY_TIN.get(tin);
  return t ? { ...t } : undefined;
}

/** The federal registry's taxpayer for a phone number (E.164). */
export function fixtureTaxpayerByPhone(e164: string): TaxpayerRecord | undefined {
  const t = TAXPAYERS_BY_PHONE.get(e164);
  return t ? { ...t } : undefined;
}

/** The NIN fixture person's TIN: the individual taxpayer's, with the NIN record's name and date of birth. */
export const FIXTURE_TIN_FROM_NIN: Readonly<TinFromNinRecord> = Object.freeze({
  tin: FIXTURE_TIN_INDIVIDUAL,
  firstName: 'Adaeze',
  lastName: 'Okonkwo',
  dateOfBirth: '12/04/1990',
  taxResidency: 'Lagos',
});

/** The federal registry's TIN for a NIN. */
export function fixtureTinFromNin(nin: string): TinFromNinRecord | undefined {
  return nin === FIXTURE_NIN_FOUND ? { ...FIXTURE_TIN_FROM_NIN } : undefined;
}

/** The joint registry's verdict on a bare-digit TIN; `country` is echoed in lower case. */
export function fixtureValidation(tin: string, country: string): TinValidation | undefined {
  const c = country.toLowerCase();
  if (tin === FIXTURE_VALIDATE_VALID) return { result: 'VALID', format: tin, tinType: 'JTB', country: c };
  if (tin === FIXTURE_VALIDATE_INVALID) return { result: 'INVALID', format: null, tinType: null, country: c };
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The corporate registry.

interface CacEntity {
  companyId: number;
  company: Readonly<CacCompany>;
  directors: readonly Readonly<CacDirector>[];
}

const director = (d: Partial<CacDirector> & Pick<CacDirector, 'id' | 'surname' | 'firstName' | 'affiliateType'>): Readonly<CacDirector> =>
  Object.freeze({
    otherName: null,
    email: null,
    phoneNumber: null,
    gender: null,
    dateOfBirth: null,
    dateOfAppointment: null,
    status: null,
    occupation: null,
    nationality: null,
    address: null,
    city: null,
    state: null,
    lga: null,
    identityNumber: null,
    numSharesAlloted: null,
    typeOfShares: null,
    isChairman: null,
    isDesignated: null,
    isCorporate: null,
    ...d,
  });

const CAC_ENTITIES: readonly CacEntity[] = [
  {
    // 1234567 (RC): one company; four people on record, a secretary among them, several fields not held.
    companyId: 100123,
    company: {
      rcNumber: FIXTURE_RC_ONE,
      companyName: 'Lagoon Crest Logistics Limited',
      entityType: 'RC',
      companyStatus: 'ACTIVE',
      companyAddress: '22 Oba Akran Avenue, Ikeja, Lagos',
      branchAddress: null,
      state: 'Lagos',
      city: 'Ikeja',
      lga: 'Ikeja',
      registrationDate: '2012-06-18',
      emailAddress: 'info@lagooncrest.com.ng',
      searchScore: '100',
    },
    directors: [
      director({
        id: 501, surname: 'Bakare', firstName: 'Olumide', otherName: 'Adewale', email: 'o.bakare@lagooncrest.com.ng',
        phoneNumber: '08033334444', gender: 'MALE', dateOfBirth: '1968-02-14', dateOfAppointment: '2012-06-18', status: 'ACTIVE',
        occupation: 'Businessman', nationality: 'Nigerian', address: '5 Isaac John Street, GRA', city: 'Ikeja', state: 'Lagos',
        lga: 'Ikeja', identityNumber: '12121212121', numSharesAlloted: '600000', typeOfShares: 'ORDINARY', isChairman: true,
        isDesignated: false, isCorporate: false, affiliateType: 'DIRECTOR',
      }),
      director({
        id: 502, surname: 'Eze', firstName: 'Ngozi', gender: 'FEMALE', dateOfBirth: '1975-11-02', dateOfAppointment: '2015-01-20',
        status: 'ACTIVE', occupation: 'Accountant', nationality: 'Nigerian', address: '9 Fola Osibo Road', city: 'Lekki', state: 'Lagos',
        lga: 'Eti-Osa', numSharesAlloted: '400000', typeOfShares: 'ORDINARY', isChairman: false, isDesignated: false, isCorporate: false,
        affiliateType: 'DIRECTOR',
      }),
      director({
        id: 503, surname: 'Adeyemi', firstName: 'Kemi', otherName: 'Folasade', email: 'secretary@lagooncrest.com.ng',
        phoneNumber: '08055556666', gender: 'FEMALE', dateOfAppointment: '2012-06-18', status: 'ACTIVE', occupation: 'Chartered Secretary',
        nationality: 'Nigerian', address: '22 Oba Akran Avenue', city: 'Ikeja', state: 'Lagos', lga: 'Ikeja', isChairman: false,
        isDesignated: true, isCorporate: false, affiliateType: 'SECRETARY',
      }),
      director({
        id: 504, surname: 'Danjuma', firstName: 'Ibrahim', gender: 'MALE', dateOfBirth: '1980-07-30', dateOfAppointment: '2019-03-05',
        status: 'ACTIVE', nationality: 'Nigerian', isChairman: false, isCorporate: false, affiliateType: 'DIRECTOR',
      }),
    ],
  },
  {
    // 7654321 (RC): two distinct entities share the number; Basic answers the first (best score).
    companyId: 200001,
    company: {
      rcNumber: FIXTURE_RC_SHARED,
      companyName: 'Harmattan Foods Limited',
      entityType: 'RC',
      companyStatus: 'ACTIVE',
      companyAddress: '40 Murtala Mohammed Way, Kano',
      branchAddress: '12 Ahmadu Bello Way, Kaduna',
      state: 'Kano',
      city: 'Kano',
      lga: 'Nassarawa',
      registrationDate: '2004-02-11',
      emailAddress: 'hello@harmattanfoods.ng',
      searchScore: '100',
    },
    directors: [
      director({
        id: 601, surname: 'Abubakar', firstName: 'Halima', gender: 'FEMALE', dateOfBirth: '1970-05-09', dateOfAppointment: '2004-02-11',
        status: 'ACTIVE', occupation: 'Businesswoman', nationality: 'Nigerian', address: '40 Murtala Mohammed Way', city: 'Kano',
        state: 'Kano', lga: 'Nassarawa', numSharesAlloted: '1000000', typeOfShares: 'ORDINARY', isChairman: true, isDesignated: false,
        isCorporate: false, affiliateType: 'DIRECTOR',
      }),
      director({
        id: 602, surname: 'Sani', firstName: 'Musa', gender: 'MALE', dateOfBirth: '1972-08-21', dateOfAppointment: '2004-02-11',
        status: 'ACTIVE', occupation: 'Engineer', nationality: 'Nigerian', address: '3 Bompai Road', city: 'Kano', state: 'Kano',
        lga: 'Nassarawa', numSharesAlloted: '500000', typeOfShares: 'ORDINARY', isChairman: false, isDesignated: false, isCorporate: false,
        affiliateType: 'DIRECTOR',
      }),
    ],
  },
  {
    companyId: 200002,
    company: {
      rcNumber: FIXTURE_RC_SHARED,
      companyName: 'Harmattan Agro Allied Limited',
      entityType: 'RC',
      companyStatus: 'INACTIVE',
      companyAddress: '8 Independence Way, Kaduna',
      branchAddress: null,
      state: 'Kaduna',
      city: 'Kaduna',
      lga: 'Kaduna North',
      registrationDate: '1998-10-02',
      emailAddress: null,
      searchScore: '92',
    },
    directors: [
      director({
        id: 611, surname: 'Okafor', firstName: 'Chinedu', gender: 'MALE', dateOfBirth: '1960-03-15', dateOfAppointment: '1998-10-02',
        status: 'ACTIVE', occupation: 'Farmer', nationality: 'Nigerian', address: '8 Independence Way', city: 'Kaduna', state: 'Kaduna',
        lga: 'Kaduna North', numSharesAlloted: '250000', typeOfShares: 'ORDINARY', isChairman: true, isDesignated: false, isCorporate: false,
        affiliateType: 'DIRECTOR',
      }),
      director({
        id: 612, surname: 'Yusuf', firstName: 'Aisha', gender: 'FEMALE', dateOfAppointment: '1998-10-02', status: 'ACTIVE',
        occupation: 'Legal Practitioner', nationality: 'Nigerian', isChairman: false, isDesignated: true, isCorporate: false,
        affiliateType: 'SECRETARY',
      }),
    ],
  },
  {
    // 0123456 (RC): found only as issued, with its leading zero.
    companyId: 300456,
    company: {
      rcNumber: FIXTURE_RC_LEADING_ZERO,
      companyName: 'Zobo Digital Services Limited',
      entityType: 'RC',
      companyStatus: 'ACTIVE',
      companyAddress: 'Plot 1120 Adetokunbo Ademola Crescent, Wuse 2, Abuja',
      branchAddress: null,
      state: 'FCT',
      city: 'Abuja',
      lga: 'Abuja Municipal',
      registrationDate: '1991-07-24',
      emailAddress: 'contact@zobodigital.ng',
      searchScore: '100',
    },
    directors: [
      director({
        id: 701, surname: 'Ogunleye', firstName: 'Tunde', otherName: 'Babatunde', email: 'tunde@zobodigital.ng', gender: 'MALE',
        dateOfBirth: '1958-12-01', dateOfAppointment: '1991-07-24', status: 'ACTIVE', occupation: 'Consultant', nationality: 'Nigerian',
        address: '15 Aminu Kano Crescent', city: 'Abuja', state: 'FCT', lga: 'Abuja Municipal', numSharesAlloted: '700000',
        typeOfShares: 'ORDINARY', isChairman: true, isDesignated: false, isCorporate: false, affiliateType: 'DIRECTOR',
      }),
      director({
        id: 702, surname: 'Balogun', firstName: 'Funmilayo', gender: 'FEMALE', dateOfBirth: '1965-06-17', dateOfAppointment: '1991-07-24',
        status: 'ACTIVE', occupation: 'Banker', nationality: 'Nigerian', address: '2 Gana Street, Maitama', city: 'Abuja', state: 'FCT',
        lga: 'Abuja Municipal', numSharesAlloted: '300000', typeOfShares: 'ORDINARY', isChairman: false, isDesignated: false,
        isCorporate: false, affiliateType: 'DIRECTOR',
      }),
    ],
  },
];

/** The corporate registry's matching rule: the number as a string, under its type, the name narrowing. */
export function cacMatches(company: { rcNumber: string; entityType: string; companyName: string }, query: CacQuery): boolean {
  if (company.rcNumber !== query.rcNumber || company.entityType !== query.companyType) return false;
  const name = query.companyName?.trim().toLowerCase();
  return !name || company.companyName.toLowerCase().includes(name);
}

function advanceOf(e: CacEntity): CacAdvanceCompany {
  const c = e.company;
  return {
    companyId: e.companyId,
    rcNumber: c.rcNumber,
    companyName: c.companyName,
    entityType: c.entityType,
    companyStatus: c.companyStatus,
    companyAddress: c.companyAddress,
    state: c.state,
    city: c.city,
    lga: c.lga,
    registrationDate: c.registrationDate,
    directors: e.directors.map((d) => ({ ...d })),
  };
}

/** CAC Basic: the first company matching (7654321: the first of its two entities). */
export function fixtureCacBasic(query: CacQuery): CacCompany | undefined {
  const e = CAC_ENTITIES.find((x) => cacMatches(x.company, query));
  return e ? { ...e.company } : undefined;
}

/** CAC Advance: every company matching (several distinct entities can share a number); undefined when none. */
export function fixtureCacAdvance(query: CacQuery): { companies: CacAdvanceCompany[] } | undefined {
  const companies = CAC_ENTITIES.filter((x) => cacMatches(x.company, query)).map(advanceOf);
  return companies.length > 0 ? { companies } : undefined;
}

// ---------------------------------------------------------------------------------------------

/**
 * Every identifier the fixture table names, found or not: for these the fixtures decide (the simulator
 * answers them exactly as the sandbox, before its generated population). Phones in E.164.
 */
export const FIXTURE_IDENTIFIERS = {
  nin: new Set<string>([FIXTURE_NIN_FOUND, FIXTURE_NIN_NOT_FOUND, FIXTURE_NIN_PHONE_FALLBACK]) as ReadonlySet<string>,
  bvn: new Set<string>([FIXTURE_BVN_FOUND, FIXTURE_BVN_NOT_FOUND]) as ReadonlySet<string>,
  federalTin: new Set<string>([FIXTURE_TIN_COMPANY, FIXTURE_TIN_INDIVIDUAL, FIXTURE_TIN_NOT_FOUND]) as ReadonlySet<string>,
  validateTin: new Set<string>([FIXTURE_VALIDATE_VALID, FIXTURE_VALIDATE_INVALID, FIXTURE_VALIDATE_NOT_FOUND]) as ReadonlySet<string>,
  phone: new Set<string>([FIXTURE_PHONE_RESOLVES, FIXTURE_PHONE_FALLBACK, FIXTURE_PHONE_NOT_FOUND]) as ReadonlySet<string>,
  rcNumber: new Set<string>([FIXTURE_RC_ONE, FIXTURE_RC_SHARED, FIXTURE_RC_LEADING_ZERO, ...FIXTURE_RC_NOT_FOUND]) as ReadonlySet<string>,
} as const;

/** The fixture table as the README and the API reference show it (DESIGN.md §5). */
export const SANDBOX_FIXTURE_TABLE: ReadonlyArray<{ input: string; outcome: string }> = [
  { input: 'NIN 11111111111, BVN 22222222222', outcome: 'VERIFIED person record (fields by access level); also face match / face validation, and tin/from-nin with that NIN (TIN 12345678-0002)' },
  { input: 'NIN or BVN 00000000000', outcome: '404 RECORD_NOT_FOUND (likewise for face match, face validation and tin/from-nin)' },
  { input: 'TIN 12345678-0001; by-phone 08000000001', outcome: 'VERIFIED: a company taxpayer (Lagoon Crest Logistics Limited) with firsTin, jtbTin and cacRegNumber' },
  { input: 'TIN 12345678-0002', outcome: 'VERIFIED: an individual taxpayer; jtbTin, cacRegNumber and email are null' },
  { input: 'TIN 00000000-0000; by-phone 08000000000', outcome: '404 RECORD_NOT_FOUND' },
  { input: 'validate 1234567890 / 0000000000 / 9999999999', outcome: 'VALID / INVALID (NOT_VERIFIED, still billed) / 404 RECORD_NOT_FOUND' },
  { input: 'rcNumber 1234567', outcome: 'Basic: one company; Advance: matchCount 1, four people on record, a SECRETARY among them, some fields null' },
  { input: 'rcNumber 7654321', outcome: 'Basic: the RC entity (Harmattan Foods Limited); Advance: matchCount 2 (two entities share the number)' },
  { input: 'rcNumber 0123456', outcome: 'found; 123456 (its leading zero missing) and 01234567 are 404 RECORD_NOT_FOUND' },
  { input: 'rcNumber 0000000, or 1234567 with another companyType', outcome: '404 RECORD_NOT_FOUND' },
  { input: 'phone 08000000001 / 08000000002 / 08000000000', outcome: 'enhanced lookup: resolved by the resolution provider (NIN 11111111111) / found by the register\'s phone lookup (NIN 33333333333, also a NIN lookup fixture without a TIN) / 404 RECORD_NOT_FOUND' },
  { input: 'any face image whose base64 starts with NOMATCH', outcome: 'face NO_MATCH (NOT_VERIFIED, no record)' },
  { input: 'any other identifier', outcome: '404 RECORD_NOT_FOUND' },
];
