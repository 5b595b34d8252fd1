/** Formatting for the console (DESIGN.md §14 "Quality bars"): amounts as ₦1,250.50, times with the date in the browser's zone. */

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Naira with the sign, thousands separators and two decimals: ₦1,250.50, -₦20.00. */
export function formatNaira(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}₦${twoDecimals.format(Math.abs(amount))}`;
}

/** A whole number with thousands separators. */
export function formatCount(n: number): string {
  return new Intl.NumberFormat('en-US').format(n);
}

/** A rate from 0 to 1 as a percentage with one decimal, or an em dash when there is none. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return '—';
  return `${(rate * 100).toFixed(1)}%`;
}

/** A time with its date, in the browser's zone (or the zone given): 25 Nov 2026, 09:30:12. */
export function formatTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** An API key as it may be shown after its one showing: its prefix and last four characters. */
export function maskKey(prefix: string, last4: string): string {
  return `${prefix}…${last4}`;
}

/** A secret or identifier reduced to its last four characters, for anything shown after its one showing. */
export function maskSecret(value: string): string {
  if (value.length <= 4) return '•'.repeat(value.length);
  return `${'•'.repeat(Math.min(8, value.length - 4))}${value.slice(-4)}`;
}
