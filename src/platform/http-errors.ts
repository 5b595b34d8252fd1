import type { App } from './http-types.js';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { Socket } from 'node:net';
import { AppError, validationError, type FieldError } from './errors.js';
import { failureBody, requestPath } from './envelope.js';
import { SAFE_TEXT_KEYWORD } from './safe-text.js';
import { isDatabaseUnavailable } from './db.js';

/**
 * Every answer is our envelope (DESIGN.md §3): validation failures, Fastify's own errors, unknown
 * routes, malformed URLs and broken HTTP alike. A 500 never shows its message or stack.
 */
export function installErrorHandling(app: App, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'INTERNAL_ERROR') req.log.error({ err: error }, 'unhandled error');
    else if (appError.code === 'SERVICE_UNAVAILABLE' && !(error instanceof AppError)) req.log.warn({ err: error }, 'database unavailable');
    sendFailure(req, reply, appError);
  });

  const notFound = (req: FastifyRequest, reply: FastifyReply) =>
    sendFailure(req, reply, new AppError('NOT_FOUND', `There is no route ${req.method} ${requestPath(req)}`));
  const fallback = options.notFound;
  app.setNotFoundHandler(fallback === undefined ? notFound : async (req, reply) => ((await fallback(req, reply)) ? reply : notFound(req, reply)));
}

export interface ErrorHandlingOptions {
  /** Asked before the 404 envelope (the web console's pages): true when it answered the request itself. */
  notFound?: (req: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}

export function sendFailure(req: FastifyRequest, reply: FastifyReply, err: AppError): FastifyReply {
  reply.header('x-request-id', req.id);
  for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
  return reply.code(err.statusCode).type('application/json; charset=utf-8').send(failureBody(requestPath(req), err));
}

/** Fastify's handler for a URL it cannot decode: answered in the envelope, not Fastify's own body. */
export function frameworkErrorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const err =
    error.code === 'FST_ERR_BAD_URL'
      ? validationError([{ field: 'url', message: 'is not a valid URL' }], 'The request URL is malformed')
      : toAppError(error);
  sendFailure(req, reply, err);
}

const RAW_FAILURES = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', code: 'VALIDATION_ERROR', message: 'Request headers are too large' },
  // Headers or body not received within HEADERS_TIMEOUT_MS / REQUEST_TIMEOUT_MS (a slow or stalled client).
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', code: 'REQUEST_TIMEOUT', message: 'The request was not received in time' },
} as const;
const MALFORMED = { status: 400, reason: 'Bad Request', code: 'VALIDATION_ERROR', message: 'Malformed HTTP request' } as const;

/**
 * Broken HTTP (bad request line, oversized headers) and requests not received in time still get an
 * envelope, then the socket closes, even if the client is still trickling bytes.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const failure = RAW_FAILURES[err.code as keyof typeof RAW_FAILURES] ?? MALFORMED;
  const body = JSON.stringify({
    success: false,
    statusCode: failure.status,
    message: failure.message,
    code: failure.code,
    timestamp: new Date().toISOString(),
    path: '',
  });
  socket.end(
    `HTTP/1.1 ${failure.status} ${failure.reason}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/** Maps anything thrown in a request to the one error type. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // A lost database connection is a moment's outage the client may retry, not our bug.
  if (isDatabaseUnavailable(error)) {
    return new AppError('SERVICE_UNAVAILABLE', 'The service is briefly unavailable; retry shortly', { headers: { 'retry-after': '1' } });
  }
  const err = error as FastifyError & { validationContext?: string; statusCode?: number };
  if (err.validation) {
    return validationError(toFieldErrors(err.validation, err.validationContext ?? 'body'), describeContext(err.validationContext));
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than this endpoint accepts');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validationError([{ field: 'body', message: 'must be a JSON object' }], 'The request body is empty');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return validationError([{ field: 'body', message: 'does not match its Content-Length' }], 'The request body is incomplete');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return malformedJson();
    default:
      break;
  }
  const status = err.statusCode ?? 500;
  if (error instanceof SyntaxError && status === 400) return malformedJson();
  if (status === 404) return new AppError('NOT_FOUND', 'Not found');
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than this endpoint accepts');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
  if (status >= 400 && status < 500) {
    return validationError([{ field: 'body', message: 'could not be read' }], 'The request could not be read');
  }
  return new AppError('INTERNAL_ERROR', 'Internal server error');
}

function malformedJson(): AppError {
  return validationError([{ field: 'body', message: 'is not valid JSON' }], 'The request body is not valid JSON');
}

function describeContext(context: string | undefined): string {
  switch (context) {
    case 'querystring':
      return 'The query parameters are invalid';
    case 'params':
      return 'The path parameters are invalid';
    case 'headers':
      return 'The request headers are invalid';
    default:
      return 'The request body is invalid';
  }
}

/** Ajv errors to `[{ field, message }]` with dotted property paths, one entry per field. */
export function toFieldErrors(errors: FastifySchemaValidationError[], context: string): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  // A forbidden character is the most useful thing to say of a field; it goes before its other errors.
  const ordered = [...errors].sort((a, b) => Number(b.keyword === SAFE_TEXT_KEYWORD) - Number(a.keyword === SAFE_TEXT_KEYWORD));
  for (const e of ordered as Array<FastifySchemaValidationError & { parentSchema?: Record<string, unknown> }>) {
    const base = e.instancePath
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const params = e.params as Record<string, unknown>;
    let field: string[] = base;
    let message: string;
    if (e.keyword === 'required') {
      field = [...base, String(params.missingProperty)];
      message = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      field = [...base, String(params.additionalProperty)];
      message = 'is not an allowed field';
    } else if (e.keyword === SAFE_TEXT_KEYWORD) {
      message = e.message ?? 'must not contain control characters';
    } else {
      const custom = e.parentSchema?.['x-message'];
      message = typeof custom === 'string' ? custom : humanise(e.keyword, params, e.message);
    }
    const name = field.length > 0 ? field.join('.') : context === 'body' ? 'body' : context;
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ field: name, message });
  }
  return out;
}

function humanise(keyword: string, params: Record<string, unknown>, fallback: string | undefined): string {
  switch (keyword) {
    case 'type': {
      const t = String(params.type);
      const article = /^[aeiou]/.test(t) ? 'an' : 'a';
      return t === 'object' ? 'must be a JSON object' : `must be ${article} ${t}`;
    }
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'minLength':
      return Number(params.limit) === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'minimum':
      return `must be at least ${String(params.limit)}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}`;
    case 'minItems':
      return `must have at least ${String(params.limit)} items`;
    case 'maxItems':
      return `must have at most ${String(params.limit)} items`;
    case 'pattern':
      return 'has an invalid format';
    case 'format':
      return `must be a valid ${String(params.format)}`;
    default:
      return fallback ?? 'is invalid';
  }
}
