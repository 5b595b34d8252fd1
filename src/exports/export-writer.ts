import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { olderThan, type Position } from '../platform/paging.js';
import type { DB, ExportFormat, StoredFilters } from '../platform/schema.js';
import { applyRecordFilters, type RecordFilters } from '../records/filters.js';
import { CREATED_AT_ISO, CREATED_AT_ISO_SQL, RECORD_VIEW_SELECT, recordViewAt } from '../records/view.js';
import { createChunkSink } from './chunk-sink.js';
import { CSV_HEADER, CSV_LINE } from './csv.js';
import { createXlsxWriter } from './xlsx.js';

/**
 * The writing of one export's file (DESIGN.md §10.2), apart from its bookkeeping so that it can run in
 * the server's thread (the embedded database) or in a worker thread of its own (PostgreSQL, see
 * export-thread.ts): records read in list order by keyset batches, each batch into ~1 MiB chunks stored
 * in the database (a CSV batch comes as its lines, made by the database: csv.ts; an XLSX batch as rows,
 * through the XLSX writer), progress written as it goes. Every write is fenced
 * by the run's id: a run whose export was taken over stops at its next write.
 *
 * The database's work overlaps the writer's: while a batch is formatted, the next one is read and the
 * last full chunk is stored (one query ahead and one store in flight on the run's connection). Taking
 * turns, a CSV export waited on the database for about half its time (bench/records.js).
 */

/** What a run needs to know of its export: all plain data, so it crosses to a worker thread. */
export interface ExportRunSpec {
  exportId: string;
  runId: string;
  organisationId: string;
  format: ExportFormat;
  filters: StoredFilters;
  /** The export's createdAt (ISO): the XLSX's fixed times, so a rewrite is byte for byte the same. */
  createdAt: string;
  /** The count made when the run began, for the progress percentage. */
  rowCount: number;
  batchRows: number;
}

/** A run lost its job to another process (a takeover) or was told to stop: it writes nothing more. */
export class RunStopped extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RunStopped';
  }
}

const PROGRESS_EVERY_MS = 2_000;

/** One batch read: how many records, the last one's position (the next batch's keyset), and its writing into the file. */
interface Batch {
  rows: number;
  last: Position | null;
  write: () => Promise<void>;
}

/** Filters as stored (normalised, snapshot `to`) back to the filters the WHERE builder takes. */
export function toRecordFilters(f: StoredFilters): RecordFilters {
  return {
    environment: f.environment,
    ...(f.type ? { type: f.type } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.apiKeyId ? { apiKeyId: f.apiKeyId } : {}),
    ...(f.from ? { from: new Date(f.from) } : {}),
    to: new Date(f.to),
  };
}

/** Writes the file of a run; resolves to the rows written and the file's size. Throws RunStopped when fenced or stopped. */
export async function writeExportFile(
  db: Kysely<DB>,
  spec: ExportRunSpec,
  isStopped: () => boolean,
  /** Called after each batch with the time it took; may wait to give the machine back to requests (export-thread.ts). */
  pace: (batchMs: number) => Promise<void> = async () => undefined,
): Promise<{ processed: number; size: number }> {
  const { exportId, runId } = spec;

  const storeChunk = async (seq: number, bytes: Buffer): Promise<void> => {
    const res = await sql`
      INSERT INTO export_chunks (export_id, run_id, seq, bytes)
      SELECT ${exportId}, ${runId}, ${seq}::integer, ${bytes}::bytea
      WHERE EXISTS (SELECT 1 FROM exports WHERE id = ${exportId} AND run_id = ${runId} AND status = 'RUNNING')`.execute(db);
    if (Number(res.numAffectedRows ?? 0n) === 0) throw new RunStopped('the export was taken over by another run');
  };

  const writeProgress = async (processed: number): Promise<void> => {
    const progress = spec.rowCount === 0 ? 0 : Math.min(99, Math.floor((100 * processed) / spec.rowCount));
    const res = await db
      .updateTable('exports')
      .set({ processed_rows: processed, progress })
      .where('id', '=', exportId)
      .where('run_id', '=', runId)
      .where('status', '=', 'RUNNING')
      .executeTakeFirst();
    if (res.numUpdatedRows === 0n) throw new RunStopped('the export was taken over by another run');
  };

  const sink = createChunkSink(storeChunk);
  const filters = toRecordFilters(spec.filters);
  /** The records of the export after a position, in the list's order, at most a batch of them. */
  const page = <O>(q: SelectQueryBuilder<DB, 'verification_records', O>, position: Position | null) => {
    let filtered = applyRecordFilters(q.where('organisation_id', '=', spec.organisationId), filters);
    if (position) filtered = filtered.where(olderThan(position));
    return filtered.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(spec.batchRows);
  };

  // Each batch is the next page of the list's order, read by keyset from the last row of the one before.
  // A reader answers with the batch's size, its last row's position, and how to write it.
  let readBatch: (position: Position | null) => Promise<Batch>;
  let end: () => Promise<void>;
  if (spec.format === 'csv') {
    await sink.write(CSV_HEADER);
    // The lines are made by PostgreSQL (CSV_LINE) and come as one text a batch.
    readBatch = async (position) => {
      const lines = page(db.selectFrom('verification_records').select(['id', 'created_at', CSV_LINE.as('line')]), position);
      const row = await db
        .with('batch', () => lines)
        .selectFrom('batch')
        .select([
          sql<number>`count(*)::integer`.as('rows'),
          sql<string | null>`string_agg(line, '' ORDER BY created_at DESC, id DESC)`.as('text'),
          sql<string | null>`(SELECT id FROM batch ORDER BY created_at, id LIMIT 1)`.as('last_id'),
          sql<string | null>`(SELECT ${sql.raw(CREATED_AT_ISO_SQL)} FROM batch ORDER BY created_at, id LIMIT 1)`.as('last_created_iso'),
        ])
        .executeTakeFirstOrThrow();
      const text = row.text ?? '';
      return {
        rows: row.rows,
        last: row.last_id !== null && row.last_created_iso !== null ? { createdAt: new Date(row.last_created_iso), id: row.last_id } : null,
        write: () => sink.write(text),
      };
    };
    end = async () => undefined;
  } else {
    const xlsx = createXlsxWriter(sink, new Date(spec.createdAt));
    // The columns of the view, created_at as text (CREATED_AT_ISO) and dropped from the select.
    const columns = RECORD_VIEW_SELECT.filter((c) => c !== 'created_at');
    readBatch = async (position) => {
      const rows = await page(db.selectFrom('verification_records').select([...columns, CREATED_AT_ISO]), position).execute();
      const last = rows[rows.length - 1];
      return {
        rows: rows.length,
        last: last ? { createdAt: new Date(last.created_iso), id: last.id } : null,
        write: () => xlsx.addRows(rows.map((r) => recordViewAt(r, r.created_iso))),
      };
    };
    end = () => xlsx.end();
  }
  // Read ahead (below), a batch may fail while this run is stopping for another reason: never unhandled.
  const readAhead = (position: Position | null) => {
    const read = readBatch(position);
    read.catch(() => undefined);
    return read;
  };

  let next: Promise<Batch> | null = readAhead(null);
  let processed = 0;
  let lastProgressAt = Date.now();
  let lastProgressRows = 0;
  let progressWrite: Promise<void> | null = null;
  while (next) {
    if (isStopped()) throw new RunStopped('the run was told to stop');
    const batchStarted = performance.now();
    const batch: Batch = await next;
    // The next batch is read while this one is written: PostgreSQL finds (and for a CSV formats) those
    // rows while this thread writes these (one query queued ahead on the connection, at most two batches held).
    next = batch.rows === spec.batchRows && batch.last ? readAhead(batch.last) : null;
    if (batch.rows > 0) {
      await batch.write();
      processed += batch.rows;
      // At least every 5,000 rows (a batch is at most that) or 2 s. Not waited for: it is queued on the
      // connection behind the chunk being stored, and the next batch is formatted meanwhile. Its answer
      // (a takeover stops the run) is taken before the next progress write or at the end.
      if (processed - lastProgressRows >= Math.min(5_000, spec.batchRows) || Date.now() - lastProgressAt >= PROGRESS_EVERY_MS) {
        if (progressWrite) await progressWrite;
        progressWrite = writeProgress(processed);
        progressWrite.catch(() => undefined);
        lastProgressAt = Date.now();
        lastProgressRows = processed;
      }
    }
    if (!next) break;
    await pace(performance.now() - batchStarted);
    // Let the event loop run between batches: on the embedded database every query resolves without
    // one, and an export would hold the server's thread (no request answered) until it ended.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (progressWrite) await progressWrite;
  await end();
  const { size } = await sink.end();
  return { processed, size };
}
