#!/usr/bin/env node
// `npm run bench:records`: records, exports and analytics at volume (issue 12, DESIGN.md §10), on
// PostgreSQL. One organisation is seeded with BENCH_RECORDS records (default 1,000,000) by a SQL
// generator, not the API, then, against the real server in a child process:
//   - the first page of GET /v1/verifications and a page deep in the cursor chain, with filters: p95;
//   - a 30-day analytics summary and a 30-day timeseries groupBy=type: p95;
//   - a CSV and an XLSX export of every record: rows/s and the server's RSS growth during each;
//   - the sandbox lookup throughput while an export runs, against without (same run, same server).
// Goals (issue 12) are printed beside each figure; a slow figure never fails the run, only a
// benchmark that could not run does.
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (without one it says so and skips), BENCH_RECORDS, BENCH_SAMPLES
// (requests per latency figure, default 200), BENCH_DURATION (s of each throughput window, default 8),
// BENCH_CONNECTIONS (default 64).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startIdv } from './idv.js';
import { BenchError, ensureDir, installSignalHandlers, int, loadSettings, machineInfo, measureLoad, round, runCleanups, signIn, sleep } from './lib.js';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const DAY_MS = 86_400_000;

/** The catalogue's service codes and one endpoint each (the seed needs plausible rows, not exact ones). */
const SERVICES = [
  ['NIN_LOOKUP', '/v1/nin/raw/lookup', 'NIN'],
  ['NIN_FACE_MATCH', '/v1/nin/face-match/lookup', 'NIN'],
  ['BVN_LOOKUP', '/v1/bvn/lookup', 'BVN'],
  ['BVN_FACE_VALIDATION', '/v1/bvn/face-validation', 'BVN'],
  ['TIN_VERIFICATION', '/v1/tin/verify', 'TIN'],
  ['TIN_VALIDATION', '/v1/tin/validate', 'TIN'],
  ['TIN_FROM_NIN', '/v1/tin/from-nin', 'NIN'],
  ['CAC_BASIC', '/v1/cac/basic', 'RC_NUMBER'],
  ['CAC_ADVANCE', '/v1/cac/advance', 'RC_NUMBER'],
  ['ENHANCED_PHONE_LOOKUP', '/v1/phone/enhanced-lookup', 'PHONE'],
];

/**
 * `count` live records of one organisation and key, spread evenly over the 60 days before now: 70 %
 * VERIFIED, 20 % NOT_VERIFIED (both charged ₦150), 10 % failed (503, not charged), every 50th a replay
 * of the record before it. One INSERT … SELECT generate_series per batch.
 */
async function seed(databaseUrl, { organisationId, apiKeyId }, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    const nowMs = Date.now();
    const spanMs = 60 * DAY_MS;
    const batch = 100_000;
    for (let lo = 1; lo <= count; lo += batch) {
      const hi = Math.min(count, lo + batch - 1);
      await client.query(
        `INSERT INTO verification_records
           (id, organisation_id, type, endpoint, environment, verification_status, error_code, http_status,
            charged, charge_amount_kobo, reference_id, identifier_type, identifier_ciphertext, identifier_hash,
            identifier_masked, purpose, request_reason, api_key_id, request_id, duration_ms, replay_of, created_at)
         SELECT 'ver_seed' || lpad(i::text, 10, '0'),
                $1,
                (ARRAY[${SERVICES.map(([c]) => `'${c}'`).join(',')}])[1 + i % 10],
                (ARRAY[${SERVICES.map(([, e]) => `'${e}'`).join(',')}])[1 + i % 10],
                'live',
                CASE WHEN i % 10 < 7 THEN 'VERIFIED' WHEN i % 10 < 9 THEN 'NOT_VERIFIED' END,
                CASE WHEN i % 10 = 9 THEN 'PROVIDER_UNAVAILABLE' END,
                CASE WHEN i % 10 = 9 THEN 503 ELSE 200 END,
                i % 10 < 9,
                CASE WHEN i % 10 < 9 THEN 15000 ELSE 0 END,
                CASE WHEN i % 10 < 9 THEN 'ref-' || i END,
                (ARRAY[${SERVICES.map(([, , t]) => `'${t}'`).join(',')}])[1 + i % 10],
                '\\x00'::bytea,
                decode(md5(i::text), 'hex'),
                '*******' || lpad((i % 10000)::text, 4, '0'),
                NULL, NULL,
                $2,
                'req_seed' || i,
                20 + i % 200,
                CASE WHEN i % 50 = 0 AND i > 1 THEN 'ver_seed' || lpad((i - 1)::text, 10, '0') END,
                to_timestamp(($3::bigint - (i::bigint * $4::bigint) / $5::bigint) / 1000.0)
           FROM generate_series($6::bigint, $7::bigint) AS i`,
        [organisationId, apiKeyId, nowMs, spanMs, count, lo, hi],
      );
      process.stdout.write(`\r  seeded ${int(hi)} / ${int(count)} records`);
    }
    // As autovacuum leaves immutable rows in steady state: statistics, and the visibility map set (index-only scans).
    await client.query('VACUUM (ANALYZE) verification_records');
    process.stdout.write(`\r  seeded ${int(count)} records in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await client.end();
  }
}


/** Sequential requests (one connection, nothing else running): p50, p95 and max in ms. */
async function latency(label, count, request) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await request(i);
    const body = await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new BenchError(`${label}: HTTP ${res.status} ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(times.at(-1)) };
}

/** The server's resident set size in MB, from /proc. */
function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : null;
}

/** Requests an export of every live record and waits for it, sampling the server's RSS every 100 ms. */
async function exportAll(base, token, pid, format, onRunning) {
  const auth = { authorization: `Bearer ${token}` };
  const rss0 = rssMb(pid);
  let rssMax = rss0;
  const sampler = setInterval(() => {
    const r = rssMb(pid);
    if (r !== null && r > rssMax) rssMax = r;
  }, 100);
  try {
    const created = await fetch(`${base}/v1/verifications/exports`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ format }),
    });
    const view = (await created.json()).data;
    if (created.status !== 202) throw new BenchError(`POST /v1/verifications/exports answered ${created.status}: ${JSON.stringify(view)}`);
    let current = view;
    let during = null;
    for (;;) {
      await sleep(200);
      current = (await (await fetch(`${base}/v1/verifications/exports/${view.id}`, { headers: auth })).json()).data;
      if (current.status === 'RUNNING' && onRunning && during === null) during = onRunning();
      if (current.status === 'COMPLETED' || current.status === 'FAILED') break;
    }
    if (current.status !== 'COMPLETED') throw new BenchError(`the ${format} export failed: ${JSON.stringify(current.error)}`);
    const seconds = (Date.parse(current.completedAt) - Date.parse(current.startedAt)) / 1000;
    const download = await fetch(`${base}${current.downloadUrl}`, { headers: auth });
    const bytes = (await download.arrayBuffer()).byteLength;
    if (bytes !== current.fileSize) throw new BenchError(`the ${format} download has ${bytes} bytes, the export view says ${current.fileSize}`);
    return {
      rows: current.rowCount,
      seconds: round(seconds),
      rowsPerSec: Math.round(current.rowCount / seconds),
      fileMb: round(current.fileSize / 1_048_576),
      rssGrowthMb: round(rssMax - rss0),
      during: during ? await during : null,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function main() {
  installSignalHandlers();
  const settings = loadSettings();
  if (!settings.databaseUrl) {
    console.log('records benchmark skipped: it runs on PostgreSQL; set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
    return;
  }
  const machine = machineInfo();
  console.log(`idv records benchmark — ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; ${int(RECORDS)} records, ${SAMPLES} requests per latency figure`);

  const idv = await startIdv(settings, { extraEnv: { LOG_LEVEL: 'warn' } });
  console.log(`storage: ${idv.storage.description}`);
  await seed(idv.databaseUrl, { organisationId: idv.demo.organisationId, apiKeyId: idv.liveKeyId }, RECORDS);
  const token = await signIn(idv.base, idv.demo.ownerEmail, idv.demo.ownerPassword);
  const get = (path) => fetch(`${idv.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const results = { records: RECORDS };

  // Pages: the first, with filters, and one about 100,000 records deep in the cursor chain.
  const filters = 'type=NIN_LOOKUP,BVN_LOOKUP&status=VERIFIED';
  results.firstPage = await latency('first page', SAMPLES, () => get(`/v1/verifications?limit=20&${filters}`));
  let cursor = null;
  for (let i = 0; i < 500; i++) {
    const page = (await (await get(`/v1/verifications?limit=100&${filters}${cursor ? `&cursor=${cursor}` : ''}`)).json()).data;
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  results.deepPage = await latency('deep page', SAMPLES, () => get(`/v1/verifications?limit=20&${filters}&cursor=${cursor}`));

  // Analytics over 30 days (about half the seeded records).
  const to = new Date().toISOString();
  const from = new Date(Date.now() - 30 * DAY_MS).toISOString();
  results.summary30d = await latency('summary', Math.ceil(SAMPLES / 4), () => get(`/v1/analytics/summary?from=${from}&to=${to}`));
  results.timeseries30d = await latency('timeseries', Math.ceil(SAMPLES / 4), () => get(`/v1/analytics/timeseries?interval=day&groupBy=type`));

  // Exports of every record, then the sandbox lookup's throughput without and during an export.
  const lookup = {
    url: `${idv.base}/v1/nin/raw/lookup`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': idv.testKey },
    body: JSON.stringify({ nin: '11111111111', requestReason: 'ACCOUNT_OPENING' }),
  };
  const load = () => measureLoad(lookup, { ...settings, warmupSec: 1, serverPid: idv.child.pid });
  results.csv = await exportAll(idv.base, token, idv.child.pid, 'csv');
  results.xlsx = await exportAll(idv.base, token, idv.child.pid, 'xlsx');
  // The export's writer yields the CPU to requests (a nice-10 thread): its speed is measured alone above,
  // and what it costs the API here, with a second XLSX export under load.
  // The same for a CSV export, whose lines PostgreSQL makes (src/exports/csv.ts): its work runs in the
  // database's backend at normal priority, not in the nice-10 thread, so it is measured too.
  const alone = await load();
  const underLoad = await exportAll(idv.base, token, idv.child.pid, 'xlsx', load);
  const csvUnderLoad = await exportAll(idv.base, token, idv.child.pid, 'csv', load);
  results.sandbox = {
    withoutExport: Math.round(alone.requestsPerSec),
    duringExport: underLoad.during ? Math.round(underLoad.during.requestsPerSec) : null,
    xlsxUnderLoad: { seconds: underLoad.seconds, rowsPerSec: underLoad.rowsPerSec },
    duringCsvExport: csvUnderLoad.during ? Math.round(csvUnderLoad.during.requestsPerSec) : null,
    csvUnderLoad: { seconds: csvUnderLoad.seconds, rowsPerSec: csvUnderLoad.rowsPerSec },
  };
  await runCleanups();

  const ratio = results.sandbox.duringExport ? round(results.sandbox.duringExport / results.sandbox.withoutExport) : null;
  const line = (label, figure, goal) => console.log(`  ${label.padEnd(44)} ${String(figure).padStart(12)}   goal ${goal}`);
  console.log('\nrecords, exports and analytics (PostgreSQL)');
  line('first page, 2 filters: p95 ms', results.firstPage.p95, '≤ 10');
  line('page ~100,000 deep, 2 filters: p95 ms', results.deepPage.p95, '≤ 10');
  line('analytics summary, 30 days: p95 ms', results.summary30d.p95, '≤ 100');
  line('timeseries, 30 days, groupBy=type: p95 ms', results.timeseries30d.p95, '≤ 100');
  line(`CSV export of ${int(results.csv.rows)} rows: rows/s`, int(results.csv.rowsPerSec), '≥ 100,000');
  line('  server RSS growth during it: MB', results.csv.rssGrowthMb, '≤ 256');
  line(`XLSX export of ${int(results.xlsx.rows)} rows: rows/s`, int(results.xlsx.rowsPerSec), '≥ 30,000');
  line('  server RSS growth during it: MB', results.xlsx.rssGrowthMb, '≤ 256');
  line('sandbox lookups/s during an XLSX export / without', `${int(results.sandbox.duringExport ?? 0)} / ${int(results.sandbox.withoutExport)}`, `ratio ≥ 0.8 (${ratio})`);
  line('  that XLSX export, under the load: rows/s', int(results.sandbox.xlsxUnderLoad.rowsPerSec), '(yields to requests)');
  const csvRatio = results.sandbox.duringCsvExport ? round(results.sandbox.duringCsvExport / results.sandbox.withoutExport) : null;
  line('sandbox lookups/s during a CSV export / without', `${int(results.sandbox.duringCsvExport ?? 0)} / ${int(results.sandbox.withoutExport)}`, `ratio ≥ 0.8 (${csvRatio})`);
  line('  that CSV export, under the load: rows/s', int(results.sandbox.csvUnderLoad.rowsPerSec), '(yields to requests)');

  const file = join(ensureDir(settings.resultsDir), `records-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ machine, results }, null, 2)}\n`);
  console.log(`\nresults: ${file}`);
}

main().catch(async (err) => {
  await runCleanups().catch(() => {});
  console.error(err instanceof BenchError ? `benchmark could not run: ${err.message}` : err);
  process.exit(1);
});
