import type { TSchema } from '@sinclair/typebox';
import { bvnLookup } from './bvn.js';
import { cacAdvance, cacBasic } from './cac.js';
import type { VerificationDefinition } from './definition.js';
import { bvnFaceValidation, ninFaceMatch } from './face.js';
import { ninLookup } from './nin.js';
import { enhancedPhoneLookup } from './phone.js';
import { tinByPhone, tinFromNin, tinValidate, tinVerify } from './tin.js';

/**
 * Every verification endpoint, in catalogue order. The server registers each (src/app.ts) and the
 * catalogue lists their entries (src/catalogue/catalogue.ts): this is the one list to add a type to.
 */
export const VERIFICATIONS: ReadonlyArray<VerificationDefinition<TSchema, any>> = [
  ninLookup,
  ninFaceMatch,
  bvnLookup,
  bvnFaceValidation,
  tinVerify,
  tinByPhone,
  tinValidate,
  tinFromNin,
  cacBasic,
  cacAdvance,
  enhancedPhoneLookup,
];
