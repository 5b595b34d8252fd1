import { RECORD_COLUMNS, type RecordView } from '../records/view.js';

/**
 * The CSV of DESIGN.md §10.2: RFC 4180, UTF-8 without a BOM, CRLF, the header first; a field quoted
 * (quotes doubled) only when it holds a comma, a quote, CR or LF; null empty; booleans true/false;
 * chargeAmount with exactly two decimals; a text starting with = + - @ tab or CR guarded by a leading '.
 *
 * Our own writer rather than csv-stringify: the rules are these few lines, a row is one string
 * concatenation with no per-row stream or callback, and the formula guard is not one of its options.
 */

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One text field: guarded against formulas, quoted only when needed. */
export function csvText(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

const text = (v: string | null) => (v === null ? '' : csvText(v));

/** The header row, CRLF-terminated. */
export const CSV_HEADER = `${RECORD_COLUMNS.join(',')}\r\n`;

/** One record as a CSV line, CRLF-terminated, columns in RECORD_COLUMNS order. */
export function csvLine(r: RecordView): string {
  return (
    text(r.id) + ',' +
    text(r.createdAt) + ',' +
    text(r.environment) + ',' +
    text(r.type) + ',' +
    text(r.endpoint) + ',' +
    text(r.verificationStatus) + ',' +
    text(r.errorCode) + ',' +
    String(r.httpStatus) + ',' +
    (r.charged ? 'true' : 'false') + ',' +
    r.chargeAmount.toFixed(2) + ',' +
    text(r.referenceId) + ',' +
    text(r.identifierType) + ',' +
    text(r.identifier) + ',' +
    text(r.purpose) + ',' +
    text(r.requestReason) + ',' +
    text(r.apiKeyId) + ',' +
    text(r.requestId) + ',' +
    String(r.durationMs) + ',' +
    text(r.replayOf) + '\r\n'
  );
}
