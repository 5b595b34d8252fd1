import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * How a CLI on this machine reaches the server that holds the embedded database: its loopback URL and a
 * token made for that process. Kept in the lock file (mode 0600), so only the user who owns the data
 * (who could read the database files anyway) can use it.
 */
export interface LocalControl {
  url: string;
  token: string;
}

/** The live process named by a lock file, and its control endpoint once it is a listening server. */
export interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string | null;
  control: LocalControl | null;
}

export class DataDirLockedError extends Error {
  readonly holder: LockHolder;

  constructor(
    readonly dataDir: string,
    holder: number | LockHolder,
  ) {
    const h: LockHolder = typeof holder === 'number' ? { pid: holder, hostname: hostname(), startedAt: null, control: null } : holder;
    super(
      `The embedded database in ${dataDir} is in use by another idv process (pid ${h.pid})${h.control ? `, the idv server at ${h.control.url}` : ''}. ` +
        'Stop that process first, or set DATABASE_URL to use PostgreSQL, which many processes can share.',
    );
    this.name = 'DataDirLockedError';
    this.holder = h;
  }
}

export interface DataDirLock {
  release(): void;
}

const LOCK_FILE = 'idv.lock';

/**
 * The embedded database belongs to one process at a time (DESIGN.md §9). The lock file names its
 * holder; a holder that is no longer alive (a crash) does not block the next start.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const content = JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // 0600: the file will carry the server's control token (advertiseLocalControl).
      writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            const holder = JSON.parse(readFileSync(file, 'utf8')) as { pid: number };
            if (holder.pid === process.pid) rmSync(file, { force: true });
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = liveLockHolder(dataDir);
      if (holder && holder.pid !== process.pid) throw new DataDirLockedError(dataDir, holder);
      // A stale lock: its holder died (or it is unreadable). Remove it and try again.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

/**
 * The live process on this machine that holds the data directory, or null when none does (no lock
 * file, an unreadable one, or a holder that died). Takes nothing.
 */
export function liveLockHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(join(dataDir, LOCK_FILE));
  if (!holder || holder.hostname !== hostname() || !isAlive(holder.pid)) return null;
  return holder;
}

/**
 * Records in the lock file this process holds how the CLI reaches it (DESIGN.md §9: the CLI's
 * `key create`, `outbox` and `demo` go through the running server). Does nothing when the lock is not
 * this process's. Written to a new file (0600) and renamed over the lock, so a reader never sees half.
 */
export function advertiseLocalControl(dataDir: string, control: LocalControl): boolean {
  const file = join(dataDir, LOCK_FILE);
  const holder = readHolder(file);
  if (!holder || holder.pid !== process.pid) return false;
  const next = `${file}.${process.pid}.tmp`;
  writeFileSync(next, JSON.stringify({ pid: holder.pid, hostname: holder.hostname, startedAt: holder.startedAt, control }), { mode: 0o600 });
  renameSync(next, file);
  return true;
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; hostname?: unknown; startedAt?: unknown; control?: { url?: unknown; token?: unknown } };
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string') return null;
    const c = parsed.control;
    const control = c && typeof c.url === 'string' && typeof c.token === 'string' ? { url: c.url, token: c.token } : null;
    return { pid: parsed.pid, hostname: parsed.hostname, startedAt: typeof parsed.startedAt === 'string' ? parsed.startedAt : null, control };
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
