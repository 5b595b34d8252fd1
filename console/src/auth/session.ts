import { api, unwrap, useTokens } from '../api/client';

/**
 * The session (DESIGN.md §14 "Session"): the access token lives in memory only; the refresh token in
 * sessionStorage (this tab, gone with it). The pair is refreshed a minute before the access token
 * expires, and once on a 401; when that fails the session ends and the console goes to sign-in,
 * keeping the page that was asked for.
 */
const REFRESH_KEY = 'idv.refreshToken';
const EARLY_MS = 60_000;

interface Pair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

let accessToken: string | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let refreshing: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const l of listeners) l();
}

/** Called with no argument whenever the session starts or ends. */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isSignedIn(): boolean {
  return accessToken !== null;
}

export function hasStoredSession(): boolean {
  return sessionStorage.getItem(REFRESH_KEY) !== null;
}

function store(pair: Pair): void {
  accessToken = pair.accessToken;
  sessionStorage.setItem(REFRESH_KEY, pair.refreshToken);
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void refresh(), Math.max(5_000, pair.expiresIn * 1000 - EARLY_MS));
  notify();
}

/** Forgets the session here (tokens, timer) without calling the API. */
export function clear(): void {
  accessToken = null;
  sessionStorage.removeItem(REFRESH_KEY);
  if (timer) clearTimeout(timer);
  timer = null;
  notify();
}

/** Exchanges the stored refresh token for a new pair; concurrent calls share one exchange. */
export function refresh(): Promise<boolean> {
  if (refreshing) return refreshing;
  const refreshToken = sessionStorage.getItem(REFRESH_KEY);
  if (!refreshToken) return Promise.resolve(false);
  refreshing = unwrap<Pair>(api.POST('/v1/auth/refresh', { body: { refreshToken } }))
    .then((pair) => {
      store(pair);
      return true;
    })
    .catch(() => {
      clear();
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Step one of sign-in: email and password; the code goes to the email address. */
export async function startSignIn(email: string, password: string): Promise<string> {
  const { loginToken } = await unwrap<{ loginToken: string }>(api.POST('/v1/auth/login', { body: { email, password } }));
  return loginToken;
}

/** Step two: the 6-digit code; the session starts. */
export async function finishSignIn(loginToken: string, otp: string): Promise<void> {
  store(await unwrap<Pair>(api.POST('/v1/auth/confirm-login', { body: { loginToken, otp } })));
}

/** Accepting an invitation signs the new member in. */
export function startWith(pair: Pair): void {
  store(pair);
}

/** Revokes this session at the API, then forgets it here. */
export async function signOut(): Promise<void> {
  try {
    if (accessToken) await api.POST('/v1/auth/logout', {});
  } finally {
    clear();
  }
}

let onExpired: () => void = () => undefined;

/** What to do when the session cannot be renewed (go to sign-in keeping the page). */
export function whenExpired(handler: () => void): void {
  onExpired = handler;
}

useTokens({
  accessToken: () => accessToken,
  refresh,
  expired: () => {
    clear();
    onExpired();
  },
});
