import type { Static, TSchema } from '@sinclair/typebox';
import type { ServiceCode } from '../catalogue/catalogue.js';
import type { AccessLevel } from '../platform/schema.js';
import type { ProviderCallContext, ProviderOutcome, Providers } from '../providers/ports.js';
import type { IdentifierType, RetainedPayload } from '../records/records.repository.js';

/** What a verification type declares; verify() and its HTTP adapter do everything else (CONVENTIONS.md). */
export interface VerificationDefinition<S extends TSchema, V> {
  service: ServiceCode;
  path: string;
  summary: string;
  description: string;
  body: S;
  /** The data schema of a 200 beyond the common fields; it also filters what is serialised. */
  responseData: TSchema;
  bodyLimit?: number;
  /** What the call identifies, normalised, for the record. */
  identifier(body: Static<S>): { type: IdentifierType; value: string };
  requestReason?(body: Static<S>): string | null;
  purpose?(body: Static<S>): string | null;
  call(providers: Providers, body: Static<S>, ctx: ProviderCallContext): Promise<ProviderOutcome<V>>;
  /** Turns a found answer into the verdict and the fields the access level permits. */
  present(
    value: V,
    body: Static<S>,
    accessLevel: AccessLevel,
    outcome: { referenceId: string; path?: string | undefined },
  ): { verificationStatus: 'VERIFIED' | 'NOT_VERIFIED'; message: string; fields: Record<string, unknown> };
  notFoundMessage: string;
  /** Live keys must send an Idempotency-Key on tax and business endpoints (DESIGN.md §6). */
  idempotency?: 'optional' | 'required-live';
  /** 'unavailable': every upstream failure (error, unavailable, timeout) is 503 (DESIGN.md §3, /v1/tin/*). */
  failures?: 'as-classified' | 'unavailable';
  /** What a found answer keeps durably beside its record (CAC Advance, SPEC.md §8). */
  retain?(value: V, referenceId: string): RetainedPayload;
}
