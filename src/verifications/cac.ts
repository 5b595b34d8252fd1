import { Type } from '@sinclair/typebox';
import { maskIdentifier } from '../platform/crypto.js';
import { StrictObject, StringEnum, withMessage } from '../platform/typebox.js';
import { CAC_DIRECTOR_FIELDS, CacDirectorSchema, COMPANY_TYPES, type CacAdvanceCompany, type CacCompany, type CacDirector, type CacQuery, type CompanyType } from '../providers/ports.js';
import { NullableString, commonResult } from './common.js';
import { priceList, type CatalogueEntry, type VerificationDefinition, type VerificationType } from './definition.js';

export const CAC_PURPOSES = ['KYB_ONBOARDING', 'CREDIT_ASSESSMENT', 'PROCUREMENT_DUE_DILIGENCE', 'AML_SCREENING', 'PARTNER_VERIFICATION'] as const;

/** The company types whose numbers are commonly written with their type as a prefix (`RC1234567`, as the tax registry's cacRegNumber). */
const PREFIXED_TYPES = ['RC', 'BN', 'IT'] as const;
/** Either case, then an optional space or hyphen, then the digits as issued. */
const prefixPattern = (types: readonly string[]) =>
  `^(?:${types.map((t) => [...t].map((c) => `[${c}${c.toLowerCase()}]`).join('')).join('|')})[ -]?[0-9]+$`;
const PREFIXED_NUMBER = /^(RC|BN|IT)[ -]?([0-9]+)$/i;

/**
 * A prefix that names another company type than the one asked for is a 400 with the fix, never a
 * billable 404: for each companyType (absent means RC), rcNumber may not carry another type's prefix.
 */
const prefixAgreesWithType = COMPANY_TYPES.map((type) => {
  const others = PREFIXED_TYPES.filter((p) => p !== type);
  const listed = others.length > 1 ? `${others.slice(0, -1).join(', ')} or ${others[others.length - 1]}` : others[0]!;
  const hint =
    `starts with ${others[0] === 'RC' ? 'an' : 'a'} ${listed} prefix, which does not match companyType ${type}${type === 'RC' ? ' (the default)' : ''}: ` +
    `send the companyType the prefix names (the prefix may stay), or the number as issued under ${type}`;
  return {
    if: type === 'RC' ? { properties: { companyType: { const: 'RC' } } } : { properties: { companyType: { const: type } }, required: ['companyType'] },
    then: { properties: { rcNumber: { not: { type: 'string', pattern: prefixPattern(others) }, ...withMessage(hint) } } },
    ...withMessage('rcNumber and companyType disagree'),
  };
});

const CacBody = StrictObject(
  {
    rcNumber: Type.String({
      minLength: 1,
      maxLength: 32,
      description:
        'The registration number as issued; leading zeros are significant; not format-checked. A prefix naming the company type ' +
        '(RC1234567 with companyType RC, the default, as the tax registry shows cacRegNumber; BN… with BN; IT… with IT) is stripped; ' +
        "another type's prefix is 400",
      examples: ['1234567'],
      ...withMessage('must be the registration number as a string of 1 to 32 characters'),
    }),
    purpose: StringEnum(CAC_PURPOSES, {
      description: 'Why the business is verified; recorded against the verification',
      ...withMessage(`must be one of: ${CAC_PURPOSES.join(', ')}`),
    }),
    companyType: Type.Optional(
      StringEnum(COMPANY_TYPES, {
        description: 'The classification the number was issued under: RC (default), BN, IT, LP, LLP',
        ...withMessage(`must be one of: ${COMPANY_TYPES.join(', ')}`),
      }),
    ),
    companyName: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Narrows the match when several candidates are returned', ...withMessage('must be 1 to 200 characters') }),
    ),
  },
  { allOf: prefixAgreesWithType },
);
type CacBodyType = { rcNumber: string; purpose: string; companyType?: CompanyType; companyName?: string };

/**
 * The number the registry knows: `RC1234567` (or `rc-1234567`) with companyType RC is `1234567`, and
 * likewise BN and IT; leading zeros kept. Anything else is as sent (the schema refused a mismatch).
 */
export function normaliseRcNumber(rcNumber: string, companyType: CompanyType = 'RC'): string {
  const m = PREFIXED_NUMBER.exec(rcNumber);
  return m && m[1]!.toUpperCase() === companyType ? m[2]! : rcNumber;
}

const rcNumberOf = (body: CacBodyType) => normaliseRcNumber(body.rcNumber, body.companyType);

const query = (body: CacBodyType): CacQuery => ({ rcNumber: rcNumberOf(body), companyType: body.companyType ?? 'RC', companyName: body.companyName });

const CompanySchema = Type.Object({
  rcNumber: Type.String({ description: 'Leading zeros significant' }),
  companyName: Type.String(),
  entityType: StringEnum(COMPANY_TYPES),
  companyStatus: Type.String(),
  companyAddress: Type.String(),
  branchAddress: NullableString(),
  state: Type.String(),
  city: Type.String(),
  lga: Type.String(),
  registrationDate: Type.String({ description: 'YYYY-MM-DD' }),
  emailAddress: NullableString(),
  searchScore: Type.String({ description: 'Match score' }),
  companyId: Type.Null({ description: 'Always null on Basic' }),
}, { title: 'CacCompany' });

const AdvanceCompanySchema = Type.Object({
  companyId: Type.Integer(),
  rcNumber: Type.String(),
  companyName: Type.String(),
  entityType: StringEnum(COMPANY_TYPES),
  companyStatus: Type.String(),
  companyAddress: Type.String(),
  state: Type.String(),
  city: Type.String(),
  lga: Type.String(),
  registrationDate: Type.String({ description: 'YYYY-MM-DD' }),
  directors: Type.Array(CacDirectorSchema),
}, { title: 'CacAdvanceCompany' });

/** Every director field present, null where the registry holds nothing. */
const director = (d: Partial<CacDirector>): CacDirector =>
  Object.fromEntries(CAC_DIRECTOR_FIELDS.map((f) => [f, d[f] ?? null])) as unknown as CacDirector;

const advanceCompany = (c: CacAdvanceCompany): CacAdvanceCompany => ({
  companyId: c.companyId,
  rcNumber: c.rcNumber,
  companyName: c.companyName,
  entityType: c.entityType,
  companyStatus: c.companyStatus,
  companyAddress: c.companyAddress,
  state: c.state,
  city: c.city,
  lga: c.lga,
  registrationDate: c.registrationDate,
  directors: (c.directors ?? []).map(director),
});

const CAC_NOT_FOUND = 'The corporate registry holds no company for this number under this company type';

/** The catalogue entries these endpoints are billed as (DESIGN.md §4). */
const CAC_TYPE: VerificationType = { code: 'CAC', name: 'Business verification (CAC)' };
const CAC_BASIC: CatalogueEntry = { code: 'CAC_BASIC', name: 'Business Verification (Basic)', verificationType: CAC_TYPE, defaultPricesKobo: priceList(300, 350, 400) };
const CAC_ADVANCE: CatalogueEntry = { code: 'CAC_ADVANCE', name: 'Business Verification (Advance)', verificationType: CAC_TYPE, defaultPricesKobo: priceList(1000, 1200, 1500) };

/** POST /v1/cac/basic: one company by registration number. */
export const cacBasic: VerificationDefinition<typeof CacBody, CacCompany> = {
  service: CAC_BASIC,
  path: '/v1/cac/basic',
  summary: 'Verify a business (Basic)',
  description:
    'Returns the company the corporate registry holds for this registration number and company type (RC by default). Leading zeros are ' +
    'significant: a number missing one is a valid request and a billable 404. Live keys must send an Idempotency-Key. X-Correlation-ID is passed to the registry.',
  body: CacBody,
  responseData: Type.Object({
    ...commonResult,
    company: CompanySchema,
    rcNumber: Type.String(),
    companyType: StringEnum(COMPANY_TYPES),
  }),
  idempotency: 'required-live',
  identifier: (body) => ({ type: 'RC_NUMBER', value: rcNumberOf(body) }),
  purpose: (body) => body.purpose,
  call: (providers, body, ctx) => providers.corporate.basic(query(body), ctx),
  present: (c, body) => ({
    verificationStatus: 'VERIFIED',
    message: 'Business verified',
    fields: {
      company: {
        rcNumber: c.rcNumber,
        companyName: c.companyName,
        entityType: c.entityType,
        companyStatus: c.companyStatus,
        companyAddress: c.companyAddress,
        branchAddress: c.branchAddress ?? null,
        state: c.state,
        city: c.city,
        lga: c.lga,
        registrationDate: c.registrationDate,
        emailAddress: c.emailAddress ?? null,
        searchScore: c.searchScore,
        companyId: null,
      },
      rcNumber: rcNumberOf(body),
      companyType: body.companyType ?? 'RC',
    },
  }),
  notFoundMessage: CAC_NOT_FOUND,
};

/** The durable redacted copy of an Advance answer's directors (SPEC.md §8 rule 2). */
export function redactDirector(d: CacDirector): Record<string, unknown> {
  const { dateOfBirth: _dob, email: _email, address: _address, gender: _gender, nationality: _nationality, ...kept } = d;
  return {
    ...kept,
    identityNumber: d.identityNumber === null ? null : maskIdentifier(d.identityNumber),
    phoneNumber: d.phoneNumber === null ? null : maskIdentifier(d.phoneNumber),
  };
}

/**
 * What of an Advance answer is kept durably (SPEC.md §8): the audit payload without directors, and
 * the redacted copy. The full answer lives only in the idempotency store, 24 hours.
 */
export function advanceRetention(companies: CacAdvanceCompany[], referenceId: string) {
  return {
    audit: { referenceId, companies: companies.map(({ directors: _directors, ...company }) => company) },
    redacted: { referenceId, companies: companies.map((c) => ({ ...c, directors: c.directors.map(redactDirector) })) },
  };
}

/** POST /v1/cac/advance: every company matching the number, with directors. */
export const cacAdvance: VerificationDefinition<typeof CacBody, { companies: CacAdvanceCompany[] }> = {
  service: CAC_ADVANCE,
  path: '/v1/cac/advance',
  summary: 'Verify a business (Advance)',
  description:
    'Returns every company the corporate registry holds for this registration number and company type, with their directors as recorded ' +
    '(affiliateType says the role: secretaries and lawyers appear too). When matchCount is above 1 the number belongs to several entities and ' +
    'companies[0] is not the answer. Every director field is nullable. Live keys must send an Idempotency-Key; the full answer is kept 24 hours ' +
    'against it, a redacted copy durably.',
  body: CacBody,
  responseData: Type.Object({
    ...commonResult,
    matchCount: Type.Integer({ minimum: 1 }),
    companies: Type.Array(AdvanceCompanySchema),
  }),
  idempotency: 'required-live',
  identifier: (body) => ({ type: 'RC_NUMBER', value: rcNumberOf(body) }),
  purpose: (body) => body.purpose,
  call: (providers, body, ctx) => providers.corporate.advance(query(body), ctx),
  present: (value) => {
    const companies = value.companies.map(advanceCompany);
    return { verificationStatus: 'VERIFIED', message: 'Business verified', fields: { matchCount: companies.length, companies } };
  },
  retain: (value, referenceId) => advanceRetention(value.companies.map(advanceCompany), referenceId),
  notFoundMessage: CAC_NOT_FOUND,
};
