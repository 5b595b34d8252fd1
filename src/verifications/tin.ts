import { Type } from '@sinclair/typebox';
import { StrictObject, withMessage } from '../platform/typebox.js';
import type { TaxpayerRecord, TinFromNinRecord, TinValidation } from '../providers/ports.js';
import { NigerianPhoneSchema, NullableString, commonResult, resultData, toE164 } from './common.js';
import { NinSchema } from './nin.js';
import { priceList, type CatalogueEntry, type VerificationDefinition, type VerificationType } from './definition.js';

/** The federal registry's form, NNNNNNNN-NNNN (SPEC.md §8); the bare-digit form is another registry's. */
export const FederalTinSchema = Type.String({
  pattern: '^[0-9]{8}-[0-9]{4}$',
  description: 'Federal-registry TIN: 8 digits, a hyphen, 4 digits',
  examples: ['12345678-0001'],
  ...withMessage('must be a federal-registry TIN, NNNNNNNN-NNNN (the bare-digit form is for /v1/tin/validate)'),
});

export const ValidationTinSchema = Type.String({
  pattern: '^[0-9]{10,13}$',
  description: 'A TIN of 10 to 13 bare digits, no hyphen',
  examples: ['1234567890'],
  ...withMessage('must be 10 to 13 bare digits, no hyphen (the NNNNNNNN-NNNN form is for /v1/tin/verify)'),
});

const TaxpayerSchema = Type.Object(
  {
    firsTin: NullableString('Federal-registry TIN, NNNNNNNN-NNNN'),
    jtbTin: NullableString("The joint registry's TIN for the same taxpayer, where held"),
    taxpayerName: NullableString('Registered name'),
    cacRegNumber: NullableString('Corporate registration number, for a registered company'),
    taxOffice: NullableString('Administering tax office'),
    phoneNumber: NullableString('As held'),
    email: NullableString('As held'),
    address: NullableString('As held'),
  },
  { title: 'Taxpayer', description: 'Every field is present; null means the registry holds nothing (SPEC.md §2.4).' },
);

/** Every taxpayer field present, null where the registry holds nothing. */
const taxpayer = (t: TaxpayerRecord): TaxpayerRecord => ({
  firsTin: t.firsTin ?? null,
  jtbTin: t.jtbTin ?? null,
  taxpayerName: t.taxpayerName ?? null,
  cacRegNumber: t.cacRegNumber ?? null,
  taxOffice: t.taxOffice ?? null,
  phoneNumber: t.phoneNumber ?? null,
  email: t.email ?? null,
  address: t.address ?? null,
});

const TAX_NOT_FOUND = 'The tax registry holds no taxpayer for this identifier';

const TinVerifyBody = StrictObject({ tin: FederalTinSchema });

/** The catalogue entries these endpoints are billed as (DESIGN.md §4). */
const TIN_TYPE: VerificationType = { code: 'TIN', name: 'Tax verification (TIN)' };
const TIN_VERIFICATION: CatalogueEntry = { code: 'TIN_VERIFICATION', name: 'TIN Verification', verificationType: TIN_TYPE, defaultPricesKobo: priceList(150, 200, 250) };
const TIN_VALIDATION: CatalogueEntry = { code: 'TIN_VALIDATION', name: 'TIN Validation', verificationType: TIN_TYPE, defaultPricesKobo: priceList(100, 120, 150) };
const TIN_FROM_NIN: CatalogueEntry = { code: 'TIN_FROM_NIN', name: 'TIN from NIN Verification', verificationType: TIN_TYPE, defaultPricesKobo: priceList(200, 250, 300) };

/** POST /v1/tin/verify: a taxpayer by federal-registry TIN. */
export const tinVerify: VerificationDefinition<typeof TinVerifyBody, TaxpayerRecord> = {
  service: TIN_VERIFICATION,
  path: '/v1/tin/verify',
  summary: 'Verify a TIN',
  description:
    'Returns the taxpayer the federal tax registry holds for this TIN (NNNNNNNN-NNNN). Every taxpayer field is present, null where the registry ' +
    'holds nothing. 404 is final (billable on live keys). Live keys must send an Idempotency-Key; every upstream failure is 503.',
  body: TinVerifyBody,
  responseData: resultData({ taxpayer: TaxpayerSchema }),
  idempotency: 'required-live',
  failures: 'unavailable',
  identifier: (body) => ({ type: 'TIN', value: body.tin }),
  call: (providers, body, ctx) => providers.federalTax.verifyTin(body.tin, ctx),
  present: (t) => ({ verificationStatus: 'VERIFIED', message: 'Taxpayer verified', fields: { taxpayer: taxpayer(t) } }),
  notFoundMessage: TAX_NOT_FOUND,
};

const TinByPhoneBody = StrictObject({ phoneNumber: NigerianPhoneSchema });

/** POST /v1/tin/by-phone: a taxpayer by phone number. */
export const tinByPhone: VerificationDefinition<typeof TinByPhoneBody, TaxpayerRecord> = {
  service: TIN_VERIFICATION,
  path: '/v1/tin/by-phone',
  summary: 'Find a taxpayer by phone number',
  description:
    'Returns the taxpayer the federal tax registry holds for this Nigerian mobile number. Same answer shape and rules as /v1/tin/verify.',
  body: TinByPhoneBody,
  responseData: resultData({ taxpayer: TaxpayerSchema }),
  idempotency: 'required-live',
  failures: 'unavailable',
  identifier: (body) => ({ type: 'PHONE', value: toE164(body.phoneNumber) }),
  call: (providers, body, ctx) => providers.federalTax.byPhone(toE164(body.phoneNumber), ctx),
  present: (t) => ({ verificationStatus: 'VERIFIED', message: 'Taxpayer verified', fields: { taxpayer: taxpayer(t) } }),
  notFoundMessage: TAX_NOT_FOUND,
};

const TinValidateBody = StrictObject({
  tin: ValidationTinSchema,
  country: Type.Optional(
    Type.String({ pattern: '^[A-Za-z]{2}$', description: 'Two-letter country code; default ng', examples: ['ng'], ...withMessage('must be a two-letter country code') }),
  ),
});

/** POST /v1/tin/validate: whether a bare-digit TIN is well formed and issued. */
export const tinValidate: VerificationDefinition<typeof TinValidateBody, TinValidation> = {
  service: TIN_VALIDATION,
  path: '/v1/tin/validate',
  summary: 'Validate a TIN',
  description:
    'Asks the joint tax registry whether this TIN (10 to 13 bare digits) is a well-formed, issued number. A 200 means the registry answered: the ' +
    'verdict is `result`. INVALID is a billed answer with verificationStatus NOT_VERIFIED; 404 (no record held) is a different answer.',
  body: TinValidateBody,
  responseData: Type.Object({
    ...commonResult,
    result: Type.Union([Type.Literal('VALID'), Type.Literal('INVALID')], { description: 'The verdict' }),
    format: NullableString('The number as the registry recognises it'),
    tinType: NullableString('Which registry issued the number'),
    country: Type.String({ description: 'The resolved country' }),
  }),
  idempotency: 'required-live',
  failures: 'unavailable',
  identifier: (body) => ({ type: 'TIN', value: body.tin }),
  call: (providers, body, ctx) => providers.jointTax.validateTin({ tin: body.tin, country: (body.country ?? 'ng').toLowerCase() }, ctx),
  present: (v) => ({
    verificationStatus: v.result === 'VALID' ? 'VERIFIED' : 'NOT_VERIFIED',
    message: v.result === 'VALID' ? 'The TIN is valid' : 'The TIN is not a well-formed, issued number',
    fields: { result: v.result, format: v.format ?? null, tinType: v.tinType ?? null, country: v.country },
  }),
  notFoundMessage: 'The tax registry holds no record of this TIN',
};

const TinFromNinBody = StrictObject({ nin: NinSchema });

/** POST /v1/tin/from-nin: a person's TIN by NIN. */
export const tinFromNin: VerificationDefinition<typeof TinFromNinBody, TinFromNinRecord> = {
  service: TIN_FROM_NIN,
  path: '/v1/tin/from-nin',
  summary: 'Find the TIN of a NIN',
  description:
    'Returns the tax number, name, date of birth (DD/MM/YYYY) and tax residency the federal tax registry holds for this NIN. The result is personal ' +
    'data: the TIN is stored and logged like a NIN (encrypted, never in clear).',
  body: TinFromNinBody,
  responseData: resultData({
    tin: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    dateOfBirth: Type.String({ description: 'DD/MM/YYYY', examples: ['12/04/1990'] }),
    nin: Type.String({ description: 'Echoes the NIN sent' }),
    taxResidency: Type.String({ description: 'The state the person is registered to for tax purposes' }),
  }),
  idempotency: 'required-live',
  failures: 'unavailable',
  identifier: (body) => ({ type: 'NIN', value: body.nin }),
  call: (providers, body, ctx) => providers.federalTax.tinFromNin(body.nin, ctx),
  present: (r, body) => ({
    verificationStatus: 'VERIFIED',
    message: 'TIN found',
    fields: { tin: r.tin, firstName: r.firstName, lastName: r.lastName, dateOfBirth: r.dateOfBirth, nin: body.nin, taxResidency: r.taxResidency },
  }),
  notFoundMessage: 'The tax registry holds no TIN for this NIN',
};
