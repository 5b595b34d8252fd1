import { Type } from '@sinclair/typebox';
import { NIN_REQUEST_REASONS } from '../catalogue/catalogue.js';
import { StrictObject, StringEnum, withMessage } from '../platform/typebox.js';
import type { PersonRecord } from '../providers/ports.js';
import { resultData } from './common.js';
import { PersonRecordSchema, shapePerson } from './person.js';
import type { VerificationDefinition } from './pipeline.js';

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

/** POST /v1/nin/raw/lookup: a person from the national identity register by NIN. */
export const ninLookup: VerificationDefinition<typeof NinLookupBody, PersonRecord> = {
  service: 'NIN_LOOKUP',
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
