// Builds dist/ from src/ only when it is missing or older than the sources, so `npm start` and `npx idv`
// start from the build in a moment and never run code older than the checkout.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the build is made from, beside src/. */
const INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'package.json'];
/** The build's entry point: tsc writes every output on each build, this one included. */
const ENTRY = join('dist', 'cli', 'main.js');

/** Newest modification under dir: files and directories (a file added, removed or renamed changes its directory). Tests are not built. */
function newest(dir, found = { mtimeMs: 0, path: dir }) {
  const own = statSync(dir);
  if (own.mtimeMs > found.mtimeMs) Object.assign(found, { mtimeMs: own.mtimeMs, path: dir });
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest(path, found);
    else if (entry.isFile() && !entry.name.endsWith('.test.ts')) {
      const { mtimeMs } = statSync(path);
      // On a tie the file is named: a file added changes its directory in the same instant.
      if (mtimeMs >= found.mtimeMs) Object.assign(found, { mtimeMs, path });
    }
  }
  return found;
}

/** Why dist/ must be built again, or null when it is up to date. */
export function staleReason(root) {
  const entry = join(root, ENTRY);
  if (!existsSync(entry)) return 'there is no build yet';
  const built = statSync(entry).mtimeMs;
  const latest = newest(join(root, 'src'));
  for (const input of INPUTS) {
    const path = join(root, input);
    if (existsSync(path) && statSync(path).mtimeMs > latest.mtimeMs) Object.assign(latest, { mtimeMs: statSync(path).mtimeMs, path });
  }
  return latest.mtimeMs > built ? `${relative(root, latest.path) || '.'} changed since the last build` : null;
}

/**
 * Runs `tsc -p tsconfig.build.json` when dist/ is stale; its output goes to stderr (stdout is the
 * command's). Returns false when the build failed: the entry is then dated back, so the next start tries again.
 */
export function buildIfStale(root, stderr = process.stderr) {
  const reason = staleReason(root);
  if (reason === null) return true;
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  if (!existsSync(tsc) && existsSync(join(root, ENTRY))) {
    // An install without devDependencies cannot build: run what was built, and say so.
    stderr.write(`idv: ${reason}, but TypeScript is not installed (npm install) to build it again; running the existing build\n`);
    return true;
  }
  stderr.write(`idv: building (${reason})…\n`);
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (result.status === 0) return true;
  const entry = join(root, ENTRY);
  if (existsSync(entry)) utimesSync(entry, new Date(0), new Date(0));
  stderr.write(`idv: the build failed${result.error ? ` (${result.error.message})` : ''}; fix the errors above and run it again (\`npm run dev\` runs the sources without building)\n`);
  return false;
}

/** The console's build (dist/console), made by Vite from console/. */
const CONSOLE_ENTRY = join('dist', 'console', 'index.html');

/** Why dist/console must be built again, or null when it is up to date. */
export function consoleStaleReason(root) {
  const entry = join(root, CONSOLE_ENTRY);
  if (!existsSync(join(root, 'console', 'index.html'))) return null;
  if (!existsSync(entry)) return 'the console is not built yet';
  const latest = newest(join(root, 'console'));
  return latest.mtimeMs > statSync(entry).mtimeMs ? `${relative(root, latest.path)} changed since the console's last build` : null;
}

/** Runs Vite's build of the console when it is stale; false when that failed (the server still starts, without its console). */
export function buildConsoleIfStale(root, stderr = process.stderr) {
  const reason = consoleStaleReason(root);
  if (reason === null) return true;
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) {
    stderr.write(`idv: ${reason}, but Vite is not installed (npm install) to build it\n`);
    return existsSync(join(root, CONSOLE_ENTRY));
  }
  stderr.write(`idv: building the console (${reason})…\n`);
  const result = spawnSync(process.execPath, [vite, 'build', '--config', 'console/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (result.status === 0) return true;
  stderr.write(`idv: the console's build failed${result.error ? ` (${result.error.message})` : ''}; the API still runs\n`);
  return false;
}

