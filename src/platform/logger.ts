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

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
/** Fields every line has, or that the line's own layout already shows. */
const LAYOUT_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'req', 'res', 'responseTime', 'err', 'reqId']);

/**
 * Human log lines for a developer's terminal (development on a TTY): `09:15:02.123 INFO  message  key=value`.
 * It formats what pino wrote, so the same serialisers and redaction apply as to the JSON lines.
 */
export function prettyDestination(out: NodeJS.WritableStream & { isTTY?: boolean }, options: { colour?: boolean } = {}): DestinationStream {
  const colour = options.colour ?? out.isTTY === true;
  const paint = (code: string, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  return {
    write(line: string) {
      out.write(formatLogLine(line, paint));
    },
  };
}

function formatLogLine(line: string, paint: (code: string, text: string) => string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const time = typeof entry.time === 'number' ? new Date(entry.time) : new Date();
  const clock = `${String(time.getHours()).padStart(2, '0')}:${String(time.getMinutes()).padStart(2, '0')}:${String(time.getSeconds()).padStart(2, '0')}.${String(time.getMilliseconds()).padStart(3, '0')}`;
  const parts: string[] = [paint('90', clock), paint(LEVEL_COLOURS[level] ?? '0', (LEVEL_NAMES[level] ?? String(level)).padEnd(5))];
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (req && !res) parts.push(`→ ${req.method ?? ''} ${req.url ?? ''}`);
  if (res) parts.push(`← ${res.statusCode ?? ''}${typeof entry.responseTime === 'number' ? ` in ${entry.responseTime.toFixed(1)} ms` : ''}`);
  if (typeof entry.msg === 'string' && !req && !res) parts.push(entry.msg);
  const extras = Object.entries(entry)
    .filter(([key]) => !LAYOUT_FIELDS.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  if (typeof entry.reqId === 'string') extras.push(`reqId=${entry.reqId}`);
  if (extras.length > 0) parts.push(paint('90', extras.join(' ')));
  let text = parts.join(' ');
  const err = entry.err as { type?: string; message?: string; stack?: string } | undefined;
  if (err) text += `\n  ${paint('31', err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`).replace(/\n/g, '\n  ')}`;
  return `${text}\n`;
}

export type { Logger };
