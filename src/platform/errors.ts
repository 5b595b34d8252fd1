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
