import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by another idv process (pid ${pid}). ` +
        'Stop that process first, or set DATABASE_URL to use PostgreSQL, which many processes can share.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * The embedded database belongs to one process at a time (DESIGN.md §9). The lock file names its
 * holder; a holder that is no longer alive (a crash) does not block the next start.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'idv.lock');
  const content = JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, content, { flag: 'wx' });
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
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && holder.hostname === hostname() && isAlive(holder.pid)) {
        throw new DataDirLockedError(dataDir, holder.pid);
      }
      // A stale lock: its holder died (or it is unreadable). Remove it and try again.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

function readHolder(file: string): { pid: number; hostname: string } | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; hostname?: unknown };
    if (typeof parsed.pid === 'number' && typeof parsed.hostname === 'string') return { pid: parsed.pid, hostname: parsed.hostname };
    return null;
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
