import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

/**
 * The console's only way to the API: openapi-fetch typed by the server's own OpenAPI document
 * (schema.d.ts, generated). Every call carries the session's access token; a 401 refreshes the
 * session once and repeats the call; a second 401 ends the session (sign-in, keeping the page).
 */

/** An error answer of the API, with its envelope's code, message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: Array<{ field: string; message: string }> = [],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What the session gives the client: the token to send, a refresh, and the end of the session. */
export interface TokenSource {
  accessToken(): string | null;
  refresh(): Promise<boolean>;
  expired(): void;
}

let tokens: TokenSource = { accessToken: () => null, refresh: async () => false, expired: () => undefined };

/** Connects the client to the session (auth/session.ts). */
export function useTokens(source: TokenSource): void {
  tokens = source;
}

const retries = new Map<string, Request>();

/** Whether the API answered the last call (any HTTP answer) or could not be reached at all. */
let reachable = true;
const reachListeners = new Set<() => void>();
/**
 * Calls in the order they were made, the latest one answered and the latest one that found no API. What
 * happens to a call made before the latest of the other kind says nothing about now: an answer to a
 * call still in flight when the API went away must not take the banner down (the console would stop
 * retrying a page that still has no data), nor may a late failure of an old call put it up after a newer
 * call was answered.
 */
let callCount = 0;
let lastAnsweredCall = 0;
let lastUnreachableCall = 0;

function setReachable(value: boolean): void {
  if (reachable === value) return;
  reachable = value;
  for (const listener of reachListeners) listener();
}

export function apiReachable(): boolean {
  return reachable;
}

/** Called whenever the API becomes unreachable or reachable again (the console's banner). */
export function onReachableChange(listener: () => void): () => void {
  reachListeners.add(listener);
  return () => reachListeners.delete(listener);
}
const NO_AUTH = new Set(['/v1/auth/login', '/v1/auth/confirm-login', '/v1/auth/refresh', '/v1/auth/accept-invite']);

const auth: Middleware = {
  onRequest({ request, schemaPath, id }) {
    if (NO_AUTH.has(schemaPath)) return request;
    const token = tokens.accessToken();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    retries.set(id, request.clone());
    return request;
  },
  async onResponse({ response, schemaPath, id }) {
    const retry = retries.get(id);
    retries.delete(id);
    if (response.status !== 401 || NO_AUTH.has(schemaPath) || !retry) return response;
    if (!(await tokens.refresh())) {
      tokens.expired();
      return response;
    }
    retry.headers.set('authorization', `Bearer ${tokens.accessToken() ?? ''}`);
    const again = await fetch(retry);
    if (again.status === 401) tokens.expired();
    return again;
  },
  onError({ id }) {
    retries.delete(id);
  },
};

export const api = createClient<paths>({ baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin });
api.use(auth);

interface Envelope<T> {
  data?: T;
  code?: string;
  message?: string;
  errors?: Array<{ field: string; message: string }>;
}

/** The `data` of a successful answer, or an ApiError with the envelope's code and message. */
export async function unwrap<T>(call: Promise<{ data?: Envelope<T> | unknown; error?: unknown; response: Response }>): Promise<T> {
  const made = ++callCount;
  let result: Awaited<typeof call>;
  try {
    result = await call;
  } catch {
    lastUnreachableCall = Math.max(lastUnreachableCall, made);
    if (made > lastAnsweredCall) setReachable(false);
    throw new ApiError(0, 'NETWORK_ERROR', 'The API cannot be reached. Check your connection; the console retries.');
  }
  const { response } = result;
  lastAnsweredCall = Math.max(lastAnsweredCall, made);
  if (made > lastUnreachableCall) setReachable(true);
  if (response.ok) return ((result.data as Envelope<T>)?.data ?? (undefined as T)) as T;
  const body = (result.error ?? {}) as Envelope<T>;
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new ApiError(
    response.status,
    body.code ?? `HTTP_${response.status}`,
    body.message ?? response.statusText,
    Array.isArray(body.errors) ? body.errors : [],
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

/** What to tell a person about an error: what happened and what to do. */
export function describeError(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Reload the page to try again.';
  switch (err.status) {
    case 0:
      return err.message;
    case 403:
      return 'Your role does not allow this. Ask an owner or admin of your organisation.';
    case 404:
      return 'Not found: it does not exist, or it belongs to another organisation.';
    case 429:
      return err.retryAfterSeconds ? `Too many attempts. Try again in ${err.retryAfterSeconds} seconds.` : 'Too many attempts. Try again shortly.';
    default:
      return err.status >= 500 ? 'The service had a problem. Try again in a moment.' : err.message;
  }
}
