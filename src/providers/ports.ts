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

export type ProviderOutcome<T> =
  | { kind: 'found'; referenceId: string; value: T }
  | { kind: 'not_found'; referenceId: string }
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

/** The national identity register. */
export interface IdentityRegister {
  lookupNin(nin: string, ctx: ProviderCallContext): Promise<ProviderOutcome<PersonRecord>>;
}

export interface Providers {
  identity: IdentityRegister;
}

/** What the payment gateway says of a payment (Paystack's statuses, mapped). */
export interface GatewayPayment {
  status: 'SUCCESS' | 'FAILED' | 'ABANDONED' | 'PENDING';
  amountKobo: number;
  currency: string;
}

/** The payment gateway (Paystack-style): initialise a payment, then ask what became of it. */
export interface PaymentGateway {
  initialize(input: { reference: string; amountKobo: number; email: string; callbackUrl: string | null }): Promise<{ authorizationUrl: string; accessCode: string }>;
  verify(reference: string): Promise<GatewayPayment | null>;
  /** HMAC-SHA512 of the raw webhook body with the gateway secret, compared in constant time. */
  verifySignature(rawBody: Buffer, signature: string | undefined): boolean;
}
