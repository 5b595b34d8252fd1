// A database at scale for `idv-nin-live-seeded` (issue 15): the rows a real live load wrote, copied by SQL
// until each table the live path writes holds about `rows` of them, spread over `orgs` other organisations
// (each with its wallet, services, keys and owner) and over time. Copies, not made-up rows: every column
// a later migration adds is copied with the rest, so the seed never falls behind the schema.
//
// Only what a copy must change is rewritten: primary and unique keys; the organisation (half stay with the
// demo organisation, the benchmark's own, the rest spread over the others); the time (spread back over what
// each table keeps: records and the journal 60 days, events 29 days, so no retention sweep deletes them
// during the run; the stored answers expire over the next 24 hours). Records get small transaction ids, so
// the analytics rollup counts them as long since compacted and does not read them all during the load;
// events are already fanned out; holds are settled ones. Then VACUUM (ANALYZE), as autovacuum leaves a
// table in steady state, and a CHECKPOINT, so the load does not pay for the seed's writes.
import autocannon from 'autocannon';
import pg from 'pg';
import { BenchError, int } from './lib.js';

/** How many source lookups to copy from (a real live load against the fresh database). */
const SOURCE_REQUESTS = 1_000;

/**
 * `request`: the live lookup of run.js (its setupRequest gives each a fresh Idempotency-Key). Returns
 * what was seeded: `{ rows: { table: count }, orgs, seconds }`.
 */
export async function seedAtScale(idv, request, { rows, orgs }) {
  const started = Date.now();
  // The source rows: real live lookups, each with its own key.
  const source = await autocannon({
    url: request.url,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections: 16,
    amount: SOURCE_REQUESTS,
    requests: [{ setupRequest: (req) => request.setupRequest({ ...req, headers: { ...req.headers } }) }],
  });
  const n = source.requests.total ?? SOURCE_REQUESTS;
  if (source.non2xx > 0 || source.errors > 0) throw new BenchError(`seeding: ${source.non2xx} of the ${n} source lookups were not 2xx`);

  const client = new pg.Client({ connectionString: idv.databaseUrl });
  await client.connect();
  try {
    const org = idv.demo.organisationId;
    const columns = async (table) =>
      (await client.query('SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position', [table])).rows.map(
        (r) => r.column_name,
      );
    const seeded = {};
    /** Copies the rows of `table` matching `where`, `copies` times (g.i = 1…copies), rewriting the columns of `set`. */
    const copy = async (table, { where, copies, set }) => {
      const cols = await columns(table);
      for (const c of Object.keys(set)) if (!cols.includes(c)) throw new BenchError(`seeding: ${table} has no column ${c}`);
      const res = await client.query(
        `INSERT INTO ${table} (${cols.join(', ')}) SELECT ${cols.map((c) => set[c] ?? `s.${c}`).join(', ')} ` +
          `FROM (SELECT * FROM ${table} WHERE ${where}) s, generate_series(1, ${copies}) AS g(i)`,
        [],
      );
      seeded[table] = (seeded[table] ?? 0) + res.rowCount;
      process.stdout.write(`\r  seeding: ${table} +${int(res.rowCount)}                    `);
    };
    const count = async (table, where) => Number((await client.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`)).rows[0].n);
    const copiesFor = async (table, where) => {
      const have = await count(table, where);
      if (have === 0) throw new BenchError(`seeding: the source lookups left no ${table} rows to copy`);
      return Math.max(1, Math.round(rows / have));
    };

    // The other organisations, each as the demo one is set up.
    const other = `'org_seed' || g.i`;
    await copy('organisations', { where: `id = '${org}'`, copies: orgs, set: { id: other, name: `'Seeded organisation ' || g.i` } });
    await copy('wallets', { where: `organisation_id = '${org}'`, copies: orgs, set: { organisation_id: other } });
    await copy('organisation_services', { where: `organisation_id = '${org}'`, copies: orgs, set: { organisation_id: other } });
    await copy('api_keys', {
      where: `organisation_id = '${org}'`,
      copies: orgs,
      set: { id: `s.id || '_' || g.i`, organisation_id: other, secret_hash: `sha256(s.secret_hash || convert_to(g.i::text, 'UTF8'))` },
    });
    await copy('users', { where: `organisation_id = '${org}'`, copies: orgs, set: { id: `s.id || '_' || g.i`, organisation_id: other, email: `g.i || '.' || s.email` } });

    // The hot tables: half the copies the demo organisation's, the rest spread over the others.
    const spread = `CASE WHEN g.i % 2 = 0 THEN s.organisation_id ELSE 'org_seed' || (1 + g.i % ${orgs}) END`;
    const back = (column, days, copies) => `s.${column} - (g.i * interval '${Math.floor((days * 86_400) / copies)} seconds')`;
    const live = `organisation_id = '${org}'`;
    let k = await copiesFor('verification_records', live);
    await copy('verification_records', {
      where: live,
      copies: k,
      set: { id: `s.id || '_' || g.i`, organisation_id: spread, created_at: back('created_at', 60, k), replay_of: 'NULL', created_xid: `(g.i::text)::xid8` },
    });
    k = await copiesFor('events', live);
    await copy('events', { where: live, copies: k, set: { id: `s.id || '_' || g.i`, organisation_id: spread, created_at: back('created_at', 29, k), fanned_out: 'true' } });
    k = await copiesFor('idempotency_requests', `${live} AND state = 'STORED'`);
    await copy('idempotency_requests', {
      where: `${live} AND state = 'STORED'`,
      copies: k,
      set: {
        organisation_id: spread,
        key_hash: `sha256(s.key_hash || convert_to(g.i::text, 'UTF8'))`,
        created_at: back('created_at', 1, k),
        expires_at: back('expires_at', 1, k),
      },
    });
    k = await copiesFor('holds', `${live} AND status <> 'HELD'`);
    await copy('holds', { where: `${live} AND status <> 'HELD'`, copies: k, set: { id: `s.id || '_' || g.i`, organisation_id: spread, created_at: back('created_at', 60, k), expires_at: back('expires_at', 60, k) } });
    k = await copiesFor('ledger_entries', `${live} AND operation_id IS NOT NULL AND cause <> 'ADJUSTMENT'`);
    await copy('ledger_entries', {
      where: `${live} AND operation_id IS NOT NULL AND cause <> 'ADJUSTMENT'`,
      copies: k,
      set: { id: `s.id || '_' || g.i`, organisation_id: spread, operation_id: `s.operation_id || '_' || g.i`, created_at: back('created_at', 60, k) },
    });
    process.stdout.write('\r  seeding: VACUUM (ANALYZE)                              ');
    await client.query('VACUUM (ANALYZE)');
    // Needs a superuser (or pg_checkpoint): without it the load may share the machine with the checkpointer.
    await client.query('CHECKPOINT').catch(() => undefined);
    process.stdout.write('\r');
    return { sourceLookups: n, orgs, rows: seeded, seconds: Math.round((Date.now() - started) / 1000) };
  } finally {
    await client.end();
  }
}

export function describeSeed(s) {
  const tables = ['verification_records', 'events', 'idempotency_requests', 'holds', 'ledger_entries'].map((t) => `${t} ${int(s.rows[t] ?? 0)}`).join(', ');
  return `  seeded in ${s.seconds} s from ${int(s.sourceLookups)} live lookups: ${int(s.orgs)} other organisations (wallet, services, keys, owner each); ${tables}`;
}
