import type { BearerAuthenticator } from '../http/guards.js';
import { ANY_ROLE, actor, requireUser } from '../http/guards.js';
import { ok } from '../platform/envelope.js';
import type { App } from '../platform/http-types.js';
import { ErrorRef, SuccessEnvelope } from '../platform/typebox.js';
import type { ExportService } from './exports.service.js';
import { DownloadResponse, EstimateQuery, EstimateView, ExportIdParams, ExportListQuery, ExportPage, ExportRequestBody, ExportViewSchema } from './exports.schemas.js';

const errors = { '4xx': ErrorRef, '5xx': ErrorRef };

/** Exports of verification records (DESIGN.md §10.2): request, poll, list, download, estimate. Any role. */
export function registerExportRoutes(app: App, deps: { auth: BearerAuthenticator; exports: ExportService }) {
  const { auth, exports } = deps;
  const common = { tags: ['Exports'], security: [{ bearer: [] }] };
  const anyRole = requireUser(auth, { roles: ANY_ROLE });

  app.post(
    '/v1/verifications/exports',
    {
      onRequest: anyRole,
      config: { doc: { errors: ['CONCURRENCY_LIMITED'] } },
      schema: {
        ...common,
        summary: 'Request an export of verification records as CSV or XLSX',
        description:
          'Any role. Starts a durable job (202, `Location` the export) that writes every record matching `filters` (the names and rules of GET /v1/verifications, ' +
          'with type and status as arrays; omitted: every live record) as of the request: an absent or future `to` becomes the request time. At most ' +
          '1,000,000 rows (more: 400 on `filters` with the count); at most 2 exports PENDING or RUNNING per organisation (one more: 429 with Retry-After 30). ' +
          'Poll GET /v1/verifications/exports/{id} until COMPLETED, then download.',
        body: ExportRequestBody,
        response: { 202: SuccessEnvelope(ExportViewSchema), ...errors },
      },
    },
    async (req, reply) => {
      const view = await exports.request(actor(req), req.body);
      reply.code(202).header('location', `/v1/verifications/exports/${view.id}`);
      return ok(req, view, 'Export requested', 202);
    },
  );

  app.get(
    '/v1/verifications/exports',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: "The organisation's exports, newest first",
        description: 'Any role. Every status, newest first, paged by `limit` (1–100, default 20) and the opaque `cursor` of the previous page.',
        querystring: ExportListQuery,
        response: { 200: SuccessEnvelope(ExportPage), ...errors },
      },
    },
    async (req) => ok(req, await exports.list(actor(req).organisationId, req.query), 'Exports'),
  );

  app.get(
    '/v1/verifications/export-estimate',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'How many records an export with these filters would hold, and whether it is allowed',
        description:
          'Any role. `rowCount` is exact now, counted as the export would count it; `estimatedBytes` is indicative only. `format` csv (default) or xlsx; the other ' +
          'parameters are the filters of GET /v1/verifications. `exceedsLimit` is true when such an export would be refused.',
        querystring: EstimateQuery,
        response: { 200: SuccessEnvelope(EstimateView), ...errors },
      },
    },
    async (req) => ok(req, await exports.estimate(actor(req).organisationId, req.query), 'Export estimate'),
  );

  app.get(
    '/v1/verifications/exports/:id',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'One export: its status, progress and, once COMPLETED, its download path',
        description: "Any role. Another organisation's export id is 404 exactly as a missing one.",
        params: ExportIdParams,
        response: { 200: SuccessEnvelope(ExportViewSchema), ...errors },
      },
    },
    async (req) => ok(req, await exports.get(actor(req).organisationId, req.params.id), 'Export'),
  );

  app.get(
    '/v1/verifications/exports/:id/download',
    {
      onRequest: anyRole,
      config: { doc: { errors: ['EXPORT_NOT_READY', 'EXPORT_EXPIRED'] } },
      schema: {
        ...common,
        summary: 'Download the file of a COMPLETED export',
        description:
          'Any role. The file itself, not the envelope: `text/csv; charset=utf-8` or the XLSX type, `Content-Disposition: attachment`, `Content-Length`, ' +
          '`Cache-Control: no-store`. PENDING, RUNNING or FAILED: 409 EXPORT_NOT_READY; EXPIRED (7 days after completion): 410 EXPORT_EXPIRED. Errors keep the envelope.',
        params: ExportIdParams,
        response: { 200: DownloadResponse, ...errors },
      },
    },
    async (req, reply) => {
      const file = await exports.download(actor(req).organisationId, req.params.id);
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('content-length', String(file.size))
        .header('cache-control', 'no-store');
      return reply.send(file.body);
    },
  );
}
