import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/helpers/harness.js';
import type { Database } from '../platform/db.js';
import { RECORD_COLUMN_TYPES } from '../records/records.repository.js';
import { RECORD_COLUMNS, type RecordViewRow } from '../records/view.js';
import { CSV_HEADER, CSV_LINE } from './csv.js';

/**
 * The CSV lines are made by the database (CSV_LINE): each rule of DESIGN.md §10.2 is checked here on
 * both back-ends, against stored columns of every type, and text fields against the rules written out
 * in JavaScript below for strings an attacker would choose.
 */

/** A stored record's columns that the CSV prints, the instant as ISO text. */
type Stored = Omit<RecordViewRow, 'created_at' | 'resolved_by'> & { created_at: string };

const stored = (over: Partial<Stored> = {}): Stored => ({
  id: 'ver_01jdq8w2y3n4p5r6s7t8v9w0xa',
  created_at: '2026-11-21T09:15:02.123Z',
  environment: 'live',
  type: 'NIN_LOOKUP',
  endpoint: '/v1/nin/raw/lookup',
  verification_status: 'VERIFIED',
  error_code: null,
  http_status: 200,
  charged: true,
  charge_amount_kobo: 124_950,
  reference_id: 'ref_1',
  identifier_type: 'NIN',
  identifier_masked: '*******1111',
  purpose: null,
  request_reason: 'ACCOUNT_OPENING',
  api_key_id: 'key_1',
  request_id: 'req_1',
  duration_ms: 42,
  replay_of: null,
  ...over,
});

const NAMES = Object.keys(stored()) as Array<keyof Stored>;

/** The CSV lines of rows with the stored columns' names and types, in order. */
async function linesOf(db: Kysely<unknown>, rows: Stored[]): Promise<string[]> {
  const values = sql.join(rows.map((r) => sql`(${sql.join(NAMES.map((n) => sql`${r[n]}::${sql.raw(RECORD_COLUMN_TYPES[n])}`))})`));
  const result = await sql<{ line: string }>`SELECT ${CSV_LINE} AS line FROM (VALUES ${values}) AS r (${sql.raw(NAMES.join(', '))})`.execute(db);
  return result.rows.map((r) => r.line);
}

/** The text rule, as DESIGN.md §10.2 says it: a formula start guarded by ', then quoted (quotes doubled) when it holds , " CR or LF. */
function expectedText(value: string | null): string {
  if (value === null) return '';
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** A record's line by the written rules. */
function expectedLine(r: Stored): string {
  const fields = [
    expectedText(r.id), r.created_at, expectedText(r.environment), expectedText(r.type), expectedText(r.endpoint), expectedText(r.verification_status),
    expectedText(r.error_code), String(r.http_status), String(r.charged), (r.charge_amount_kobo / 100).toFixed(2), expectedText(r.reference_id),
    expectedText(r.identifier_type), expectedText(r.identifier_masked), expectedText(r.purpose), expectedText(r.request_reason), expectedText(r.api_key_id),
    expectedText(r.request_id), String(r.duration_ms), expectedText(r.replay_of),
  ];
  return `${fields.join(',')}\r\n`;
}

describe.each(backends())('CSV lines [$name]', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await backend.open();
  });
  afterAll(async () => {
    await database?.close();
  });
  const lines = (rows: Stored[]) => linesOf(database.db as unknown as Kysely<unknown>, rows);

  it('writes the header and a row exactly: CRLF, null empty, booleans, two decimals, no quotes when not needed', async () => {
    expect(CSV_HEADER).toBe(`${RECORD_COLUMNS.join(',')}\r\n`);
    expect(await lines([stored()])).toEqual([
      'ver_01jdq8w2y3n4p5r6s7t8v9w0xa,2026-11-21T09:15:02.123Z,live,NIN_LOOKUP,/v1/nin/raw/lookup,VERIFIED,,200,true,1249.50,ref_1,NIN,*******1111,,ACCOUNT_OPENING,key_1,req_1,42,\r\n',
    ]);
    const [unpaid, whole, cent, large, failed] = await lines([
      stored({ charged: false, charge_amount_kobo: 0 }),
      stored({ charge_amount_kobo: 15_000 }),
      stored({ charge_amount_kobo: 1 }),
      stored({ charge_amount_kobo: 123_456_789_012_345 }),
      stored({ verification_status: null, error_code: 'PROVIDER_ERROR', http_status: 502, charged: false, charge_amount_kobo: 0, reference_id: null, replay_of: 'ver_2' }),
    ]);
    expect(unpaid).toContain(',false,0.00,');
    expect(whole).toContain(',true,150.00,');
    expect(cent).toContain(',true,0.01,');
    expect(large).toContain(',true,1234567890123.45,');
    expect(failed).toBe('ver_01jdq8w2y3n4p5r6s7t8v9w0xa,2026-11-21T09:15:02.123Z,live,NIN_LOOKUP,/v1/nin/raw/lookup,,PROVIDER_ERROR,502,false,0.00,,NIN,*******1111,,ACCOUNT_OPENING,key_1,req_1,42,ver_2\r\n');
  });

  it('prints the instant in UTC with milliseconds whatever the session time zone', async () => {
    await database.db.connection().execute(async (db) => {
      await sql`SET TIME ZONE 'Africa/Lagos'`.execute(db);
      try {
        const [line] = await linesOf(db as unknown as Kysely<unknown>, [stored({ created_at: '2026-11-28T23:05:01.040+01:00' })]);
        expect(line!.split(',')[1]).toBe('2026-11-28T22:05:01.040Z');
      } finally {
        await sql`RESET TIME ZONE`.execute(db);
      }
    });
  });

  it('quotes only a comma, a quote, CR or LF, doubling quotes; an empty text stays empty', async () => {
    const cases: Array<[string, string]> = [
      ['plain text', 'plain text'],
      ['a,b', '"a,b"'],
      ['say "hi"', '"say ""hi"""'],
      ['two\nlines', '"two\nlines"'],
      ['x\ry', '"x\ry"'],
      ['', ''],
      ['Ọ̀ṣun, Lagos', '"Ọ̀ṣun, Lagos"'],
      ["it's", "it's"],
    ];
    const out = await lines(cases.map(([v]) => stored({ purpose: v })));
    expect(out.map((l) => l.slice(l.indexOf('*******1111,') + 12, l.lastIndexOf(',ACCOUNT_OPENING,')))).toEqual(cases.map(([, e]) => e));
  });

  it('guards = + - @ tab and CR at the start with a leading quote mark, in every text column', async () => {
    const cases: Array<[string, string]> = [
      ['=SUM(A1)', "'=SUM(A1)"],
      ['+234', "'+234"],
      ['-1', "'-1"],
      ['@cmd', "'@cmd"],
      ['\tx', "'\tx"],
      ['\rx', '"\'\rx"'],
      ['=a,b', '"\'=a,b"'],
      ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
      ['a=b', 'a=b'],
    ];
    const textColumns = ['reference_id', 'purpose', 'request_reason', 'request_id', 'identifier_masked', 'error_code'] as const;
    for (const column of textColumns) {
      const out = await lines(cases.map(([v]) => stored({ [column]: v })));
      // Every line has the other columns as the plain record's; this one's field is the guarded text.
      const plain = (await lines([stored({ [column]: 'PLAIN' })]))[0]!;
      out.forEach((line, i) => expect(line).toBe(plain.replace(/(^|,)PLAIN(,|\r\n$)/, `$1${cases[i]![1].replace(/\$/g, '$$$$')}$2`)));
    }
  });

  it('makes the line of the written rules for texts made of the characters CSV and spreadsheets treat specially, in any column', async () => {
    // A fixed pseudo-random sequence: the same strings each run.
    let seed = 20261129;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const alphabet = ['=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", ' ', 'a', 'é', '€', '𝄞', '\\', ';', '\x1f'];
    const text = () => Array.from({ length: next() % 6 }, () => alphabet[next() % alphabet.length]).join('');
    const nullable = () => (next() % 5 === 0 ? null : text());
    const records = Array.from({ length: 600 }, () =>
      stored({ reference_id: nullable(), purpose: nullable(), request_reason: nullable(), request_id: text(), identifier_masked: text(), replay_of: nullable() }),
    );
    expect(await lines(records)).toEqual(records.map(expectedLine));
  });
});
