import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm start` (scripts/start.mjs) builds only when dist/ is missing or older than src/ (or the build's
 * settings), then runs `idv serve` from the build. Run here on a small project of its own, so the
 * shared tree's dist/ is never rebuilt by a test.
 */
const ROOT = join(import.meta.dirname, '..', '..');

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'idv-start-'));
  mkdirSync(join(root, 'scripts'));
  for (const f of ['start.mjs', 'build-if-stale.mjs']) copyFileSync(join(ROOT, 'scripts', f), join(root, 'scripts', f));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'start-fixture', private: true, type: 'module' }));
  const compilerOptions = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, types: ['node'], skipLibCheck: true };
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  writeFileSync(join(root, 'tsconfig.build.json'), JSON.stringify({ extends: './tsconfig.json', compilerOptions: { rootDir: 'src', outDir: 'dist' }, include: ['src'], exclude: ['src/**/*.test.ts'] }));
  mkdirSync(join(root, 'src', 'cli'), { recursive: true });
  writeMain(root, 'first');
  return root;
}

/** The fixture's CLI entry: main(argv) prints what it was asked to run and which version of the source it is. */
function writeMain(root: string, mark: string, extra = '') {
  writeFileSync(
    join(root, 'src', 'cli', 'main.ts'),
    `export async function main(argv: string[]): Promise<void> {\n  process.stdout.write(\`ran \${argv.join(' ')} from ${mark}\\n\`);\n}\n${extra}`,
  );
}

/** Dates the sources back and the build a little less, as they are some time after a build: a later edit is newer than the build. */
function settle(root: string) {
  const now = Date.now() / 1000;
  const back = (path: string, seconds: number) => utimesSync(path, now - seconds, now - seconds);
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      back(join(dir, e.name), 120);
    }
    back(dir, 120);
  };
  walk(join(root, 'src'));
  for (const f of ['package.json', 'tsconfig.json', 'tsconfig.build.json']) back(join(root, f), 120);
  back(join(root, 'dist', 'cli', 'main.js'), 60);
}

function start(root: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), ...args], { cwd: root });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('npm start (scripts/start.mjs)', () => {
  it('builds when there is no build or the sources changed, and otherwise starts from the build', async () => {
    const root = project();

    const first = await start(root);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/^idv: building \(there is no build yet\)…$/m);
    expect(first.stdout).toBe('ran serve from first\n');

    settle(root);
    const unchanged = await start(root, '--help');
    expect(unchanged.code).toBe(0);
    expect(unchanged.stderr).toBe('');
    expect(unchanged.stdout).toBe('ran serve --help from first\n');

    writeMain(root, 'second');
    const edited = await start(root);
    expect(edited.stderr).toMatch(/^idv: building \(src\/cli\/main\.ts changed since the last build\)…$/m);
    expect(edited.stdout).toBe('ran serve from second\n');

    settle(root);
    writeFileSync(join(root, 'src', 'added.ts'), 'export const added = 1;\n');
    const added = await start(root);
    expect(added.stderr).toMatch(/idv: building \(src\/added\.ts changed since the last build\)/);
    expect(statSync(join(root, 'dist', 'added.js')).isFile()).toBe(true);

    // A file removed changes its directory; a change to the build's settings counts too.
    settle(root);
    rmSync(join(root, 'src', 'added.ts'));
    expect((await start(root)).stderr).toMatch(/idv: building \(src changed since the last build\)/);
    settle(root);
    writeFileSync(join(root, 'tsconfig.build.json'), JSON.stringify({ extends: './tsconfig.json', compilerOptions: { rootDir: 'src', outDir: 'dist' }, include: ['src'] }));
    expect((await start(root)).stderr).toMatch(/idv: building \(tsconfig\.build\.json changed since the last build\)/);

    // A test file is not built: editing one does not rebuild.
    settle(root);
    writeFileSync(join(root, 'src', 'cli', 'main.test.ts'), 'export {};\n');
    utimesSync(join(root, 'src', 'cli'), Date.now() / 1000 - 120, Date.now() / 1000 - 120);
    expect((await start(root)).stderr).toBe('');
  }, 120_000);

  it('stops with a message when the build fails, and tries again on the next start', async () => {
    const root = project();
    expect((await start(root)).code).toBe(0);
    settle(root);
    writeMain(root, 'broken', 'export const wrong: number = "text";\n');
    const broken = await start(root);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toBe('');
    expect(broken.stderr).toMatch(/error TS2322/);
    expect(broken.stderr).toMatch(/idv: the build failed; fix the errors above and run it again/);

    // Unchanged, the next start builds again: a failed build is never taken for a good one.
    const again = await start(root);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/idv: building \(src\/cli\/main\.ts changed since the last build\)/);
    writeMain(root, 'fixed');
    const fixed = await start(root);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.stderr).toMatch(/idv: building/);
    expect(fixed.stdout).toBe('ran serve from fixed\n');
  }, 120_000);

  it('npm start, the idv command and the benchmarks run the server with the same Node flags (scripts/serve-flags.mjs)', async () => {
    const { SERVE_NODE_FLAGS } = (await import(join(ROOT, 'scripts', 'serve-flags.mjs'))) as { SERVE_NODE_FLAGS: string[] };
    expect(SERVE_NODE_FLAGS.length).toBeGreaterThan(0);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${SERVE_NODE_FLAGS.join(' ')} scripts/start.mjs`);
    expect(readFileSync(join(ROOT, 'bin', 'idv.js'), 'utf8').split('\n')[0]).toBe(`#!/usr/bin/env -S node ${SERVE_NODE_FLAGS.join(' ')}`);
    expect(readFileSync(join(ROOT, 'bench', 'idv.js'), 'utf8')).toMatch(/nodeArgs: SERVE_NODE_FLAGS/);
    // Flags this Node accepts (an unknown one would stop every start).
    const child = spawn(process.execPath, [...SERVE_NODE_FLAGS, '-e', 'process.stdout.write(String(require("v8").getHeapStatistics().total_available_size > 0))']);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect([code, out]).toEqual([0, 'true']);
  });
});
