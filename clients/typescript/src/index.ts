import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/** How the client authenticates: an API key (`sk_test_…`, `sk_live_…`) for verifications, or a console access token. */
export type IdvCredentials = { apiKey: string } | { accessToken: string } | Record<string, never>;

export interface IdvClientOptions {
  /** The server, e.g. `https://idv.example.com` or `http://localhost:3000`. */
  baseUrl: string;
  credentials?: IdvCredentials;
  /** A fetch of your own (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
}

/** An answer of the API that is not a success: its envelope's code, message and field errors. */
export class IdvError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Array<{ field: string; message: string }> = [],
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'IdvError';
  }
}

/**
 * A client for every route of the API, typed from its OpenAPI document: paths, parameters, bodies
 * and answers are checked by TypeScript. Calls answer openapi-fetch's `{ data, error, response }`;
 * `data.data` is the envelope's payload. `unwrap()` turns that into the payload or an IdvError.
 */
export function createIdvClient(options: IdvClientOptions): Client<paths> {
  const client = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), ...(options.fetch ? { fetch: options.fetch } : {}) });
  const credentials = options.credentials ?? {};
  const auth: Middleware = {
    onRequest({ request }) {
      if ('apiKey' in credentials) request.headers.set('x-api-key', credentials.apiKey);
      else if ('accessToken' in credentials) request.headers.set('authorization', `Bearer ${credentials.accessToken}`);
      return request;
    },
  };
  client.use(auth);
  return client;
}

/** The payload of a successful call, or an IdvError carrying the API's code (branch on it). */
export async function unwrap<T>(call: Promise<{ data?: { data?: T } | undefined; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return data.data as T;
  const body = (error ?? {}) as { code?: string; message?: string; errors?: Array<{ field: string; message: string }> };
  throw new IdvError(response.status, body.code ?? `HTTP_${response.status}`, body.message ?? response.statusText, body.errors ?? [], error);
}
