import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../src/simulator/simulator.js';
import { TEST_DATA_KEY, TEST_JWT_SECRET, backends, createHarness, createOrg, fund, type Harness } from '../helpers/harness.js';
import { IDV_CLI, ROOT } from '../helpers/idv-process.js';

/**
 * A server killed with SIGKILL between the hold and the settlement: once its lease expires a retry
 * with the same Idempotency-Key runs, the orphan hold is released by the sweeper, and no money is lost
 * or taken twice. Real processes on PostgreSQL; short lease and hold timings so the test is quick.
 */
const postgres = backends().find((b) => b.name === 'postgres');
// The shortest lease config.ts accepts for a 2.5 s provider timeout (3 ×, DESIGN.md §1).
const PROVIDER_TIMEOUT_MS = 2_500;
const LEASE_MS = 3 * PROVIDER_TIMEOUT_MS;

describe.runIf(postgres)('a server killed mid-verification [postgres]', () => {
  let h: Harness;
  let simulator: Awaited<ReturnType<typeof startSimulator>>;
  const children: ChildProcessWithoutNullStreams[] = [];

  beforeAll(async () => {
    h = await createHarness(postgres!);
    // The registry answers slowly, so the first server is surely killed while its call is in flight.
    simulator = await startSimulator({ latencyMs: 1_500 });
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await simulator.app.close();
    await h.app.close();
    await h.database.close();
  });

  async function server(): Promise<{ child: ChildProcessWithoutNullStreams; base: string }> {
    const child = spawn(process.execPath, [IDV_CLI, 'serve'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: '0',
        METRICS_PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DATABASE_URL: postgres!.url!,
        REDIS_URL: '',
        JWT_SECRET: TEST_JWT_SECRET,
        DATA_ENCRYPTION_KEY: TEST_DATA_KEY.toString('base64'),
        IDENTITY_PROVIDER_URL: `${simulator.url}/identity`,
        PAYMENT_GATEWAY_URL: `${simulator.url}/gateway`,
        PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
        IDEMPOTENCY_LEASE_MS: String(LEASE_MS),
        HOLD_EXPIRY_MS: String(LEASE_MS + 2_000),
      },
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    for (let i = 0; i < 300; i++) {
      const m = /idv listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) return { child, base: m[1]! };
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start:\n${out}`);
  }

  const call = (base: string, key: string, idem: string) =>
    fetch(`${base}/v1/nin/raw/lookup`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', 'idempotency-key': idem },
      body: JSON.stringify({ nin: '11111111111', requestReason: 'ACCOUNT_OPENING' }),
    });

  const until = async <T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> => {
    const start = Date.now();
    while (Date.now() - start < timeoutMs) {
      const v = await fn();
      if (v !== undefined) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };

  it('loses no money, takes none twice, and the retry with the same key succeeds', async () => {
    const org = await createOrg(h.services);
    await fund(h.services, org.organisationId, 1_000);
    const idem = `crash-${Date.now()}`;
    const db = h.database.db;
    const wallet = () => db.selectFrom('wallets').select(['balance_kobo', 'held_kobo']).where('organisation_id', '=', org.organisationId).executeTakeFirstOrThrow();

    const a = await server();
    // The second server is up before the first dies, so the dead one's lease surely still stands when
    // b is first asked, however slowly a loaded machine starts a process.
    const b = await server();
    void call(a.base, org.liveKey, idem).catch(() => undefined);
    // The hold is placed and the registry call is in flight: kill the process there.
    await until('the hold', async () =>
      (await db.selectFrom('holds').select('id').where('organisation_id', '=', org.organisationId).where('status', '=', 'HELD').executeTakeFirst()) ?? undefined,
    );
    a.child.kill('SIGKILL');
    await new Promise((r) => a.child.once('exit', r));
    expect(await wallet()).toEqual({ balance_kobo: 100_000, held_kobo: 10_000 });
    expect(await db.selectFrom('verification_records').select('id').where('organisation_id', '=', org.organisationId).execute()).toEqual([]);

    // The dead process's lease still stands: the same key is in progress.
    expect((await call(b.base, org.liveKey, idem)).status).toBe(202);
    // Once it expires, the retry runs and is charged once.
    const answer = await until('the retry to run', async () => {
      const res = await call(b.base, org.liveKey, idem);
      return res.status === 200 ? ((await res.json()) as { data: { charged: boolean; chargeAmount: number } }) : undefined;
    });
    expect(answer.data).toMatchObject({ charged: true, chargeAmount: 100 });
    // The orphan hold is released by the sweeper after it expires.
    await until('the orphan hold to be released', async () => ((await wallet()).held_kobo === 0 ? true : undefined));
    expect(await wallet()).toEqual({ balance_kobo: 90_000, held_kobo: 0 });
    const holds = await db.selectFrom('holds').select('status').where('organisation_id', '=', org.organisationId).orderBy('created_at').execute();
    expect(holds.map((x) => x.status)).toEqual(['RELEASED', 'CAPTURED']);
    const debits = await db.selectFrom('ledger_entries').select('amount_kobo').where('organisation_id', '=', org.organisationId).where('type', '=', 'DEBIT').execute();
    expect(debits).toEqual([{ amount_kobo: -10_000 }]);
    // And a replay of the stored answer is the same body.
    const replay = await call(b.base, org.liveKey, idem);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    b.child.kill('SIGTERM');
  }, 90_000);
});
