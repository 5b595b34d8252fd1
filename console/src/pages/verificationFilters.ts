/**
 * Pure helpers of the Verifications and Exports pages: the list's filters as they live in the URL,
 * date-time inputs to ISO with the browser's offset and back, and the file name of a download.
 */

export type RecordStatus = 'VERIFIED' | 'NOT_VERIFIED' | 'FAILED';
export const RECORD_STATUSES: readonly RecordStatus[] = ['VERIFIED', 'NOT_VERIFIED', 'FAILED'];

/** The filters of GET /v1/verifications the page offers, as kept in the URL's query. */
export interface RecordFilters {
  type: string | null;
  status: RecordStatus | null;
  from: string | null;
  to: string | null;
}

const FILTER_NAMES = ['type', 'status', 'from', 'to'] as const;

/** The filters read from the URL's query; anything unusable is left out. */
export function readFilters(params: URLSearchParams): RecordFilters {
  const text = (name: string) => {
    const v = params.get(name)?.trim();
    return v ? v : null;
  };
  const status = text('status');
  return {
    type: text('type'),
    status: status && (RECORD_STATUSES as readonly string[]).includes(status) ? (status as RecordStatus) : null,
    from: text('from'),
    to: text('to'),
  };
}

/** The URL's query with these filters set (and empty ones removed), every other parameter (env) kept. */
export function writeFilters(params: URLSearchParams, filters: RecordFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_NAMES) {
    const v = filters[name];
    if (v) next.set(name, v);
    else next.delete(name);
  }
  return next;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** The browser's offset at an instant as `+01:00` / `-05:30` / `+00:00`. */
function offsetOf(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.trunc(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/**
 * A `datetime-local` input's value (`2026-11-01T09:30`, seconds optional) as an ISO 8601 date-time
 * with the browser's offset at that instant (`2026-11-01T09:30:00.000+01:00`); null when empty or
 * not a date-time (the API refuses a bare date).
 */
export function localInputToIso(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0', ms = '0'] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0')));
  if (Number.isNaN(date.getTime())) return null;
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}${offsetOf(date)}`
  );
}

/** An ISO date-time as a `datetime-local` value in the browser's zone (`2026-11-01T09:30`); empty when absent or invalid. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const base = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return date.getSeconds() || date.getMilliseconds() ? `${base}:${pad(date.getSeconds())}` : base;
}

/**
 * The file name of a download: from `Content-Disposition` (`filename*=UTF-8''…` preferred, then
 * `filename="…"`), else the fallback. Only the last path segment is kept.
 */
export function fileNameFrom(contentDisposition: string | null | undefined, fallback: string): string {
  let name: string | null = null;
  if (contentDisposition) {
    const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition);
    if (star?.[1]) {
      try {
        name = decodeURIComponent(star[1].trim());
      } catch {
        name = null;
      }
    }
    if (!name) {
      const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(contentDisposition);
      name = (plain?.[1] ?? plain?.[2] ?? '').trim() || null;
    }
  }
  const last = name?.split(/[\\/]/).pop()?.trim();
  return last ? last : fallback;
}

/** A record's outcome in words: its verdict, or the error code of a call without one. */
export function recordStatus(r: { verificationStatus: 'VERIFIED' | 'NOT_VERIFIED' | null; errorCode: string | null }): string {
  if (r.verificationStatus === 'VERIFIED') return 'Verified';
  if (r.verificationStatus === 'NOT_VERIFIED') return 'Not verified';
  return r.errorCode ? `Failed (${r.errorCode})` : 'Failed';
}

export interface TypeOption {
  value: string;
  label: string;
}
export interface TypeGroup {
  label: string | null;
  options: TypeOption[];
}

/**
 * The Type filter's choices. The record filter takes service codes (NIN_LOOKUP …); GET
 * /v1/lists/verification-types names groups (NIN, FACE_MATCH …) with their endpoints, so each
 * group lists the services (GET /v1/services) whose endpoints it holds, led by "All …" (the
 * group's codes, comma-separated) when it has more than one. Services in no group come last; a
 * value from the URL that is none of these is kept so the select can show it.
 */
export function buildTypeGroups(
  groups: ReadonlyArray<{ type: string; name: string; endpoints: string[] }>,
  services: ReadonlyArray<{ code: string; name: string; endpoints: string[] }>,
  current: string | null,
): TypeGroup[] {
  const placed = new Set<string>();
  const result: TypeGroup[] = [];
  for (const g of groups) {
    const members = services.filter((s) => !placed.has(s.code) && s.endpoints.some((e) => g.endpoints.includes(e)));
    if (members.length === 0) continue;
    members.forEach((s) => placed.add(s.code));
    const options = members.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));
    if (members.length > 1) options.unshift({ value: members.map((s) => s.code).join(','), label: `All ${g.name}` });
    result.push({ label: g.name, options });
  }
  const rest = services.filter((s) => !placed.has(s.code)).map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));
  if (rest.length > 0) result.push({ label: result.length > 0 ? 'Other' : null, options: rest });
  if (current && !result.some((g) => g.options.some((o) => o.value === current))) result.push({ label: null, options: [{ value: current, label: current }] });
  return result;
}
