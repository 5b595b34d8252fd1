import { ERROR_STATUS, type ErrorCode } from '../platform/errors.js';
import type { RouteDoc } from './route-doc.js';

/**
 * Which statuses a route answers, with which error codes and headers, derived in this one place from
 * facts the route already has: its credentials, whether it takes a body, a query or path parameters,
 * whether it is idempotent, and (for a verification) its definition's idempotency and failures. A
 * route's own business refusals (a taken email, the last OWNER …) are the `errors` of its `config.doc`.
 */

export type Credential = 'apiKey' | 'bearer';

/** What the API reference knows of one route. */
export interface RouteFacts {
  method: string;
  /** The path in OpenAPI form (`/v1/api-keys/{id}`). */
  path: string;
  /** The credentials it accepts (its `security`); empty for public routes. */
  credentials: readonly Credential[];
  body: boolean;
  query: boolean;
  params: boolean;
  /** The status of its success answer (200, or 201 for a creation). */
  successStatus: number;
  doc: RouteDoc;
}

/** The Idempotency-Key policy of a route: verifications always accept one (DESIGN.md §6). */
export function idempotencyOf(f: RouteFacts): RouteDoc['idempotency'] {
  return f.doc.idempotency ?? (f.doc.verification ? 'optional' : undefined);
}

/** The codes of the verification pipeline (DESIGN.md §3 order), by its definition's failure policy. */
function verificationCodes(failures: 'as-classified' | 'unavailable'): ErrorCode[] {
  return [
    'VALIDATION_ERROR',
    'SERVICE_NOT_SUBSCRIBED',
    'RATE_LIMITED',
    'WALLET_VELOCITY_LIMITED',
    'INSUFFICIENT_BALANCE',
    'CONCURRENCY_LIMITED',
    'RECORD_NOT_FOUND',
    'PROVIDER_RATE_LIMITED',
    'PROVIDER_UNAVAILABLE',
    ...(failures === 'as-classified' ? (['PROVIDER_ERROR', 'PROVIDER_TIMEOUT'] as const) : []),
  ];
}

/** Every error code the route can answer (REQUEST_IN_PROGRESS, a 202, included). */
export function errorCodes(f: RouteFacts): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  const add = (list: readonly ErrorCode[]) => list.forEach((c) => codes.add(c));
  if (f.credentials.length > 0) add(['UNAUTHENTICATED']);
  // Every bearer guard but the signed-in user's own routes checks a role or platform-admin status.
  if (f.credentials.includes('bearer') && f.doc.access !== 'any-user') add(['FORBIDDEN']);
  if (f.body) add(['VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE']);
  if (f.query || f.params) add(['VALIDATION_ERROR']);
  // A resource named in the path may not exist, or belong to another organisation: 404 either way.
  if (f.params) add(['NOT_FOUND']);
  const idempotency = idempotencyOf(f);
  if (idempotency) add(['VALIDATION_ERROR', 'IDEMPOTENCY_KEY_REUSED', 'REQUEST_IN_PROGRESS']);
  if (idempotency === 'required-live') add(['IDEMPOTENCY_KEY_REQUIRED']);
  if (f.doc.verification) add(verificationCodes(f.doc.verification.failures));
  add(f.doc.errors ?? []);
  add(['INTERNAL_ERROR']);
  // A database that cannot be reached for a moment is a 503 on every route that reads it.
  if (f.doc.database !== false) add(['SERVICE_UNAVAILABLE']);
  const order = Object.keys(ERROR_STATUS);
  return [...codes].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b] || order.indexOf(a) - order.indexOf(b));
}

/** The codes by the status that carries them, in ascending status order. */
export function statusesOf(f: RouteFacts): Array<{ status: number; codes: ErrorCode[] }> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodes(f)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return [...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, codes]) => ({ status, codes }));
}

/** Response headers of components.headers (src/http/openapi-document.ts defines them). */
export type ResponseHeader =
  | 'X-Request-Id'
  | 'Retry-After'
  | 'RateLimit-Limit'
  | 'RateLimit-Remaining'
  | 'RateLimit-Reset'
  | 'Idempotent-Replayed'
  | 'X-Verification-Id'
  | 'X-Correlation-ID'
  | 'Location';

/** Statuses a verification can answer once the key's rate was counted (RateLimit-* go out from then on). */
const AFTER_RATE = new Set([200, 202, 402, 404, 409, 429, 500, 502, 503, 504]);
/** Statuses a verification can answer once its headers were read (X-Correlation-ID is echoed from then on). */
const AFTER_HEADERS = new Set([200, 202, 402, 403, 404, 409, 422, 429, 500, 502, 503, 504]);

/** The headers an answer of this status carries: `true` when always, `false` when sometimes. */
export function responseHeaders(f: RouteFacts, status: number, codes: readonly ErrorCode[]): Partial<Record<ResponseHeader, boolean>> {
  const headers: Partial<Record<ResponseHeader, boolean>> = { 'X-Request-Id': true };
  const success = status === f.successStatus;
  // 202 as a refusal (REQUEST_IN_PROGRESS) says when to retry; 202 as success (a job accepted) says where it is.
  if (status === 429 || (status === 202 && !success)) headers['Retry-After'] = true;
  if (status === 202 && success) headers.Location = true;
  // An unavailable upstream always says when to retry; an unavailable database says it when the outage is brief.
  if (status === 503) headers['Retry-After'] = codes.every((c) => c === 'PROVIDER_UNAVAILABLE');
  const idempotency = idempotencyOf(f);
  if (f.doc.verification) {
    if (AFTER_RATE.has(status)) Object.assign(headers, { 'RateLimit-Limit': false, 'RateLimit-Remaining': false, 'RateLimit-Reset': false });
    if (AFTER_HEADERS.has(status)) headers['X-Correlation-ID'] = false;
    // A replay is of a stored answer: a 200, or the billable 404.
    if (success || status === 404) Object.assign(headers, { 'Idempotent-Replayed': false, 'X-Verification-Id': false });
  } else if (idempotency && success) {
    headers['Idempotent-Replayed'] = false;
  }
  return headers;
}

/** HTTP's reason phrases for the statuses the API answers. */
export const REASON: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: still in progress',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
