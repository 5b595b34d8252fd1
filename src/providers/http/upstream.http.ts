import { type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { Pool, errors as undiciErrors } from 'undici';
import { CircuitBreaker } from '../circuit-breaker.js';
import { systemClock, type Clock } from '../../platform/clock.js';
import type { ProviderCallContext, ProviderOutcome } from '../ports.js';

/**
 * What every registry adapter shares (docs/simulator.md, "Common rules"): one keep-alive pool per
 * upstream, a timeout per call, the request headers, the circuit breaker, and the classification of
 * every answer — once, here — as found, not found or a failure kind (DESIGN.md §3):
 *
 *   200 { referenceId, … } of the call's shape  → found        (any other 200 → PROVIDER_ERROR)
 *   404 { referenceId }                        → not_found    (without a referenceId → PROVIDER_ERROR)
 *   429 (Retry-After: seconds or a date)       → PROVIDER_RATE_LIMITED, retryAfterSeconds (5 when absent)
 *   503, a refused or reset connection         → PROVIDER_UNAVAILABLE
 *   504, no answer within timeoutMs            → PROVIDER_TIMEOUT
 *   anything else (400, 401, 500, 502, …)      → PROVIDER_ERROR
 */
export interface UpstreamClientOptions {
  /** The upstream's mount root, e.g. http://127.0.0.1:4010/identity; call paths are appended. */
  baseUrl: string;
  /** The whole call (connect, headers, body), in ms. */
  timeoutMs: number;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string | null;
  /** Keep-alive connections of the pool (default 512, PROVIDER_CONNECTIONS): a slow registry needs one per call in flight. */
  connections?: number;
  /** Defaults to a breaker of DESIGN.md §8 named after the base URL. */
  breaker?: CircuitBreaker;
  clock?: Clock;
}

export interface UpstreamCall<S extends TSchema, T> {
  /** Below the base URL, e.g. /v1/nin/lookup. */
  path: string;
  body: unknown;
  /** The 200 answer's shape, referenceId included; properties it does not name are dropped. */
  answer: TypeCheck<S>;
  /** The port's value, from a valid 200 answer. */
  value: (answer: Static<S>) => T;
  /** Send the caller's X-Correlation-ID (the corporate registry). */
  correlation?: boolean;
}

export interface UpstreamClient {
  readonly breaker: CircuitBreaker;
  call<S extends TSchema, T>(spec: UpstreamCall<S, T>, ctx: ProviderCallContext): Promise<ProviderOutcome<T>>;
  close(): Promise<void>;
}

/** Compiles an answer's schema once, at module load. */
export const compileAnswer = <S extends TSchema>(schema: S): TypeCheck<S> => TypeCompiler.Compile(schema);

const DEFAULT_RETRY_AFTER_SECONDS = 5;
const TIMED_OUT = Object.freeze({ kind: 'failure', code: 'PROVIDER_TIMEOUT' }) satisfies ProviderOutcome<never>;
const UNAVAILABLE = Object.freeze({ kind: 'failure', code: 'PROVIDER_UNAVAILABLE' }) satisfies ProviderOutcome<never>;
/** A registry answer larger than this is not one (photos included, answers are far smaller). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const url = new URL(options.baseUrl);
  const prefix = url.pathname.replace(/\/+$/, '');
  const clock = options.clock ?? systemClock;
  const pool = new Pool(url.origin, {
    connections: options.connections ?? 512,
    keepAliveTimeout: 30_000,
    maxResponseSize: MAX_ANSWER_BYTES,
  });
  const breaker = options.breaker ?? new CircuitBreaker(url.href, { clock });
  const baseHeaders: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey) baseHeaders.authorization = `Bearer ${options.apiKey}`;

  /**
   * One call through undici's dispatch with a handler (the interface pool.request() itself implements):
   * no promise chain, body stream or AbortSignal per call, which request() builds and this adapter never
   * needed; the body is gathered as the chunks arrive. One timer bounds the whole call: queued for a
   * connection, connecting, headers or body. A call whose timer fired is answered at once and aborted
   * (now, or as soon as it reaches a connection); anything undici reports after that is ignored.
   */
  function request<S extends TSchema, T>(spec: UpstreamCall<S, T>, ctx: ProviderCallContext): Promise<ProviderOutcome<T>> {
    const headers: Record<string, string> = { ...baseHeaders, 'x-request-id': ctx.requestId };
    if (spec.correlation && ctx.correlationId) headers['x-correlation-id'] = ctx.correlationId;
    return new Promise<ProviderOutcome<T>>((resolve) => {
      let settled = false;
      let abort: ((reason: Error) => void) | null = null;
      let status = 0;
      let retryAfter: string | undefined;
      const chunks: Buffer[] = [];
      const end = (outcome: ProviderOutcome<T>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const timer = setTimeout(() => {
        end(TIMED_OUT);
        abort?.(new undiciErrors.RequestAbortedError('the upstream call timed out'));
      }, options.timeoutMs);
      const handler = {
        onConnect(abortCall: (reason: Error) => void) {
          if (settled) abortCall(new undiciErrors.RequestAbortedError('the upstream call timed out'));
          else abort = abortCall;
        },
        onHeaders(statusCode: number, rawHeaders: Buffer[]) {
          // An informational answer (1xx) is not the answer: the final one follows.
          if (statusCode < 200) return true;
          status = statusCode;
          retryAfter = headerValue(rawHeaders, 'retry-after');
          return true;
        },
        onData(chunk: Buffer) {
          chunks.push(chunk);
          return true;
        },
        onComplete() {
          const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
          end(classify(spec, status, retryAfter, text, clock));
        },
        onError(err: Error) {
          if (isTimeout(err)) end(TIMED_OUT);
          // Headers came, then the body failed (reset, too large): the answer is unreadable.
          else if (status !== 0) end(classify(spec, status, retryAfter, null, clock));
          else end(UNAVAILABLE);
        },
      };
      const call = { method: 'POST' as const, path: `${prefix}${spec.path}`, headers, body: JSON.stringify(spec.body), headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs };
      try {
        pool.dispatch(call, handler);
      } catch {
        // Refused before it was sent, as pool.request() would reject: the upstream was not reached.
        end(UNAVAILABLE);
      }
    });
  }

  return {
    breaker,
    call: (spec, ctx) => breaker.run(() => request(spec, ctx)),
    close: () => pool.close(),
  };
}

function classify<S extends TSchema, T>(
  spec: UpstreamCall<S, T>,
  status: number,
  retryAfter: string | undefined,
  text: string | null,
  clock: Clock,
): ProviderOutcome<T> {
  if (status === 200 || status === 404) {
    const body = parseJson(text);
    const referenceId = body !== null && typeof body === 'object' ? (body as { referenceId?: unknown }).referenceId : undefined;
    if (typeof referenceId !== 'string' || referenceId === '') return { kind: 'failure', code: 'PROVIDER_ERROR' };
    if (status === 404) return { kind: 'not_found', referenceId };
    if (!spec.answer.Check(body)) return { kind: 'failure', code: 'PROVIDER_ERROR' };
    return { kind: 'found', referenceId, value: spec.value(Value.Clean(spec.answer.Schema(), body) as Static<S>) };
  }
  if (status === 429) return { kind: 'failure', code: 'PROVIDER_RATE_LIMITED', retryAfterSeconds: retryAfterSeconds(retryAfter, clock) };
  if (status === 503) return { kind: 'failure', code: 'PROVIDER_UNAVAILABLE' };
  if (status === 504) return { kind: 'failure', code: 'PROVIDER_TIMEOUT' };
  return { kind: 'failure', code: 'PROVIDER_ERROR' };
}

/** The first value of a header among undici's raw headers (name, value, name, value, …), or undefined. */
function headerValue(rawHeaders: Buffer[], name: string): string | undefined {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const key = rawHeaders[i]!;
    if (key.length === name.length && key.toString('latin1').toLowerCase() === name) return rawHeaders[i + 1]!.toString('latin1');
  }
  return undefined;
}

function parseJson(text: string | null): unknown {
  if (text === null || text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Retry-After as delay-seconds or an HTTP date; at least 1 s, 5 s when absent or unreadable. */
export function retryAfterSeconds(header: string | string[] | undefined, clock: Clock = systemClock): number {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!raw) return DEFAULT_RETRY_AFTER_SECONDS;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.max(1, Math.ceil(Number(raw)));
  const at = Date.parse(raw);
  if (Number.isNaN(at)) return DEFAULT_RETRY_AFTER_SECONDS;
  return Math.max(1, Math.ceil((at - clock.now().getTime()) / 1000));
}

function isTimeout(err: unknown): boolean {
  return (
    err instanceof undiciErrors.HeadersTimeoutError ||
    err instanceof undiciErrors.BodyTimeoutError ||
    err instanceof undiciErrors.ConnectTimeoutError
  );
}
