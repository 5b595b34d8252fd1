import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { RECORD_COLUMNS, type RecordView } from '../records/view.js';

/**
 * The XLSX of DESIGN.md §10.2, written as a stream (exceljs's WorkbookWriter: each row is committed to
 * the zip as it is added; no shared strings, so nothing grows with the row count). One sheet,
 * `Verifications`; row 1 the header, bold and frozen; typed cells; null an empty cell; every text a
 * text cell (inline strings: ids never become numbers, nothing is a formula).
 *
 * The file is byte for byte the same whenever it is written (a takeover restarts it from zero): the
 * workbook's dates and every zip entry's time are the export's createdAt, never the clock.
 */

export const XLSX_SHEET = 'Verifications';
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss.000';
export const XLSX_MONEY_FORMAT = '#,##0.00';

type Zip = { append(source: unknown, data: Record<string, unknown>): unknown };

/** WorkbookWriter whose zip entries carry a fixed time (the constructor assigns `zip`; this setter wraps it). */
function stableWorkbookWriter(options: Record<string, unknown>, date: Date): ExcelJS.stream.xlsx.WorkbookWriter {
  const Base = ExcelJS.stream.xlsx.WorkbookWriter as unknown as new (o: Record<string, unknown>) => ExcelJS.stream.xlsx.WorkbookWriter;
  class Stable extends Base {}
  Object.defineProperty(Stable.prototype, 'zip', {
    configurable: true,
    get(this: { _stableZip: Zip }) {
      return this._stableZip;
    },
    set(this: { _stableZip: Zip }, zip: Zip) {
      const append = zip.append.bind(zip);
      zip.append = (source, data) => append(source, { ...data, date });
      this._stableZip = zip;
    },
  });
  return new Stable(options);
}

const TEXT_COLUMNS = new Set<string>(RECORD_COLUMNS.filter((c) => !['createdAt', 'httpStatus', 'charged', 'chargeAmount', 'durationMs'].includes(c)));

/** A streaming XLSX writer into `stream`; call addRow per record, then end(). */
export function createXlsxWriter(stream: Writable, createdAt: Date) {
  const workbook = stableWorkbookWriter({ stream, useStyles: true, useSharedStrings: false, created: createdAt, modified: createdAt, creator: 'idv', lastModifiedBy: 'idv' }, createdAt);
  const sheet = workbook.addWorksheet(XLSX_SHEET, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  sheet.columns = RECORD_COLUMNS.map((key) => ({
    key,
    width: key === 'createdAt' ? 24 : key === 'chargeAmount' || key === 'httpStatus' || key === 'durationMs' || key === 'charged' ? 12 : 30,
    ...(key === 'createdAt' ? { style: { numFmt: XLSX_DATE_FORMAT } } : key === 'chargeAmount' ? { style: { numFmt: XLSX_MONEY_FORMAT } } : {}),
  }));
  const header = sheet.addRow([...RECORD_COLUMNS]);
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.numFmt = 'General';
  });
  header.commit();

  return {
    addRow(r: RecordView): void {
      const values: Array<string | number | boolean | Date | null> = RECORD_COLUMNS.map((key) => {
        if (key === 'createdAt') return new Date(r.createdAt);
        const v = r[key];
        if (v === null) return null;
        if (TEXT_COLUMNS.has(key)) return String(v);
        return v;
      });
      sheet.addRow(values).commit();
    },
    async end(): Promise<void> {
      sheet.commit();
      await workbook.commit();
    },
  };
}
