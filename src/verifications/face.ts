import { Type } from '@sinclair/typebox';
import { StrictObject, withMessage } from '../platform/typebox.js';
import type { AccessLevel } from '../platform/schema.js';
import type { FaceComparison } from '../providers/ports.js';
import { BvnSchema } from './bvn.js';
import { Base64Image, base64Of, resultData } from './common.js';
import { NinSchema, RequestReasonSchema } from './nin.js';
import { BVN_EXTRA_FIELDS, BvnRecordSchema, PersonRecordSchema, shapePerson } from './person.js';
import { priceList, type CatalogueEntry, type VerificationDefinition, type VerificationType } from './definition.js';

/** Face endpoints take images: 10 MiB bodies (DESIGN.md §3). */
export const FACE_BODY_LIMIT = 10 * 1024 * 1024;

const faceFields = {
  matchResult: Type.Union([Type.Literal('MATCH'), Type.Literal('NO_MATCH')], { description: 'MATCH is VERIFIED; NO_MATCH is NOT_VERIFIED and billed' }),
  confidence: Type.Number({ minimum: 0, maximum: 100, description: 'How alike the faces are, 0–100' }),
};

/** MATCH: VERIFIED with the person; NO_MATCH: NOT_VERIFIED, billed, and no person (DESIGN.md §4). */
function presentFace(result: FaceComparison, level: AccessLevel, echo: Record<string, string>, extra = {}) {
  const base = { matchResult: result.matchResult, confidence: result.confidence };
  if (result.matchResult === 'NO_MATCH') {
    return { verificationStatus: 'NOT_VERIFIED' as const, message: 'The face does not match the registered photo', fields: base };
  }
  return {
    verificationStatus: 'VERIFIED' as const,
    message: 'The face matches the registered photo',
    fields: { ...base, record: shapePerson(result.person, level, echo, extra) },
  };
}

const NinFaceMatchBody = StrictObject({
  nin: NinSchema,
  enterpriseId: Type.String({ minLength: 1, maxLength: 128, description: "The caller's own id for this check", ...withMessage('must be 1 to 128 characters') }),
  requestReason: RequestReasonSchema,
  selfieImage: Base64Image('The selfie, base64 (JPEG or PNG); passed to the register, never stored'),
  livelinessImages: Type.Array(Base64Image('A liveliness frame, base64'), {
    minItems: 1,
    maxItems: 10,
    description: '1 to 10 liveliness frames, base64; never stored',
    ...withMessage('must be 1 to 10 base64-encoded images'),
  }),
  provisionalId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  provisionalIdName: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
});

/** The catalogue entries these endpoints are billed as (DESIGN.md §4). */
const FACE_MATCH_TYPE: VerificationType = { code: 'FACE_MATCH', name: 'Biometric face match' };
const NIN_FACE_MATCH: CatalogueEntry = { code: 'NIN_FACE_MATCH', name: 'NIN Face Match', verificationType: FACE_MATCH_TYPE, defaultPricesKobo: priceList(200, 250, 300) };
const BVN_FACE_VALIDATION: CatalogueEntry = { code: 'BVN_FACE_VALIDATION', name: 'BVN Face Validation', verificationType: FACE_MATCH_TYPE, defaultPricesKobo: priceList(200, 250, 300) };

/** POST /v1/nin/face-match/lookup: a selfie compared with the NIN's registered photo. */
export const ninFaceMatch: VerificationDefinition<typeof NinFaceMatchBody, FaceComparison> = {
  service: NIN_FACE_MATCH,
  path: '/v1/nin/face-match/lookup',
  summary: 'Match a face against a NIN',
  description:
    "Compares the selfie (and liveliness frames) with the photo the identity register holds for the NIN. MATCH returns the person at the organisation's " +
    'access level; NO_MATCH is NOT_VERIFIED, billed on live keys, with no person. An unknown NIN is 404 RECORD_NOT_FOUND. Images are never stored nor logged.',
  body: NinFaceMatchBody,
  bodyLimit: FACE_BODY_LIMIT,
  responseData: resultData({ ...faceFields, record: Type.Optional(PersonRecordSchema) }),
  identifier: (body) => ({ type: 'NIN', value: body.nin }),
  requestReason: (body) => body.requestReason,
  call: (providers, body, ctx) =>
    providers.identity.faceMatch({ nin: body.nin, selfieImage: base64Of(body.selfieImage), livelinessImages: body.livelinessImages.map(base64Of) }, ctx),
  present: (result, body, level) => presentFace(result, level, { nin: body.nin }),
  notFoundMessage: 'The identity register holds no record for this NIN',
};

const BvnFaceValidationBody = StrictObject({
  number: BvnSchema,
  image: Base64Image('The face image, base64 (JPEG or PNG); passed to the BVN service, never stored'),
  consentGranted: Type.Literal(true, {
    description: 'Must be true: the person consented to this check',
    ...withMessage('must be true: the person must consent to the check'),
  }),
  consentReference: Type.String({ minLength: 1, maxLength: 128, description: "The caller's reference of the person's consent", ...withMessage('must be 1 to 128 characters') }),
});

/** POST /v1/bvn/face-validation: a face compared with the BVN's enrolment photo, with the person's consent. */
export const bvnFaceValidation: VerificationDefinition<typeof BvnFaceValidationBody, FaceComparison> = {
  service: BVN_FACE_VALIDATION,
  path: '/v1/bvn/face-validation',
  summary: 'Validate a face against a BVN',
  description:
    'Compares the image with the photo the BVN service holds. consentGranted must be true. MATCH returns the person at the access level; ' +
    'NO_MATCH is NOT_VERIFIED, billed on live keys, with no person. Images are never stored nor logged.',
  body: BvnFaceValidationBody,
  bodyLimit: FACE_BODY_LIMIT,
  responseData: resultData({ ...faceFields, record: Type.Optional(BvnRecordSchema) }),
  identifier: (body) => ({ type: 'BVN', value: body.number }),
  call: (providers, body, ctx) => providers.bvn.faceValidation({ bvn: body.number, image: base64Of(body.image) }, ctx),
  present: (result, body, level) => presentFace(result, level, { bvn: body.number }, BVN_EXTRA_FIELDS),
  notFoundMessage: 'The BVN service holds no record for this BVN',
};
