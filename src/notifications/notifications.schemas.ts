import { Type } from '@sinclair/typebox';
import { CursorQuery, LimitQuery } from '../platform/paging.js';
import { multiline } from '../platform/safe-text.js';
import { StrictObject, StringEnum, withMessage } from '../platform/typebox.js';
import { CHANNELS, MESSAGE_STATUSES, VARIABLE_MAX } from './notifications.api.js';

const Time = Type.String({ format: 'date-time', examples: ['2026-11-22T09:00:00.000Z'] });
const Channel = StringEnum(CHANNELS, { description: 'email, sms or webhook' });

export const EmptyQuery = StrictObject({});
export const ChannelQuery = StrictObject({ channel: Type.Optional(Channel) });

export const ChannelViewSchema = Type.Object(
  {
    channel: Channel,
    name: Type.String({ examples: ['Email'] }),
    delivery: StringEnum(['SMTP', 'OUTBOX', 'SMS_GATEWAY', 'HTTPS'] as const, { description: 'How this server hands the channel\u2019s messages over' }),
  },
  { title: 'NotificationChannel' },
);

export const TemplateNameParams = StrictObject({
  name: Type.String({ minLength: 1, maxLength: 200, description: 'The template\u2019s name', examples: ['order-shipped'] }),
});

export const TemplateViewSchema = Type.Object(
  {
    name: Type.String({ examples: ['order-shipped'] }),
    channel: Channel,
    subject: Type.Union([Type.String(), Type.Null()], { description: 'Email only; null on sms and webhook' }),
    body: Type.String({ examples: ['Hello {{firstName}}, your order {{orderId}} has shipped.'] }),
    variables: Type.Array(Type.String({ examples: ['firstName'] }), { description: 'The distinct placeholders, in order of first appearance (subject, then body); each is required at send' }),
    builtIn: Type.Boolean(),
    sendable: Type.Boolean({ description: 'Whether POST /v1/notifications/send may use it' }),
    createdAt: Type.Union([Time, Type.Null()], { description: 'null for built-ins' }),
    updatedAt: Type.Union([Time, Type.Null()], { description: 'null for built-ins' }),
  },
  { title: 'NotificationTemplate', description: 'A message template (DESIGN.md §11.1).' },
);

const Subject = Type.String({ description: 'Email only: 1–200 characters, `{{name}}` placeholders', examples: ['Your order {{orderId}}'] });
const Body = Type.String({ ...multiline(), description: 'Plain text with `{{name}}` placeholders: email and webhook 1–20,000 characters, sms 1–480', examples: ['Hello {{firstName}}, your order {{orderId}} has shipped.'] });

export const CreateTemplateBody = StrictObject({
  name: Type.String({ description: 'Lower-case words joined by hyphens, 2–64 characters', examples: ['order-shipped'] }),
  channel: Channel,
  subject: Type.Optional(Subject),
  body: Body,
});

export const PatchTemplateBody = StrictObject({ subject: Type.Optional(Subject), body: Type.Optional(Body) });

export const DeletedTemplateSchema = Type.Object({ name: Type.String({ examples: ['order-shipped'] }), deleted: Type.Literal(true) });

export const SendBody = StrictObject({
  channel: Type.String({ description: 'email, sms or webhook', examples: ['email'] }),
  to: Type.String({ maxLength: 2048, description: 'email: an address; sms: a Nigerian mobile number or E.164; webhook: the url of an ENABLED endpoint', examples: ['ada@example.com'] }),
  templateName: Type.String({ maxLength: 200, examples: ['verification-completed'] }),
  templateVariables: Type.Optional(
    Type.Record(Type.String(), Type.String({ maxLength: VARIABLE_MAX, ...multiline(), ...withMessage(`must be a string of at most ${VARIABLE_MAX} characters`) }), {
      description: 'Every variable of the template, as strings of at most 2,000 characters, and no other key',
      examples: [{ organisationName: 'Acme Ltd', verificationId: 'ver_01jdq8w2y3n4p5r6s7t8v9w0xa', type: 'NIN_LOOKUP', verificationStatus: 'VERIFIED' }],
    }),
  ),
});

export const SendResultSchema = Type.Object({
  success: Type.Literal(true),
  message: Type.Literal('Accepted for delivery'),
  notificationId: Type.String({ examples: ['ntf_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
});

export const MessageIdParams = StrictObject({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'The message id (`ntf_…`)', examples: ['ntf_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
});

export const MessageListQuery = StrictObject({
  channel: Type.Optional(Channel),
  status: Type.Optional(StringEnum(MESSAGE_STATUSES, { description: 'QUEUED, SENT or FAILED' })),
  limit: LimitQuery,
  cursor: CursorQuery,
});

export const MessageViewSchema = Type.Object(
  {
    id: Type.String({ examples: ['ntf_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
    channel: Channel,
    to: Type.String({ description: 'As normalised; phone numbers masked', examples: ['ada@example.com'] }),
    templateName: Type.String({ examples: ['verification-completed'] }),
    status: StringEnum(MESSAGE_STATUSES),
    attempts: Type.Integer({ minimum: 0 }),
    lastError: Type.Union([Type.String(), Type.Null()], { description: 'A short reason of the last failure, or null' }),
    createdAt: Time,
    sentAt: Type.Union([Time, Type.Null()], { description: 'null until SENT' }),
  },
  { title: 'NotificationMessage', description: 'A message of the log (DESIGN.md §11.1); never its body.' },
);

export const MessagePage = Type.Object({ items: Type.Array(MessageViewSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) });
