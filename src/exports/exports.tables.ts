import type { ColumnType, Kysely } from 'kysely';
import type { DB } from '../platform/schema.js';

/** The tables of migrations/0012_exports.sql, added to the service's view of the database. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type ExportStatus = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';
export type ExportFormat = 'csv' | 'xlsx';

/** The normalised filters as stored and shown: absent ones null; environment and to always set. */
export interface StoredFilters {
  type: string[] | null;
  status: Array<'VERIFIED' | 'NOT_VERIFIED' | 'FAILED'> | null;
  environment: 'live' | 'test';
  apiKeyId: string | null;
  from: string | null;
  to: string;
}

export interface ExportsTable {
  id: string;
  organisation_id: string;
  requested_by: string;
  format: ExportFormat;
  filters: ColumnType<StoredFilters, string, string>;
  status: ExportStatus;
  row_count: number;
  processed_rows: ColumnType<number, number | undefined, number>;
  progress: ColumnType<number, number | undefined, number>;
  file_name: string | null;
  file_size: ColumnType<number | null, number | null | undefined, number | null>;
  error_code: string | null;
  error_message: string | null;
  run_id: string | null;
  takeovers: ColumnType<number, number | undefined, number>;
  job_id: string | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  expires_at: Timestamp | null;
}

export interface ExportChunksTable {
  export_id: string;
  run_id: string;
  seq: number;
  bytes: ColumnType<Uint8Array, Buffer | Uint8Array, Buffer | Uint8Array>;
}

export type ExportsDB = DB & { exports: ExportsTable; export_chunks: ExportChunksTable };

/** The database with the export tables (platform/schema.ts knows only the tables of other capabilities). */
export const withExportTables = (db: Kysely<DB>): Kysely<ExportsDB> => db.withTables<{ exports: ExportsTable; export_chunks: ExportChunksTable }>();
