import { Type } from '@sinclair/typebox';
import type { AuthService } from '../accounts/auth.service.js';
import { ANY_ROLE, actor, requireUser } from '../http/guards.js';
import { ok } from '../platform/envelope.js';
import type { App } from '../platform/http-types.js';
import { ErrorRef, StrictObject, StringEnum, SuccessEnvelope } from '../platform/typebox.js';
import { ACCESS_LEVELS, SERVICE_CODES } from './catalogue.js';
import type { CatalogueService } from './catalogue.service.js';

const Level = StringEnum(ACCESS_LEVELS);

/** Access levels (SPEC.md §1, §4.3; DESIGN.md §4): what each returns and costs, and switching. */
export function registerAccessLevelRoutes(app: App, deps: { auth: AuthService; catalogue: CatalogueService }) {
  const { auth, catalogue } = deps;
  const common = { tags: ['Access levels'], security: [{ bearer: [] }] };
  const errors = { '4xx': ErrorRef, '5xx': ErrorRef };

  app.get(
    '/v1/access-levels',
    {
      onRequest: requireUser(auth, { roles: ANY_ROLE }),
      schema: {
        ...common,
        summary: "The levels, the person fields each returns, and this organisation's price for each service",
        description: 'BASIC, STANDARD and PREMIUM: the person fields each returns and what each service costs this organisation at each; `current` marks its level. Any role.',
        querystring: StrictObject({}),
        response: {
          200: SuccessEnvelope(
            Type.Array(
              Type.Object({
                level: Level,
                current: Type.Boolean(),
                fields: Type.Array(Type.String()),
                prices: Type.Array(
                  Type.Object({ service: StringEnum(SERVICE_CODES), name: Type.String(), status: StringEnum(['ACTIVE', 'SUSPENDED'] as const), price: Type.Number(), currency: Type.Literal('NGN') }),
                ),
              }),
            ),
          ),
          ...errors,
        },
      },
    },
    async (req) => ok(req, await catalogue.accessLevels(actor(req).organisationId), 'Access levels'),
  );

  app.post(
    '/v1/access-levels/subscribe',
    {
      onRequest: requireUser(auth, { roles: ['OWNER', 'ADMIN'] }),
      schema: {
        ...common,
        summary: "Switch the organisation's access level, from its next verification",
        description: 'OWNER or ADMIN. One level per organisation: it decides the fields returned and the price of every verification from the next one on.',
        body: StrictObject({ accessLevel: Level }),
        response: { 200: SuccessEnvelope(Type.Object({ accessLevel: Level })), ...errors },
      },
    },
    async (req) => {
      await catalogue.setAccessLevel(actor(req).organisationId, req.body.accessLevel);
      return ok(req, { accessLevel: req.body.accessLevel }, `Access level set to ${req.body.accessLevel}; it applies from the next verification`);
    },
  );
}
