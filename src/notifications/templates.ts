import type { NotificationChannel } from '../platform/schema.js';

/** A message template (DESIGN.md §11.1): `{{name}}` placeholders in the subject and body. */
export interface Template {
  name: string;
  channel: NotificationChannel;
  subject: string | null;
  body: string;
  builtIn: boolean;
  /** Whether POST /v1/notifications/send may use it; security templates never are. */
  sendable: boolean;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]{0,63})\s*\}\}/g;

export class TemplateError extends Error {
  constructor(
    message: string,
    readonly missing: string[] = [],
  ) {
    super(message);
    this.name = 'TemplateError';
  }
}

/** The distinct placeholder names, subject first, in order of first appearance. */
export function templateVariables(template: Pick<Template, 'subject' | 'body'>): string[] {
  const names: string[] = [];
  for (const text of [template.subject ?? '', template.body]) {
    for (const m of text.matchAll(PLACEHOLDER)) if (!names.includes(m[1]!)) names.push(m[1]!);
  }
  return names;
}

function fill(text: string, variables: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => variables[name]!);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface RenderedMessage {
  subject: string | null;
  text: string;
  html: string;
}

/**
 * Fills a template. Values go in verbatim in the text; the HTML alternative escapes everything
 * (template and values) and turns line breaks into `<br>`. A missing variable is an error.
 */
export function render(template: Pick<Template, 'subject' | 'body'>, variables: Record<string, string>): RenderedMessage {
  const missing = templateVariables(template).filter((name) => typeof variables[name] !== 'string');
  if (missing.length > 0) throw new TemplateError(`Missing template variables: ${missing.join(', ')}`, missing);
  const text = fill(template.body, variables);
  return { subject: template.subject === null ? null : fill(template.subject, variables), text, html: textToHtml(text) };
}

/** The HTML alternative of a plain-text message: everything escaped, line breaks as `<br>`. */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

const builtIn = (name: string, subject: string, body: string, sendable = false): Template => ({
  name,
  channel: 'email',
  subject,
  body,
  builtIn: true,
  sendable,
});

/** The service's own templates (DESIGN.md §11.1), in the table's order. */
export const BUILT_IN_TEMPLATES: readonly Template[] = [
  builtIn(
    'login-otp',
    'Your idv sign-in code',
    'Your idv sign-in code is {{otp}}.\n\nIt expires in {{expiresInMinutes}} minutes. If you did not try to sign in, change your password: someone knows it.',
  ),
  builtIn(
    'member-invite',
    'Join {{organisationName}} on idv',
    'You have been invited to join {{organisationName}} on idv as {{role}}.\n\nSet your password to accept: {{acceptUrl}}\n\nThe invitation expires in 7 days.',
  ),
  builtIn(
    'new-sign-in',
    'New sign-in to your idv account',
    'Your idv account was signed in to at {{signedInAt}} with {{userAgent}} from {{ip}}.\n\nIf this was not you, revoke the session and change your password.',
  ),
  builtIn(
    'low-balance',
    '{{organisationName}}: low wallet balance',
    'The wallet of {{organisationName}} is at {{balance}}, below your alert threshold of {{threshold}}. Fund it to keep verifications running.',
  ),
  builtIn(
    'payment-received',
    '{{organisationName}}: payment received',
    '{{organisationName}} received a payment of {{amount}} (reference {{reference}}). The wallet balance is now {{newBalance}}.',
  ),
  builtIn(
    'api-key-created',
    '{{organisationName}}: API key created',
    'The API key "{{keyName}}" ({{keyType}}, ending {{last4}}) was created for {{organisationName}}.',
  ),
  builtIn(
    'api-key-revoked',
    '{{organisationName}}: API key revoked',
    'The API key "{{keyName}}" ({{keyType}}, ending {{last4}}) of {{organisationName}} was revoked. Requests with it are refused.',
  ),
  builtIn(
    'webhook-endpoint-disabled',
    '{{organisationName}}: webhook endpoint disabled',
    'The webhook endpoint {{url}} of {{organisationName}} was disabled ({{reason}}). Re-enable it, then recover the events it missed.',
  ),
  builtIn(
    'verification-completed',
    '{{organisationName}}: verification completed',
    'Verification {{verificationId}} ({{type}}) for {{organisationName}} completed: {{verificationStatus}}.',
    true,
  ),
];

export function builtInTemplate(name: string): Template | undefined {
  return BUILT_IN_TEMPLATES.find((t) => t.name === name);
}

/** Names of templates (DESIGN.md §11.1): lower-case words joined by hyphens, 2–64 characters. */
export const TEMPLATE_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const BODY_MAX_BY_CHANNEL: Readonly<Record<NotificationChannel, number>> = { email: 20_000, sms: 480, webhook: 20_000 };
export const SUBJECT_MAX = 200;
/** A rendered sms longer than this is refused (six concatenated segments of 153 characters). */
export const SMS_RENDERED_MAX = 918;

const PLACEHOLDER_AT = /\{\{\s*[A-Za-z][A-Za-z0-9_]{0,63}\s*\}\}/y;

/** Whether every `{{` of the text opens a valid placeholder (DESIGN.md §11.1: else 400). */
export function placeholdersValid(text: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf('{{', from);
    if (at < 0) return true;
    PLACEHOLDER_AT.lastIndex = at;
    const m = PLACEHOLDER_AT.exec(text);
    if (!m) return false;
    from = at + m[0].length;
  }
}

/** The field errors of a template's subject and body on a channel (lengths by channel, subject email only, placeholders). */
export function templateContentErrors(channel: NotificationChannel, subject: string | null | undefined, body: string | undefined): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  if (channel === 'email') {
    if (subject !== undefined && subject !== null) {
      if (subject.length < 1 || subject.length > SUBJECT_MAX) errors.push({ field: 'subject', message: `must be 1–${SUBJECT_MAX} characters` });
      else if (!placeholdersValid(subject)) errors.push({ field: 'subject', message: 'has a "{{" that opens no valid placeholder {{name}}' });
    } else if (subject === null) errors.push({ field: 'subject', message: 'is required on the email channel' });
  } else if (subject !== undefined && subject !== null) {
    errors.push({ field: 'subject', message: `must be absent: ${channel} messages have no subject` });
  }
  if (body !== undefined) {
    const max = BODY_MAX_BY_CHANNEL[channel];
    if (body.length < 1 || body.length > max) errors.push({ field: 'body', message: `must be 1–${max.toLocaleString('en-GB')} characters on the ${channel} channel` });
    else if (!placeholdersValid(body)) errors.push({ field: 'body', message: 'has a "{{" that opens no valid placeholder {{name}}' });
  }
  return errors;
}
