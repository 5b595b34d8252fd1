// `npm run console:types`: regenerates console/src/api/schema.d.ts from the built app's /openapi.json
// (run `npm run build` first when routes changed).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getJson, withBuiltApp } from './built-app.mjs';
import { CONSOLE_TYPES_FILE, renderConsoleTypes } from './console-types.mjs';

const document = await withBuiltApp((app) => getJson(app, '/openapi.json'));
writeFileSync(CONSOLE_TYPES_FILE, await renderConsoleTypes(document));
process.stdout.write(`wrote ${fileURLToPath(CONSOLE_TYPES_FILE)}\n`);
