import type { AccessLevel } from '../platform/schema.js';

/** The platform catalogue (DESIGN.md §4): the one source of service codes, endpoints and default prices. */
export interface ServiceDefinition {
  code: ServiceCode;
  name: string;
  /** The verification type this service belongs to, for GET /v1/lists/verification-types. */
  verificationType: VerificationType;
  endpoints: string[];
  /** Default price per access level, in kobo, from the platform price list. */
  defaultPricesKobo: Record<AccessLevel, number>;
}

export const SERVICE_CODES = [
  'NIN_LOOKUP',
  'NIN_FACE_MATCH',
  'BVN_LOOKUP',
  'BVN_FACE_VALIDATION',
  'TIN_VERIFICATION',
  'TIN_VALIDATION',
  'TIN_FROM_NIN',
  'CAC_BASIC',
  'CAC_ADVANCE',
  'ENHANCED_PHONE_LOOKUP',
] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];

export type VerificationType = 'NIN' | 'BVN' | 'FACE_MATCH' | 'TIN' | 'CAC' | 'PHONE';

export const ACCESS_LEVELS: AccessLevel[] = ['BASIC', 'STANDARD', 'PREMIUM'];

const naira = (basic: number, standard: number, premium: number): Record<AccessLevel, number> => ({
  BASIC: basic * 100,
  STANDARD: standard * 100,
  PREMIUM: premium * 100,
});

export const SERVICES: readonly ServiceDefinition[] = [
  { code: 'NIN_LOOKUP', name: 'NIN Lookup', verificationType: 'NIN', endpoints: ['/v1/nin/raw/lookup'], defaultPricesKobo: naira(100, 150, 200) },
  { code: 'NIN_FACE_MATCH', name: 'NIN Face Match', verificationType: 'FACE_MATCH', endpoints: ['/v1/nin/face-match/lookup'], defaultPricesKobo: naira(200, 250, 300) },
  { code: 'BVN_LOOKUP', name: 'BVN Lookup', verificationType: 'BVN', endpoints: ['/v1/bvn/lookup'], defaultPricesKobo: naira(100, 150, 200) },
  { code: 'BVN_FACE_VALIDATION', name: 'BVN Face Validation', verificationType: 'FACE_MATCH', endpoints: ['/v1/bvn/face-validation'], defaultPricesKobo: naira(200, 250, 300) },
  { code: 'TIN_VERIFICATION', name: 'TIN Verification', verificationType: 'TIN', endpoints: ['/v1/tin/verify', '/v1/tin/by-phone'], defaultPricesKobo: naira(150, 200, 250) },
  { code: 'TIN_VALIDATION', name: 'TIN Validation', verificationType: 'TIN', endpoints: ['/v1/tin/validate'], defaultPricesKobo: naira(100, 120, 150) },
  { code: 'TIN_FROM_NIN', name: 'TIN from NIN Verification', verificationType: 'TIN', endpoints: ['/v1/tin/from-nin'], defaultPricesKobo: naira(200, 250, 300) },
  { code: 'CAC_BASIC', name: 'Business Verification (Basic)', verificationType: 'CAC', endpoints: ['/v1/cac/basic'], defaultPricesKobo: naira(300, 350, 400) },
  { code: 'CAC_ADVANCE', name: 'Business Verification (Advance)', verificationType: 'CAC', endpoints: ['/v1/cac/advance'], defaultPricesKobo: naira(1000, 1200, 1500) },
  { code: 'ENHANCED_PHONE_LOOKUP', name: 'Enhanced Phone Lookup', verificationType: 'PHONE', endpoints: ['/v1/phone/enhanced-lookup'], defaultPricesKobo: naira(250, 300, 350) },
];

export const VERIFICATION_TYPE_NAMES: Record<VerificationType, string> = {
  NIN: 'NIN verification',
  BVN: 'BVN verification',
  FACE_MATCH: 'Biometric face match',
  TIN: 'Tax verification (TIN)',
  CAC: 'Business verification (CAC)',
  PHONE: 'Enhanced phone lookup',
};

const BY_CODE = new Map(SERVICES.map((s) => [s.code, s]));

export function serviceDefinition(code: ServiceCode): ServiceDefinition {
  const def = BY_CODE.get(code);
  if (!def) throw new Error(`Unknown service ${code}`);
  return def;
}

export function isServiceCode(value: string): value is ServiceCode {
  return BY_CODE.has(value as ServiceCode);
}

/** Fields of a person record each access level returns (DESIGN.md §4); each level includes the one below. */
export const PERSON_FIELDS: Record<AccessLevel, readonly string[]> = {
  BASIC: ['firstName', 'middleName', 'lastName', 'dateOfBirth', 'gender'],
  STANDARD: [
    'firstName', 'middleName', 'lastName', 'dateOfBirth', 'gender',
    'phoneNumber', 'email', 'address', 'stateOfOrigin', 'lgaOfOrigin', 'nationality',
  ],
  PREMIUM: [
    'firstName', 'middleName', 'lastName', 'dateOfBirth', 'gender',
    'phoneNumber', 'email', 'address', 'stateOfOrigin', 'lgaOfOrigin', 'nationality', 'photo',
  ],
};

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
