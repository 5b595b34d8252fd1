import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The console's API client against a real HTTP server on 127.0.0.1 that answers as the API does
 * (envelopes, 401 on a stale token): what the client sends, what it returns, and how it refreshes.
 */
let server: Server;
let client: typeof import('./client');
const seen: Array<{ method: string; url: string; authorization: string | undefined }> = [];
let validToken = 'access-2';

function reply(res: import('node:http').ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
    if (req.url === '/v1/api-keys') {
      if (req.headers.authorization !== `Bearer ${validToken}`) return reply(res, 401, { success: false, statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in again' });
      return reply(res, 200, { success: true, statusCode: 200, message: 'OK', data: [{ id: 'key_1' }] });
    }
    if (req.url === '/v1/api-keys/key_bad') return reply(res, 400, { success: false, statusCode: 400, code: 'VALIDATION_ERROR', message: 'name is required', errors: [{ field: 'name', message: 'is required' }] });
    if (req.url === '/v1/auth/login') return reply(res, 429, { success: false, statusCode: 429, code: 'RATE_LIMITED', message: 'Too many sign-ins' }, { 'retry-after': '42' });
    return reply(res, 404, { success: false, statusCode: 404, code: 'NOT_FOUND', message: 'No route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (globalThis as { window?: unknown }).window = { location: { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } };
  client = await import('./client');
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  delete (globalThis as { window?: unknown }).window;
});

describe('the console’s API client', () => {
  it('sends the session’s token and returns the envelope’s data', async () => {
    let token = 'access-2';
    client.useTokens({ accessToken: () => token, refresh: async () => false, expired: () => undefined });
    await expect(client.unwrap(client.api.GET('/v1/api-keys'))).resolves.toEqual([{ id: 'key_1' }]);
    expect(seen.at(-1)).toEqual({ method: 'GET', url: '/v1/api-keys', authorization: 'Bearer access-2' });
    token = 'x';
  });

  it('turns an error envelope into an ApiError with the code, the field errors and Retry-After', async () => {
    client.useTokens({ accessToken: () => 'access-2', refresh: async () => false, expired: () => undefined });
    const bad = await client.unwrap(client.api.DELETE('/v1/api-keys/{id}', { params: { path: { id: 'key_bad' } } })).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(client.ApiError);
    expect(bad).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', fieldErrors: [{ field: 'name', message: 'is required' }] });
    const limited = await client.unwrap(client.api.POST('/v1/auth/login', { body: { email: 'a@b.co', password: 'p' } })).catch((e: unknown) => e);
    expect(limited).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 42 });
    expect(client.describeError(limited)).toBe('Too many attempts. Try again in 42 seconds.');
    // Sign-in calls never carry a token.
    expect(seen.at(-1)).toMatchObject({ url: '/v1/auth/login', authorization: undefined });
  });

  it('on a 401 refreshes once and repeats the call with the new token', async () => {
    let token = 'access-1';
    let refreshes = 0;
    let expired = 0;
    validToken = 'access-2';
    client.useTokens({
      accessToken: () => token,
      refresh: async () => {
        refreshes++;
        token = 'access-2';
        return true;
      },
      expired: () => expired++,
    });
    const before = seen.length;
    await expect(client.unwrap(client.api.GET('/v1/api-keys'))).resolves.toEqual([{ id: 'key_1' }]);
    expect(seen.slice(before).map((s) => s.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect([refreshes, expired]).toEqual([1, 0]);
  });

  it('ends the session when the refresh fails or the repeat is refused again', async () => {
    let expired = 0;
    validToken = 'never';
    client.useTokens({ accessToken: () => 'stale', refresh: async () => false, expired: () => expired++ });
    await expect(client.unwrap(client.api.GET('/v1/api-keys'))).rejects.toMatchObject({ status: 401 });
    expect(expired).toBe(1);
    client.useTokens({ accessToken: () => 'stale', refresh: async () => true, expired: () => expired++ });
    await expect(client.unwrap(client.api.GET('/v1/api-keys'))).rejects.toMatchObject({ status: 401 });
    expect(expired).toBe(2);
  });

  it('says the API cannot be reached when there is no answer at all', async () => {
    const changes: boolean[] = [];
    const stop = client.onReachableChange(() => changes.push(client.apiReachable()));
    const failing = client.unwrap(Promise.reject(new TypeError('fetch failed')));
    await expect(failing).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(client.apiReachable()).toBe(false);
    // Any answer, even an error, means the API is there again.
    await client.unwrap(client.api.GET('/v1/api-keys/{id}' as never, { params: { path: { id: 'nope' } } } as never)).catch(() => undefined);
    expect(client.apiReachable()).toBe(true);
    expect(changes).toEqual([false, true]);
    stop();
  });

  it('an answer to a call made before the API went away does not take the banner down', async () => {
    const changes: boolean[] = [];
    const stop = client.onReachableChange(() => changes.push(client.apiReachable()));
    // The earlier call is still in flight when a later one finds no API; its answer arrives last.
    let answerEarlier!: () => void;
    const earlier = client.unwrap(new Promise<void>((resolve) => (answerEarlier = resolve)).then(() => client.api.GET('/v1/api-keys')));
    await expect(client.unwrap(Promise.reject(new TypeError('fetch failed')))).rejects.toMatchObject({ status: 0 });
    answerEarlier();
    await earlier.catch(() => undefined);
    expect(client.apiReachable()).toBe(false);
    // A call made after the failure that is answered does.
    await client.unwrap(client.api.GET('/v1/api-keys')).catch(() => undefined);
    expect(client.apiReachable()).toBe(true);
    expect(changes).toEqual([false, true]);
    stop();
  });

  it('a late failure of a call made before one that was answered does not put the banner up', async () => {
    const changes: boolean[] = [];
    const stop = client.onReachableChange(() => changes.push(client.apiReachable()));
    let failEarlier!: () => void;
    const earlier = client.unwrap(new Promise<void>((resolve) => (failEarlier = resolve)).then(() => Promise.reject(new TypeError('fetch failed'))));
    await client.unwrap(client.api.GET('/v1/api-keys')).catch(() => undefined);
    failEarlier();
    await expect(earlier).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(client.apiReachable()).toBe(true);
    expect(changes).toEqual([]);
    // A call made after that answer which finds no API does.
    await expect(client.unwrap(Promise.reject(new TypeError('fetch failed')))).rejects.toMatchObject({ status: 0 });
    expect(client.apiReachable()).toBe(false);
    await client.unwrap(client.api.GET('/v1/api-keys')).catch(() => undefined);
    expect(changes).toEqual([false, true]);
    stop();
  });
});
