#!/usr/bin/env node
// `npm install`'s prepare step: `npm run build`, unless dist/ is already the build of this checkout
// (src/, console/ and the settings they are built with unchanged since, and the Postman collection
// written after the server's build); then only the embedded database's seed is written, if it does not
// match PGlite and the migrations. `.ci/run` installs twice (`npm ci`, then the README's
// `npm install && npm test`): the second install no longer builds the same sources again.
// `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { consoleStaleReason, staleReason } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'dist', 'cli', 'main.js');
const postman = join(root, 'dist', 'postman.json');

function upToDate() {
  if (staleReason(root) !== null || consoleStaleReason(root) !== null) return false;
  return existsSync(postman) && statSync(postman).mtimeMs >= statSync(entry).mtimeMs;
}

if (upToDate()) {
  process.stdout.write('dist/ is the build of these sources: not built again (`npm run build` builds it anyway)\n');
  const { seedMatches } = await import(pathToFileURL(join(root, 'dist', 'platform', 'pglite-seed.js')).href);
  if (!seedMatches()) {
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'write-pglite-seed.mjs')], { cwd: root, stdio: 'inherit' });
    process.exit(result.status ?? 1);
  }
} else {
  const npm = process.env.npm_execpath;
  const result = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
