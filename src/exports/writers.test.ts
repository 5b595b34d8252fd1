import { gzipSync, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { RECORD_COLUMNS, type RecordView } from '../records/view.js';
import { createChunkSink } from './chunk-sink.js';
import { assertZip32, createXlsxWriter, XLSX_DATE_FORMAT, XLSX_MONEY_FORMAT, XLSX_SHEET } from './xlsx.js';

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

  it('stores while the next chunk fills: one store at a time, in order; a chunk filled meanwhile waits for it', async () => {
    const started: number[] = [];
    const finish: Array<() => void> = [];
    const sink = createChunkSink(
      (seq) => {
        started.push(seq);
        return new Promise<void>((resolve) => finish.push(resolve));
      },
      4,
    );
    // The first chunk's store starts and is not waited for: the write resolves at once.
    await sink.write('abcd');
    expect(started).toEqual([0]);
    await sink.write('ef');
    // The second chunk fills while the first is still being stored: its write waits.
    let second = false;
    const writing = sink.write('gh').then(() => (second = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(second).toBe(false);
    expect(started).toEqual([0]);
    finish[0]!();
    await writing;
    expect(started).toEqual([0, 1]);
    // end() stores the rest only after the chunk before it, and resolves once every store has.
    await sink.write('i');
    let ended = false;
    const ending = sink.end().then((r) => ((ended = true), r));
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([0, 1]);
    finish[1]!();
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([0, 1, 2]);
    expect(ended).toBe(false);
    finish[2]!();
    expect(await ending).toEqual({ size: 9, chunks: 3 });
  });

  it('a store that fails fails the next write or end, and nothing is stored after it', async () => {
    const stored: number[] = [];
    const sink = createChunkSink(async (seq) => {
      await new Promise((r) => setTimeout(r, 5));
      if (seq === 1) throw new Error('taken over');
      stored.push(seq);
    }, 2);
    await sink.write('ab');
    await sink.write('cd');
    await expect(sink.write('ef')).rejects.toThrow('taken over');
    expect(stored).toEqual([0]);
    const other = createChunkSink(async () => {
      throw new Error('taken over');
    }, 2);
    await other.write('ab');
    await expect(other.end()).rejects.toThrow('taken over');
  });
});

const CREATED = new Date('2026-11-22T09:00:00.000Z');

/** Writes rows in batches of `batch` into a sink that keeps the bytes. */
async function xlsxOf(rows: RecordView[], { createdAt = CREATED, batch = 5_000 } = {}): Promise<Buffer> {
  const parts: Buffer[] = [];
  const writer = createXlsxWriter({ write: async (b) => void parts.push(Buffer.from(b)) }, createdAt);
  for (let i = 0; i < rows.length; i += batch) await writer.addRows(rows.slice(i, i + batch));
  await writer.end();
  return Buffer.concat(parts);
}

async function sheetOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.getWorksheet(XLSX_SHEET);
  if (!ws) throw new Error('no sheet');
  return ws;
}

const col = (name: (typeof RECORD_COLUMNS)[number]) => RECORD_COLUMNS.indexOf(name) + 1;

/** The CRC-32 of bytes as zlib computes it (a gzip member's trailer): independent of the writer's CRC code. */
const zlibCrc = (bytes: Buffer) => {
  const gz = gzipSync(bytes, { level: 0 });
  return gz.readUInt32LE(gz.length - 8);
};

interface ZipEntry { name: string; flags: number; time: number; date: number; data: Buffer }

/**
 * A minimal unzip, independent of the writer and of exceljs (whose reader does not check CRCs): walks
 * the central directory, checks each local header, data descriptor, size and CRC against it, and that
 * the entries, the directory and its end record follow each other with no gap.
 */
function unzip(zip: Buffer): ZipEntry[] {
  const eocd = zip.length - 22;
  expect(zip.readUInt32LE(eocd)).toBe(0x06054b50);
  const count = zip.readUInt16LE(eocd + 10);
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  expect(cdOffset + cdSize).toBe(eocd);
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  let expectedLocal = 0;
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(p)).toBe(0x02014b50);
    const flags = zip.readUInt16LE(p + 8);
    const method = zip.readUInt16LE(p + 10);
    const time = zip.readUInt16LE(p + 12);
    const date = zip.readUInt16LE(p + 14);
    const crc = zip.readUInt32LE(p + 16);
    const compressed = zip.readUInt32LE(p + 20);
    const size = zip.readUInt32LE(p + 24);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;

    expect(method).toBe(8);
    expect(local).toBe(expectedLocal);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    expect(zip.readUInt16LE(local + 6)).toBe(flags);
    expect(zip.readUInt16LE(local + 10)).toBe(time);
    expect(zip.readUInt16LE(local + 12)).toBe(date);
    expect(zip.toString('utf8', local + 30, local + 30 + zip.readUInt16LE(local + 26))).toBe(name);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    if (flags & 0x8) {
      // Data descriptor: zeros in the local header, the values after the data.
      expect([zip.readUInt32LE(local + 14), zip.readUInt32LE(local + 18), zip.readUInt32LE(local + 22)]).toEqual([0, 0, 0]);
      const d = start + compressed;
      expect([zip.readUInt32LE(d), zip.readUInt32LE(d + 4), zip.readUInt32LE(d + 8), zip.readUInt32LE(d + 12)]).toEqual([0x08074b50, crc, compressed, size]);
      expectedLocal = d + 16;
    } else {
      expect([zip.readUInt32LE(local + 14), zip.readUInt32LE(local + 18), zip.readUInt32LE(local + 22)]).toEqual([crc, compressed, size]);
      expectedLocal = start + compressed;
    }
    const plain = inflateRawSync(data);
    expect(plain.length).toBe(size);
    expect(zlibCrc(plain)).toBe(crc);
    entries.push({ name, flags, time, date, data: plain });
  }
  expect(expectedLocal).toBe(cdOffset);
  expect(p).toBe(cdOffset + cdSize);
  return entries;
}

describe('the XLSX writer', () => {
  const tricky = record({
    id: '00123',
    identifier: '=SUM(A1)',
    purpose: `<a & "b"> 'c' ]]>`,
    requestReason: 'bell\u0007 nul\u0000 vt\u000B ok\uFFFF.',
    referenceId: '  padded  ',
    replayOf: 'line1\nline2\tx\r\ny',
    errorCode: 'ñ 日本 😀',
    apiKeyId: '+234',
    requestId: '_x0041_ and _x00e9_',
    endpoint: '-1',
    type: '@cmd',
  });
  const nulls = record({ id: 'ver_2', verificationStatus: null, errorCode: null, referenceId: null, purpose: null, requestReason: null, replayOf: null, charged: false, chargeAmount: 0, httpStatus: 502, durationMs: 0 });

  it('writes the sheet: bold frozen header, widths, every cell typed and formatted, null empty, text stays text', async () => {
    const ws = await sheetOf(await xlsxOf([record(), nulls, tricky]));
    expect(ws.name).toBe(XLSX_SHEET);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(ws.rowCount).toBe(4);

    const header = ws.getRow(1);
    expect(RECORD_COLUMNS.map((_, i) => header.getCell(i + 1).value)).toEqual([...RECORD_COLUMNS]);
    for (let i = 1; i <= RECORD_COLUMNS.length; i++) expect(header.getCell(i).font?.bold).toBe(true);
    expect(ws.getRow(2).getCell(1).font?.bold).toBeFalsy();

    const widths = RECORD_COLUMNS.map((_, i) => ws.getColumn(i + 1).width);
    expect(widths).toEqual(RECORD_COLUMNS.map((c) => (c === 'createdAt' ? 24 : ['httpStatus', 'charged', 'chargeAmount', 'durationMs'].includes(c) ? 12 : 30)));

    // Every cell of a full row: its type and value.
    const r = record();
    const row = ws.getRow(2);
    for (const name of RECORD_COLUMNS) {
      const cell = row.getCell(col(name));
      const v = r[name];
      if (name === 'createdAt') {
        expect(cell.type).toBe(ExcelJS.ValueType.Date);
        expect(cell.value).toEqual(new Date('2026-11-21T09:15:02.123Z'));
        expect(cell.numFmt).toBe(XLSX_DATE_FORMAT);
      } else if (v === null) {
        expect(cell.type, name).toBe(ExcelJS.ValueType.Null);
      } else if (typeof v === 'number') {
        expect(cell.type, name).toBe(ExcelJS.ValueType.Number);
        expect(cell.value, name).toBe(v);
      } else if (typeof v === 'boolean') {
        expect(cell.type, name).toBe(ExcelJS.ValueType.Boolean);
        expect(cell.value, name).toBe(v);
      } else {
        expect(cell.type, name).toBe(ExcelJS.ValueType.String);
        expect(cell.value, name).toBe(v);
      }
    }
    expect(row.getCell(col('chargeAmount')).numFmt).toBe(XLSX_MONEY_FORMAT);

    const second = ws.getRow(3);
    for (const name of ['verificationStatus', 'errorCode', 'referenceId', 'purpose', 'requestReason', 'replayOf'] as const) {
      expect(second.getCell(col(name)).type, name).toBe(ExcelJS.ValueType.Null);
    }
    expect(second.getCell(col('charged')).value).toBe(false);
    expect(second.getCell(col('chargeAmount')).value).toBe(0);
    expect(second.getCell(col('chargeAmount')).numFmt).toBe(XLSX_MONEY_FORMAT);
    expect(second.getCell(col('durationMs')).value).toBe(0);
    expect(second.getCell(col('httpStatus')).value).toBe(502);

    // Text that looks like a number or a formula stays text; specials round-trip; invalid characters go.
    const third = ws.getRow(4);
    const text = (name: (typeof RECORD_COLUMNS)[number]) => {
      const cell = third.getCell(col(name));
      expect(cell.type, name).toBe(ExcelJS.ValueType.String);
      return cell.value;
    };
    expect(text('id')).toBe('00123');
    expect(text('identifier')).toBe('=SUM(A1)');
    expect(text('apiKeyId')).toBe('+234');
    expect(text('endpoint')).toBe('-1');
    expect(text('type')).toBe('@cmd');
    expect(text('purpose')).toBe(`<a & "b"> 'c' ]]>`);
    expect(text('requestReason')).toBe('bell nul vt ok.');
    expect(text('referenceId')).toBe('  padded  ');
    expect(text('replayOf')).toBe('line1\nline2\tx\r\ny');
    expect(text('errorCode')).toBe('ñ 日本 😀');
    // A literal _xHHHH_ is stored guarded (_x005F_xHHHH_) since Excel decodes the escape (ECMA-376
    // 22.9.2.19 ST_Xstring); exceljs does not decode it in inline strings, so decode as Excel does.
    const excelDecode = (v: unknown) => String(v).replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    expect(excelDecode(text('requestId'))).toBe('_x0041_ and _x00e9_');
    ws.eachRow((rw) => rw.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('is a valid zip (CRCs and sizes checked independently) holding exactly the parts of a minimal package', async () => {
    const entries = unzip(await xlsxOf([record(), tricky]));
    expect(entries.map((e) => e.name)).toEqual([
      '[Content_Types].xml', '_rels/.rels', 'docProps/app.xml', 'docProps/core.xml', 'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml',
    ]);
    // Every entry's time is createdAt (2026-11-22 09:00:00 UTC) in MS-DOS form.
    for (const e of entries) expect([e.time, e.date]).toEqual([9 << 11, ((2026 - 1980) << 9) | (11 << 5) | 22]);
    const part = (name: string) => entries.find((e) => e.name === name)!.data.toString('utf8');
    expect(entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!.flags & 0x8).toBe(0x8);

    const core = part('docProps/core.xml');
    expect(core).toContain('<dc:creator>idv</dc:creator>');
    expect(core).toContain('<dcterms:created xsi:type="dcterms:W3CDTF">2026-11-22T09:00:00Z</dcterms:created>');
    expect(core).toContain('<dcterms:modified xsi:type="dcterms:W3CDTF">2026-11-22T09:00:00Z</dcterms:modified>');
    const styles = part('xl/styles.xml');
    expect(styles).toContain(`<numFmt numFmtId="164" formatCode="${XLSX_DATE_FORMAT}"/>`);
    expect(styles).toContain(`<numFmt numFmtId="165" formatCode="${XLSX_MONEY_FORMAT}"/>`);
    expect(part('xl/workbook.xml')).toContain(`<sheet name="${XLSX_SHEET}" sheetId="1" r:id="rId1"/>`);

    const sheet = part('xl/worksheets/sheet1.xml');
    expect(sheet).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(sheet).not.toMatch(/<f[ >]/);
    // Escaped, not dropped: a literal _xHHHH_ is guarded so Excel shows it as written; CR is a reference.
    expect(sheet).toContain('_x005F_x0041_ and _x005F_x00e9_');
    expect(sheet).toContain('&lt;a &amp; "b"&gt;');
    expect(sheet).toContain('x&#13;\ny');
    expect(sheet).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
  });

  it('writes a header-only file when there are no rows', async () => {
    const bytes = await xlsxOf([]);
    unzip(bytes);
    const ws = await sheetOf(bytes);
    expect(ws.rowCount).toBe(1);
    expect(ws.getRow(1).getCell(1).value).toBe('id');
  });

  it('is byte for byte the same whenever and however it is written (a takeover restarts it)', async () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => record({ id: `ver_${i}`, durationMs: i }));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2027-01-01T00:00:00Z'));
      const first = await xlsxOf(rows, { batch: 1_000 });
      vi.setSystemTime(new Date('2031-06-15T12:34:56Z'));
      const second = await xlsxOf(rows, { batch: 1_000 });
      expect(second.equals(first)).toBe(true);
      // The deflate blocks do not depend on the batching (the XML is over 1 MiB, several blocks).
      expect((await xlsxOf(rows, { batch: 777 })).equals(first)).toBe(true);
      expect((await xlsxOf(rows, { batch: 3_000 })).equals(first)).toBe(true);
      expect((await xlsxOf(rows, { batch: 1_000, createdAt: new Date('2026-11-22T09:00:02.000Z') })).equals(first)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for the sink: a call resolves only once the bytes it wrote are accepted, one write at a time', async () => {
    let inFlight = 0;
    let started = 0;
    let accepted = 0;
    const sink = {
      async write(b: Buffer) {
        expect(inFlight).toBe(0);
        expect(b.length).toBeGreaterThan(0);
        inFlight++;
        started++;
        await new Promise((r) => setTimeout(r, 20));
        inFlight--;
        accepted++;
      },
    };
    const writer = createXlsxWriter(sink, CREATED);
    const rows = Array.from({ length: 5_000 }, (_, i) => record({ id: `ver_${i}` }));
    for (let k = 0; k < 3; k++) {
      const before = started;
      const p = writer.addRows(rows);
      // A second call before the first resolved is a caller error, not a silent interleaving.
      await expect(writer.addRows(rows)).rejects.toThrow(/previous call/);
      await p;
      // 5,000 rows are ~4 MB of XML: every batch writes at least one block.
      expect(started).toBeGreaterThan(before);
      expect(accepted).toBe(started);
    }
    const before = started;
    await writer.end();
    expect(started).toBe(before + 1);
    expect(accepted).toBe(started);
    await expect(writer.addRows(rows)).rejects.toThrow(/ended/);
  });

  it('refuses to go on after a failed write (the file is incomplete)', async () => {
    let fail = true;
    const writer = createXlsxWriter({ write: async () => { if (fail) throw new Error('store down'); } }, CREATED);
    await expect(writer.addRows([record()])).rejects.toThrow('store down');
    fail = false;
    await expect(writer.end()).rejects.toThrow(/earlier call failed/);
  });

  it('reads back 20,000 rows written in batches of 5,000', async () => {
    const base = Date.parse('2026-11-01T00:00:00.000Z');
    const rows = Array.from({ length: 20_000 }, (_, i) => record({ id: `ver_${String(i).padStart(6, '0')}`, durationMs: i, createdAt: new Date(base + i * 1_001).toISOString() }));
    const bytes = await xlsxOf(rows, { batch: 5_000 });
    unzip(bytes);
    const ws = await sheetOf(bytes);
    expect(ws.rowCount).toBe(20_001);
    for (const i of [0, 4_999, 5_000, 12_345, 19_999]) {
      const row = ws.getRow(i + 2);
      expect(row.getCell(col('id')).value).toBe(rows[i]!.id);
      expect(row.getCell(col('durationMs')).value).toBe(i);
      expect(row.getCell(col('createdAt')).value).toEqual(new Date(rows[i]!.createdAt));
    }
  });

  it('fails loudly rather than write a zip whose sizes or offsets overflow 32 bits (no Zip64)', () => {
    expect(() => assertZip32(0xffff_ffff, 'the sheet XML')).not.toThrow();
    expect(() => assertZip32(0x1_0000_0000, 'the sheet XML')).toThrow(/the sheet XML is 4294967296 bytes.*4 GiB/);
  });
});
