import { describe, expect, it } from 'vitest';
import { formatCount, formatNaira, formatRate, formatTime, maskKey, maskSecret } from './format';

describe('console formatters', () => {
  it('writes naira with the sign, separators and two decimals', () => {
    expect(formatNaira(1250.5)).toBe('₦1,250.50');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(100_000_000)).toBe('₦100,000,000.00');
    expect(formatNaira(-20)).toBe('-₦20.00');
    expect(formatNaira(0.1 + 0.2)).toBe('₦0.30');
  });

  it('writes counts and rates', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatRate(0.9412)).toBe('94.1%');
    expect(formatRate(1)).toBe('100.0%');
    expect(formatRate(null)).toBe('—');
  });

  it('writes a time with its date in the zone given (the browser’s by default)', () => {
    expect(formatTime('2026-11-24T23:30:00.000Z', 'Africa/Lagos')).toBe('25 Nov 2026, 00:30:00');
    expect(formatTime('2026-11-24T23:30:00.000Z', 'UTC')).toBe('24 Nov 2026, 23:30:00');
    expect(formatTime(null)).toBe('—');
    expect(formatTime('not a date')).toBe('—');
  });

  it('masks keys and secrets after their one showing', () => {
    expect(maskKey('sk_test_fTBH', 'G2jC')).toBe('sk_test_fTBH…G2jC');
    expect(maskSecret('whsec_abcdefghijklmnop')).toBe('••••••••mnop');
    expect(maskSecret('abc')).toBe('•••');
    expect(maskSecret('whsec_abcdefghijklmnop')).not.toContain('whsec');
  });
});
