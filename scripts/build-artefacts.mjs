// `npm run build`, after tsc: the three things made from the build, at once (each is a process of its
// own and mostly one core's work, so on two cores this takes about the longest one's time, not the sum):
// dist/postman.json, the embedded database's seed (dist/pglite-seed/) and the console (dist/console/).
// Each one's output goes through as it is; the build fails when any of them does, naming it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const steps = [
  ['the Postman collection', [join(root, 'scripts', 'write-postman.mjs')]],
  ["the embedded database's seed", [join(root, 'scripts', 'write-pglite-seed.mjs')]],
  ['the console', [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'console/vite.config.ts', '--logLevel', 'warn']],
];

const results = await Promise.all(
  steps.map(
    ([name, args]) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
        child.on('error', (err) => resolve({ name, failure: err.message }));
        child.on('exit', (code, signal) => resolve({ name, failure: code === 0 ? null : signal ? `killed by ${signal}` : `exit code ${code}` }));
      }),
  ),
);
const failed = results.filter((r) => r.failure !== null);
for (const { name, failure } of failed) process.stderr.write(`build: ${name} failed (${failure})\n`);
process.exit(failed.length === 0 ? 0 : 1);
