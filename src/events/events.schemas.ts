import { Type } from '@sinclair/typebox';
import { CursorQuery, LimitQuery } from '../platform/paging.js';
import { StrictObject, StringEnum, withMessage } from '../platform/typebox.js';
import { EVENT_TYPE_NAMES } from './events.service.js';

const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$';
const DATE_TIME_MESSAGE = 'must be an ISO 8601 date-time with Z or an offset, e.g. 2026-11-01T00:00:00Z';
const dateTime = (description: string) =>
  Type.Optional(Type.String({ maxLength: 40, pattern: DATE_TIME, description, examples: ['2026-11-01T00:00:00Z'], ...withMessage(DATE_TIME_MESSAGE) }));

/** The OpenAPI component `Event`: the stored event object, exactly the bytes every delivery sends. */
export const EventViewSchema = Type.Object(
  {
    id: Type.String({ description: '`evt_…`, stable', examples: ['evt_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
    type: StringEnum(EVENT_TYPE_NAMES as unknown as readonly [string, ...string[]], { description: 'One of GET /v1/webhooks/event-types' }),
    createdAt: Type.String({ format: 'date-time', description: 'The instant of the change, ISO 8601 UTC with milliseconds' }),
    environment: StringEnum(['live', 'test'] as const, { description: 'test for verifications by test keys and triggered events; live otherwise' }),
    data: Type.Object({}, { additionalProperties: true, description: 'The type\'s data (DESIGN.md §11.2); amounts in naira' }),
  },
  { title: 'Event', additionalProperties: false, description: 'An event (DESIGN.md §11.2), kept 30 days.' },
);

export const EventListQuery = StrictObject({
  type: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Event types, comma-separated', examples: ['wallet.funded,api_key.created'] })),
  environment: Type.Optional(StringEnum(['live', 'test'] as const, { description: 'live (default) or test' })),
  from: dateTime('Inclusive, on createdAt: ISO 8601 with Z or an offset'),
  to: dateTime('Exclusive, on createdAt: ISO 8601 with Z or an offset'),
  limit: LimitQuery,
  cursor: CursorQuery,
});

export const EventPage = Type.Object({ items: Type.Array(EventViewSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) });

export const EventIdParams = StrictObject({ id: Type.String({ minLength: 1, maxLength: 64, description: 'The `evt_…` id', examples: ['evt_01jdq8w2y3n4p5r6s7t8v9w0xa'] }) });

export const EventTypeView = Type.Object({
  type: Type.String({ examples: ['verification.completed'] }),
  description: Type.String(),
}, { title: 'EventType' });
