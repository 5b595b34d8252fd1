import { sql } from 'kysely';
import { CREATED_AT_ISO_SQL, RECORD_COLUMNS } from '../records/view.js';

/**
 * The CSV of DESIGN.md §10.2: RFC 4180, UTF-8 without a BOM, CRLF, the header first; a field quoted
 * (quotes doubled) only when it holds a comma, a quote, CR or LF; null empty; booleans true/false;
 * chargeAmount with exactly two decimals; a text starting with = + - @ tab or CR guarded by a leading '.
 *
 * Each line is made by PostgreSQL in the query that reads the records (CSV_LINE), and an export reads a
 * batch of them as one text (export-writer.ts). Formatted in the writer's thread, each record came as a
 * row object of twenty strings, became a view, then a line: 11–12 µs of the thread's CPU a record, a
 * third of it collecting that garbage, against 3.7 µs of PostgreSQL's. Made here, PostgreSQL spends
 * 8.5–9 µs and the thread 3.5 (its start-up included). bench/records.js, 500,000 records, runs
 * interleaved (2026-11-29): 67,495 and 73,271 rows/s before, 90,563 and 97,542 after; the server's
 * RSS growth during the export 126–129 MB before, 70–72 after.
 *
 * Our own rules rather than COPY … CSV: COPY ends lines with LF alone, quotes an empty string, and has
 * no formula guard.
 */

/** A text that needs quotes: a comma, a quote, CR or LF anywhere (E'' literals: the characters themselves reach the regex). */
const NEEDS_QUOTES = `E'[",\\r\\n]'`;
/** A text a spreadsheet would take for a formula: it starts with = + - @ tab or CR. */
const FORMULA_START = `E'^[=+@\\t\\r-]'`;

/** A nullable text column as its field: null empty, guarded against formulas, quoted only when needed. */
function csvTextSql(column: string): string {
  const guarded = `CASE WHEN ${column} ~ ${FORMULA_START} THEN '''' || ${column} ELSE ${column} END`;
  return `CASE WHEN ${column} IS NULL THEN '' WHEN ${column} ~ ${NEEDS_QUOTES} THEN '"' || replace(${guarded}, '"', '""') || '"' ELSE ${guarded} END`;
}

type Column = (typeof RECORD_COLUMNS)[number];

/** Each export column from the stored record's columns: a text column by name, the others as their field. */
const FIELDS: { [K in Column]: { text: string } | { sql: string } } = {
  id: { text: 'id' },
  createdAt: { sql: CREATED_AT_ISO_SQL },
  environment: { text: 'environment' },
  type: { text: 'type' },
  endpoint: { text: 'endpoint' },
  verificationStatus: { text: 'verification_status' },
  errorCode: { text: 'error_code' },
  httpStatus: { sql: 'http_status::text' },
  charged: { sql: `CASE WHEN charged THEN 'true' ELSE 'false' END` },
  // Naira with exactly two decimals, in exact arithmetic.
  chargeAmount: { sql: '(charge_amount_kobo::numeric / 100)::numeric(20, 2)::text' },
  referenceId: { text: 'reference_id' },
  identifierType: { text: 'identifier_type' },
  identifier: { text: 'identifier_masked' },
  purpose: { text: 'purpose' },
  requestReason: { text: 'request_reason' },
  apiKeyId: { text: 'api_key_id' },
  requestId: { text: 'request_id' },
  durationMs: { sql: 'duration_ms::text' },
  replayOf: { text: 'replay_of' },
};
const fields = RECORD_COLUMNS.map((c) => FIELDS[c]);
const texts = fields.flatMap((f) => ('text' in f ? [f.text] : []));

/** Every field by the rules (csvTextSql on each text). */
const RULED_LINE = `concat_ws(',', ${fields.map((f) => ('text' in f ? csvTextSql(f.text) : f.sql)).join(', ')})`;
/** The texts as they are, null empty: the same line when no text holds a quote, comma, CR or LF, nor starts like a formula. */
const PLAIN_LINE = `concat_ws(',', ${fields.map((f) => ('text' in f ? `coalesce(${f.text}, '')` : f.sql)).join(', ')})`;
/**
 * Whether a record needs the rules: one regex over its texts joined by a unit separator (x1f), rather
 * than two for each of fourteen texts (3.3 against 6 µs a record for the line). A text that holds the
 * separator itself can only make it say yes, and the rules are then applied to every field: never wrong.
 */
const NEEDS_RULES = `concat_ws(E'\\x1f', ${texts.join(', ')}) ~ E'[",\\r\\n]|(^|\\x1f)[=+@\\t\\r-]'`;

/** The header row, CRLF-terminated. */
export const CSV_HEADER = `${RECORD_COLUMNS.join(',')}\r\n`;

/** One record of verification_records as its CSV line, CRLF-terminated, columns in RECORD_COLUMNS order. */
export const CSV_LINE = sql<string>`${sql.raw(`CASE WHEN ${NEEDS_RULES} THEN ${RULED_LINE} ELSE ${PLAIN_LINE} END || E'\\r\\n'`)}`;
