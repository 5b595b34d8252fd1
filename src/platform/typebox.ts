import { Type, type ObjectOptions, type SchemaOptions, type TProperties, type TSchema } from '@sinclair/typebox';

/** An object that rejects unknown properties (DESIGN.md §3: never silently dropped). */
export const StrictObject = <T extends TProperties>(properties: T, options: ObjectOptions = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

/** A string enum as one `enum` keyword, so a wrong value gives one clear error rather than an anyOf list. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: SchemaOptions = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** `x-message` replaces the validator's wording for this schema's errors in the `errors[]` of a 400. */
export const withMessage = (message: string) => ({ 'x-message': message });

export const FieldErrorSchema = Type.Object({ field: Type.String(), message: Type.String() });

const envelopeBase = {
  statusCode: Type.Integer({ examples: [200] }),
  message: Type.String(),
  timestamp: Type.String({ format: 'date-time' }),
  path: Type.String({ examples: ['/v1/nin/raw/lookup'] }),
};

/** The success envelope of SPEC.md §2.1 around a route's data schema. */
export const SuccessEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), ...envelopeBase, data });

/** The failure envelope of DESIGN.md §3. */
export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    ...envelopeBase,
    code: Type.String({ examples: ['VALIDATION_ERROR'] }),
    errors: Type.Optional(Type.Array(FieldErrorSchema)),
    data: Type.Optional(Type.Unknown()),
  },
  { $id: 'ErrorEnvelope', description: 'Every failure: a machine-readable code, and field errors on a 400.' },
);

export const ErrorRef = Type.Ref('ErrorEnvelope');
