import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { inject } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { filePgUrl } from './pg-file.js';

/** Secrets shared by the CLI runs of a file and the app that reads what they wrote. */
export const CLI_KEY = randomBytes(32);
export const CLI_ENV = { JWT_SECRET: 'x'.repeat(40), DATA_ENCRYPTION_KEY: CLI_KEY.toString('base64'), LOG_LEVEL: 'warn' };

/** Runs one idv command in-process, capturing stdout, stderr and the exit code. */
export async function cli(env: Record<string, string>, ...argv: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  const code = await runCli(argv, { stdout, stderr, env });
  const text = Buffer.concat(out).toString();
  return { code, stdout: text, stderr: Buffer.concat(err).toString(), json: () => JSON.parse(text) };
}

/**
 * A new DATA_DIR holding a migrated embedded database and nothing else: a copy of the files of the one
 * the global setup made. Where a test is not about a first start on an empty directory, this spares the
 * load of the seed's image that a new directory starts from (about 2 s of CPU each, on two shared cores).
 */
export function seededDataDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `idv-${label}-`));
  const template = inject('pgliteDataDirTemplate');
  if (template) cpSync(join(template, 'pgdata'), join(dir, 'pgdata'), { recursive: true });
  return dir;
}

/**
 * Each storage the CLI runs on: an embedded data directory already migrated (`{ fresh: true }`: an empty
 * one), and PostgreSQL when configured.
 */
export function cliTargets(label: string): Array<{ name: string; env: (options?: { fresh?: boolean }) => Record<string, string> }> {
  const empty = () => mkdtempSync(join(tmpdir(), `idv-${label}-`));
  const targets = [{ name: 'pglite', env: (options?: { fresh?: boolean }) => ({ ...CLI_ENV, DATA_DIR: options?.fresh ? empty() : seededDataDir(label) }) }];
  const pgUrl = filePgUrl();
  if (pgUrl) targets.push({ name: 'postgres', env: () => ({ ...CLI_ENV, DATABASE_URL: pgUrl, DATA_DIR: empty() }) });
  return targets;
}
