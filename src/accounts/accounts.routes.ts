import { Type } from '@sinclair/typebox';
import type { AuthService } from './auth.service.js';
import type { MembersService } from './members.service.js';
import { ANY_ROLE, actor, requireUser } from '../http/guards.js';
import { ok } from '../platform/envelope.js';
import type { App } from '../platform/http-types.js';
import { ErrorRef, StrictObject, StringEnum, SuccessEnvelope, withMessage } from '../platform/typebox.js';
import { PASSWORD_MAX_LENGTH } from './passwords.js';
import { ROLES } from './members.service.js';
import type { FastifyRequest } from 'fastify';

const bearer = [{ bearer: [] }];
const errors = { '4xx': ErrorRef, '5xx': ErrorRef };
const client = (req: FastifyRequest) => ({ ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });

const TokenPairSchema = Type.Object(
  {
    accessToken: Type.String({ description: 'Send as `Authorization: Bearer <accessToken>`' }),
    refreshToken: Type.String({ description: 'Single use: POST /v1/auth/refresh exchanges it for a new pair' }),
    tokenType: Type.Literal('Bearer'),
    expiresIn: Type.Integer({ description: 'Seconds the access token lives (900)' }),
    sessionId: Type.String(),
  },
  { title: 'TokenPair' },
);
const SessionSchema = Type.Object({
  id: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.String({ format: 'date-time' }),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  current: Type.Boolean(),
}, { title: 'Session' });
export const OrganisationSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  accessLevel: StringEnum(['BASIC', 'STANDARD', 'PREMIUM'] as const),
  createdAt: Type.String({ format: 'date-time' }),
}, { title: 'Organisation' });
export const MemberSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: StringEnum(ROLES),
  status: StringEnum(['ACTIVE', 'INVITED'] as const),
  createdAt: Type.String({ format: 'date-time' }),
}, { title: 'Member' });
const IdParams = StrictObject({ id: Type.String({ maxLength: 64 }) });

/** Sign-in, sessions and invitations (DESIGN.md §9). */
export function registerAuthRoutes(app: App, deps: { auth: AuthService; members: MembersService }) {
  const { auth, members } = deps;
  const tags = ['Accounts'];

  app.post(
    '/v1/auth/login',
    {
      config: { doc: { errors: ['UNAUTHENTICATED', 'RATE_LIMITED'] } },
      schema: {
        tags,
        summary: 'Check email and password, and email a one-time sign-in code',
        description:
          'First step of sign-in: a right email and password email a 6-digit code (valid 10 minutes, 5 attempts) and answer a `loginToken` for ' +
          'POST /v1/auth/confirm-login. A wrong email or password is the same 401. At most 5 attempts per email and 30 per client address per 15 minutes (429).',
        body: StrictObject({
          email: Type.String({ minLength: 1, maxLength: 254 }),
          password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
        }),
        response: {
          200: SuccessEnvelope(Type.Object({ otpRequired: Type.Literal(true), loginToken: Type.String(), expiresAt: Type.String({ format: 'date-time' }) })),
          ...errors,
        },
      },
    },
    async (req) => ok(req, await auth.login(req.body, client(req)), 'A sign-in code was sent to your email'),
  );

  app.post(
    '/v1/auth/confirm-login',
    {
      config: { doc: { errors: ['UNAUTHENTICATED', 'RATE_LIMITED'] } },
      schema: {
        tags,
        summary: 'Exchange the login token and the emailed code for tokens',
        description:
          'Second step of sign-in: the `loginToken` and the emailed code give an access token (15 minutes) and a refresh token. A wrong, expired or ' +
          'exhausted code is 401.',
        body: StrictObject({
          loginToken: Type.String({ minLength: 1, maxLength: 200 }),
          otp: Type.String({ pattern: '^[0-9]{6}$', ...withMessage('must be the 6-digit code from the email') }),
        }),
        response: { 200: SuccessEnvelope(TokenPairSchema), ...errors },
      },
    },
    async (req) => ok(req, await auth.confirmLogin(req.body, client(req)), 'Signed in'),
  );

  app.post(
    '/v1/auth/refresh',
    {
      config: { doc: { errors: ['UNAUTHENTICATED'] } },
      schema: {
        tags,
        summary: 'Rotate the refresh token and get a new access token',
        description:
          'Exchanges a refresh token for a new pair; the old one stops working. Presenting an already rotated refresh token again (after a 10-second ' +
          'grace) ends its session: 401, sign in again.',
        body: StrictObject({ refreshToken: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: SuccessEnvelope(TokenPairSchema), ...errors },
      },
    },
    async (req) => ok(req, await auth.refresh(req.body.refreshToken, client(req)), 'Token refreshed'),
  );

  app.post(
    '/v1/auth/logout',
    {
      onRequest: requireUser(auth, { anyUser: true }),
      config: { doc: { access: 'any-user' } },
      schema: { tags, security: bearer, summary: 'End the current session', description: 'Revokes the session of this access token: its access and refresh tokens stop working at once, on every server.', response: { 200: SuccessEnvelope(Type.Object({ sessionId: Type.String(), revoked: Type.Literal(true) })), ...errors } },
    },
    async (req) => {
      await auth.logout(req.user!);
      return ok(req, { sessionId: req.user!.sessionId, revoked: true as const }, 'Signed out');
    },
  );

  app.get(
    '/v1/auth/me',
    {
      onRequest: requireUser(auth, { anyUser: true }),
      config: { doc: { access: 'any-user' } },
      schema: {
        tags,
        security: bearer,
        summary: 'The signed-in user and their organisation',
        description: 'Who the access token speaks for: the user, their role, and their organisation (null for a platform admin, who belongs to none).',
        response: {
          200: SuccessEnvelope(
            Type.Object({
              user: Type.Object({
                id: Type.String(),
                email: Type.String(),
                role: Type.Union([StringEnum(ROLES), Type.Null()]),
                isPlatformAdmin: Type.Boolean(),
                organisationId: Type.Union([Type.String(), Type.Null()]),
              }),
              organisation: Type.Union([OrganisationSchema, Type.Null()]),
            }),
          ),
          ...errors,
        },
      },
    },
    async (req) => {
      const u = req.user!;
      return ok(req, {
        user: { id: u.id, email: u.email, role: u.role, isPlatformAdmin: u.isPlatformAdmin, organisationId: u.organisationId },
        organisation: u.organisationId ? await members.organisation(u.organisationId) : null,
      });
    },
  );

  app.get(
    '/v1/auth/sessions',
    {
      onRequest: requireUser(auth, { anyUser: true }),
      config: { doc: { access: 'any-user' } },
      schema: { tags, security: bearer, summary: "The caller's active sessions", description: 'Every session of the signed-in user that has not ended, with where it was opened; `current` marks this one.', querystring: StrictObject({}), response: { 200: SuccessEnvelope(Type.Array(SessionSchema)), ...errors } },
    },
    async (req) => ok(req, await auth.listSessions(req.user!), 'Sessions'),
  );

  app.delete(
    '/v1/auth/sessions/:id',
    {
      onRequest: requireUser(auth, { anyUser: true }),
      config: { doc: { access: 'any-user' } },
      schema: { tags, security: bearer, summary: 'Revoke one of your sessions', description: "Ends one of the caller's own sessions: its tokens stop working at once. Another user's session is 404.", params: IdParams, response: { 200: SuccessEnvelope(Type.Object({ id: Type.String(), revoked: Type.Literal(true) })), ...errors } },
    },
    async (req) => {
      await auth.revokeSession(req.user!, req.params.id);
      return ok(req, { id: req.params.id, revoked: true as const }, 'Session revoked');
    },
  );

  app.post(
    '/v1/auth/accept-invite',
    {
      config: { doc: { errors: ['UNAUTHENTICATED', 'CONFLICT'] } },
      schema: {
        tags,
        summary: 'Set your password from an invitation and activate your account',
        description:
          'The `token` from the invitation email and a new password activate the invited member; then sign in. An invalid, used or expired ' +
          'invitation is 401; an email already active elsewhere is 409.',
        body: StrictObject({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }) }),
        response: { 200: SuccessEnvelope(Type.Object({ userId: Type.String(), email: Type.String() })), ...errors },
      },
    },
    async (req) => ok(req, await members.acceptInvite(req.body), 'Invitation accepted; sign in with your password'),
  );
}

/** The caller's organisation and its members (DESIGN.md §9 roles). */
export function registerOrganisationRoutes(app: App, deps: { auth: AuthService; members: MembersService }) {
  const { auth, members } = deps;
  const tags = ['Organisation'];

  app.get(
    '/v1/organisation',
    { onRequest: requireUser(auth, { roles: ANY_ROLE }), schema: { tags, security: bearer, summary: 'Your organisation', description: "The caller's organisation and its access level. Any role.", response: { 200: SuccessEnvelope(OrganisationSchema), ...errors } } },
    async (req) => ok(req, await members.organisation(actor(req).organisationId), 'Organisation'),
  );

  app.get(
    '/v1/organisation/members',
    { onRequest: requireUser(auth, { roles: ANY_ROLE }), schema: { tags, security: bearer, summary: 'Members and pending invitations', description: 'Every member of the organisation with their role, and invitations not yet accepted (status INVITED). Any role.', querystring: StrictObject({}), response: { 200: SuccessEnvelope(Type.Array(MemberSchema)), ...errors } } },
    async (req) => ok(req, await members.list(actor(req).organisationId), 'Members'),
  );

  app.post(
    '/v1/organisation/members',
    {
      onRequest: requireUser(auth, { roles: ['OWNER', 'ADMIN'] }),
      config: { doc: { errors: ['CONFLICT'] } },
      schema: {
        tags,
        security: bearer,
        summary: 'Invite a member by email',
        description: 'Emails an invitation to join with this role (OWNER or ADMIN; only an OWNER may invite an OWNER). An email already a member is 409.',
        body: StrictObject({ email: Type.String({ minLength: 3, maxLength: 254 }), role: StringEnum(ROLES) }),
        response: { 201: SuccessEnvelope(MemberSchema), ...errors },
      },
    },
    async (req, reply) => {
      const member = await members.add(actor(req), req.body);
      reply.code(201);
      return ok(req, member, 'Invitation sent', 201);
    },
  );

  app.patch(
    '/v1/organisation/members/:id',
    {
      onRequest: requireUser(auth, { roles: ['OWNER'] }),
      config: { doc: { errors: ['CONFLICT'] } },
      schema: {
        tags,
        security: bearer,
        summary: "Change a member's role (OWNER only); applies from the member's next request",
        description: 'OWNER only. The last OWNER cannot be demoted (409). A member of another organisation is 404.',
        params: IdParams,
        body: StrictObject({ role: StringEnum(ROLES) }),
        response: { 200: SuccessEnvelope(MemberSchema), ...errors },
      },
    },
    async (req) => ok(req, await members.changeRole(actor(req), req.params.id, req.body.role), 'Role changed'),
  );

  app.delete(
    '/v1/organisation/members/:id',
    {
      onRequest: requireUser(auth, { roles: ['OWNER', 'ADMIN'] }),
      config: { doc: { errors: ['CONFLICT'] } },
      schema: { tags, security: bearer, summary: 'Remove a member; their sessions end at once', description: 'OWNER or ADMIN; only an OWNER removes an OWNER, and the last OWNER cannot be removed (409). The member\'s sessions end at once.', params: IdParams, response: { 200: SuccessEnvelope(Type.Object({ id: Type.String(), removed: Type.Literal(true) })), ...errors } },
    },
    async (req) => {
      await members.remove(actor(req), req.params.id);
      return ok(req, { id: req.params.id, removed: true as const }, 'Member removed');
    },
  );
}
