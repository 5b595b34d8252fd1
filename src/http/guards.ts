import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden, unauthenticated } from '../platform/errors.js';
import type { Role } from '../platform/schema.js';

/**
 * The bearer-token guards every capability's account routes share. They depend on an authenticator,
 * not on accounts' service, so any capability's routes may use them without a cycle (accounts
 * implements BearerAuthenticator).
 */

/** Who a bearer token speaks for, checked against the session on every request. */
export interface AuthenticatedUser {
  id: string;
  email: string;
  organisationId: string | null;
  role: Role | null;
  isPlatformAdmin: boolean;
  sessionId: string;
}

/** The acting member of an organisation route. */
export interface Actor {
  id: string;
  organisationId: string;
  role: Role;
}

/** What the guards need of sign-in: the user an Authorization header speaks for, or a 401. */
export interface BearerAuthenticator {
  authenticate(authorization: string | undefined): Promise<AuthenticatedUser>;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

/** An API key (`sk_…`) sent in Authorization, with or without the Bearer scheme, where a token goes. */
const API_KEY_IN_AUTHORIZATION = /^\s*(?:bearer\s+)?sk_/i;

/** Whether an Authorization header carries an API key rather than an access token (its value is never echoed). */
export function isApiKeyInAuthorization(authorization: string | undefined): boolean {
  return authorization !== undefined && API_KEY_IN_AUTHORIZATION.test(authorization);
}

/** A request header as one string: a repeated header is joined with commas (so a value that must be single is refused by its own check). */
export function singleHeader(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

/** The x-api-key header as ApiKeyService.authenticate takes it: repeated, it is joined with commas, which no key contains (refused as malformed). */
export const apiKeyHeader = (req: FastifyRequest): string | undefined => singleHeader(req, 'x-api-key');

/** The 401 of an API key sent as a bearer token to a route that takes API keys (verifications, discovery). */
export const apiKeyAsBearer = () =>
  unauthenticated('API keys go in the x-api-key header, not in Authorization: send the header x-api-key: sk_test_… or sk_live_…');

/** The 401 of an API key sent as a bearer token to a route that takes only a signed-in session. */
const apiKeyOnSessionRoute = () =>
  unauthenticated(
    'This route takes a bearer access token from sign-in (POST /v1/auth/confirm-login), not an API key; API keys go in the x-api-key header of the verification and discovery routes',
  );

export const ANY_ROLE: readonly Role[] = ['OWNER', 'ADMIN', 'DEVELOPER', 'VIEWER'];

/**
 * onRequest guard for account routes: bearer token 401, then role 403, before the body is read
 * (DESIGN.md §10 order). `roles` limits organisation members; `platformAdmin` admits staff only.
 */
export type Access = { roles: readonly Role[] } | { platformAdmin: true } | { anyUser: true };

export function requireUser(auth: BearerAuthenticator, access: Access): onRequestHookHandler {
  return async (req) => checkUser(auth, access, req);
}

/** Authenticates the bearer token and checks the access, setting `req.user` (the guard's work, callable from another guard). */
export async function checkUser(auth: BearerAuthenticator, access: Access, req: FastifyRequest): Promise<void> {
  if (isApiKeyInAuthorization(req.headers.authorization)) throw apiKeyOnSessionRoute();
  const user = await auth.authenticate(req.headers.authorization);
  req.user = user;
  if ('anyUser' in access) return;
  if ('platformAdmin' in access) {
    if (!user.isPlatformAdmin) throw forbidden('Only platform admins may use this route');
    return;
  }
  if (user.organisationId === null || user.role === null) {
    throw forbidden('Platform admins belong to no organisation; this route is for members of one');
  }
  if (!access.roles.includes(user.role)) {
    throw forbidden(`This action needs one of the roles: ${access.roles.join(', ')}`);
  }
}

/** The acting member of an organisation route (after requireUser with roles). */
export function actor(req: FastifyRequest): Actor {
  const user = req.user!;
  return { id: user.id, organisationId: user.organisationId!, role: user.role! };
}
