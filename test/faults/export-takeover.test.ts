import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createHarness, createOrg, ownerEmailOf, OWNER_PASSWORD, signIn, type Harness, type SignedIn, type TestOrg } from '../helpers/harness.js';
import { closeRig, startRegistry, startServer, until, type Registry, type ServerProcess } from './fault-kit.js';

/**
 * DESIGN.md §10.2: a server killed (SIGKILL) in the middle of an export leaves a job that another
 * process takes over once the lease lapses, and completes from zero: the file is byte for byte the
 * one an uninterrupted export of the same records makes. Real `idv serve` processes on PostgreSQL.
 */
const postgres = backends().find((b) => b.name === 'postgres');
/** Enough rows that the export is still being written when it is killed (written in batches of 5,000). */
const ROWS = 150_000;
const LEASE_MS = 3_000;

describe.runIf(postgres)('faults: a server killed in the middle of an export [postgres]', () => {
  let h: Harness;
  let registry: Registry;
  let org: TestOrg;
  let owner: SignedIn;

  beforeAll(async () => {
    h = await createHarness(postgres!);
    registry = await startRegistry(0);
    org = await createOrg(h.services);
    owner = await signIn(h.app, await ownerEmailOf(h.services, org), OWNER_PASSWORD);
    // Test records, made by SQL (not the API): each a failed, uncharged call, identifiers masked as the pipeline masks them.
    await sql`
      INSERT INTO verification_records
        (id, organisation_id, type, endpoint, environment, verification_status, error_code, http_status, charged,
         charge_amount_kobo, reference_id, identifier_type, identifier_ciphertext, identifier_hash, identifier_masked,
         purpose, request_reason, api_key_id, request_id, duration_ms, replay_of, created_at)
      SELECT 'ver_fault' || lpad(i::text, 8, '0'), ${org.organisationId}, 'NIN_LOOKUP', '/v1/nin/raw/lookup', 'test',
             CASE WHEN i % 3 = 0 THEN NULL ELSE 'VERIFIED' END, CASE WHEN i % 3 = 0 THEN 'PROVIDER_TIMEOUT' END,
             CASE WHEN i % 3 = 0 THEN 504 ELSE 200 END, false, 0, CASE WHEN i % 3 = 0 THEN NULL ELSE 'ref-' || i END,
             'NIN', '\\x00'::bytea, decode(md5(i::text), 'hex'), '*******' || lpad((i % 10000)::text, 4, '0'),
             NULL, 'ACCOUNT_OPENING', ${org.testKeyId}, 'req_fault' || i, i % 500, NULL,
             now() - interval '1 hour' + i * interval '1 millisecond'
        FROM generate_series(1, ${ROWS}) AS i`.execute(h.database.db);
  }, 120_000);
  afterAll(async () => {
    await closeRig(h, registry);
  });

  const call = async (server: ServerProcess, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: { ...owner.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const state = async (id: string) =>
    (await sql<{ status: string; processed_rows: number; takeovers: number }>`SELECT status, processed_rows, takeovers FROM exports WHERE id = ${id}`.execute(h.database.db)).rows[0]!;

  it('another process takes the export over and writes the same file as an uninterrupted export', async () => {
    const env = { JOB_LEASE_MS: String(LEASE_MS) };
    const a = await startServer({ name: 'a', databaseUrl: postgres!.url!, registry, env });
    const filters = { environment: 'test', to: new Date().toISOString() };
    const created = await call(a, 'POST', '/v1/verifications/exports', { format: 'csv', filters });
    expect(created.status).toBe(202);
    const id = JSON.parse(created.bytes.toString()).data.id as string;

    // Killed once its worker has written part of the file (progress is stored every batch).
    await until('the export to be part-written', async () => {
      const s = await state(id);
      if (s.status === 'COMPLETED') throw new Error('the export completed before the kill: raise ROWS');
      return s.status === 'RUNNING' && s.processed_rows > 0 ? s : undefined;
    }, 60_000, 10);
    await a.kill();
    const killedAt = await state(id);
    expect(killedAt).toMatchObject({ status: 'RUNNING', takeovers: 0 });
    expect(killedAt.processed_rows).toBeLessThan(ROWS);

    // Another process takes it over once the lease lapsed, and starts the file again.
    const b = await startServer({ name: 'b', databaseUrl: postgres!.url!, registry, env });
    const done = await until('the export to complete on b', async () => {
      const s = await state(id);
      if (s.status === 'FAILED') throw new Error(`the export failed:\n${b.output()}`);
      return s.status === 'COMPLETED' ? s : undefined;
    }, 90_000, 100);
    expect(done).toMatchObject({ takeovers: 1, processed_rows: ROWS });
    const view = JSON.parse((await call(b, 'GET', `/v1/verifications/exports/${id}`)).bytes.toString()).data;
    expect(view).toMatchObject({ status: 'COMPLETED', rowCount: ROWS, processedRows: ROWS, progress: 100 });

    // The same records exported without interruption: the same bytes.
    const again = await call(b, 'POST', '/v1/verifications/exports', { format: 'csv', filters });
    const againId = JSON.parse(again.bytes.toString()).data.id as string;
    await until('the second export to complete', async () => ((await state(againId)).status === 'COMPLETED' ? true : undefined), 90_000, 100);
    const taken = await call(b, 'GET', `/v1/verifications/exports/${id}/download`);
    const clean = await call(b, 'GET', `/v1/verifications/exports/${againId}/download`);
    expect(taken.status).toBe(200);
    expect(taken.bytes.length).toBe(view.fileSize);
    expect(taken.bytes.equals(clean.bytes)).toBe(true);
    expect(taken.bytes.toString('utf8').split('\r\n').length).toBe(ROWS + 2); // header, rows, and the final CRLF
    // Only the finished run's chunks are kept.
    const runs = await sql<{ runs: number }>`SELECT count(DISTINCT run_id)::int AS runs FROM export_chunks WHERE export_id = ${id}`.execute(h.database.db);
    expect(runs.rows[0]!.runs).toBe(1);
  }, 240_000);
});
