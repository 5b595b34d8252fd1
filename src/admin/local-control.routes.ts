import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ok } from '../platform/envelope.js';
import { unauthenticated } from '../platform/errors.js';
import type { App } from '../platform/http-types.js';
import { isLoopbackClient } from '../platform/loopback.js';
import { StrictObject, StringEnum } from '../platform/typebox.js';
import { createDemo, type DemoDeps } from './demo.js';

/** The header that carries the control token of the server's process. */
export const LOCAL_CONTROL_HEADER = 'x-idv-control-token';

/** The routes the CLI calls on the server that holds the embedded database (DESIGN.md §9). */
export const LOCAL_CONTROL_PATHS = { apiKeys: '/v1/local/api-keys', demo: '/v1/local/demo' } as const;

const tokens = new WeakMap<object, string>();

/** The control token made for this app, or null when it has no local control routes (production). */
export function localControlTokenOf(app: App): string | null {
  return tokens.get(app) ?? null;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * What a developer needs from the CLI while the server holds the embedded database: a new API key and
 * a new demo organisation (the outbox has its own loopback route). Registered outside production only, hidden
 * from the API reference, and answered only to a client on this machine (by the socket, never through
 * a proxy: anyone else gets the unknown-route 404) that presents the token this process made, which
 * the server writes into its 0600 lock file: another user of the machine, or a web page that points a
 * name at 127.0.0.1, cannot use them.
 */
export function registerLocalControlRoutes(app: App, services: DemoDeps): void {
  const token = randomBytes(32).toString('base64url');
  tokens.set(app, token);
  const expected = digest(token);

  const guard = {
    onRequest: (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (!isLoopbackClient(req)) {
        reply.callNotFound();
        return;
      }
      const given = req.headers[LOCAL_CONTROL_HEADER];
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
        done(unauthenticated(`A local control route needs the ${LOCAL_CONTROL_HEADER} header of this server's process (the idv CLI reads it from the lock file in DATA_DIR)`));
        return;
      }
      done();
    },
  };

  app.post(
    LOCAL_CONTROL_PATHS.apiKeys,
    {
      ...guard,
      schema: {
        hide: true,
        body: StrictObject({
          organisationId: Type.String({ minLength: 1, maxLength: 100 }),
          type: StringEnum(['test', 'live'] as const),
          name: Type.String(),
          rateLimit: Type.Optional(Type.Integer()),
          expiresInDays: Type.Optional(Type.Integer()),
        }),
      },
    },
    async (req, reply) => {
      // The service checks the values, so the CLI says the same on either path.
      const created = await services.apiKeys.create(req.body);
      reply.code(201);
      return ok(req, { ...created.key, secret: created.secret }, 'API key created; store the secret now, it is not shown again', 201);
    },
  );

  app.post(LOCAL_CONTROL_PATHS.demo, { ...guard, schema: { hide: true, body: StrictObject({}) } }, async (req, reply) => {
    const demo = await createDemo(services);
    reply.code(201);
    return ok(req, demo, 'Demo organisation created; its keys and passwords are shown once', 201);
  });
}
