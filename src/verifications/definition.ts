import type { Static, TSchema } from '@sinclair/typebox';
import type { AccessLevel } from '../platform/schema.js';
import type { ProviderCallContext, ProviderOutcome, Providers } from '../providers/ports.js';
import type { IdentifierType, RetainedPayload } from '../records/records.repository.js';

/** A group of services as GET /v1/lists/verification-types shows it. */
export interface VerificationType {
  code: string;
  name: string;
}

/**
 * The platform catalogue's entry for a service (DESIGN.md §4), declared by the definitions that bill
 * it. Two endpoints may share one entry (TIN_VERIFICATION: /v1/tin/verify and /v1/tin/by-phone); the
 * catalogue lists each entry once with every path that uses it (src/catalogue/catalogue.ts).
 */
export interface CatalogueEntry {
  code: string;
  name: string;
  verificationType: VerificationType;
  /** Default price per access level, in kobo, from the platform price list. */
  defaultPricesKobo: Readonly<Record<AccessLevel, number>>;
}

/** A default price list written in whole naira: basic, standard, premium. */
export function priceList(basic: number, standard: number, premium: number): Readonly<Record<AccessLevel, number>> {
  return Object.freeze({ BASIC: basic * 100, STANDARD: standard * 100, PREMIUM: premium * 100 });
}

/**
 * What a verification type declares; verify() and its HTTP adapter do everything else (CONVENTIONS.md).
 * Adding a type is its definition here (with its catalogue entry), its line in ./registry.ts, its
 * provider port and adapter, its fixtures and its simulator mount: nothing else.
 */
export interface VerificationDefinition<S extends TSchema, V> {
  /** The catalogue entry this endpoint is billed as. */
  service: CatalogueEntry;
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
