import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/harness.js';

/**
 * Migration 0008 on a database that already has sessions and users (0001–0007 applied, then data):
 * signed-in sessions carry over to refresh_tokens, and the new address indexes hold on both back-ends.
 */
const MIGRATIONS = new URL('../../migrations/', import.meta.url);
const files = readdirSync(MIGRATIONS).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
const before0008 = files.filter((f) => f < '0008');
const the0008 = files.find((f) => f.startsWith('0008_'))!;
const read = (f: string) => readFileSync(new URL(f, MIGRATIONS), 'utf8');

interface Raw {
  exec(text: string): Promise<void>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

async function openRaw(backend: ReturnType<typeof backends>[number]): Promise<Raw> {
  if (backend.name === 'pglite') {
    const db = new PGlite();
    await db.waitReady;
    return {
      exec: async (text) => void (await db.exec(text)),
      query: async (text, params) => (await db.query(text, params)).rows as never,
      close: () => db.close(),
    };
  }
  // A scratch schema of the test database, dropped afterwards.
  const schema = `m0008_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: backend.url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(`SET search_path TO ${schema}`);
  return {
    exec: async (text) => void (await client.query(text)),
    query: async (text, params) => (await client.query(text, params)).rows,
    close: async () => {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

const hex = (s: string) => Buffer.from(s).toString('hex');

for (const backend of backends()) {
  describe(`migration 0008 over existing accounts [${backend.name}]`, () => {
    let db: Raw;
    beforeAll(async () => {
      db = await openRaw(backend);
      for (const f of before0008) await db.exec(read(f));
      await db.exec(`
        INSERT INTO organisations (id, name) VALUES ('org_a', 'A'), ('org_b', 'B');
        INSERT INTO users (id, organisation_id, email, password_hash, role, status)
          VALUES ('usr_a', 'org_a', 'ada@example.com', 'hash', 'OWNER', 'ACTIVE'),
                 ('usr_gone', 'org_a', 'gone@example.com', NULL, 'VIEWER', 'REMOVED');
        INSERT INTO sessions (id, user_id, refresh_hash, previous_refresh_hash, rotated_at, expires_at, created_at, last_used_at)
          VALUES ('ses_fresh', 'usr_a', '\\x${hex('fresh')}', NULL, NULL, now() + interval '1 day', '2026-01-01T00:00:00Z', now()),
                 ('ses_rotated', 'usr_a', '\\x${hex('second')}', '\\x${hex('first')}', '2026-01-02T00:00:00Z', now() + interval '1 day', '2026-01-01T00:00:00Z', now());
      `);
      await db.exec(read(the0008));
    });
    afterAll(async () => {
      await db?.close();
    });

    it('moves each session’s current and replaced refresh token into refresh_tokens, and drops the old columns', async () => {
      const rows = await db.query<{ token_hash: Uint8Array; session_id: string; parent_hash: Uint8Array | null; rotated_at: Date | null }>(
        'SELECT token_hash, session_id, parent_hash, rotated_at FROM refresh_tokens ORDER BY session_id, issued_at, rotated_at NULLS LAST',
      );
      const view = rows.map((r) => ({
        token: Buffer.from(r.token_hash).toString(),
        session: r.session_id,
        parent: r.parent_hash && Buffer.from(r.parent_hash).toString(),
        rotatedAt: r.rotated_at && new Date(r.rotated_at).toISOString(),
      }));
      expect(view).toEqual([
        { token: 'fresh', session: 'ses_fresh', parent: null, rotatedAt: null },
        { token: 'first', session: 'ses_rotated', parent: null, rotatedAt: '2026-01-02T00:00:00.000Z' },
        { token: 'second', session: 'ses_rotated', parent: 'first', rotatedAt: null },
      ]);
      const columns = await db.query<{ column_name: string }>(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'sessions' AND table_schema = current_schema() ORDER BY column_name",
      );
      expect(columns.map((c) => c.column_name).filter((c) => /refresh|rotated/.test(c))).toEqual([]);
    });

    it('a session has one current token, and a token one successor', async () => {
      await expect(db.exec(`INSERT INTO refresh_tokens (token_hash, session_id, issued_at) VALUES ('\\x${hex('fork')}', 'ses_rotated', now())`)).rejects.toMatchObject({ code: '23505' });
      await expect(
        db.exec(`INSERT INTO refresh_tokens (token_hash, session_id, parent_hash, issued_at, rotated_at) VALUES ('\\x${hex('twin')}', 'ses_rotated', '\\x${hex('first')}', now(), now())`),
      ).rejects.toMatchObject({ code: '23505' });
    });

    it('an address has one ACTIVE account; other organisations may hold invitations for it, its own only one row', async () => {
      // An invitation for a live address, in another organisation: allowed.
      await db.exec("INSERT INTO users (id, organisation_id, email, role, status) VALUES ('usr_inv', 'org_b', 'ada@example.com', 'ADMIN', 'INVITED')");
      // A second live account: refused.
      await expect(
        db.exec("INSERT INTO users (id, organisation_id, email, password_hash, role, status) VALUES ('usr_dup', 'org_b', 'ada@example.com', 'h', 'ADMIN', 'ACTIVE')"),
      ).rejects.toMatchObject({ code: '23505' });
      await expect(db.exec("UPDATE users SET status = 'ACTIVE', password_hash = 'h' WHERE id = 'usr_inv'")).rejects.toMatchObject({ code: '23505' });
      // A second row for one address in one organisation (even beside a removed one): refused.
      await expect(db.exec("INSERT INTO users (id, organisation_id, email, role, status) VALUES ('usr_again', 'org_a', 'gone@example.com', 'VIEWER', 'INVITED')")).rejects.toMatchObject({
        code: '23505',
      });
      // The removed member's address can become a live account elsewhere.
      await db.exec("INSERT INTO users (id, organisation_id, email, password_hash, role, status) VALUES ('usr_new', 'org_b', 'gone@example.com', 'h', 'VIEWER', 'ACTIVE')");
      const rows = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'gone@example.com' ORDER BY id");
      expect(rows.map((r) => r.id)).toEqual(['usr_gone', 'usr_new']);
    });
  });
}
