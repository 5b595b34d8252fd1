import { describe, expect, it } from 'vitest';
import { placeholdersValid, renderPreview, sampleValue, templateVariables } from './templates';

describe('template previews', () => {
  it('lists the variables once, subject first, in order of appearance', () => {
    expect(templateVariables('Hi {{ firstName }}', 'Order {{orderId}} for {{firstName}} {{ lastName}}')).toEqual(['firstName', 'orderId', 'lastName']);
    expect(templateVariables(null, 'No placeholders')).toEqual([]);
  });

  it('fills placeholders with the values given, else samples', () => {
    expect(renderPreview('Hello {{ firstName }}, order {{orderId}}', { orderId: '42' })).toBe('Hello Ada, order 42');
    expect(renderPreview('{{organisationName}} paid {{amount}}')).toBe('Acme Ltd paid ₦1,249.50');
    expect(sampleValue('somethingElse')).toBe('[somethingElse]');
  });

  it('leaves what is not a placeholder as it is', () => {
    expect(renderPreview('{{1bad}} and {single}')).toBe('{{1bad}} and {single}');
  });

  it('finds a "{{" that opens no valid placeholder', () => {
    expect(placeholdersValid('Hi {{name}} {{ other_1 }}')).toBe(true);
    expect(placeholdersValid('no braces')).toBe(true);
    expect(placeholdersValid('Hi {{name')).toBe(false);
    expect(placeholdersValid('Hi {{1x}}')).toBe(false);
    expect(placeholdersValid('{{a}}{{')).toBe(false);
  });
});
