import { Type } from '@sinclair/typebox';
import { CursorQuery, LimitQuery } from '../platform/paging.js';
import { StrictObject, StringEnum, withMessage } from '../platform/typebox.js';
import { WEBHOOK_EVENT_TYPES } from './webhooks.service.js';

const Time = (description?: string) => Type.String({ format: 'date-time', examples: ['2026-11-22T09:00:00.000Z'], ...(description ? { description } : {}) });
const NullableTime = (description: string) => Type.Union([Time(), Type.Null()], { description });

const EventTypeOrStar = StringEnum([...WEBHOOK_EVENT_TYPES, '*'] as const, { description: 'An event type of DESIGN.md §11.2, or `*` (every type, later ones too)' });
const EventTypes = Type.Array(EventTypeOrStar, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length, uniqueItems: true, description: 'A non-empty list of event types, or ["*"]' });
const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'https://, at most 2,048 characters, no user-info, no fragment, not a private address', examples: ['https://example.com/webhooks/idv'] });
const Description = Type.Union([Type.String({ maxLength: 500 }), Type.Null()], { description: 'At most 500 characters, or null' });

export const EndpointIdParams = StrictObject({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'The endpoint id (`whk_…`)', examples: ['whk_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
});
export const DeliveryIdParams = StrictObject({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'The delivery id (`dlv_…`)', examples: ['dlv_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
});
export const EventIdParams = StrictObject({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'The event id (`evt_…`)', examples: ['evt_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
});
export const EmptyQuery = StrictObject({});

export const CreateEndpointBody = StrictObject({
  url: Url,
  eventTypes: EventTypes,
  description: Type.Optional(Description),
  environment: Type.Optional(StringEnum(['live', 'test'] as const, { description: 'live (default) or test; fixed at creation' })),
});

export const PatchEndpointBody = StrictObject(
  {
    url: Type.Optional(Url),
    description: Type.Optional(Description),
    eventTypes: Type.Optional(EventTypes),
    status: Type.Optional(StringEnum(['ENABLED', 'DISABLED'] as const, { description: 'DISABLED sets disabledReason MANUAL; ENABLED clears disabledReason and failingSince' })),
  },
  { minProperties: 1 },
);

export const RotateSecretBody = StrictObject({
  overlapSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 604_800, description: 'How long the previous secret keeps signing too (default 86400; 0 ends it at once)' })),
});

const endpointProperties = {
  id: Type.String({ description: '`whk_…`', examples: ['whk_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
  url: Type.String({ examples: ['https://example.com/webhooks/idv'] }),
  description: Type.Union([Type.String(), Type.Null()]),
  eventTypes: Type.Array(Type.String({ examples: ['verification.completed'] })),
  environment: StringEnum(['live', 'test'] as const),
  status: StringEnum(['ENABLED', 'DISABLED'] as const),
  disabledReason: Type.Union([StringEnum(['MANUAL', 'GONE', 'FAILING'] as const), Type.Null()], { description: 'Why it is DISABLED, else null' }),
  failingSince: NullableTime('The first failed attempt since the last success'),
  lastSuccessAt: NullableTime('The last successful attempt'),
  previousSecretExpiresAt: NullableTime('The end of a rotation overlap, during which the previous secret signs too'),
  createdAt: Time(),
  updatedAt: Time(),
};

export const EndpointViewSchema = Type.Object(endpointProperties, { title: 'WebhookEndpoint', description: 'A webhook endpoint (DESIGN.md §11.3).' });
export const EndpointWithSecretSchema = Type.Object(
  { ...endpointProperties, secret: Type.String({ description: '`whsec_…`: shown only here; verify signatures with it', examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'] }) },
  { title: 'WebhookEndpointWithSecret', description: 'The endpoint and its signing secret, shown once.' },
);
export const DeletedSchema = Type.Object({ id: Type.String({ examples: ['whk_01jdq8w2y3n4p5r6s7t8v9w0xa'] }), deleted: Type.Literal(true) });

const deliveryProperties = {
  id: Type.String({ description: '`dlv_…`', examples: ['dlv_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
  eventId: Type.String({ description: '`evt_…`: the webhook-id header', examples: ['evt_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
  eventType: Type.String({ examples: ['verification.completed'] }),
  endpointId: Type.String({ examples: ['whk_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
  status: StringEnum(['PENDING', 'SUCCEEDED', 'FAILED'] as const),
  attemptCount: Type.Integer({ minimum: 0 }),
  nextAttemptAt: NullableTime('When the next attempt is due'),
  lastAttemptAt: NullableTime('When the last attempt started'),
  lastResponseStatus: Type.Union([Type.Integer(), Type.Null()], { description: 'The HTTP status of the last answer; null when none came' }),
  createdAt: Time(),
};
export const DeliveryViewSchema = Type.Object(deliveryProperties, { title: 'WebhookDelivery', description: 'One event to one endpoint (DESIGN.md §11.4).' });
export const AttemptViewSchema = Type.Object(
  {
    id: Type.String({ description: '`att_…`', examples: ['att_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
    number: Type.Integer({ minimum: 1 }),
    trigger: StringEnum(['SCHEDULED', 'MANUAL'] as const),
    startedAt: Time(),
    durationMs: Type.Integer({ minimum: 0 }),
    responseStatus: Type.Union([Type.Integer(), Type.Null()], { description: 'null when no answer came' }),
    responseBody: Type.Union([Type.String(), Type.Null()], { description: 'The first 1 KiB of the answer as text' }),
    error: Type.Union([StringEnum(['TIMEOUT', 'CONNECTION_ERROR', 'TLS_ERROR', 'DNS_ERROR', 'BLOCKED_ADDRESS'] as const), Type.Null()]),
    succeeded: Type.Boolean(),
  },
  { title: 'WebhookAttempt', description: 'One request of a delivery.' },
);
export const DeliveryWithAttemptsSchema = Type.Object(
  { ...deliveryProperties, attempts: Type.Array(AttemptViewSchema, { description: 'The last 50 attempts, oldest first' }) },
  { title: 'WebhookDeliveryWithAttempts' },
);

const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$';
const DateTimeParam = (description: string) =>
  Type.String({ maxLength: 40, pattern: DATE_TIME, description, examples: ['2026-11-01T00:00:00Z'], ...withMessage('must be an ISO 8601 date-time with Z or an offset, e.g. 2026-11-01T00:00:00Z') });

export const DeliveryListQuery = StrictObject({
  status: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'PENDING, SUCCEEDED, FAILED, comma-separated', examples: ['FAILED'] })),
  eventType: Type.Optional(Type.String({ minLength: 1, maxLength: 300, description: 'Event types, comma-separated', examples: ['verification.completed'] })),
  from: Type.Optional(DateTimeParam('Inclusive, on createdAt')),
  to: Type.Optional(DateTimeParam('Exclusive, on createdAt')),
  limit: LimitQuery,
  cursor: CursorQuery,
});
export const DeliveryPage = Type.Object({ items: Type.Array(DeliveryViewSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) });

export const RecoverBody = StrictObject({
  since: DateTimeParam('Inclusive; within the last 30 days'),
  until: Type.Optional(DateTimeParam('Exclusive; default: now')),
});
export const RecoverResult = Type.Object({
  queued: Type.Integer({ minimum: 0, description: 'Events given one MANUAL attempt (at most 10,000)', examples: [12] }),
  nextSince: Type.Union([Type.String({ format: 'date-time', examples: ['2026-11-22T09:00:00.000Z'] }), Type.Null()], { description: 'Where to call again when more remain, else null' }),
});

export const TriggerBody = StrictObject({
  type: StringEnum(WEBHOOK_EVENT_TYPES, { description: 'One of the six event types (`*` is not one)', examples: ['verification.completed'] }),
  endpointId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Deliver to this endpoint alone (`whk_…`)', examples: ['whk_01jdq8w2y3n4p5r6s7t8v9w0xa'] })),
});
