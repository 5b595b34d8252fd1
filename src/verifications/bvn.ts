import { Type } from '@sinclair/typebox';
import { StrictObject, withMessage } from '../platform/typebox.js';
import type { PersonRecord } from '../providers/ports.js';
import { resultData } from './common.js';
import { BvnRecordSchema, shapePerson, BVN_EXTRA_FIELDS } from './person.js';
import { priceList, type CatalogueEntry, type VerificationDefinition, type VerificationType } from './definition.js';

export const BvnSchema = Type.String({
  pattern: '^[0-9]{11}$',
  description: 'Bank Verification Number: 11 digits',
  examples: ['22222222222'],
  ...withMessage('must be a string of exactly 11 digits'),
});

const BvnLookupBody = StrictObject({ bvn: BvnSchema });

/** The catalogue entries these endpoints are billed as (DESIGN.md §4). */
const BVN_TYPE: VerificationType = { code: 'BVN', name: 'BVN verification' };
const BVN_LOOKUP: CatalogueEntry = { code: 'BVN_LOOKUP', name: 'BVN Lookup', verificationType: BVN_TYPE, defaultPricesKobo: priceList(100, 150, 200) };

/** POST /v1/bvn/lookup: a person from the BVN service. */
export const bvnLookup: VerificationDefinition<typeof BvnLookupBody, PersonRecord> = {
  service: BVN_LOOKUP,
  path: '/v1/bvn/lookup',
  summary: 'Look up a BVN',
  description:
    "Returns the person the BVN service holds for this BVN, with the fields of the organisation's access level " +
    '(STANDARD adds enrollmentBank, enrollmentBranch and registrationDate). A BVN it does not hold is 404 RECORD_NOT_FOUND (billable on live keys).',
  body: BvnLookupBody,
  responseData: resultData({ record: BvnRecordSchema }),
  identifier: (body) => ({ type: 'BVN', value: body.bvn }),
  call: (providers, body, ctx) => providers.bvn.lookupBvn(body.bvn, ctx),
  present: (person, body, level) => ({
    verificationStatus: 'VERIFIED',
    message: 'BVN verified',
    fields: { record: shapePerson(person, level, { bvn: body.bvn }, BVN_EXTRA_FIELDS) },
  }),
  notFoundMessage: 'The BVN service holds no record for this BVN',
};
