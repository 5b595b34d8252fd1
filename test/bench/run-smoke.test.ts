import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';

/**
 * `npm run bench` runs on either storage: its sandbox and live scenarios, one second each against the
 * built server (dist/, as `npm install` leaves it), end with every request answered 2xx and a report.
 * On the embedded database there are no statistics views to read from outside the server: the live
 * scenario measures without its table-writes probe (it once tried PostgreSQL's defaults and failed);
 * on PostgreSQL it reports the rows and the WAL a request wrote.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Json = Record<string, any>;

async function bench(databaseUrl: string, dataDirTemplate = ''): Promise<{ code: number | null; output: string; report: Json | null }> {
  const resultsDir = mkdtempSync(join(tmpdir(), 'idv-bench-smoke-'));
  dirs.push(resultsDir);
  const child = spawn(process.execPath, ['bench/run.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Both read by the bench: blank means the embedded database.
      BENCH_DATABASE_URL: databaseUrl,
      TEST_DATABASE_URL: '',
      BENCH_REDIS_URL: '',
      TEST_REDIS_URL: '',
      BENCH_SCENARIOS: 'idv-nin-sandbox,idv-nin-live',
      BENCH_DURATION: '1',
      BENCH_WARMUP: '0',
      BENCH_CONNECTIONS: '8',
      BENCH_RESULTS_DIR: resultsDir,
      BENCH_DATA_DIR_TEMPLATE: dataDirTemplate,
    },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  let report: Json | null = null;
  try {
    report = JSON.parse(readFileSync(join(resultsDir, 'latest.json'), 'utf8')) as Json;
  } catch {
    // No report: the assertions below say so, with the output.
  }
  return { code, output, report };
}

function expectMeasured(run: { code: number | null; output: string; report: Json | null }, storage: string) {
  expect(run.code, run.output).toBe(0);
  expect(run.report, run.output).not.toBeNull();
  const report = run.report!;
  expect(report.valid, run.output).toBe(true);
  for (const id of ['idv-nin-sandbox', 'idv-nin-live']) {
    const s = report.scenarios[id];
    expect(s, `${id} in the report`).toBeDefined();
    expect(s.storage).toBe(storage);
    expect(s.requestsTotal, id).toBeGreaterThan(0);
    expect([s.non2xx, s.errors], id).toEqual([0, 0]);
  }
  return report;
}

describe('npm run bench, its sandbox and live scenarios', () => {
  it('on the embedded database: measured, without the table-writes probe', async () => {
    // From the suite's migrated data directory, a copy of its files: a new one loads the build's seed
    // first (src/platform/pglite-seed.ts), and a first start on an empty directory is the Quick start's
    // test (test/browser/quickstart.test.ts).
    const run = await bench('', inject('pgliteDataDirTemplate') ?? '');
    const report = expectMeasured(run, 'pglite');
    expect(report.scenarios['idv-nin-live'].probed).toBeUndefined();
    expect(run.output).not.toMatch(/rows written per request/);
  }, 120_000);

  const pgTemplate = inject('pgTemplate');
  it.skipIf(!pgTemplate)('on PostgreSQL: measured, with the rows and the WAL a request wrote', async () => {
    const run = await bench(pgTemplate!.adminUrl);
    const report = expectMeasured(run, 'postgres');
    // The probe's figures, not their size: backends report their counts at most once a second, so after
    // a one-second run under the suite's load they may not all be in yet (the bench's own runs are 10 s).
    for (const id of ['idv-nin-sandbox', 'idv-nin-live']) {
      const probed = report.scenarios[id].probed;
      expect(probed, `${id}: the table-writes probe`).toBeDefined();
      expect(typeof probed.rowWrites).toBe('number');
      expect(typeof probed.commitsPerRequest).toBe('number');
      expect(Object.keys(probed.wal).sort()).toEqual(['bytes', 'fullPages', 'records']);
    }
    expect(run.output.match(/rows written per request: [\d.]+/g)).toHaveLength(2);
    expect(run.output.match(/WAL per request: [\d,]+ bytes in [\d.]+ records/g)).toHaveLength(2);
  }, 120_000);
});
