import { constants as zlibConstants, deflateRawSync } from 'node:zlib';
import CRC32 from 'crc-32';
import { RECORD_COLUMNS, type RecordView } from '../records/view.js';

/**
 * The XLSX of DESIGN.md §10.2, written as a stream by hand: one sheet, `Verifications`; row 1 the
 * header, bold and frozen; typed cells; null an empty cell; every text an inline-string cell (ids never
 * become numbers, nothing is a formula, and no shared-string table grows with the row count).
 *
 * Rows become sheet XML that is deflated in fixed blocks as it comes and handed to the sink, whose
 * write is awaited: memory is one batch and one block, whatever the row count. Compression is zlib's
 * synchronous call on the calling thread (the export runs in a low-priority worker; async zlib would
 * run on libuv's shared pool at normal priority). The sheet's zip entry uses a data descriptor (CRC
 * and sizes after the data and in the central directory), since they are known only at the end.
 *
 * The file is byte for byte the same whenever it is written (a takeover restarts it from zero): the
 * workbook's dates and every zip entry's time are the export's createdAt, never the clock, and the
 * deflate blocks do not depend on how the rows were batched.
 */

export const XLSX_SHEET = 'Verifications';
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss.000';
export const XLSX_MONEY_FORMAT = '#,##0.00';

/** Where the file's bytes go; a write resolves once the bytes are accepted (the ChunkSink satisfies it). */
export interface ByteSink {
  write(bytes: Buffer): Promise<void>;
}

/** zlib level: on this XML, 1 deflates ~2.3× faster than the default 6 for ~15% more bytes (measured). */
const DEFLATE_LEVEL = 1;

/** The largest size or offset a zip without Zip64 records can hold. */
const ZIP32_MAX = 0xffff_ffff;

/**
 * Throws when a size or offset does not fit the 32-bit fields of a plain zip. This writer writes no
 * Zip64 records (1,000,000 rows are ~1 GB of sheet XML), so a larger file fails loudly instead of
 * being written corrupt.
 */
export function assertZip32(value: number, what: string): void {
  if (value > ZIP32_MAX) {
    throw new Error(`XLSX export too large: ${what} is ${value} bytes, over the 4 GiB (0xFFFFFFFF) a zip without Zip64 can hold`);
  }
}

// Cell styles: indexes into cellXfs of styles.xml below.
const STYLE_HEADER = 1;
const STYLE_DATE = 2;
const STYLE_MONEY = 3;

type Kind = 'date' | 'money' | 'int' | 'bool' | 'text';
const KIND: Partial<Record<(typeof RECORD_COLUMNS)[number], Kind>> = {
  createdAt: 'date',
  chargeAmount: 'money',
  httpStatus: 'int',
  durationMs: 'int',
  charged: 'bool',
};

function columnLetters(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

const COLUMNS = RECORD_COLUMNS.map((key, i) => ({ key, kind: KIND[key] ?? 'text', letter: columnLetters(i) }));
const WIDTH: Record<Kind, number> = { date: 24, money: 12, int: 12, bool: 12, text: 30 };

// Characters XML 1.0 forbids (C0 controls but tab, LF and CR; U+FFFE, U+FFFF): removed, so the file
// always opens. Lone surrogates need nothing here: UTF-8 encoding turns them into U+FFFD.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Whether xmlText has work to do: a scan, cheaper than a regex on the short values of a row. */
function needsEscape(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 ? c !== 9 && c !== 10 : c === 38 || c === 60 || c === 62 || c >= 0xfffe || (c === 95 && s.charCodeAt(i + 1) === 120)) return true;
  }
  return false;
}

/**
 * A value as XML text: invalid characters removed, & < > escaped, CR as a reference (a parser would
 * turn a literal one into LF), and a literal `_xHHHH_` guarded as `_x005F_xHHHH_` (Excel reads
 * `_xHHHH_` in a string as an escaped character, ECMA-376 ST_Xstring).
 */
function xmlText(s: string): string {
  if (!needsEscape(s)) return s;
  return s
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;')
    .replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_');
}

function xmlAttr(s: string): string {
  return xmlText(s).replace(/"/g, '&quot;');
}

function inlineString(ref: string, value: string, style = ''): string {
  // Leading or trailing whitespace would otherwise be dropped by readers.
  const preserve = value.length > 0 && (value.charCodeAt(0) <= 32 || value.charCodeAt(value.length - 1) <= 32);
  return `<c r="${ref}"${style} t="inlineStr"><is>${preserve ? '<t xml:space="preserve">' : '<t>'}${xmlText(value)}</t></is></c>`;
}

const MS_PER_DAY = 86_400_000;
/** 1970-01-01 as an Excel serial (1900 date system). */
const EPOCH_SERIAL = 25_569;

/** The XML of one data row. Null (and a non-finite number) is no cell at all. */
function rowXml(row: RecordView, r: number): string {
  let xml = `<row r="${r}">`;
  for (const col of COLUMNS) {
    const v = row[col.key];
    if (v === null || v === undefined) continue;
    const ref = col.letter + r;
    switch (col.kind) {
      case 'date': {
        const ms = Date.parse(v as string);
        if (Number.isFinite(ms)) xml += `<c r="${ref}" s="${STYLE_DATE}"><v>${ms / MS_PER_DAY + EPOCH_SERIAL}</v></c>`;
        break;
      }
      case 'money':
        if (Number.isFinite(v)) xml += `<c r="${ref}" s="${STYLE_MONEY}"><v>${v as number}</v></c>`;
        break;
      case 'int':
        if (Number.isFinite(v)) xml += `<c r="${ref}"><v>${v as number}</v></c>`;
        break;
      case 'bool':
        xml += `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
        break;
      default:
        xml += inlineString(ref, String(v));
    }
  }
  return `${xml}</row>`;
}

/**
 * Sheet XML bytes waiting to be deflated, encoded row by row into one reused buffer (one string per
 * batch would be a rope of ~200,000 pieces that outlives young-generation GC: measured, GC then
 * dominated the time).
 */
class Utf8Buffer {
  private buf = Buffer.allocUnsafe(1 << 20);
  length = 0;

  append(s: string): void {
    // UTF-8 needs at most 3 bytes per UTF-16 code unit.
    const need = this.length + s.length * 3;
    if (need > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(need, this.buf.length * 2));
      this.buf.copy(bigger, 0, 0, this.length);
      this.buf = bigger;
    }
    this.length += this.buf.write(s, this.length, 'utf8');
  }

  /** The bytes held (a view: valid until the next append or consume). */
  bytes(): Buffer {
    return this.buf.subarray(0, this.length);
  }

  /** Drops the first n bytes. */
  consume(n: number): void {
    this.buf.copyWithin(0, n, this.length);
    this.length -= n;
  }
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function sheetHeadXml(): string {
  const cols = COLUMNS.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${WIDTH[c.kind]}" customWidth="1"/>`).join('');
  const header = COLUMNS.map((c) => inlineString(`${c.letter}1`, c.key, ` s="${STYLE_HEADER}"`)).join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
    '<sheetViews><sheetView tabSelected="1" workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    '</sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${cols}</cols>` +
    `<sheetData><row r="1">${header}</row>`
  );
}

const SHEET_TAIL_XML = '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';

/** The package parts other than the sheet, in the order they are stored. */
function staticParts(createdAt: Date): Array<[string, string]> {
  // W3CDTF without milliseconds, as Excel writes it.
  const when = createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const ct = 'application/vnd.openxmlformats-officedocument';
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${ct}.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${ct}.spreadsheetml.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${ct}.spreadsheetml.styles+xml"/>` +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        `<Override PartName="/docProps/app.xml" ContentType="${ct}.extended-properties+xml"/>` +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/>` +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        `<Relationship Id="rId3" Type="${NS_REL}/extended-properties" Target="docProps/app.xml"/>` +
        '</Relationships>',
    ],
    [
      'docProps/app.xml',
      `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" ` +
        'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Application>idv</Application></Properties>',
    ],
    [
      'docProps/core.xml',
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
        'xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        '<dc:creator>idv</dc:creator><cp:lastModifiedBy>idv</cp:lastModifiedBy>' +
        `<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created>` +
        `<dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified>` +
        '</cp:coreProperties>',
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
        '<bookViews><workbookView activeTab="0"/></bookViews>' +
        `<sheets><sheet name="${xmlAttr(XLSX_SHEET)}" sheetId="1" r:id="rId1"/></sheets>` +
        '</workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    ],
    [
      'xl/styles.xml',
      `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">` +
        `<numFmts count="2"><numFmt numFmtId="164" formatCode="${xmlAttr(XLSX_DATE_FORMAT)}"/><numFmt numFmtId="165" formatCode="${xmlAttr(XLSX_MONEY_FORMAT)}"/></numFmts>` +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
        '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="4">' +
        '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
        `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
        `<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
        `<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
        '</cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        '</styleSheet>',
    ],
  ];
}

const SHEET_NAME = 'xl/worksheets/sheet1.xml';

/** MS-DOS time and date fields, from the UTC fields so the bytes never depend on the time zone. */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = d.getUTCFullYear();
  // DOS dates cover 1980–2107.
  if (!(year >= 1980)) return { time: 0, date: (1 << 5) | 1 };
  if (year > 2107) return { time: (23 << 11) | (59 << 5) | 29, date: (127 << 9) | (12 << 5) | 31 };
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

const FLAG_DATA_DESCRIPTOR = 0x0008;
const METHOD_DEFLATE = 8;
const VERSION = 20;

/**
 * Sheet XML is deflated in blocks of exactly this many bytes, whatever the batches: the compressed
 * bytes then depend on the rows alone, not on how they were batched (a takeover may batch differently).
 */
const BLOCK_BYTES = 1 << 20;

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function localHeader(e: Entry, dos: { time: number; date: number }): Buffer {
  const b = Buffer.alloc(30 + e.name.length);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(VERSION, 4);
  b.writeUInt16LE(e.flags, 6);
  b.writeUInt16LE(METHOD_DEFLATE, 8);
  b.writeUInt16LE(dos.time, 10);
  b.writeUInt16LE(dos.date, 12);
  // With a data descriptor these three are zero here and follow the data.
  b.writeUInt32LE(e.crc, 14);
  b.writeUInt32LE(e.compressed, 18);
  b.writeUInt32LE(e.size, 22);
  b.writeUInt16LE(e.name.length, 26);
  b.writeUInt16LE(0, 28);
  e.name.copy(b, 30);
  return b;
}

function centralHeader(e: Entry, dos: { time: number; date: number }): Buffer {
  const b = Buffer.alloc(46 + e.name.length);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(VERSION, 4);
  b.writeUInt16LE(VERSION, 6);
  b.writeUInt16LE(e.flags, 8);
  b.writeUInt16LE(METHOD_DEFLATE, 10);
  b.writeUInt16LE(dos.time, 12);
  b.writeUInt16LE(dos.date, 14);
  b.writeUInt32LE(e.crc, 16);
  b.writeUInt32LE(e.compressed, 20);
  b.writeUInt32LE(e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  // Extra, comment, disk number, internal and external attributes: all zero (Buffer.alloc).
  b.writeUInt32LE(e.offset, 42);
  e.name.copy(b, 46);
  return b;
}

/**
 * A streaming XLSX writer into `sink`: addRows per batch, each awaited, then end(). Memory is one
 * batch plus less than one block of XML, whatever the row count.
 */
export function createXlsxWriter(sink: ByteSink, createdAt: Date) {
  const dos = dosDateTime(createdAt);
  const entries: Entry[] = [];
  const sheet: Entry = { name: Buffer.from(SHEET_NAME), flags: FLAG_DATA_DESCRIPTOR, crc: 0, compressed: 0, size: 0, offset: 0 };
  const pending = new Utf8Buffer();
  let written = 0;
  let started = false;
  let busy = false;
  let ended = false;
  let failed = false;
  let nextRow = 2;

  const write = async (bytes: Buffer) => {
    written += bytes.length;
    assertZip32(written, 'the zip');
    await sink.write(bytes);
  };

  /**
   * Deflates the whole blocks of pending XML (with `last`, all of it and the final deflate block).
   * Each block is its own raw-deflate stream ended by Z_SYNC_FLUSH: byte-aligned and not final, so
   * the blocks concatenate into one valid stream.
   */
  const deflatePending = (last: boolean): Buffer[] => {
    const plain = pending.bytes();
    const out: Buffer[] = [];
    let at = 0;
    const deflate = (to: number, final: boolean) => {
      const block = plain.subarray(at, to);
      sheet.crc = CRC32.buf(block, sheet.crc);
      sheet.size += block.length;
      assertZip32(sheet.size, 'the sheet XML');
      const z = deflateRawSync(block, final ? { level: DEFLATE_LEVEL } : { level: DEFLATE_LEVEL, finishFlush: zlibConstants.Z_SYNC_FLUSH });
      sheet.compressed += z.length;
      out.push(z);
      at = to;
    };
    while (plain.length - at >= BLOCK_BYTES) deflate(at + BLOCK_BYTES, false);
    if (last) deflate(plain.length, true);
    pending.consume(at);
    return out;
  };

  /** The small parts and the sheet's local header, written once, on first use. */
  const start = async () => {
    started = true;
    const parts: Buffer[] = [];
    let offset = 0;
    for (const [name, xml] of staticParts(createdAt)) {
      const plain = Buffer.from(xml, 'utf8');
      const data = deflateRawSync(plain, { level: DEFLATE_LEVEL });
      const e: Entry = { name: Buffer.from(name), flags: 0, crc: CRC32.buf(plain) >>> 0, compressed: data.length, size: plain.length, offset };
      const header = localHeader(e, dos);
      parts.push(header, data);
      offset += header.length + data.length;
      entries.push(e);
    }
    sheet.offset = offset;
    entries.push(sheet);
    parts.push(localHeader(sheet, dos));
    pending.append(sheetHeadXml());
    await write(Buffer.concat(parts));
  };

  const guard = async (fn: () => Promise<void>): Promise<void> => {
    if (failed) throw new Error('XLSX writer: an earlier call failed, the file is incomplete');
    if (ended) throw new Error('XLSX writer: already ended');
    if (busy) throw new Error('XLSX writer: the previous call has not resolved yet');
    busy = true;
    try {
      if (!started) await start();
      await fn();
    } catch (err) {
      // Part of the file may have reached the sink: nothing more may be appended to it.
      failed = true;
      throw err;
    } finally {
      busy = false;
    }
  };

  return {
    /**
     * Adds a batch of rows; resolves once the sink has accepted the compressed blocks it completed
     * (less than one block of XML stays pending for the next call or end()).
     */
    addRows(rows: readonly RecordView[]): Promise<void> {
      return guard(async () => {
        for (const row of rows) pending.append(rowXml(row, nextRow++));
        const blocks = deflatePending(false);
        if (blocks.length > 0) await write(Buffer.concat(blocks));
      });
    },
    /** Writes the rest of the sheet, its data descriptor and the central directory. */
    end(): Promise<void> {
      return guard(async () => {
        ended = true;
        pending.append(SHEET_TAIL_XML);
        const blocks = deflatePending(true);
        sheet.crc >>>= 0;
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(sheet.crc, 4);
        descriptor.writeUInt32LE(sheet.compressed, 8);
        descriptor.writeUInt32LE(sheet.size, 12);
        const central = entries.map((e) => centralHeader(e, dos));
        const cdOffset = written + blocks.reduce((n, b) => n + b.length, 0) + descriptor.length;
        assertZip32(cdOffset, 'the central directory offset');
        const cdSize = central.reduce((n, b) => n + b.length, 0);
        const eocd = Buffer.alloc(22);
        eocd.writeUInt32LE(0x06054b50, 0);
        eocd.writeUInt16LE(entries.length, 8);
        eocd.writeUInt16LE(entries.length, 10);
        eocd.writeUInt32LE(cdSize, 12);
        eocd.writeUInt32LE(cdOffset, 16);
        await write(Buffer.concat([...blocks, descriptor, ...central, eocd]));
      });
    },
  };
}
