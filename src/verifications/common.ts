import { Type, type TSchema } from '@sinclair/typebox';
import { StringEnum, withMessage } from '../platform/typebox.js';

/** Nigerian mobile numbers (DESIGN.md §4): 0, +234 or 234, then 70|80|81|90|91 and 8 digits. */
export const NigerianPhoneSchema = Type.String({
  pattern: '^(?:0|\\+?234)(?:70|80|81|90|91)[0-9]{8}$',
  description: 'Nigerian mobile number: 0XXXXXXXXXX, +234XXXXXXXXXX or 234XXXXXXXXXX (normalised to E.164)',
  examples: ['08000000001'],
  ...withMessage('must be a Nigerian mobile number: 0, +234 or 234, then 70, 80, 81, 90 or 91 and 8 digits'),
});

/** A valid Nigerian mobile number (already checked by NigerianPhoneSchema) in E.164: +234XXXXXXXXXX. */
export function toE164(phone: string): string {
  const national = phone.startsWith('+234') ? phone.slice(4) : phone.startsWith('234') ? phone.slice(3) : phone.slice(1);
  return `+234${national}`;
}

/** A string field that is null when the registry holds nothing (SPEC.md §2.2: TIN and business lookups). */
export const NullableString = (description?: string) =>
  Type.Union([Type.String(), Type.Null()], description ? { description } : {});

/** A data URL's head (`data:image/jpeg;base64,`), as browsers produce and clients copy: accepted and stripped. */
const DATA_URL_PREFIX = /^data:image\/[A-Za-z0-9.+-]+;base64,/;

/** A base64 image field: bare base64, or a `data:image/…;base64,` data URL (its prefix is stripped before use). */
export const Base64Image = (description: string) =>
  Type.String({
    minLength: 1,
    pattern: '^(?:data:image/[A-Za-z0-9.+-]+;base64,)?[A-Za-z0-9+/\\r\\n]+={0,2}$',
    description: `${description}. A data URL (data:image/jpeg;base64,…) is accepted: its prefix is stripped`,
    ...withMessage('must be a base64-encoded image, bare or as a data:image/…;base64, data URL'),
  });

/** The base64 of a Base64Image field: its data URL prefix, if any, removed. */
export function base64Of(image: string): string {
  const prefix = DATA_URL_PREFIX.exec(image);
  return prefix ? image.slice(prefix[0].length) : image;
}

/** The fields of SPEC.md §2.2 every verification answer carries, and a data schema built on them. */
export const commonResult = {
  verificationStatus: StringEnum(['VERIFIED', 'NOT_VERIFIED'] as const),
  verificationId: Type.String({ examples: ['ver_01jd…'], description: 'Quote it in support requests' }),
  referenceId: Type.String({ description: "The upstream registry's reference" }),
  charged: Type.Boolean({ description: 'Whether this call was billed (always false on test keys)' }),
  chargeAmount: Type.Number({ description: 'Naira; 0 when not charged' }),
};

export const resultData = <T extends Record<string, TSchema>>(fields: T) => Type.Object({ ...commonResult, ...fields });
