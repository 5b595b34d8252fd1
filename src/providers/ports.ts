import { Type, type Static, type TSchema } from '@sinclair/typebox';
/**
 * Ports to the upstream registries (DESIGN.md §1). Test keys use the sandbox; live keys use HTTP
 * adapters. Each answer is classified once, here, so the pipeline never reads a provider's wire format.
 */
export type ProviderFailureCode =
  | 'PROVIDER_ERROR'
  | 'PROVIDER_UNAVAILABLE'
  | 'PROVIDER_TIMEOUT'
  | 'PROVIDER_RATE_LIMITED'
  | 'INTERNAL_ERROR';

/** `path`: which of several upstream paths gave the answer (the enhanced phone lookup's `resolvedBy`). */
export type ProviderOutcome<T> =
  | { kind: 'found'; referenceId: string; value: T; path?: string }
  | { kind: 'not_found'; referenceId: string; path?: string }
  | { kind: 'failure'; code: ProviderFailureCode; retryAfterSeconds?: number };

export const SANDBOX_SCENARIOS = [
  'provider_unavailable',
  'provider_timeout',
  'provider_error',
  'provider_rate_limited',
  'slow',
] as const;
export type SandboxScenario = (typeof SANDBOX_SCENARIOS)[number];

export interface ProviderCallContext {
  requestId: string;
  correlationId?: string | undefined;
  /** Test keys only: a forced upstream failure or delay (X-Sandbox-Scenario). */
  scenario?: SandboxScenario | undefined;
}

/** A person as the identity register or the BVN service holds them; absent fields are not held. */
export interface PersonRecord {
  firstName?: string;
  middleName?: string;
  lastName?: string;
  dateOfBirth?: string;
  gender?: 'MALE' | 'FEMALE';
  phoneNumber?: string;
  email?: string;
  address?: string;
  stateOfOrigin?: string;
  lgaOfOrigin?: string;
  nationality?: string;
  photo?: string;
  enrollmentBank?: string;
  enrollmentBranch?: string;
  registrationDate?: string;
}

/** A person the register found by phone number: the record and the NIN it belongs to. */
export type PersonWithNin = PersonRecord & { nin: string };

/** A biometric comparison (face match at the register, face validation at the BVN service). */
export interface FaceComparison {
  matchResult: 'MATCH' | 'NO_MATCH';
  /** 0–100. */
  confidence: number;
  /** The person the number belongs to; present on MATCH (never shown on NO_MATCH). */
  person: PersonRecord;
}

/** The national identity register. */
export interface IdentityRegister {
  lookupNin(nin: string, ctx: ProviderCallContext): Promise<ProviderOutcome<PersonRecord>>;
  /** The register's own phone-number lookup (the enhanced lookup's fallback); phone in E.164. */
  lookupPhone(phoneNumber: string, ctx: ProviderCallContext): Promise<ProviderOutcome<PersonWithNin>>;
  faceMatch(input: { nin: string; selfieImage: string; livelinessImages: string[] }, ctx: ProviderCallContext): Promise<ProviderOutcome<FaceComparison>>;
}

/** The BVN service. */
export interface BvnService {
  lookupBvn(bvn: string, ctx: ProviderCallContext): Promise<ProviderOutcome<PersonRecord>>;
  faceValidation(input: { bvn: string; image: string }, ctx: ProviderCallContext): Promise<ProviderOutcome<FaceComparison>>;
}

/** A taxpayer as the federal tax registry holds them (SPEC.md §2.4); null: the registry holds nothing. */
export interface TaxpayerRecord {
  firsTin: string | null;
  jtbTin: string | null;
  taxpayerName: string | null;
  cacRegNumber: string | null;
  taxOffice: string | null;
  phoneNumber: string | null;
  email: string | null;
  address: string | null;
}

/** SPEC.md §2.6, as the federal tax registry answers it. */
export interface TinFromNinRecord {
  tin: string;
  firstName: string;
  lastName: string;
  /** DD/MM/YYYY. */
  dateOfBirth: string;
  taxResidency: string;
}

/** The federal tax registry (FIRS-style). */
export interface FederalTaxRegistry {
  verifyTin(tin: string, ctx: ProviderCallContext): Promise<ProviderOutcome<TaxpayerRecord>>;
  /** Phone in E.164. */
  byPhone(phoneNumber: string, ctx: ProviderCallContext): Promise<ProviderOutcome<TaxpayerRecord>>;
  tinFromNin(nin: string, ctx: ProviderCallContext): Promise<ProviderOutcome<TinFromNinRecord>>;
}

/** SPEC.md §2.5, as the joint tax registry answers it. INVALID is an answer (found), not a 404. */
export interface TinValidation {
  result: 'VALID' | 'INVALID';
  format: string | null;
  tinType: string | null;
  country: string;
}

/** The joint tax registry (JTB-style). */
export interface JointTaxRegistry {
  validateTin(input: { tin: string; country: string }, ctx: ProviderCallContext): Promise<ProviderOutcome<TinValidation>>;
}

export const COMPANY_TYPES = ['RC', 'BN', 'IT', 'LP', 'LLP'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** SPEC.md §2.7's company (without companyId, which Basic always shows null). */
export interface CacCompany {
  rcNumber: string;
  companyName: string;
  entityType: CompanyType;
  companyStatus: string;
  companyAddress: string;
  branchAddress: string | null;
  state: string;
  city: string;
  lga: string;
  /** YYYY-MM-DD. */
  registrationDate: string;
  emailAddress: string | null;
  searchScore: string;
}

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const text = (description?: string) => nullable(Type.String(description === undefined ? {} : { description }));
const flag = () => nullable(Type.Boolean());

/**
 * SPEC.md §2.8's director, the one definition of its shape: the registry adapter validates answers
 * with it, the CAC Advance response publishes it, and the type below is derived from it. Every field
 * is nullable (null: the registry does not hold it).
 */
export const CacDirectorSchema = Type.Object(
  {
    id: nullable(Type.Integer()),
    surname: text(), firstName: text(), otherName: text(), email: text(), phoneNumber: text(), gender: text(),
    dateOfBirth: text('YYYY-MM-DD'), dateOfAppointment: text('YYYY-MM-DD'), status: text(), occupation: text(), nationality: text(),
    address: text(), city: text(), state: text(), lga: text(), identityNumber: text(), numSharesAlloted: text(), typeOfShares: text(),
    isChairman: flag(), isDesignated: flag(), isCorporate: flag(),
    affiliateType: text('The role as recorded: DIRECTOR, SECRETARY, LAWYER, …; filter on it to keep only directors'),
  },
  { title: 'CacDirector', description: 'Every field is nullable: null means the registry does not hold the value.' },
);
export type CacDirector = Static<typeof CacDirectorSchema>;
/** The director's fields, in the order of the schema. */
export const CAC_DIRECTOR_FIELDS = Object.keys(CacDirectorSchema.properties) as Array<keyof CacDirector>;

/** SPEC.md §2.8's company. */
export interface CacAdvanceCompany {
  companyId: number;
  rcNumber: string;
  companyName: string;
  entityType: CompanyType;
  companyStatus: string;
  companyAddress: string;
  state: string;
  city: string;
  lga: string;
  registrationDate: string;
  directors: CacDirector[];
}

export interface CacQuery {
  /** As issued: leading zeros significant. */
  rcNumber: string;
  companyType: CompanyType;
  companyName?: string | undefined;
}

/** The corporate registry (CAC-style). `referenceId` of its answers is the registry's own reference. */
export interface CorporateRegistry {
  basic(query: CacQuery, ctx: ProviderCallContext): Promise<ProviderOutcome<CacCompany>>;
  /** Every company matching the number (several distinct entities can share one). */
  advance(query: CacQuery, ctx: ProviderCallContext): Promise<ProviderOutcome<{ companies: CacAdvanceCompany[] }>>;
}

/** The phone-number resolution provider: an MSISDN (E.164) to the NIN it is registered to. */
export interface PhoneResolution {
  resolve(phoneNumber: string, ctx: ProviderCallContext): Promise<ProviderOutcome<{ nin: string }>>;
}

export interface Providers {
  identity: IdentityRegister;
  bvn: BvnService;
  federalTax: FederalTaxRegistry;
  jointTax: JointTaxRegistry;
  corporate: CorporateRegistry;
  phoneResolution: PhoneResolution;
}

/** The upstreams by name (configuration, circuit breakers, the simulator's mounts). */
export const UPSTREAMS = ['identity', 'bvn', 'federalTax', 'jointTax', 'corporate', 'phoneResolution'] as const;
export type Upstream = (typeof UPSTREAMS)[number];

/** What the payment gateway says of a payment (Paystack's statuses, mapped). */
export interface GatewayPayment {
  status: 'SUCCESS' | 'FAILED' | 'ABANDONED' | 'PENDING';
  amountKobo: number;
  currency: string;
}

/** The simulator's gateway secret: public, so never enough to credit a wallet from the network (DESIGN.md §9). */
export const DEV_GATEWAY_SECRET = 'sk_test_simulator_gateway_secret';

/** The payment gateway (Paystack-style): initialise a payment, then ask what became of it. */
export interface PaymentGateway {
  initialize(input: { reference: string; amountKobo: number; email: string; callbackUrl: string | null }): Promise<{ authorizationUrl: string; accessCode: string }>;
  verify(reference: string): Promise<GatewayPayment | null>;
  /** HMAC-SHA512 of the raw webhook body with the gateway secret, compared in constant time. */
  verifySignature(rawBody: Buffer, signature: string | undefined): boolean;
}
