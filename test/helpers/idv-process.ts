import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

/** The repository root. */
export const ROOT = join(import.meta.dirname, '..', '..');
/**
 * The compiled CLI that real `idv` processes run, as `npm start` and `idv` do. The global setup builds
 * it first when src/ changed since (test/global-setup.ts), so it is never older than the sources.
 */
export const IDV_CLI = join(ROOT, 'dist', 'cli', 'main.js');

export interface IdvProcess {
  child: ChildProcessWithoutNullStreams;
  exited: Promise<number | null>;
  output(): { stdout: string; stderr: string };
  /** Waits until stdout (and stderr, with `{ stderr: true }`) matches; throws with the output if the process exits first or 30 s pass. */
  waitFor(pattern: RegExp, options?: { stderr?: boolean; timeoutMs?: number }): Promise<RegExpMatchArray>;
}

/**
 * Runs `idv <argv…>` as a real process with exactly `env` (pass `{ ...process.env, … }` to inherit).
 * Each process is added to `children`, for the caller's afterAll to kill what is still running.
 */
export function spawnIdv(children: ChildProcessWithoutNullStreams[], env: NodeJS.ProcessEnv, ...argv: string[]): IdvProcess {
  const child = spawn(process.execPath, [IDV_CLI, ...argv], { cwd: ROOT, env });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, options: { stderr?: boolean; timeoutMs?: number } = {}) => {
    const start = Date.now();
    while (Date.now() - start < (options.timeoutMs ?? 30_000)) {
      const m = (options.stderr ? stdout + stderr : stdout).match(pattern);
      if (m) return m;
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`did not see ${pattern}; output:\n${stdout}\n${stderr}`);
  };
  return { child, exited, output: () => ({ stdout, stderr }), waitFor };
}
