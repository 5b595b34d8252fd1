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

const TokenPairSchema = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  tokenType: Type.Literal('Bearer'),
  expiresIn: Type.Integer({ description: 'Seconds the access token lives (900)' }),
  sessionId: Type.String(),
});
const SessionSchema = Type.Object({
  id: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.String({ format: 'date-time' }),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  current: Type.Boolean(),
});
export const OrganisationSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  accessLevel: StringEnum(['BASIC', 'STANDARD', 'PREMIUM'] as const),
  createdAt: Type.String({ format: 'date-time' }),
});
export const MemberSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: StringEnum(ROLES),
  status: StringEnum(['ACTIVE', 'INVITED'] as const),
  createdAt: Type.String({ format: 'date-time' }),
});
const IdParams = StrictObject({ id: Type.String({ maxLength: 64 }) });

/** Sign-in, sessions and invitations (DESIGN.md §9). */
export function registerAuthRoutes(app: App, deps: { auth: AuthService; members: MembersService }) {
  const { auth, members } = deps;
  const tags = ['Accounts'];

  app.post(
    '/v1/auth/login',
    {
      schema: {
        tags,
        summary: 'Check email and password, and email a one-time sign-in code',
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
      schema: {
        tags,
        summary: 'Exchange the login token and the emailed code for tokens',
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
      schema: {
        tags,
        summary: 'Rotate the refresh token and get a new access token',
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
      schema: { tags, security: bearer, summary: 'End the current session', response: { 200: SuccessEnvelope(Type.Object({ sessionId: Type.String(), revoked: Type.Literal(true) })), ...errors } },
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
      schema: {
        tags,
        security: bearer,
        summary: 'The signed-in user and their organisation',
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
      schema: { tags, security: bearer, summary: "The caller's active sessions", querystring: StrictObject({}), response: { 200: SuccessEnvelope(Type.Array(SessionSchema)), ...errors } },
    },
    async (req) => ok(req, await auth.listSessions(req.user!), 'Sessions'),
  );

  app.delete(
    '/v1/auth/sessions/:id',
    {
      onRequest: requireUser(auth, { anyUser: true }),
      schema: { tags, security: bearer, summary: 'Revoke one of your sessions', params: IdParams, response: { 200: SuccessEnvelope(Type.Object({ id: Type.String(), revoked: Type.Literal(true) })), ...errors } },
    },
    async (req) => {
      await auth.revokeSession(req.user!, req.params.id);
      return ok(req, { id: req.params.id, revoked: true as const }, 'Session revoked');
    },
  );

  app.post(
    '/v1/auth/accept-invite',
    {
      schema: {
        tags,
        summary: 'Set your password from an invitation and activate your account',
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
    { onRequest: requireUser(auth, { roles: ANY_ROLE }), schema: { tags, security: bearer, summary: 'Your organisation', response: { 200: SuccessEnvelope(OrganisationSchema), ...errors } } },
    async (req) => ok(req, await members.organisation(actor(req).organisationId), 'Organisation'),
  );

  app.get(
    '/v1/organisation/members',
    { onRequest: requireUser(auth, { roles: ANY_ROLE }), schema: { tags, security: bearer, summary: 'Members and pending invitations', querystring: StrictObject({}), response: { 200: SuccessEnvelope(Type.Array(MemberSchema)), ...errors } } },
    async (req) => ok(req, await members.list(actor(req).organisationId), 'Members'),
  );

  app.post(
    '/v1/organisation/members',
    {
      onRequest: requireUser(auth, { roles: ['OWNER', 'ADMIN'] }),
      schema: {
        tags,
        security: bearer,
        summary: 'Invite a member by email',
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
      schema: {
        tags,
        security: bearer,
        summary: "Change a member's role (OWNER only); applies from the member's next request",
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
      schema: { tags, security: bearer, summary: 'Remove a member; their sessions end at once', params: IdParams, response: { 200: SuccessEnvelope(Type.Object({ id: Type.String(), removed: Type.Literal(true) })), ...errors } },
    },
    async (req) => {
      await members.remove(actor(req), req.params.id);
      return ok(req, { id: req.params.id, removed: true as const }, 'Member removed');
    },
  );
}
