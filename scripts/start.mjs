#!/usr/bin/env node
// `npm start`: `idv serve` from the build, building first only when src/ or console/ changed since (scripts/build-if-stale.mjs).
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildConsoleIfStale, buildIfStale } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!buildIfStale(root)) process.exit(1);
buildConsoleIfStale(root);
const { main } = await import(pathToFileURL(join(root, 'dist', 'cli', 'main.js')).href);
await main(['serve', ...process.argv.slice(2)]);
