import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * Each test file that runs on PostgreSQL gets a database of its own, copied from the run's migrated
 * template (test/global-setup.ts) before its first hook and dropped after its last (test/setup.ts).
 * A copy takes about 0.1 s. Files then never see each other's rows or take each other's work: job
 * runners claim every due export, delivery and event of their database, and global figures (the
 * analytics watermark, the queue's depth) count every organisation in it. That is what lets the
 * suites that start whole server processes run two files at a time.
 */
interface FileDatabase {
  name: string;
  url: string;
  created: boolean;
}

let current: FileDatabase | null = null;

/** Whether this run has PostgreSQL (TEST_DATABASE_URL, reachable). */
export function postgresConfigured(): boolean {
  return inject('pgTemplate') !== null;
}

/**
 * This file's own PostgreSQL database (migrated, empty of rows but the migrations'), or null without
 * PostgreSQL. The same URL for every call within a file; the database exists from the file's first
 * hook on, so call this while collecting (e.g. through backends()), not from inside a test.
 */
export function filePgUrl(): string | null {
  const template = inject('pgTemplate');
  if (!template) return null;
  if (!current) {
    const name = `${template.name}_f${randomBytes(5).toString('hex')}`;
    const url = new URL(template.adminUrl);
    url.pathname = `/${name}`;
    current = { name, url: url.toString(), created: false };
  }
  return current.url;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const template = inject('pgTemplate');
  if (!template) throw new Error('no PostgreSQL template database in this run');
  const client = new pg.Client({ connectionString: template.adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** test/setup.ts, as a file starts: forget the last file's database (a worker runs many files). */
export function forgetFileDatabase(): void {
  current = null;
}

/** test/setup.ts, before the file's first hook: make the database the file asked for while collecting. */
export async function createFileDatabase(): Promise<void> {
  const wanted = current;
  if (!wanted || wanted.created) return;
  const template = inject('pgTemplate')!;
  await admin((c) => c.query(`CREATE DATABASE ${wanted.name} TEMPLATE ${template.name}`));
  wanted.created = true;
}

/** test/setup.ts, after the file's last hook: drop it, closing whatever connection a killed process left. */
export async function dropFileDatabase(): Promise<void> {
  const wanted = current;
  if (!wanted?.created) return;
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${wanted.name} WITH (FORCE)`));
  wanted.created = false;
}
