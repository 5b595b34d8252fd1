import { Pool, errors as undiciErrors } from 'undici';
import type { IdentityRegister, PersonRecord, ProviderCallContext, ProviderOutcome } from '../ports.js';

export interface HttpProviderOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Sent as a bearer token when the upstream needs one. */
  apiKey?: string | null;
  connections?: number;
}

/**
 * The identity register over HTTP (the simulator's wire contract): keep-alive pool, a timeout per
 * call, and every answer classified once as found, not found or a failure kind (DESIGN.md §3).
 */
export function createHttpIdentityRegister(options: HttpProviderOptions): IdentityRegister & { close(): Promise<void> } {
  const url = new URL(options.baseUrl);
  const pool = new Pool(url.origin, { connections: options.connections ?? 64, keepAliveTimeout: 30_000 });
  const prefix = url.pathname.replace(/\/+$/, '');

  return {
    async lookupNin(nin: string, ctx: ProviderCallContext): Promise<ProviderOutcome<PersonRecord>> {
      let res;
      try {
        res = await pool.request({
          method: 'POST',
          path: `${prefix}/identity/v1/nin/lookup`,
          headers: {
            'content-type': 'application/json',
            'x-request-id': ctx.requestId,
            ...(ctx.correlationId ? { 'x-correlation-id': ctx.correlationId } : {}),
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ nin }),
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (err) {
        return { kind: 'failure', code: isTimeout(err) ? 'PROVIDER_TIMEOUT' : 'PROVIDER_UNAVAILABLE' };
      }
      const status = res.statusCode;
      let body: unknown = null;
      try {
        body = await res.body.json();
      } catch {
        body = null;
      }
      const referenceId = (body as { referenceId?: unknown } | null)?.referenceId;
      if (status === 200 && typeof referenceId === 'string' && typeof (body as { person?: unknown }).person === 'object') {
        return { kind: 'found', referenceId, value: (body as { person: PersonRecord }).person };
      }
      if (status === 404 && typeof referenceId === 'string') return { kind: 'not_found', referenceId };
      if (status === 429) {
        const retryAfter = Number(res.headers['retry-after']);
        return { kind: 'failure', code: 'PROVIDER_RATE_LIMITED', retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 5 };
      }
      if (status === 503) return { kind: 'failure', code: 'PROVIDER_UNAVAILABLE' };
      if (status === 504) return { kind: 'failure', code: 'PROVIDER_TIMEOUT' };
      // Anything else (a 5xx, a malformed answer) is an upstream error.
      return { kind: 'failure', code: 'PROVIDER_ERROR' };
    },
    close: () => pool.close(),
  };
}

function isTimeout(err: unknown): boolean {
  return (
    err instanceof undiciErrors.HeadersTimeoutError ||
    err instanceof undiciErrors.BodyTimeoutError ||
    (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
  );
}
