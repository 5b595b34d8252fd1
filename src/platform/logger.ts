import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { FastifyRequest } from 'fastify';

/**
 * Personal identifiers and secrets never reach a log line (DESIGN.md §12). The first line of defence
 * is structural: bodies and query strings are never logged, and the serialisers below keep only what
 * explains a request or a fault. Redaction is the second line, for objects logged by mistake. It uses
 * exact paths only: wildcard paths cost pino 10–30 µs on every request and log line (measured), and
 * a body is caught whole by the `body` paths.
 */
const SENSITIVE_KEYS = [
  'nin', 'bvn', 'tin', 'number', 'phoneNumber', 'msisdn', 'firstName', 'middleName', 'lastName', 'surname',
  'otherName', 'name', 'fullName', 'taxpayerName', 'dateOfBirth', 'address', 'email', 'photo', 'image', 'selfieImage',
  'livelinessImages', 'identifier', 'identityNumber', 'password', 'otp', 'secret', 'refreshToken',
  'accessToken', 'loginToken', 'token', 'secondApprover',
];

export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  'body',
  'req.body',
  'query',
  'req.query',
  'payload',
  ...SENSITIVE_KEYS,
];

/** Long digit runs (NIN, BVN, phone numbers) in a path are masked before it is logged. */
export function safePath(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return path.replace(/\d{10,}/g, (m) => '*'.repeat(m.length - 4) + m.slice(-4)).slice(0, 512);
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // The query string is never logged: filters can hold addresses and numbers.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: safePath(req.url),
        remoteAddress: req.ip,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      // Driver errors carry row values in `detail`; keep only what explains the fault.
      err: (err: Error & { code?: unknown }) => ({
        type: err.name,
        message: err.message,
        code: typeof err.code === 'string' ? err.code : undefined,
        stack: err.stack,
      }),
    },
  };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}

export type { Logger };
