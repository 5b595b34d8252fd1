import type { ErrorCode } from '../platform/errors.js';

/**
 * What a route's entry in the API reference needs beyond its schema, declared beside the route in
 * `config.doc`. Everything else (the statuses it answers, their codes, headers and examples) is
 * derived from facts the route already has, in one place: src/http/openapi-responses.ts.
 */
export interface RouteDoc {
  /** The bearer guard admits any signed-in user (`{ anyUser: true }`): no role is checked, so never 403. */
  access?: 'any-user';
  /** Codes the route's own rules answer, beyond those its credentials, schema and idempotency imply. */
  errors?: readonly ErrorCode[];
  /** It accepts an Idempotency-Key (DESIGN.md §6); 'required-live': live keys must send one (422). */
  idempotency?: 'optional' | 'required-live';
  /** A verification endpoint (src/verifications/pipeline.ts): the pipeline's statuses apply. */
  verification?: {
    /** The service code it is billed as (its answer's component is named after it: NIN_LOOKUP → NinLookupResult). */
    service: string;
    /** 'unavailable': every upstream failure is 503 (the tax endpoints); else 502, 503 or 504. */
    failures: 'as-classified' | 'unavailable';
    /** The message of its billable 404. */
    notFoundMessage: string;
  };
  /** Request headers the handler reads itself (not through a schema), by name. */
  headers?: Readonly<Record<string, { description: string; required?: boolean }>>;
  /** The body of a route that reads it itself rather than through a schema (a signed webhook). */
  body?: { description: string; schema: Record<string, unknown> };
  /** The route never touches the database, so it cannot answer 503 SERVICE_UNAVAILABLE (liveness). */
  database?: false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's API reference declarations (src/http/route-doc.ts). */
    doc?: RouteDoc;
  }
}
