import { Type } from '@sinclair/typebox';
import type { BearerAuthenticator } from '../http/guards.js';
import { ANY_ROLE, actor, requireUser } from '../http/guards.js';
import { ok } from '../platform/envelope.js';
import type { App } from '../platform/http-types.js';
import { CursorQuery, LimitQuery, pageLimit } from '../platform/paging.js';
import { ErrorRef, StrictObject, SuccessEnvelope } from '../platform/typebox.js';
import { RecordFilterQueryProperties, parseRecordFilterQuery } from './filters.js';
import type { RecordsService } from './records.service.js';
import { RecordViewSchema } from './view.js';

const errors = { '4xx': ErrorRef, '5xx': ErrorRef };
// Static routes under /v1/verifications/ (exports) are never ids; Fastify matches them first anyway.
const NOT_IDS = new Set(['exports', 'export-estimate']);

/** GET /v1/verifications and GET /v1/verifications/{id} (DESIGN.md §10.1): any role, inside the caller's organisation. */
export function registerRecordRoutes(app: App, deps: { auth: BearerAuthenticator; records: RecordsService; serviceCodes: readonly string[] }) {
  const { auth, records, serviceCodes } = deps;
  const common = { tags: ['Verifications'], security: [{ bearer: [] }] };
  const onRequest = requireUser(auth, { roles: ANY_ROLE });

  app.get(
    '/v1/verifications',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Verification records, newest first, filtered and paged',
        description:
          'Any role. Every call that reached the provider stage, with test and live keys (`environment`, default live; the two never mix), newest first by ' +
          '`createdAt` then `id`. Filters: `type` and `status` (VERIFIED, NOT_VERIFIED, FAILED = no verdict) comma-separated, `apiKeyId`, `from` (inclusive) and ' +
          '`to` (exclusive) as ISO 8601 date-times with Z or an offset. Paged by `limit` (1–100, default 20) and the opaque `cursor` (the previous page\'s ' +
          '`nextCursor`, null when nothing follows). An unknown parameter or a value outside its rules is 400 naming it.',
        querystring: StrictObject({ ...RecordFilterQueryProperties, limit: LimitQuery, cursor: CursorQuery }),
        response: { 200: SuccessEnvelope(Type.Object({ items: Type.Array(RecordViewSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) })), ...errors },
      },
    },
    async (req) => {
      const { limit, cursor, ...filterQuery } = req.query;
      const filters = parseRecordFilterQuery(filterQuery, serviceCodes);
      return ok(req, await records.list(actor(req).organisationId, filters, { limit: pageLimit(limit), cursor }), 'Verification records');
    },
  );

  app.get(
    '/v1/verifications/:id',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'One verification record, of either environment',
        description:
          'Any role. The record of one call (`ver_…`, the `verificationId` of its answer), live or test. An id of another organisation is 404, exactly as one that does not exist.',
        params: StrictObject({ id: Type.String({ minLength: 1, maxLength: 64, description: 'The `ver_…` id', examples: ['ver_01jdq8w2y3n4p5r6s7t8v9w0xa'] }) }),
        response: { 200: SuccessEnvelope(RecordViewSchema), ...errors },
      },
    },
    async (req, reply) => {
      if (NOT_IDS.has(req.params.id)) return reply.callNotFound();
      return ok(req, await records.get(actor(req).organisationId, req.params.id), 'Verification record');
    },
  );
}
