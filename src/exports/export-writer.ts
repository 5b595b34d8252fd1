import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { notOlderThan, olderThan, type Position } from '../platform/paging.js';
import type { DB, ExportFormat, StoredFilters } from '../platform/schema.js';
import { applyRecordFilters, type RecordFilters } from '../records/filters.js';
import { CREATED_AT_ISO, CREATED_AT_ISO_SQL, RECORD_VIEW_SELECT, recordViewAt } from '../records/view.js';
import { createChunkSink } from './chunk-sink.js';
import { CSV_HEADER, CSV_LINE } from './csv.js';
import { createXlsxWriter } from './xlsx.js';

/**
 * The writing of one export's file (DESIGN.md §10.2), apart from its bookkeeping so that it can run in
 * the server's thread (the embedded database) or in a worker thread of its own (PostgreSQL, see
 * export-thread.ts): records read in list order by batches, each batch into chunks stored in the
 * database (spec.chunkBytes; a CSV batch comes as its lines, made by the database: csv.ts; an XLSX batch
 * as rows, through the XLSX writer), progress written as it goes. Every write is fenced by the run's id:
 * a run whose export was taken over stops at its next write.
 *
 * The database's work overlaps the writer's: while a batch is written, the next ones are read and the
 * last full chunk is stored (a batch ahead, or two on two connections, and one store in flight).
 * Taking turns, a CSV export waited on the database for about half its time (bench/records.js).
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
  /** Bytes per stored chunk (chunk-sink.ts: CHUNK_BYTES, EMBEDDED_CHUNK_BYTES on the embedded database). */
  chunkBytes: number;
}

/** A run lost its job to another process (a takeover) or was told to stop: it writes nothing more. */
export class RunStopped extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RunStopped';
  }
}

const PROGRESS_EVERY_MS = 2_000;

/** One batch read: how many records, the last one's position (when read by keyset), and its writing into the file. */
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
  /**
   * A second connection, to read a batch beside the one being read on `db` whenever `when()` says so
   * (export-thread.ts: a CSV run while the server is not busy), so two database backends read and
   * format at once. Without it, or while `when()` is false, everything goes through `db`, a batch ahead.
   */
  second?: { db: Kysely<DB>; when: () => boolean },
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

  const sink = createChunkSink(storeChunk, spec.chunkBytes);
  const filters = toRecordFilters(spec.filters);
  /**
   * The records of the export after `upper` in the list's order (older than it; from the newest when
   * null): down to `lower` included when it is a position, to the oldest when null, at most a batch
   * when undefined.
   */
  const after = <O>(q: SelectQueryBuilder<DB, 'verification_records', O>, upper: Position | null, lower: Position | null | undefined) => {
    let filtered = applyRecordFilters(q.where('organisation_id', '=', spec.organisationId), filters);
    if (upper) filtered = filtered.where(olderThan(upper));
    if (lower) filtered = filtered.where(notOlderThan(lower));
    const ordered = filtered.orderBy('created_at', 'desc').orderBy('id', 'desc');
    return lower === undefined ? ordered.limit(spec.batchRows) : ordered;
  };

  /**
   * Each batch starts after the last record of the one before. Read one at a time, a batch is the next
   * batchRows records by keyset, and its last record is known when it comes. Read two at a time (`second`),
   * the next batch's range must be known before this one comes: its end, the batchRows-th record after
   * this one's, is found first (reading only instants and ids, nothing formatted), and the batch reads its whole
   * range, so a record that arrived inside it since (a settlement whose instant is before the export's
   * `to`) is written, not skipped.
   */
  const endOfBatchAfter = async (on: Kysely<DB>, upper: Position | null): Promise<Position | null> => {
    const row = await after(on.selectFrom('verification_records').select(['created_at', 'id']), upper, null)
      .offset(spec.batchRows - 1)
      .limit(1)
      .executeTakeFirst();
    return row ? { createdAt: new Date(row.created_at), id: row.id } : null;
  };

  // A reader answers with the batch's size, its last record's position when read by keyset, and how to write it.
  let read: (on: Kysely<DB>, upper: Position | null, lower: Position | null | undefined) => Promise<Batch>;
  let end: () => Promise<void>;
  if (spec.format === 'csv') {
    await sink.write(CSV_HEADER);
    // The lines are made by PostgreSQL (CSV_LINE) and come as one text a batch.
    read = async (on, upper, lower) => {
      const lines = after(on.selectFrom('verification_records').select(['id', 'created_at', CSV_LINE.as('line')]), upper, lower);
      const lastOf = (column: string) => sql<string | null>`(SELECT ${sql.raw(column)} FROM batch ORDER BY created_at, id LIMIT 1)`;
      const row = await on
        .with('batch', () => lines)
        .selectFrom('batch')
        .select([
          sql<number>`count(*)::integer`.as('rows'),
          sql<string | null>`string_agg(line, '' ORDER BY created_at DESC, id DESC)`.as('text'),
          (lower === undefined ? lastOf('id') : sql<null>`NULL`).as('last_id'),
          (lower === undefined ? lastOf(CREATED_AT_ISO_SQL) : sql<null>`NULL`).as('last_created_iso'),
        ])
        .executeTakeFirstOrThrow();
      const text = row.text ?? '';
      const last = row.last_id !== null && row.last_created_iso !== null ? { createdAt: new Date(row.last_created_iso), id: row.last_id } : null;
      return { rows: row.rows, last, write: () => sink.write(text) };
    };
    end = async () => undefined;
  } else {
    const xlsx = createXlsxWriter(sink, new Date(spec.createdAt));
    // The columns of the view, created_at as text (CREATED_AT_ISO) and dropped from the select.
    const columns = RECORD_VIEW_SELECT.filter((c) => c !== 'created_at');
    read = async (on, upper, lower) => {
      const rows = await after(on.selectFrom('verification_records').select([...columns, CREATED_AT_ISO]), upper, lower).execute();
      const last = rows[rows.length - 1];
      return { rows: rows.length, last: last ? { createdAt: new Date(last.created_iso), id: last.id } : null, write: () => xlsx.addRows(rows.map((r) => recordViewAt(r, r.created_iso))) };
    };
    end = () => xlsx.end();
  }

  // The batches read ahead, in order, each with the connection it is read on (0: db, 1: the second) and
  // where it ends: a position or null (the last batch) when read as a range, undefined when read by
  // keyset (known when it comes). A read may fail while this run is stopping for another reason: never
  // unhandled.
  const connections = second ? [db, second.db] : [db];
  const ahead: Array<{ batch: Promise<Batch>; connection: number; lower: Position | null | undefined }> = [];
  let upper: Position | null = null;
  let lastIssued = false;
  const issue = async () => {
    for (;;) {
      const depth = second?.when() ? 2 : 1;
      if (lastIssued || ahead.length >= depth) return;
      const previous = ahead[ahead.length - 1];
      // A batch read by keyset is still coming: the next one starts where it ends.
      if (previous && previous.lower === undefined) return;
      const connection = ahead.some((a) => a.connection === 0) ? 1 : 0;
      const on = connections[connection]!;
      const lower = depth > 1 ? await endOfBatchAfter(on, upper) : undefined;
      const batch = read(on, upper, lower);
      batch.catch(() => undefined);
      ahead.push({ batch, connection, lower });
      if (lower !== undefined) {
        upper = lower;
        lastIssued = lower === null;
      }
    }
  };

  let processed = 0;
  let lastProgressAt = Date.now();
  let lastProgressRows = 0;
  let progressWrite: Promise<void> | null = null;
  await issue();
  while (ahead.length > 0) {
    if (isStopped()) throw new RunStopped('the run was told to stop');
    const batchStarted = performance.now();
    const { batch: reading, lower } = ahead.shift()!;
    const batch = await reading;
    if (lower === undefined) {
      // Read by keyset: the next batch starts after its last record; a short batch was the last.
      upper = batch.last;
      lastIssued = batch.rows < spec.batchRows || batch.last === null;
    }
    // The next batches are read while this one is written: PostgreSQL finds (and for a CSV formats)
    // those rows while this thread writes these.
    await issue();
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
    if (ahead.length === 0) break;
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
