import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { SERVICE_CODES } from '../../src/catalogue/catalogue.js';
import { exportJobs } from '../../src/exports/exports.jobs.js';
import { writeExportFile } from '../../src/exports/export-writer.js';
import { createExportService, EXPORT_JOB_KIND, type ExportService } from '../../src/exports/exports.service.js';
import { createJobRunner } from '../../src/jobs/runner.js';
import type { Clock } from '../../src/platform/clock.js';
import { createLogger } from '../../src/platform/logger.js';
import { RECORD_COLUMN_TYPES } from '../../src/records/records.repository.js';
import { RECORD_COLUMNS } from '../../src/records/view.js';
import { addMember, createHarness, createOrg, describeEachBackend, lookup, ninBody, OWNER_PASSWORD, ownerEmailOf, signIn, type Harness, type SignedIn, type TestOrg } from '../helpers/harness.js';

/**
 * Exports over HTTP (DESIGN.md §10.2). The clock of this file runs a year ahead of real time: its jobs
 * are never due, nor their leases expired, for the job runners its other harnesses start on the same
 * database, so the workers here are the only ones that touch them. Each test drains what it starts.
 */
class AheadClock implements Clock {
  offsetMs = 365 * 24 * 3600 * 1000;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
}
const clock = new AheadClock();
const silent = createLogger('silent');

type Json = Record<string, any>;

/** A record's stored columns but its id: what a test copies to make more records by SQL. */
const COPIED_COLUMNS = Object.keys(RECORD_COLUMN_TYPES).filter((c) => c !== 'id');

/** A minimal RFC 4180 reader, for reading the files back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += c;
  }
  if (field !== '' || row.length > 0) throw new Error('the file does not end with CRLF');
  return rows;
}

/** What a record field becomes in the CSV (DESIGN.md §10.2). */
function csvCell(column: string, value: unknown): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return String(value);
  if (column === 'chargeAmount') return (value as number).toFixed(2);
  if (typeof value === 'number') return String(value);
  const s = String(value);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

describeEachBackend(
  'exports of verification records',
  (h) => {
    const exportsOf = (x: Harness, options: { maxRows?: number; maxActivePerOrg?: number; batchRows?: number } = {}): ExportService =>
      createExportService({
        db: x.database.db,
        clock,
        ids: x.services.ids,
        queue: x.services.jobQueue,
        logger: silent,
        serviceCodes: SERVICE_CODES,
        maxRows: options.maxRows ?? 1_000_000,
        maxActivePerOrg: options.maxActivePerOrg ?? 2,
        // Small batches: several batches, progress writes and keyset steps even for a few records.
        batchRows: options.batchRows ?? 3,
        // As the server does: on PostgreSQL the file is written by the writer thread (at normal priority
        // here: a low one is starved by the parallel suites on a 2-core machine).
        writerThread: x.database.connectionUrl ? { databaseUrl: x.database.connectionUrl, nice: 0 } : null,
      });
    /** A worker as another `idv serve` process would run it: only the export job, under its own name. */
    const worker = (owner: string, options: { batchRows?: number } = {}) =>
      createJobRunner({ logger: silent, queue: h().services.jobQueue, periodic: [], queued: exportJobs(exportsOf(h(), options)).queued, owner });

    interface Tenant {
      org: TestOrg;
      owner: SignedIn;
    }
    async function tenant(records: number): Promise<Tenant> {
      const org = await createOrg(h().services);
      const owner = await signIn(h().app, await ownerEmailOf(h().services, org), OWNER_PASSWORD);
      for (let i = 0; i < records; i++) {
        const headers: Record<string, string> = i === 0 ? { 'x-request-id': '-cmd' } : i === 1 ? { 'x-sandbox-scenario': 'provider_error' } : {};
        const res = await lookup(h().app, org.testKey, ninBody(), headers);
        expect([200, 502]).toContain(res.statusCode);
      }
      return { org, owner };
    }
    const post = (who: SignedIn, body: unknown) => h().app.inject({ method: 'POST', url: '/v1/verifications/exports', headers: who.headers, payload: body as object });
    const get = (who: SignedIn, url: string) => h().app.inject({ method: 'GET', url, headers: who.headers });
    const drain = async () => {
      const w = worker('drain');
      while ((await w.runDue()) > 0);
    };

    it('CSV: PENDING, then a worker completes it; the file is the list, cell by cell, with the exact headers; a VIEWER requests and downloads', async () => {
      const t = await tenant(5);
      const viewer = await addMember(h().services, t.org, 'VIEWER');
      const who = await signIn(h().app, viewer.email, viewer.password);
      const before = clock.now();
      const res = await post(who, { format: 'csv', filters: { environment: 'test' } });
      expect(res.statusCode).toBe(202);
      const created = res.json().data;
      expect(res.headers.location).toBe(`/v1/verifications/exports/${created.id}`);
      expect(created).toMatchObject({
        id: expect.stringMatching(/^exp_/),
        status: 'PENDING',
        format: 'csv',
        filters: { type: null, status: null, environment: 'test', apiKeyId: null, from: null, to: expect.any(String) },
        rowCount: 5,
        processedRows: 0,
        progress: 0,
        fileName: null,
        fileSize: null,
        downloadUrl: null,
        error: null,
        requestedBy: viewer.id,
        startedAt: null,
        completedAt: null,
        expiresAt: null,
      });
      // The snapshot: an absent `to` is the time of the request.
      expect(new Date(created.filters.to).getTime()).toBeGreaterThanOrEqual(before.getTime());
      expect((await get(who, res.headers.location as string)).json().data.status).toBe('PENDING');
      const early = await get(who, `/v1/verifications/exports/${created.id}/download`);
      expect([early.statusCode, early.json().code]).toEqual([409, 'EXPORT_NOT_READY']);
      // A record settling after the request never enters the file.
      await lookup(h().app, t.org.testKey);

      expect(await worker('A').runDue()).toBe(1);
      const done = (await get(who, `/v1/verifications/exports/${created.id}`)).json().data;
      expect(done).toMatchObject({
        status: 'COMPLETED',
        rowCount: 5,
        processedRows: 5,
        progress: 100,
        fileName: `verifications-${created.id}.csv`,
        downloadUrl: `/v1/verifications/exports/${created.id}/download`,
        error: null,
      });
      expect(new Date(done.expiresAt).getTime() - new Date(done.completedAt).getTime()).toBe(7 * 24 * 3600 * 1000);
      expect(done.startedAt).not.toBeNull();

      const file = await get(who, done.downloadUrl);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toBe(`attachment; filename="verifications-${created.id}.csv"`);
      expect(file.headers['content-length']).toBe(String(done.fileSize));
      expect(file.headers['cache-control']).toBe('no-store');
      expect(file.rawPayload.length).toBe(done.fileSize);
      expect(file.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);

      const rows = parseCsv(file.rawPayload.toString('utf8'));
      expect(rows[0]).toEqual([...RECORD_COLUMNS]);
      const list = (await get(t.owner, `/v1/verifications?environment=test&limit=100&to=${encodeURIComponent(created.filters.to)}`)).json().data.items as Json[];
      expect(list).toHaveLength(5);
      expect(rows.slice(1)).toEqual(list.map((item) => RECORD_COLUMNS.map((c) => csvCell(c, item[c]))));
      // The formula guard, on a request id a caller chose.
      const guarded = rows.find((r) => r[RECORD_COLUMNS.indexOf('requestId')] === "'-cmd");
      expect(guarded).toBeDefined();
      // A call without a verdict: empty status, its error code.
      expect(rows.some((r) => r[RECORD_COLUMNS.indexOf('verificationStatus')] === '' && r[RECORD_COLUMNS.indexOf('errorCode')] === 'PROVIDER_ERROR')).toBe(true);

      // The list: newest first, every status.
      const listed = (await get(who, '/v1/verifications/exports?limit=1')).json().data;
      expect(listed.items.map((e: Json) => e.id)).toEqual([created.id]);
      expect(listed.nextCursor).toBeNull();
    });

    it('XLSX: read back with exceljs, typed cells and formats, bold frozen header, the rows of the list', async () => {
      const t = await tenant(4);
      const res = await post(t.owner, { format: 'xlsx', filters: { environment: 'test', status: ['VERIFIED'] } });
      expect(res.statusCode).toBe(202);
      const id = res.json().data.id;
      expect(res.json().data.filters.status).toEqual(['VERIFIED']);
      await worker('A').runDue();
      const done = (await get(t.owner, `/v1/verifications/exports/${id}`)).json().data;
      expect(done).toMatchObject({ status: 'COMPLETED', rowCount: 3, processedRows: 3, progress: 100, fileName: `verifications-${id}.xlsx` });
      const file = await get(t.owner, done.downloadUrl);
      expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(file.headers['content-length']).toBe(String(done.fileSize));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['Verifications']);
      const ws = wb.getWorksheet('Verifications')!;
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(RECORD_COLUMNS.map((_, i) => ws.getRow(1).getCell(i + 1).value)).toEqual([...RECORD_COLUMNS]);
      expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
      const list = (await get(t.owner, `/v1/verifications?environment=test&status=VERIFIED&to=${encodeURIComponent(done.filters.to)}`)).json().data.items as Json[];
      expect(ws.rowCount).toBe(1 + list.length);
      const col = (name: string) => RECORD_COLUMNS.indexOf(name as never) + 1;
      list.forEach((item, i) => {
        const row = ws.getRow(i + 2);
        expect(row.getCell(col('id')).value).toBe(item.id);
        expect(row.getCell(col('createdAt')).value).toEqual(new Date(item.createdAt));
        expect(row.getCell(col('createdAt')).numFmt).toBe('yyyy-mm-dd hh:mm:ss.000');
        expect(row.getCell(col('chargeAmount')).value).toBe(item.chargeAmount);
        expect(row.getCell(col('chargeAmount')).numFmt).toBe('#,##0.00');
        expect(row.getCell(col('httpStatus')).value).toBe(item.httpStatus);
        expect(row.getCell(col('durationMs')).value).toBe(item.durationMs);
        expect(row.getCell(col('charged')).value).toBe(false);
        expect(row.getCell(col('identifier')).value).toBe(item.identifier);
        expect(row.getCell(col('errorCode')).type).toBe(ExcelJS.ValueType.Null);
        expect(row.getCell(col('requestId')).value).toBe(item.requestId);
      });
    });

    it('a takeover: a worker that died mid-file is replaced; the file starts again and equals an uninterrupted one', async () => {
      const t = await tenant(7);
      // \`to\` is exclusive: a millisecond past the last record, which may share the clock's current millisecond.
      const to = new Date(clock.now().getTime() + 1).toISOString();
      const body = { format: 'csv', filters: { environment: 'test', to } };
      const plain = (await post(t.owner, body)).json().data.id;
      await worker('A').runDue();
      const interrupted = (await post(t.owner, body)).json().data.id;

      // A worker claims the job, writes part of the file, then its process dies (no renewal, no hand-back).
      const dead = await h().services.jobQueue.claim('dead-process', [EXPORT_JOB_KIND], 1, 60_000);
      expect(dead).toHaveLength(1);
      const db = h().database.db.withTables<{ exports: Json; export_chunks: Json }>();
      await db.updateTable('exports').set({ status: 'RUNNING', run_id: 'dead-run', started_at: clock.now(), processed_rows: 3, progress: 42 }).where('id', '=', interrupted).execute();
      await db.insertInto('export_chunks').values({ export_id: interrupted, run_id: 'dead-run', seq: 0, bytes: Buffer.from('half a file') }).execute();
      expect((await get(t.owner, `/v1/verifications/exports/${interrupted}`)).json().data).toMatchObject({ status: 'RUNNING', processedRows: 3, progress: 42 });

      // While its lease lasts nobody takes it; once it lapses (60 s), another process does.
      expect(await worker('B').runDue()).toBe(0);
      clock.advance(61_000);
      expect(await worker('B').runDue()).toBe(1);
      const done = (await get(t.owner, `/v1/verifications/exports/${interrupted}`)).json().data;
      expect(done).toMatchObject({ status: 'COMPLETED', rowCount: 7, processedRows: 7, progress: 100 });
      const a = await get(t.owner, `/v1/verifications/exports/${plain}/download`);
      const b = await get(t.owner, `/v1/verifications/exports/${interrupted}/download`);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      expect(parseCsv(b.rawPayload.toString('utf8'))).toHaveLength(8);
      // The dead run's chunks are gone.
      const left = await db.selectFrom('export_chunks').select('run_id').where('export_id', '=', interrupted).execute();
      expect(left.filter((c) => c.run_id === 'dead-run')).toEqual([]);
    });

    it('a run told to stop mid-file (its process shutting down) hands the export back: no takeover counted, and the next run writes the whole file', async () => {
      const t = await tenant(0);
      // 3,000 records by SQL (1,000 batches of 3), so the run is still writing when it is told to stop.
      await sql`
        INSERT INTO verification_records
          (id, organisation_id, type, endpoint, environment, verification_status, error_code, http_status, charged,
           charge_amount_kobo, reference_id, identifier_type, identifier_ciphertext, identifier_hash, identifier_masked,
           purpose, request_reason, api_key_id, request_id, duration_ms, replay_of, created_at)
        SELECT 'ver_stop' || lpad(i::text, 8, '0') || ${t.org.organisationId}, ${t.org.organisationId}, 'NIN_LOOKUP', '/v1/nin/raw/lookup', 'test',
               'VERIFIED', NULL, 200, false, 0, 'ref-' || i, 'NIN', '\\x00'::bytea, decode(md5(i::text), 'hex'), '*******1111',
               NULL, 'ACCOUNT_OPENING', ${t.org.testKeyId}, 'req_stop' || i, 5, NULL, ${clock.now()}::timestamptz - i * interval '1 millisecond'
          FROM generate_series(1, 3000) AS i`.execute(h().database.db);
      const id = (await post(t.owner, { format: 'csv', filters: { environment: 'test' } })).json().data.id;
      const db = h().database.db;
      const stop = new AbortController();
      const running = exportsOf(h()).run(id, { id: 'job-of-a-stopping-process', attempt: 1, signal: stop.signal });
      // Stop it once it has written some rows.
      for (;;) {
        const row = await db.selectFrom('exports').select(['processed_rows', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
        if (row.processed_rows > 0) break;
        expect(row.status).not.toBe('COMPLETED');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      stop.abort();
      await running;
      const back = await db.selectFrom('exports').select(['status', 'run_id', 'takeovers', 'processed_rows']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(back).toEqual({ status: 'RUNNING', run_id: null, takeovers: 0, processed_rows: 0 });
      // The queued job is still there: a worker runs it from zero (in batches of 500: 1,000 batches of 3
      // took over 30 s on a loaded CI machine, and this step is not about batching).
      expect(await worker('B', { batchRows: 500 }).runDue()).toBe(1);
      const done = (await get(t.owner, `/v1/verifications/exports/${id}`)).json().data;
      expect(done).toMatchObject({ status: 'COMPLETED', rowCount: 3000, processedRows: 3000 });
      const file = await get(t.owner, `/v1/verifications/exports/${id}/download`);
      expect(parseCsv(file.rawPayload.toString('utf8'))).toHaveLength(3001);
    });

    it('the third takeover fails the export with INTERNAL_ERROR and no file', async () => {
      const t = await tenant(2);
      const id = (await post(t.owner, { format: 'csv', filters: { environment: 'test' } })).json().data.id;
      const db = h().database.db.withTables<{ exports: Json }>();
      // Two takeovers already happened; the process of the third run dies too.
      await h().services.jobQueue.claim('dead-process', [EXPORT_JOB_KIND], 1, 60_000);
      await db.updateTable('exports').set({ status: 'RUNNING', run_id: 'third-run', takeovers: 2, started_at: clock.now() }).where('id', '=', id).execute();
      clock.advance(61_000);
      expect(await worker('B').runDue()).toBe(1);
      const failed = (await get(t.owner, `/v1/verifications/exports/${id}`)).json().data;
      expect(failed).toMatchObject({ status: 'FAILED', error: { code: 'INTERNAL_ERROR', message: expect.stringMatching(/three times/) }, downloadUrl: null, fileName: null });
      expect(failed.completedAt).not.toBeNull();
      const dl = await get(t.owner, `/v1/verifications/exports/${id}/download`);
      expect([dl.statusCode, dl.json().code]).toEqual([409, 'EXPORT_NOT_READY']);
    });

    it('expiry: 7 days after completion the file is gone (410), fileName and fileSize kept; the row is deleted after 90 days', async () => {
      const t = await tenant(1);
      const id = (await post(t.owner, { format: 'csv', filters: { environment: 'test' } })).json().data.id;
      await worker('A').runDue();
      const done = (await get(t.owner, `/v1/verifications/exports/${id}`)).json().data;
      expect(done.status).toBe('COMPLETED');
      clock.advance(7 * 24 * 3600 * 1000 + 1_000);
      // Access tokens last 15 minutes: sign in again at the new time.
      const owner = await signIn(h().app, await ownerEmailOf(h().services, t.org), OWNER_PASSWORD);
      // Past expiresAt the view says EXPIRED even before the sweeper ran.
      expect((await get(owner, `/v1/verifications/exports/${id}`)).json().data).toMatchObject({ status: 'EXPIRED', downloadUrl: null });
      const service = exportsOf(h());
      expect(await service.expire()).toBeGreaterThanOrEqual(1);
      const expired = (await get(owner, `/v1/verifications/exports/${id}`)).json().data;
      expect(expired).toMatchObject({ status: 'EXPIRED', downloadUrl: null, fileName: done.fileName, fileSize: done.fileSize, progress: 100 });
      const dl = await get(owner, `/v1/verifications/exports/${id}/download`);
      expect([dl.statusCode, dl.json().code]).toEqual([410, 'EXPORT_EXPIRED']);
      const chunks = await h().database.db.withTables<{ export_chunks: Json }>().selectFrom('export_chunks').select('seq').where('export_id', '=', id).execute();
      expect(chunks).toEqual([]);
      clock.advance(83 * 24 * 3600 * 1000);
      expect(await service.purge()).toBeGreaterThanOrEqual(1);
      const later = await signIn(h().app, await ownerEmailOf(h().services, t.org), OWNER_PASSWORD);
      const gone = await get(later, `/v1/verifications/exports/${id}`);
      expect([gone.statusCode, gone.json().code]).toEqual([404, 'NOT_FOUND']);
    });

    it('at most 2 active exports per organisation: the third is 429 CONCURRENCY_LIMITED with Retry-After 30', async () => {
      const t = await tenant(1);
      const body = { format: 'csv', filters: { environment: 'test' } };
      expect((await post(t.owner, body)).statusCode).toBe(202);
      expect((await post(t.owner, { ...body, format: 'xlsx' })).statusCode).toBe(202);
      const third = await post(t.owner, body);
      expect([third.statusCode, third.json().code, third.headers['retry-after']]).toEqual([429, 'CONCURRENCY_LIMITED', '30']);
      expect((await get(t.owner, '/v1/verifications/exports')).json().data.items).toHaveLength(2);
      await drain();
      expect((await post(t.owner, body)).statusCode).toBe(202);
      await drain();
    });

    it('validation: format, filters named in dots, unknown fields, from after to, and more rows than EXPORT_MAX_ROWS (400 with the count)', async () => {
      const t = await tenant(3);
      const bad = async (body: unknown) => {
        const res = await post(t.owner, body);
        expect(res.statusCode).toBe(400);
        return res.json().errors.map((e: Json) => e.field);
      };
      expect(await bad({})).toContain('format');
      expect(await bad({ format: 'pdf' })).toContain('format');
      expect(await bad({ format: 'csv', extra: 1 })).toEqual(expect.arrayContaining([expect.stringMatching(/extra|^$/)]));
      expect(await bad({ format: 'csv', filters: { type: ['NIN_LOOKUP', 'NOPE'] } })).toEqual(['filters.type.1']);
      expect(await bad({ format: 'csv', filters: { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' } })).toEqual(['filters.from']);
      expect(await bad({ format: 'csv', filters: { from: '2026-11-01' } })).toEqual(['filters.from']);
      // A limit of 2 rows, in another process on the same database.
      const small = await createHarness({ name: h().backend, open: async () => h().database }, { database: h().database, clock, settings: { exportMaxRows: 2 } });
      try {
        const res = await small.app.inject({ method: 'POST', url: '/v1/verifications/exports', headers: t.owner.headers, payload: { format: 'csv', filters: { environment: 'test' } } });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([{ field: 'filters', message: expect.stringContaining('3') }]);
        expect(res.json().message).toMatch(/3 records/);
        const est = await small.app.inject({ method: 'GET', url: '/v1/verifications/export-estimate?environment=test', headers: t.owner.headers });
        expect(est.json().data).toMatchObject({ rowCount: 3, maxRows: 2, exceedsLimit: true });
      } finally {
        await small.app.close();
      }
      // Zero rows is allowed: a header-only file.
      const empty = await post(t.owner, { format: 'csv', filters: { environment: 'test', type: ['BVN_LOOKUP'] } });
      expect([empty.statusCode, empty.json().data.rowCount]).toEqual([202, 0]);
      await drain();
      const file = await get(t.owner, `/v1/verifications/exports/${empty.json().data.id}/download`);
      expect(file.body).toBe(`${RECORD_COLUMNS.join(',')}\r\n`);
    });

    it('the estimate counts as the export would; its query is validated like a body', async () => {
      const t = await tenant(3);
      const est = await get(t.owner, '/v1/verifications/export-estimate?environment=test&format=xlsx');
      expect(est.statusCode).toBe(200);
      expect(est.json().data).toMatchObject({ rowCount: 3, maxRows: 1_000_000, exceedsLimit: false, estimatedBytes: expect.any(Number) });
      expect((await get(t.owner, '/v1/verifications/export-estimate')).json().data.rowCount).toBe(0);
      const failed = await get(t.owner, '/v1/verifications/export-estimate?environment=test&status=FAILED');
      expect(failed.json().data.rowCount).toBe(1);
      for (const [query, field] of [['foo=1', 'foo'], ['format=pdf', 'format'], ['from=2026-11-01', 'from'], ['type=NOPE', 'type']] as const) {
        const res = await get(t.owner, `/v1/verifications/export-estimate?${query}`);
        expect([query, res.statusCode]).toEqual([query, 400]);
        expect(JSON.stringify(res.json().errors)).toContain(field);
      }
      const list = await get(t.owner, '/v1/verifications/exports?limit=0');
      expect([list.statusCode, list.json().errors[0].field]).toEqual([400, 'limit']);
    });

    it('the file is the same whatever the batch size and however many batches are read ahead, records sharing an instant included', async () => {
      const t = await tenant(6);
      const db = h().database.db.withTables<{ exports: Json; export_chunks: Json; verification_records: Json }>();
      // Copies of two records under new ids: pairs and a triple that share an instant, ordered by id within it.
      const [first, second] = (await db.selectFrom('verification_records').select('id').where('organisation_id', '=', t.org.organisationId).orderBy('created_at').limit(2).execute()).map((r) => r.id as string);
      for (const [copy, of] of [[`${first}a`, first], [`${first}b`, first], [`${second}0`, second]]) {
        await sql`INSERT INTO verification_records (id, ${sql.raw(COPIED_COLUMNS.join(', '))}) SELECT ${copy}, ${sql.raw(COPIED_COLUMNS.join(', '))} FROM verification_records WHERE id = ${of}`.execute(h().database.db);
      }
      const to = new Date(clock.now().getTime() + 1).toISOString();

      for (const format of ['csv', 'xlsx'] as const) {
        const exportId = (await post(t.owner, { format, filters: { environment: 'test', to } })).json().data.id as string;
        const row = await db.selectFrom('exports').select(['filters', 'created_at']).where('id', '=', exportId).executeTakeFirstOrThrow();
        const files: string[] = [];
        // One ahead (by keyset), two (by ranges), and a server turning busy and idle between batches.
        for (const [batchRows, readAhead] of [[100, 1], [1, 1], [1, 2], [2, 2], [3, 1], [3, 2], [4, 2], [9, 2], [10, 1], [1, 'flip'], [2, 'flip'], [3, 'flip']] as const) {
          const runId = `run-${batchRows}-${readAhead}`;
          let calls = 0;
          const when = readAhead === 'flip' ? () => calls++ % 2 === 1 : () => readAhead === 2;
          await db.updateTable('exports').set({ status: 'RUNNING', run_id: runId }).where('id', '=', exportId).execute();
          const spec = { exportId, runId, organisationId: t.org.organisationId, format, filters: row.filters, createdAt: new Date(row.created_at).toISOString(), rowCount: 9, batchRows, chunkBytes: 700 };
          const written = await writeExportFile(h().database.db, spec, () => false, undefined, { db: h().database.db, when });
          expect(written.processed).toBe(9);
          const chunks = await db.selectFrom('export_chunks').select('bytes').where('export_id', '=', exportId).where('run_id', '=', runId).orderBy('seq').execute();
          files.push(Buffer.concat(chunks.map((c) => c.bytes as Buffer)).toString('base64'));
        }
        expect(new Set(files).size).toBe(1);
        // Handed back to its queued job, which writes it as any export.
        await db.updateTable('exports').set({ status: 'PENDING', run_id: null }).where('id', '=', exportId).execute();
        await drain();
        expect((await get(t.owner, `/v1/verifications/exports/${exportId}`)).json().data).toMatchObject({ status: 'COMPLETED', rowCount: 9 });
        if (format === 'csv') {
          // Every record once, in the list's order (newest first, then by id), copies beside their originals.
          const ids = parseCsv(Buffer.from(files[0]!, 'base64').toString('utf8')).slice(1).map((r) => r[0]);
          const list = (await get(t.owner, `/v1/verifications?environment=test&limit=100&to=${encodeURIComponent(to)}`)).json().data.items as Json[];
          expect(ids).toEqual(list.map((item) => item.id));
          expect(ids).toHaveLength(9);
          expect(ids.indexOf(`${first}b`)).toBe(ids.indexOf(`${first}a`) - 1);
        }
      }
    });

    it('chunks of 1 MiB on PostgreSQL (written in a thread) and of 256 KiB on the embedded database (written in the server\'s thread); the file is the list', async () => {
      const t = await tenant(1);
      // 1,499 copies of the one record, under new ids: a file of about 300 KiB.
      await sql`INSERT INTO verification_records (id, ${sql.raw(COPIED_COLUMNS.join(', '))})
        SELECT r.id || lpad(i::text, 4, '0'), ${sql.raw(COPIED_COLUMNS.map((c) => `r.${c}`).join(', '))}
        FROM verification_records r, generate_series(1, 1499) AS i WHERE r.organisation_id = ${t.org.organisationId}`.execute(h().database.db);
      const to = new Date(clock.now().getTime() + 1).toISOString();
      const id = (await post(t.owner, { format: 'csv', filters: { environment: 'test', to } })).json().data.id as string;
      await worker('A').runDue();
      const done = (await get(t.owner, `/v1/verifications/exports/${id}`)).json().data;
      expect(done).toMatchObject({ status: 'COMPLETED', rowCount: 1500, processedRows: 1500 });
      const db = h().database.db.withTables<{ export_chunks: Json }>();
      const sizes = (await db.selectFrom('export_chunks').select(sql<number>`length(bytes)`.as('size')).where('export_id', '=', id).orderBy('seq').execute()).map((c) => Number(c.size));
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(done.fileSize);
      expect(done.fileSize).toBeGreaterThan(256 * 1024);
      expect(done.fileSize).toBeLessThan(1024 * 1024);
      expect(sizes).toEqual(h().database.connectionUrl ? [done.fileSize] : [256 * 1024, done.fileSize - 256 * 1024]);
      const rows = parseCsv((await get(t.owner, done.downloadUrl)).rawPayload.toString('utf8'));
      expect(rows).toHaveLength(1501);
      expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(1500);
    });

    it("another organisation's export is 404 on every id route, exactly like a missing one", async () => {
      const t = await tenant(1);
      const other = await tenant(0);
      const id = (await post(t.owner, { format: 'csv', filters: { environment: 'test' } })).json().data.id;
      await drain();
      for (const path of [`/v1/verifications/exports/${id}`, `/v1/verifications/exports/${id}/download`]) {
        const theirs = await get(other.owner, path);
        const missing = await get(other.owner, path.replace(id, 'exp_01jdq8w2y3n4p5r6s7t8v9w0xa'));
        expect([theirs.statusCode, theirs.json().code, theirs.json().message]).toEqual([404, 'NOT_FOUND', missing.json().message]);
        expect(missing.statusCode).toBe(404);
      }
      expect((await get(other.owner, '/v1/verifications/exports')).json().data.items).toEqual([]);
      expect((await h().app.inject({ method: 'GET', url: `/v1/verifications/exports/${id}` })).statusCode).toBe(401);
    });
  },
  { clock },
);
