/** Machine-readable error codes of DESIGN.md §3, with the status each one answers. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  INSUFFICIENT_BALANCE: 402,
  FORBIDDEN: 403,
  SERVICE_NOT_SUBSCRIBED: 403,
  NOT_FOUND: 404,
  RECORD_NOT_FOUND: 404,
  IDEMPOTENCY_KEY_REUSED: 409,
  CONFLICT: 409,
  EXPORT_NOT_READY: 409,
  EXPORT_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REQUIRED: 422,
  RATE_LIMITED: 429,
  CONCURRENCY_LIMITED: 429,
  WALLET_VELOCITY_LIMITED: 429,
  PROVIDER_RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  PROVIDER_ERROR: 502,
  PROVIDER_UNAVAILABLE: 503,
  PROVIDER_TIMEOUT: 504,
  // Operations only (readiness, shutting down); never a verification outcome.
  SERVICE_UNAVAILABLE: 503,
  // A request whose headers or body did not arrive in time (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS).
  REQUEST_TIMEOUT: 408,
  REQUEST_IN_PROGRESS: 202,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * What each code means to a client, and a message it may carry: the API reference's error table and
 * its examples (src/http/openapi-responses.ts) are written from this, so they list only real codes.
 */
export const ERROR_DOCS: Readonly<Record<ErrorCode, { description: string; example: string }>> = {
  VALIDATION_ERROR: {
    description: 'The request is invalid: a field of the body, query, path or a header; `errors` names each field in dots (`livelinessImages.0`). Fix the request; do not retry it as is.',
    example: 'The request body is invalid',
  },
  UNAUTHENTICATED: {
    description: 'The API key or bearer token is missing, malformed, unknown, revoked or expired (or the credentials or code are wrong). API keys go in `x-api-key`; tokens in `Authorization: Bearer`.',
    example: 'A valid API key is required in the x-api-key header',
  },
  INSUFFICIENT_BALANCE: {
    description: 'The available wallet balance (balance less the holds of checks in flight) does not cover the price. Nothing was charged; fund the wallet and retry.',
    example: 'The available wallet balance does not cover the price of this check',
  },
  FORBIDDEN: {
    description: 'The caller is authenticated but its role (or platform-admin status, or approval) does not allow this action.',
    example: 'This action needs one of the roles: OWNER, ADMIN',
  },
  SERVICE_NOT_SUBSCRIBED: {
    description: 'The organisation is not subscribed to this service (not provisioned, or SUSPENDED). Not charged.',
    example: 'This organisation is not subscribed to NIN_LOOKUP',
  },
  NOT_FOUND: {
    description: 'No such resource of this service, or one of another organisation (the two are never told apart). Also an unknown route.',
    example: 'Not found',
  },
  RECORD_NOT_FOUND: {
    description: 'The registry answered and holds no record for this identifier: a final answer, billed on live keys; `data` carries the verification id and the charge.',
    example: 'The identity register holds no record for this NIN',
  },
  IDEMPOTENCY_KEY_REUSED: {
    description: 'This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new operation.',
    example: 'This Idempotency-Key was used with a different request',
  },
  CONFLICT: {
    description: 'The action conflicts with the current state: a taken name or email, a limit reached, the last OWNER.',
    example: 'A user with this email already exists',
  },
  EXPORT_NOT_READY: {
    description: 'The export has no file to download yet (PENDING or RUNNING: poll GET /v1/verifications/exports/{id} until COMPLETED) or will never have one (FAILED: request a new export).',
    example: 'This export is RUNNING: its file can be downloaded once it is COMPLETED',
  },
  EXPORT_EXPIRED: {
    description: "The export's file was deleted 7 days after it completed; request a new export.",
    example: 'The file of this export has expired (files are kept 7 days); request a new export',
  },
  PAYLOAD_TOO_LARGE: {
    description: 'The body is larger than the endpoint accepts: 1 MiB, 10 MiB on the face endpoints.',
    example: 'The request body is larger than 1048576 bytes',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    description: 'A body was sent with a Content-Type other than `application/json`.',
    example: 'Content-Type must be application/json',
  },
  IDEMPOTENCY_KEY_REQUIRED: {
    description: 'Live keys must send an Idempotency-Key on /v1/tin/* and /v1/cac/*. Not charged.',
    example: 'Live calls to /v1/tin/verify need an Idempotency-Key header',
  },
  RATE_LIMITED: {
    description: "The API key's requests per minute (or the sign-in attempts) are used up. Wait `Retry-After` seconds.",
    example: 'This API key is limited to 600 requests a minute',
  },
  CONCURRENCY_LIMITED: {
    description: "Too many of this organisation's calls to this endpoint are with the registry at once. Retry after `Retry-After`; not charged.",
    example: 'At most 32 /v1/nin/raw/lookup calls may be in flight for this organisation',
  },
  WALLET_VELOCITY_LIMITED: {
    description: "The organisation's live debits per minute are used up. Retry after `Retry-After`; not charged.",
    example: 'This organisation is limited to 1200 live verifications a minute',
  },
  PROVIDER_RATE_LIMITED: {
    description: 'The upstream registry is rate limiting. Retry after `Retry-After`; not charged.',
    example: 'The registry is rate limiting requests; retry after the Retry-After delay',
  },
  INTERNAL_ERROR: {
    description: 'An unexpected error on our side; the message says no more. Retry later, quoting the X-Request-Id.',
    example: 'Internal server error',
  },
  PROVIDER_ERROR: {
    description: 'The upstream registry answered with an error. Retry with backoff; not charged.',
    example: 'The registry returned an error; retry with backoff',
  },
  PROVIDER_UNAVAILABLE: {
    description: 'The upstream (registry or payment gateway) is unavailable, or its circuit breaker is open. Retry after `Retry-After`; not charged.',
    example: 'The registry is unavailable; retry shortly',
  },
  PROVIDER_TIMEOUT: {
    description: 'The upstream registry did not answer in time. Retry with backoff; not charged.',
    example: 'The registry did not answer in time; retry with backoff',
  },
  SERVICE_UNAVAILABLE: {
    description: 'This service cannot answer right now (its database is briefly unreachable, or a change has not reached every server yet, or a capability is not configured). Retry shortly.',
    example: 'The service is briefly unavailable; retry shortly',
  },
  REQUEST_TIMEOUT: {
    description: 'The request headers or body did not arrive in time; the connection is closed.',
    example: 'The request was not received in time',
  },
  REQUEST_IN_PROGRESS: {
    description: 'A request with this Idempotency-Key is still being processed (HTTP 202, `success: false`). Send the same request with the same key again after `Retry-After` to get its answer. Not charged.',
    example: 'A request with this Idempotency-Key is still in progress; retry the same request with the same Idempotency-Key after Retry-After (1 s); this answer is not charged',
  },
};

export interface FieldError {
  field: string;
  message: string;
}

/** The one error type: the mapper turns it into the failure envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;
  readonly data: unknown;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: FieldError[]; data?: unknown; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.errors = options.errors;
    this.data = options.data;
    this.headers = options.headers ?? {};
  }
}

export const validationError = (errors: FieldError[], message = 'The request is invalid') =>
  new AppError('VALIDATION_ERROR', message, { errors });

export const unauthenticated = (message = 'A valid API key is required in the x-api-key header') =>
  new AppError('UNAUTHENTICATED', message);

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);

export const forbidden = (message: string) => new AppError('FORBIDDEN', message);

export const conflict = (message: string) => new AppError('CONFLICT', message);
