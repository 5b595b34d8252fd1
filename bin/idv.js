#!/usr/bin/env node
// The `idv` command: runs the compiled CLI (built by `npm install` through the prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
if (!existsSync(entry)) {
  process.stderr.write('idv: the project is not built; run `npm install` (or `npm run build`) first\n');
  process.exit(1);
}
const { runCli } = await import(pathToFileURL(entry).href);
const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
if (code >= 0) process.exitCode = code;
