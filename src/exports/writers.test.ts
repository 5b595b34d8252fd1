import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { RECORD_COLUMNS, type RecordView } from '../records/view.js';
import { createChunkSink } from './chunk-sink.js';
import { CSV_HEADER, csvLine, csvText } from './csv.js';
import { createXlsxWriter, XLSX_DATE_FORMAT, XLSX_MONEY_FORMAT, XLSX_SHEET } from './xlsx.js';

const record = (over: Partial<RecordView> = {}): RecordView => ({
  id: 'ver_01jdq8w2y3n4p5r6s7t8v9w0xa',
  type: 'NIN_LOOKUP',
  endpoint: '/v1/nin/raw/lookup',
  environment: 'live',
  verificationStatus: 'VERIFIED',
  errorCode: null,
  httpStatus: 200,
  charged: true,
  chargeAmount: 1249.5,
  referenceId: 'ref_1',
  identifierType: 'NIN',
  identifier: '*******1111',
  purpose: null,
  requestReason: 'ACCOUNT_OPENING',
  apiKeyId: 'key_1',
  requestId: 'req_1',
  durationMs: 42,
  replayOf: null,
  createdAt: '2026-11-21T09:15:02.123Z',
  ...over,
});

describe('the CSV writer', () => {
  it('writes the header and a row exactly: CRLF, null empty, booleans, two decimals, no quotes when not needed', () => {
    expect(CSV_HEADER).toBe(`${RECORD_COLUMNS.join(',')}\r\n`);
    expect(csvLine(record())).toBe(
      'ver_01jdq8w2y3n4p5r6s7t8v9w0xa,2026-11-21T09:15:02.123Z,live,NIN_LOOKUP,/v1/nin/raw/lookup,VERIFIED,,200,true,1249.50,ref_1,NIN,*******1111,,ACCOUNT_OPENING,key_1,req_1,42,\r\n',
    );
    expect(csvLine(record({ charged: false, chargeAmount: 0 }))).toContain(',false,0.00,');
    expect(csvLine(record({ chargeAmount: 150 }))).toContain(',150.00,');
  });

  it('quotes only a comma, a quote, CR or LF, doubling quotes', () => {
    expect(csvText('plain text')).toBe('plain text');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('x\ry')).toBe('"x\ry"');
  });

  it('guards = + - @ tab and CR at the start with a leading quote mark', () => {
    expect(csvText('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvText('+234')).toBe("'+234");
    expect(csvText('-1')).toBe("'-1");
    expect(csvText('@cmd')).toBe("'@cmd");
    expect(csvText('\tx')).toBe("'\tx");
    expect(csvText('\rx')).toBe('"\'\rx"');
    expect(csvText('=a,b')).toBe('"\'=a,b"');
    expect(csvText('a=b')).toBe('a=b');
  });
});

describe('the chunk sink', () => {
  it('stores full chunks in order as they fill, then the rest; the bytes are the input', async () => {
    const stored: Array<[number, Buffer]> = [];
    const sink = createChunkSink(async (seq, bytes) => void stored.push([seq, Buffer.from(bytes)]), 10);
    await sink.write('abcdefg');
    expect(stored).toEqual([]);
    await sink.write(Buffer.from('hijklmnopqrstuvwxyz'));
    expect(stored.map(([s, b]) => [s, b.length])).toEqual([[0, 10], [1, 10]]);
    const end = await sink.end();
    expect(end).toEqual({ size: 26, chunks: 3 });
    expect(Buffer.concat(stored.map(([, b]) => b)).toString()).toBe('abcdefghijklmnopqrstuvwxyz');
  });
});

async function xlsxOf(rows: RecordView[], createdAt = new Date('2026-11-22T09:00:00.000Z')): Promise<Buffer> {
  const parts: Buffer[] = [];
  const out = new Writable({ write: (c: Buffer, _e, done) => (parts.push(c), done()) });
  const writer = createXlsxWriter(out, createdAt);
  for (const r of rows) writer.addRow(r);
  await writer.end();
  return Buffer.concat(parts);
}

describe('the XLSX writer', () => {
  it('writes the sheet: bold frozen header, typed cells and formats, null empty, text ids, no formula', async () => {
    const bytes = await xlsxOf([record(), record({ id: 'ver_2', verificationStatus: null, errorCode: 'PROVIDER_ERROR', referenceId: null, charged: false, chargeAmount: 0, identifier: '=1+1', httpStatus: 502 })]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = wb.getWorksheet(XLSX_SHEET)!;
    expect(ws).toBeDefined();
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = ws.getRow(1);
    expect(RECORD_COLUMNS.map((_, i) => header.getCell(i + 1).value)).toEqual([...RECORD_COLUMNS]);
    expect(header.getCell(1).font?.bold).toBe(true);
    const col = (name: string) => RECORD_COLUMNS.indexOf(name as never) + 1;
    const row = ws.getRow(2);
    const created = row.getCell(col('createdAt'));
    expect(created.value).toEqual(new Date('2026-11-21T09:15:02.123Z'));
    expect(created.numFmt).toBe(XLSX_DATE_FORMAT);
    expect(row.getCell(col('chargeAmount')).value).toBe(1249.5);
    expect(row.getCell(col('chargeAmount')).numFmt).toBe(XLSX_MONEY_FORMAT);
    expect(row.getCell(col('httpStatus')).value).toBe(200);
    expect(row.getCell(col('durationMs')).value).toBe(42);
    expect(row.getCell(col('charged')).value).toBe(true);
    expect(row.getCell(col('id')).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(col('errorCode')).type).toBe(ExcelJS.ValueType.Null);
    const second = ws.getRow(3);
    expect(second.getCell(col('verificationStatus')).type).toBe(ExcelJS.ValueType.Null);
    expect(second.getCell(col('identifier')).value).toBe('=1+1');
    expect(second.getCell(col('identifier')).type).toBe(ExcelJS.ValueType.String);
    expect(ws.rowCount).toBe(3);
  });

  it('is byte for byte the same whenever it is written (a takeover restarts it)', async () => {
    const rows = [record(), record({ id: 'ver_2' })];
    const first = await xlsxOf(rows);
    await new Promise((r) => setTimeout(r, 2_100));
    const second = await xlsxOf(rows);
    expect(second.equals(first)).toBe(true);
  });
});
