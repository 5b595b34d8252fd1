import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { isBlockedAddress } from './address-guard.js';

/** What one attempt's request came to (DESIGN.md §11.4, the attempt view). */
export interface AttemptOutcome {
  responseStatus: number | null;
  /** The first 1 KiB of the answer as text, or null. */
  responseBody: string | null;
  error: 'TIMEOUT' | 'CONNECTION_ERROR' | 'TLS_ERROR' | 'DNS_ERROR' | 'BLOCKED_ADDRESS' | null;
  succeeded: boolean;
  /** Seconds of a Retry-After on a 429 or 503, else null. */
  retryAfterSeconds: number | null;
  durationMs: number;
}

export const RESPONSE_BODY_BYTES = 1024;
export const USER_AGENT = 'idv-webhooks/1';

/** The key of a `whsec_…` secret: the base64-decoded part after the prefix. */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
}

/** `v1,<base64 HMAC-SHA256(key, id.timestamp.body)>` for each secret, space-separated, in the order given (new first). */
export function signatureHeader(secrets: string[], webhookId: string, timestamp: number, body: string): string {
  return secrets.map((s) => `v1,${createHmac('sha256', secretKey(s)).update(`${webhookId}.${timestamp}.${body}`).digest('base64')}`).join(' ');
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_CERT)/;

function classify(err: unknown, timedOut: boolean): AttemptOutcome['error'] {
  if (timedOut) return 'TIMEOUT';
  const e = err as { code?: string; cause?: { code?: string }; name?: string };
  const code = e.code ?? e.cause?.code ?? '';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'TIMEOUT';
  if (TLS_CODES.test(code)) return 'TLS_ERROR';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'ENODATA') return 'DNS_ERROR';
  return 'CONNECTION_ERROR';
}

function retryAfter(status: number, header: string | string[] | undefined, nowMs: number): number | null {
  if (status !== 429 && status !== 503) return null;
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** Reads at most `limit` bytes of a body and drops the rest unread (a huge answer is never held). */
async function readPrefix(body: AsyncIterable<Buffer> & { destroy(): unknown }, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= limit) break;
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(parts).subarray(0, limit);
}

/** Text that PostgreSQL can store: invalid UTF-8 and NUL become U+FFFD. */
function storableText(bytes: Buffer): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/\u0000/g, '\uFFFD');
}

export interface SendOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** ALLOW_PRIVATE_WEBHOOK_URLS: the guard is off. */
  allowPrivate: boolean;
  /** Resolves a host (tests replace it); default dns.lookup with every address. */
  resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>;
}

/** Connection pools kept, at most; the least recently used is closed first. */
const MAX_AGENTS = 256;
const agents = new Map<string, Agent>();

/**
 * The connection pool for an origin reached at one checked address. Connections are kept alive
 * between attempts (no new TCP and TLS handshake per delivery), yet every attempt still resolves
 * the host and checks each address first: a pool only ever connects to the address it is keyed by.
 */
function agentFor(origin: string, pinned: { address: string; family: number }, timeoutMs: number): Agent {
  const key = `${origin}|${pinned.address}|${timeoutMs}`;
  let agent = agents.get(key);
  if (agent) {
    agents.delete(key);
  } else {
    const lookup: LookupFunction = ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (opts?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
      else callback(null, pinned.address, pinned.family);
    }) as unknown as LookupFunction;
    agent = new Agent({ connect: { lookup, timeout: timeoutMs }, keepAliveTimeout: 4_000, keepAliveMaxTimeout: 10_000, pipelining: 1 });
    if (agents.size >= MAX_AGENTS) {
      const [oldestKey, oldest] = agents.entries().next().value as [string, Agent];
      agents.delete(oldestKey);
      void oldest.close().catch(() => undefined);
    }
  }
  agents.set(key, agent);
  return agent;
}

const defaultResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true });

/**
 * One POST: the host is resolved and every address checked before anything is sent, and the
 * connection goes to the address checked (DNS cannot change between check and connect). No redirect
 * is followed; the answer's first 1 KiB is kept and the rest never read.
 */
export async function sendWebhook(options: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const done = (o: Omit<AttemptOutcome, 'durationMs'>): AttemptOutcome => ({ ...o, durationMs: Math.max(0, Math.round(performance.now() - started)) });
  const failure = (error: AttemptOutcome['error']) => done({ responseStatus: null, responseBody: null, error, succeeded: false, retryAfterSeconds: null });

  const url = new URL(options.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await (options.resolve ?? defaultResolve)(host);
  } catch {
    return failure('DNS_ERROR');
  }
  if (addresses.length === 0) return failure('DNS_ERROR');
  if (!options.allowPrivate && addresses.some((a) => isBlockedAddress(a.address))) return failure('BLOCKED_ADDRESS');
  const pinned = addresses[0]!;

  const agent = agentFor(url.origin, pinned, options.timeoutMs);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  try {
    const res = await request(options.url, {
      method: 'POST',
      body: options.body,
      headers: options.headers,
      dispatcher: agent,
      signal: controller.signal,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    const prefix = await readPrefix(res.body as never, RESPONSE_BODY_BYTES).catch(() => Buffer.alloc(0));
    const status = res.statusCode;
    return done({
      responseStatus: status,
      responseBody: prefix.length > 0 ? storableText(prefix) : null,
      error: null,
      succeeded: status >= 200 && status < 300,
      retryAfterSeconds: retryAfter(status, res.headers['retry-after'], Date.now()),
    });
  } catch (err) {
    return failure(classify(err, timedOut));
  } finally {
    clearTimeout(timer);
  }
}
