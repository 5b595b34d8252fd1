import { Type } from '@sinclair/typebox';
import { StrictObject, StringEnum, withMessage } from '../platform/typebox.js';
import type { PersonRecord } from '../providers/ports.js';
import { resultData } from './common.js';
import { PersonRecordSchema, shapePerson } from './person.js';
import { priceList, type CatalogueEntry, type VerificationDefinition, type VerificationType } from './definition.js';

/** The lawful reasons a caller may give for a NIN lookup (GET /v1/nin/request-reasons). */
export const NIN_REQUEST_REASONS = [
  { code: 'ACCOUNT_OPENING', description: 'Opening a financial or wallet account for the person' },
  { code: 'KYC_UPDATE', description: 'Refreshing the know-your-customer record of an existing customer' },
  { code: 'LOAN_APPLICATION', description: 'Assessing the person’s application for credit' },
  { code: 'EMPLOYMENT_SCREENING', description: 'Pre-employment identity check with the person’s consent' },
  { code: 'TENANCY_SCREENING', description: 'Identity check of a prospective tenant' },
  { code: 'FRAUD_INVESTIGATION', description: 'Investigating suspected fraud or identity theft' },
  { code: 'REGULATORY_COMPLIANCE', description: 'A check required by law or a regulator' },
] as const;
export type NinRequestReason = (typeof NIN_REQUEST_REASONS)[number]['code'];

export const NinSchema = Type.String({
  pattern: '^[0-9]{11}$',
  description: 'National Identification Number: 11 digits',
  examples: ['11111111111'],
  ...withMessage('must be a string of exactly 11 digits'),
});

export const RequestReasonSchema = StringEnum(
  NIN_REQUEST_REASONS.map((r) => r.code),
  {
    description: 'Why the lookup is made; one of the codes of GET /v1/nin/request-reasons',
    ...withMessage('must be one of the codes listed by GET /v1/nin/request-reasons'),
  },
);

const NinLookupBody = StrictObject({ nin: NinSchema, requestReason: RequestReasonSchema });

/** The catalogue entries these endpoints are billed as (DESIGN.md §4). */
const NIN_TYPE: VerificationType = { code: 'NIN', name: 'NIN verification' };
const NIN_LOOKUP: CatalogueEntry = { code: 'NIN_LOOKUP', name: 'NIN Lookup', verificationType: NIN_TYPE, defaultPricesKobo: priceList(100, 150, 200) };

/** POST /v1/nin/raw/lookup: a person from the national identity register by NIN. */
export const ninLookup: VerificationDefinition<typeof NinLookupBody, PersonRecord> = {
  service: NIN_LOOKUP,
  path: '/v1/nin/raw/lookup',
  summary: 'Look up a NIN',
  description:
    'Returns the person the national identity register holds for this NIN, with the fields of the ' +
    "organisation's access level. A NIN the register does not hold is 404 RECORD_NOT_FOUND (billable on live keys).",
  body: NinLookupBody,
  responseData: resultData({ record: PersonRecordSchema }),
  identifier: (body) => ({ type: 'NIN', value: body.nin }),
  requestReason: (body) => body.requestReason,
  call: (providers, body, ctx) => providers.identity.lookupNin(body.nin, ctx),
  present: (person, body, level) => ({
    verificationStatus: 'VERIFIED',
    message: 'NIN verified',
    fields: { record: shapePerson(person, level, { nin: body.nin }) },
  }),
  notFoundMessage: 'The identity register holds no record for this NIN',
};
