import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES, TemplateError, render, templateVariables } from './templates.js';

describe('templates', () => {
  it('lists placeholder names once, subject first, spaces inside braces allowed', () => {
    expect(templateVariables({ subject: 'Hi {{ name }}', body: '{{code}} for {{name}}; {{ code }}' })).toEqual(['name', 'code']);
  });

  it('fills values verbatim in text and escapes everything in the HTML alternative', () => {
    const out = render({ subject: 'For {{org}}', body: 'Dear {{org}},\nyour code is {{code}} & <b>' }, { org: 'A&B <Ltd>', code: '123456' });
    expect(out.subject).toBe('For A&B <Ltd>');
    expect(out.text).toBe('Dear A&B <Ltd>,\nyour code is 123456 & <b>');
    expect(out.html).toBe('Dear A&amp;B &lt;Ltd&gt;,<br>your code is 123456 &amp; &lt;b&gt;');
  });

  it('a missing variable is an error naming it', () => {
    expect(() => render({ subject: null, body: '{{a}} {{b}}' }, { a: 'x' })).toThrow(TemplateError);
    try {
      render({ subject: null, body: '{{a}} {{b}}' }, { a: 'x' });
    } catch (err) {
      expect((err as TemplateError).missing).toEqual(['b']);
    }
  });

  it('built-ins have exactly the variables of DESIGN.md §11.1, and only verification-completed is sendable', () => {
    const vars = Object.fromEntries(BUILT_IN_TEMPLATES.map((t) => [t.name, templateVariables(t)]));
    expect(vars).toEqual({
      'login-otp': ['otp', 'expiresInMinutes'],
      'member-invite': ['organisationName', 'role', 'acceptUrl'],
      'new-sign-in': ['signedInAt', 'userAgent', 'ip'],
      'low-balance': ['organisationName', 'balance', 'threshold'],
      'payment-received': ['organisationName', 'amount', 'reference', 'newBalance'],
      'api-key-created': ['organisationName', 'keyName', 'keyType', 'last4'],
      'api-key-revoked': ['organisationName', 'keyName', 'keyType', 'last4'],
      'webhook-endpoint-disabled': ['organisationName', 'url', 'reason'],
      'verification-completed': ['organisationName', 'verificationId', 'type', 'verificationStatus'],
    });
    expect(BUILT_IN_TEMPLATES.filter((t) => t.sendable).map((t) => t.name)).toEqual(['verification-completed']);
  });
});
