/**
 * Template previews for the console (DESIGN.md §11.1): the same `{{name}}` placeholders as the
 * server, filled with sample values so a person sees the message before saving it.
 */

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]{0,63})\s*\}\}/g;
const PLACEHOLDER_AT = /\{\{\s*[A-Za-z][A-Za-z0-9_]{0,63}\s*\}\}/y;

/** The distinct placeholder names, in order of first appearance (subject, then body). */
export function templateVariables(subject: string | null | undefined, body: string): string[] {
  const names: string[] = [];
  for (const text of [subject ?? '', body]) {
    for (const m of text.matchAll(PLACEHOLDER)) if (!names.includes(m[1]!)) names.push(m[1]!);
  }
  return names;
}

/** Whether every `{{` of the text opens a valid placeholder (the API refuses the template otherwise). */
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

const SAMPLES: Record<string, string> = {
  organisationName: 'Acme Ltd',
  amount: '₦1,249.50',
  balance: '₦1,249.50',
  newBalance: '₦26,249.50',
  threshold: '₦5,000.00',
  reference: 'PAY-2026-0001',
  firstName: 'Ada',
  lastName: 'Obi',
  name: 'Ada Obi',
  email: 'ada@example.com',
  otp: '123456',
  expiresInMinutes: '10',
  role: 'DEVELOPER',
  url: 'https://example.com/webhooks/idv',
  verificationId: 'ver_01jdq8w2y3n4p5r6s7t8v9w0xa',
  type: 'NIN_LOOKUP',
  verificationStatus: 'SUCCESSFUL',
};

/** A sample value for a placeholder: a realistic one for names the service uses, else the name in brackets. */
export function sampleValue(name: string): string {
  return SAMPLES[name] ?? `[${name}]`;
}

/** The text with every placeholder replaced by its value (a sample when none is given), verbatim. */
export function renderPreview(text: string, values: Record<string, string> = {}): string {
  return text.replace(PLACEHOLDER, (_, name: string) => values[name] ?? sampleValue(name));
}
