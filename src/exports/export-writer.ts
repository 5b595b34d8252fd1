import { sql, type Kysely } from 'kysely';
import { olderThan } from '../platform/paging.js';
import type { DB, ExportFormat, StoredFilters } from '../platform/schema.js';
import { applyRecordFilters, type RecordFilters } from '../records/filters.js';
import { RECORD_VIEW_SELECT, recordView } from '../records/view.js';
import { createChunkSink } from './chunk-sink.js';
import { CSV_HEADER, csvLine } from './csv.js';
import { createXlsxWriter } from './xlsx.js';

/**
 * The writing of one export's file (DESIGN.md §10.2), apart from its bookkeeping so that it can run in
 * the server's thread (the embedded database) or in a worker thread of its own (PostgreSQL, see
 * export-thread.ts): records read in list order by keyset batches, each batch through the CSV or XLSX
 * writer into ~1 MiB chunks stored in the database, progress written as it goes. Every write is fenced
 * by the run's id: a run whose export was taken over stops at its next write.
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
  let write: (views: ReturnType<typeof recordView>[]) => Promise<void>;
  let end: () => Promise<void>;
  if (spec.format === 'csv') {
    await sink.write(CSV_HEADER);
    write = async (views) => {
      let text = '';
      for (const v of views) text += csvLine(v);
      await sink.write(text);
    };
    end = async () => undefined;
  } else {
    const xlsx = createXlsxWriter(sink, new Date(spec.createdAt));
    write = (views) => xlsx.addRows(views);
    end = () => xlsx.end();
  }

  let position: { createdAt: Date; id: string } | null = null;
  let processed = 0;
  let lastProgressAt = Date.now();
  let lastProgressRows = 0;
  for (;;) {
    if (isStopped()) throw new RunStopped('the run was told to stop');
    const batchStarted = performance.now();
    let q = db.selectFrom('verification_records').select([...RECORD_VIEW_SELECT]).where('organisation_id', '=', spec.organisationId);
    q = applyRecordFilters(q as never, filters) as typeof q;
    if (position) q = q.where(olderThan(position));
    const batch = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(spec.batchRows).execute();
    if (batch.length > 0) {
      await write(batch.map((r) => recordView(r)));
      processed += batch.length;
      const last = batch[batch.length - 1]!;
      position = { createdAt: new Date(last.created_at), id: last.id };
      // At least every 5,000 rows (a batch is at most that) or 2 s.
      if (processed - lastProgressRows >= Math.min(5_000, spec.batchRows) || Date.now() - lastProgressAt >= PROGRESS_EVERY_MS) {
        await writeProgress(processed);
        lastProgressAt = Date.now();
        lastProgressRows = processed;
      }
    }
    if (batch.length < spec.batchRows) break;
    await pace(performance.now() - batchStarted);
    // Let the event loop run between batches: on the embedded database every query resolves without
    // one, and an export would hold the server's thread (no request answered) until it ended.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await end();
  const { size } = await sink.end();
  return { processed, size };
}
