#!/usr/bin/env -S node --max-semi-space-size=64
// The `idv` command: runs the compiled CLI, building it first when src/ changed since the last build.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildConsoleIfStale, buildIfStale } from '../scripts/build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!buildIfStale(root)) process.exit(1);
// Only `idv serve` serves the console: other commands need not wait for its build.
if (process.argv[2] === 'serve') buildConsoleIfStale(root);
const { main } = await import(pathToFileURL(join(root, 'dist', 'cli', 'main.js')).href);
await main(process.argv.slice(2));
