import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { JobContext } from '../jobs/jobs.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Clock } from '../platform/clock.js';
import { AppError, notFound, validationError } from '../platform/errors.js';
import type { IdGenerator } from '../platform/ids.js';
import type { Logger } from '../platform/logger.js';
import { decodeCursor, olderThan, pageLimit, toPage } from '../platform/paging.js';
import type { DB, ExportFormat, ExportsTable, StoredFilters } from '../platform/schema.js';
import { applyRecordFilters, parseRecordFilterQuery, parseRecordFiltersBody, type RecordFilterQueryInput, type RecordFilters, type RecordFiltersBodyInput } from '../records/filters.js';
import { CHUNK_BYTES, EMBEDDED_CHUNK_BYTES } from './chunk-sink.js';
import { CSV_HEADER } from './csv.js';
import { writeExportFileInThread, type WriterThread } from './export-thread.js';
import { RunStopped, toRecordFilters, writeExportFile, type ExportRunSpec } from './export-writer.js';
import { purgeInBatches, type PurgeOptions } from '../platform/purge.js';

/** The kind of the queued job that writes an export (src/jobs/). */
export const EXPORT_JOB_KIND = 'export.write';
/** A completed file is kept this long (DESIGN.md §10.2). */
export const EXPORT_TTL_MS = 7 * 24 * 3600 * 1000;
/** A job row is deleted this long after it was requested. */
export const EXPORT_RETENTION_MS = 90 * 24 * 3600 * 1000;
/** The takeover that fails the job (the third). */
export const MAX_TAKEOVERS = 3;
/** Records read per keyset batch; progress is written after each (so at least every 5,000 rows). */
export const EXPORT_BATCH_ROWS = 5_000;
/**
 * On the embedded database a batch's query runs in the server's thread: 5,000 records held it 260–360 ms
 * a batch, 1,000 records 60–130 ms, for about the same speed (100,000 records, 2026-11-29). With its
 * smaller chunks (EMBEDDED_CHUNK_BYTES), no request waits behind an export for long.
 */
export const EMBEDDED_EXPORT_BATCH_ROWS = 1_000;
const RETRY_AFTER_SECONDS = 30;
/** Indicative bytes per data row, for the estimate (measured on sandbox records). */
const AVERAGE_ROW_BYTES: Record<ExportFormat, number> = { csv: 240, xlsx: 110 };
const HEADER_BYTES: Record<ExportFormat, number> = { csv: CSV_HEADER.length, xlsx: 6_000 };

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ExportView {
  id: string;
  status: ExportsTable['status'];
  format: ExportFormat;
  filters: StoredFilters;
  rowCount: number;
  processedRows: number;
  progress: number;
  fileName: string | null;
  fileSize: number | null;
  downloadUrl: string | null;
  error: { code: string; message: string } | null;
  requestedBy: string;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  expiresAt: string | null;
}

type ExportRow = Selectable<ExportsTable>;

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

/** The error of EXPORT_NOT_READY and EXPORT_EXPIRED. */
const notReady = (status: string) =>
  new AppError('EXPORT_NOT_READY', `This export is ${status}: its file can be downloaded once it is COMPLETED${status === 'FAILED' ? ' (a failed export has no file; request a new one)' : ''}`);
const expired = () => new AppError('EXPORT_EXPIRED', 'The file of this export has expired (files are kept 7 days); request a new export');

export interface ExportServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  ids: IdGenerator;
  queue: JobQueue;
  logger: Logger;
  /** The service codes a type filter may name (catalogue's SERVICE_CODES). */
  serviceCodes: readonly string[];
  /** EXPORT_MAX_ROWS and EXPORT_MAX_ACTIVE_PER_ORG (config.ts). */
  maxRows: number;
  maxActivePerOrg: number;
  /** Records per batch (tests make it small to see several batches). */
  batchRows?: number;
  /** PostgreSQL: files are written in a low-priority worker thread with its own connection (export-thread.ts); absent, in this thread. */
  writerThread?: WriterThread | null;
}

/**
 * Exports of verification records (DESIGN.md §10.2): the request with its snapshot and limits, the
 * views, the download stream, and the job that writes a file — streamed from keyset batches of
 * records through a CSV or XLSX writer into ~1 MiB chunks in the database.
 */
export function createExportService(deps: ExportServiceDeps) {
  const { clock, ids, queue, logger, serviceCodes } = deps;
  const db = deps.db;
  const batchRows = deps.batchRows ?? (deps.writerThread ? EXPORT_BATCH_ROWS : EMBEDDED_EXPORT_BATCH_ROWS);

  /** The view; a COMPLETED export whose expiresAt passed is shown EXPIRED before the sweeper gets to it. */
  function view(row: ExportRow, now = clock.now()): ExportView {
    const lapsed = row.status === 'COMPLETED' && row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime();
    const status = lapsed ? 'EXPIRED' : row.status;
    return {
      id: row.id,
      status,
      format: row.format,
      filters: row.filters,
      rowCount: row.row_count,
      processedRows: row.processed_rows,
      progress: row.progress,
      fileName: row.file_name,
      fileSize: row.file_size === null ? null : Number(row.file_size),
      downloadUrl: status === 'COMPLETED' ? `/v1/verifications/exports/${row.id}/download` : null,
      error: row.status === 'FAILED' ? { code: row.error_code ?? 'INTERNAL_ERROR', message: row.error_message ?? 'The export failed' } : null,
      requestedBy: row.requested_by,
      createdAt: new Date(row.created_at).toISOString(),
      startedAt: iso(row.started_at),
      completedAt: iso(row.completed_at),
      expiresAt: iso(row.expires_at),
    };
  }

  function count(trx: Kysely<DB>, organisationId: string, filters: RecordFilters): Promise<number> {
    const q = trx.selectFrom('verification_records').select((eb) => eb.fn.countAll<string | number>().as('n')).where('organisation_id', '=', organisationId);
    return applyRecordFilters(q as never, filters)
      .executeTakeFirstOrThrow()
      .then((r) => Number((r as { n: string | number }).n));
  }

  /** Filters of a request with the snapshot applied: an absent or future `to` is the request time. */
  function snapshot(filters: RecordFilters, now: Date, field: string): RecordFilters & { to: Date } {
    const to = filters.to === undefined || filters.to.getTime() > now.getTime() ? now : filters.to;
    if (filters.from && filters.from.getTime() >= to.getTime()) {
      throw validationError([{ field, message: 'must be before to (the time of the request when to is absent or in the future)' }], `${field} must be before to`);
    }
    return { ...filters, to };
  }

  async function find(organisationId: string, id: string): Promise<ExportRow> {
    const row = await db.selectFrom('exports').selectAll().where('id', '=', id).where('organisation_id', '=', organisationId).executeTakeFirst();
    if (!row) throw notFound('No export with this id');
    return row;
  }

  // ---------------------------------------------------------------- the job's run

  /** Claims the export for a new run: counts again, resets progress, clears any earlier run's chunks. Null: nothing to do. */
  async function begin(exportId: string, jobId: string): Promise<{ row: ExportRow; runId: string } | null> {
    return db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('exports').selectAll().where('id', '=', exportId).forUpdate().executeTakeFirst();
      if (!row || (row.status !== 'PENDING' && row.status !== 'RUNNING')) return null;
      const now = clock.now();
      // RUNNING with a run: its worker stopped renewing the lease (the process died). Handed back: run_id null.
      const takeover = row.status === 'RUNNING' && row.run_id !== null;
      const takeovers = row.takeovers + (takeover ? 1 : 0);
      await trx.deleteFrom('export_chunks').where('export_id', '=', exportId).execute();
      if (takeovers >= MAX_TAKEOVERS) {
        await trx
          .updateTable('exports')
          .set({
            status: 'FAILED',
            takeovers,
            run_id: null,
            completed_at: now,
            error_code: 'INTERNAL_ERROR',
            error_message: 'The export was interrupted three times (the process writing it stopped each time); request a new export',
          })
          .where('id', '=', exportId)
          .execute();
        logger.warn({ exportId, takeovers }, 'export failed after its third takeover');
        return null;
      }
      const rowCount = await count(trx, row.organisation_id, toRecordFilters(row.filters));
      const runId = randomBytes(12).toString('base64url');
      const updated = await trx
        .updateTable('exports')
        .set({ status: 'RUNNING', run_id: runId, takeovers, job_id: jobId, started_at: row.started_at ?? now, row_count: rowCount, processed_rows: 0, progress: 0 })
        .where('id', '=', exportId)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (takeover) logger.warn({ exportId, takeovers }, 'export taken over from a process that stopped renewing its lease; it starts again from zero');
      return { row: updated, runId };
    });
  }

  /** Writes the file of one claimed export; a run that was taken over or told to stop ends quietly. */
  async function run(exportId: string, context: JobContext): Promise<void> {
    const started = await begin(exportId, context.id);
    if (!started) return;
    const { row, runId } = started;
    const spec: ExportRunSpec = {
      exportId,
      runId,
      organisationId: row.organisation_id,
      format: row.format,
      filters: row.filters,
      createdAt: new Date(row.created_at).toISOString(),
      rowCount: row.row_count,
      batchRows,
      chunkBytes: deps.writerThread ? CHUNK_BYTES : EMBEDDED_CHUNK_BYTES,
    };
    try {
      const { processed, size } = deps.writerThread
        ? await writeExportFileInThread(deps.writerThread, spec, context.signal)
        : await writeExportFile(db, spec, () => context.signal.aborted);
      const now = clock.now();
      const done = await db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('exports')
          .set({
            status: 'COMPLETED',
            row_count: processed,
            processed_rows: processed,
            progress: 100,
            file_name: `verifications-${exportId}.${row.format}`,
            file_size: size,
            completed_at: now,
            expires_at: new Date(now.getTime() + EXPORT_TTL_MS),
          })
          .where('id', '=', exportId)
          .where('run_id', '=', runId)
          .where('status', '=', 'RUNNING')
          .executeTakeFirst();
        if (res.numUpdatedRows === 0n) return false;
        await trx.deleteFrom('export_chunks').where('export_id', '=', exportId).where('run_id', '<>', runId).execute();
        return true;
      });
      if (!done) throw new RunStopped('the export was taken over by another run');
    } catch (err) {
      if (err instanceof RunStopped || context.signal.aborted) {
        // Handed back (a stopping process): the next claim starts again without counting a takeover.
        await db
          .updateTable('exports')
          .set({ run_id: null, processed_rows: 0, progress: 0 })
          .where('id', '=', exportId)
          .where('run_id', '=', runId)
          .where('status', '=', 'RUNNING')
          .execute()
          .catch(() => undefined);
        return;
      }
      logger.error({ err, exportId }, 'export failed');
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('exports')
          .set({ status: 'FAILED', completed_at: clock.now(), error_code: 'INTERNAL_ERROR', error_message: 'The export could not be written; request a new export' })
          .where('id', '=', exportId)
          .where('run_id', '=', runId)
          .where('status', '=', 'RUNNING')
          .execute();
        await trx.deleteFrom('export_chunks').where('export_id', '=', exportId).execute();
      });
    }
  }

  return {
    /** POST /v1/verifications/exports: validates, snapshots, counts, checks the limits; the job is enqueued in the same transaction. */
    async request(actor: { id: string; organisationId: string }, body: { format: ExportFormat; filters?: RecordFiltersBodyInput }): Promise<ExportView> {
      const now = clock.now();
      const filters = snapshot(parseRecordFiltersBody(body.filters, serviceCodes, 'filters'), now, 'filters.from');
      const rowCount = await count(db, actor.organisationId, filters);
      if (rowCount > deps.maxRows) {
        throw validationError(
          [{ field: 'filters', message: `match ${rowCount} records; an export holds at most ${deps.maxRows}: narrow the filters (from, to, type …)` }],
          `The filters match ${rowCount} records; an export holds at most ${deps.maxRows}`,
        );
      }
      const stored: StoredFilters = {
        type: filters.type ?? null,
        status: filters.status ?? null,
        environment: filters.environment,
        apiKeyId: filters.apiKeyId ?? null,
        from: filters.from ? filters.from.toISOString() : null,
        to: filters.to.toISOString(),
      };
      const id = ids.next('exp');
      const row = await db.transaction().execute(async (trx) => {
        // One organisation's requests one at a time, so two cannot both take the last slot.
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`exports:${actor.organisationId}`}))`.execute(trx);
        const active = await trx
          .selectFrom('exports')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('organisation_id', '=', actor.organisationId)
          .where('status', 'in', ['PENDING', 'RUNNING'])
          .executeTakeFirstOrThrow();
        if (Number(active.n) >= deps.maxActivePerOrg) {
          throw new AppError('CONCURRENCY_LIMITED', `At most ${deps.maxActivePerOrg} exports may be pending or running for this organisation; retry once one has finished`, {
            headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
          });
        }
        const jobId = await queue.enqueue(trx as unknown as Kysely<DB>, { kind: EXPORT_JOB_KIND, payload: { exportId: id }, runAfter: now, maxAttempts: 10 });
        return trx
          .insertInto('exports')
          .values({
            id,
            organisation_id: actor.organisationId,
            requested_by: actor.id,
            format: body.format,
            filters: JSON.stringify(stored),
            status: 'PENDING',
            row_count: rowCount,
            job_id: jobId,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return view(row, now);
    },

    /** GET /v1/verifications/exports/{id}: 404 for another organisation's id exactly as for a missing one. */
    async get(organisationId: string, id: string): Promise<ExportView> {
      return view(await find(organisationId, id));
    },

    /** GET /v1/verifications/exports: newest first, cursor-paged. */
    async list(organisationId: string, query: { limit?: string; cursor?: string }): Promise<{ items: ExportView[]; nextCursor: string | null }> {
      const limit = pageLimit(query.limit);
      const position = decodeCursor(query.cursor);
      let q = db.selectFrom('exports').selectAll().where('organisation_id', '=', organisationId);
      if (position) q = q.where(olderThan(position));
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
      const now = clock.now();
      const page = toPage(rows, limit, (r) => ({ createdAt: new Date(r.created_at), id: r.id }));
      return { items: page.items.map((r) => view(r, now)), nextCursor: page.nextCursor };
    },

    /** GET /v1/verifications/export-estimate: the exact count now, as the export would count it. */
    async estimate(organisationId: string, query: RecordFilterQueryInput & { format?: ExportFormat }) {
      const { format, ...filterQuery } = query;
      const now = clock.now();
      const filters = snapshot(parseRecordFilterQuery(filterQuery, serviceCodes), now, 'from');
      const rowCount = await count(db, organisationId, filters);
      const f = format ?? 'csv';
      return { rowCount, estimatedBytes: HEADER_BYTES[f] + rowCount * AVERAGE_ROW_BYTES[f], maxRows: deps.maxRows, exceedsLimit: rowCount > deps.maxRows };
    },

    /** The file of a COMPLETED export as a stream of its chunks, read one at a time; 409 before, 410 after. */
    async download(organisationId: string, id: string): Promise<{ fileName: string; contentType: string; size: number; body: Readable }> {
      const row = await find(organisationId, id);
      const v = view(row);
      if (v.status === 'EXPIRED') throw expired();
      if (v.status !== 'COMPLETED') throw notReady(v.status);
      const runId = row.run_id!;
      async function* chunks() {
        for (let seq = 0; ; seq++) {
          const chunk = await db.selectFrom('export_chunks').select('bytes').where('export_id', '=', id).where('run_id', '=', runId).where('seq', '=', seq).executeTakeFirst();
          if (!chunk) return;
          const b = chunk.bytes;
          yield Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
        }
      }
      return { fileName: row.file_name!, contentType: CONTENT_TYPES[row.format], size: Number(row.file_size), body: Readable.from(chunks(), { objectMode: false }) };
    },

    run,

    /** COMPLETED → EXPIRED once expiresAt passed: the chunks deleted, fileName and fileSize kept. Also fails exports whose job is gone. */
    async expire(): Promise<number> {
      const now = clock.now();
      const expiredIds = await db.transaction().execute(async (trx) => {
        const rows = await trx.updateTable('exports').set({ status: 'EXPIRED' }).where('status', '=', 'COMPLETED').where('expires_at', '<=', now).returning('id').execute();
        const ids = rows.map((r) => r.id);
        if (ids.length > 0) await trx.deleteFrom('export_chunks').where('export_id', 'in', ids).execute();
        return ids;
      });
      // A job the queue gave up on (its attempts spent) leaves its export active: it failed.
      await db
        .updateTable('exports')
        .set({ status: 'FAILED', completed_at: now, run_id: null, error_code: 'INTERNAL_ERROR', error_message: 'The export could not be written; request a new export' })
        .where('status', 'in', ['PENDING', 'RUNNING'])
        .where('job_id', 'in', (eb) => eb.selectFrom('jobs').select('id').where('state', 'in', ['DONE', 'FAILED']))
        .execute();
      return expiredIds.length;
    },

    /** Deletes export rows (and any chunks) 90 days after they were requested. */
    async purge(options?: PurgeOptions): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - EXPORT_RETENTION_MS);
      // An export's chunks go with it (ON DELETE CASCADE): up to its whole file, so fewer at a time.
      return purgeInBatches(
        async (limit) => {
          const batch = db.selectFrom('exports').select('id').where('created_at', '<=', cutoff).orderBy('created_at').limit(limit);
          return (await db.deleteFrom('exports').where('id', 'in', batch).where('created_at', '<=', cutoff).executeTakeFirst()).numDeletedRows;
        },
        { batch: 50, ...options },
      );
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
