import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build scripts (no declarations).
import { CLIENT_TYPES_FILE, renderConsoleTypes } from '../../scripts/console-types.mjs';
import { describeEachBackend } from '../helpers/harness.js';

/**
 * The console calls the API only through types generated from the server's own /openapi.json
 * (clients/typescript/src/schema.d.ts, committed; the console's api/schema.ts re-exports it). This fails when the document the server serves now would
 * generate anything else: a route, field or type changed without the console's types (run
 * `npm run console:types`), so the document and the console can never drift apart unnoticed.
 */
describeEachBackend('the console’s API types', (h) => {
  it('are exactly what openapi-typescript makes of the served OpenAPI document', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const expected: string = await renderConsoleTypes(res.json());
    for (const file of [CLIENT_TYPES_FILE] as URL[]) {
      const committed = readFileSync(file, 'utf8');
      expect(committed === expected, `${file.pathname} is stale: run \`npm run console:types\` and commit it`).toBe(true);
    }
  });
});
