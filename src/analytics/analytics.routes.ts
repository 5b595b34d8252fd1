import { Type } from '@sinclair/typebox';
import { ANY_ROLE, actor, requireUser, type BearerAuthenticator } from '../http/guards.js';
import { ok } from '../platform/envelope.js';
import type { App } from '../platform/http-types.js';
import { ErrorRef, StrictObject, StringEnum, SuccessEnvelope } from '../platform/typebox.js';
import { RecordFilterQueryProperties, parseRecordFilterQuery } from '../records/filters.js';
import type { AnalyticsService } from './analytics.service.js';

const errors = { '4xx': ErrorRef, '5xx': ErrorRef };
const { type, environment, apiKeyId, from, to } = RecordFilterQueryProperties;
const FilterQuery = { type, environment, apiKeyId, from, to };

const Rate = Type.Union([Type.Number({ minimum: 0, maximum: 1, examples: [0.9412] }), Type.Null()], { description: 'verified / (verified + notVerified), 4 decimals; null when nothing was answered' });
const Instant = (description: string, example: string) => Type.String({ format: 'date-time', description, examples: [example] });
const Figures = {
  volume: Type.Integer({ description: 'Records (replays included)' }),
  verified: Type.Integer(),
  notVerified: Type.Integer(),
  failed: Type.Integer({ description: 'Records without a verdict' }),
  successRate: Rate,
  spend: Type.Number({ description: 'Naira charged (replays included)' }),
};
const TypeFigures = Type.Object({ type: Type.String({ examples: ['NIN_LOOKUP'] }), ...Figures });

const Summary = Type.Object(
  {
    from: Instant('Inclusive', '2026-10-22T09:15:02.123Z'),
    to: Instant('Exclusive', '2026-11-21T09:15:02.123Z'),
    environment: StringEnum(['live', 'test'] as const),
    currency: Type.Literal('NGN'),
    ...Figures,
    replays: Type.Integer({ description: 'Records that replayed an earlier answer (already inside the counts)' }),
    chargedCount: Type.Integer(),
    byType: Type.Array(TypeFigures, { description: 'One entry per type with volume above 0, in catalogue order' }),
  },
  { title: 'AnalyticsSummary' },
);

const Bucket = Type.Object({
  start: Instant('Inclusive, ISO UTC', '2026-11-20T23:00:00.000Z'),
  end: Instant('Exclusive, ISO UTC', '2026-11-21T23:00:00.000Z'),
  label: Type.String({ description: 'The bucket in the chosen zone: 2026-11-21 or 2026-11-21T09:00', examples: ['2026-11-21'] }),
  ...Figures,
  groups: Type.Optional(Type.Array(TypeFigures, { description: 'With groupBy=type: every type with a record in the range, catalogue order' })),
});
const Timeseries = Type.Object(
  {
    interval: StringEnum(['hour', 'day'] as const),
    timezone: StringEnum(['Africa/Lagos', 'UTC'] as const),
    environment: StringEnum(['live', 'test'] as const),
    currency: Type.Literal('NGN'),
    from: Instant('The first bucket\'s start', '2026-10-22T23:00:00.000Z'),
    to: Instant('The last bucket\'s end', '2026-11-21T23:00:00.000Z'),
    buckets: Type.Array(Bucket),
  },
  { title: 'AnalyticsTimeseries' },
);

/** GET /v1/analytics/summary and /timeseries (DESIGN.md §10.3): any role, the caller's organisation. */
export function registerAnalyticsRoutes(app: App, deps: { auth: BearerAuthenticator; analytics: AnalyticsService; serviceCodes: readonly string[] }) {
  const { auth, analytics, serviceCodes } = deps;
  const common = { tags: ['Analytics'], security: [{ bearer: [] }] };
  const onRequest = requireUser(auth, { roles: ANY_ROLE });

  app.get(
    '/v1/analytics/summary',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Volume, outcomes, success rate and spend over a range, in total and by type',
        description:
          'Any role. Counted from the verification records committed before the request (nothing cached). Defaults: `to` now, `from` 30 days before `to`; ' +
          'at most 366 days (else 400 on `from`). `environment` live (default) or test (test spend is always 0); `type` comma-separated; `apiKeyId`.',
        querystring: StrictObject(FilterQuery),
        response: { 200: SuccessEnvelope(Summary), ...errors },
      },
    },
    async (req) => ok(req, await analytics.summary(actor(req).organisationId, parseRecordFilterQuery(req.query, serviceCodes)), 'Analytics summary'),
  );

  app.get(
    '/v1/analytics/timeseries',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'The same figures per hour or day, every bucket present',
        description:
          'Any role. `interval` hour or day (default); `timezone` Africa/Lagos (default, UTC+01:00: a day starts at 23:00Z) or UTC. `from` is rounded down and ' +
          '`to` up to bucket boundaries and echoed; defaults: `to` the end of the current day or hour, `from` 30 days or 24 hours before. At most 366 day or ' +
          '744 hour buckets (else 400 on `from`). Buckets are contiguous and zero-filled; `groupBy=type` adds per-type `groups` to each.',
        querystring: StrictObject({
          ...FilterQuery,
          interval: Type.Optional(StringEnum(['hour', 'day'] as const, { description: 'Default day' })),
          timezone: Type.Optional(StringEnum(['Africa/Lagos', 'UTC'] as const, { description: 'Default Africa/Lagos' })),
          groupBy: Type.Optional(StringEnum(['type'] as const)),
        }),
        response: { 200: SuccessEnvelope(Timeseries), ...errors },
      },
    },
    async (req) => {
      const { interval, timezone, groupBy, ...filterQuery } = req.query;
      const filters = parseRecordFilterQuery(filterQuery, serviceCodes);
      const result = await analytics.timeseries(actor(req).organisationId, filters, {
        interval: interval ?? 'day',
        timezone: timezone ?? 'Africa/Lagos',
        groupByType: groupBy === 'type',
      });
      return ok(req, result, 'Analytics timeseries');
    },
  );
}
