// `npm run console:types`: regenerates clients/typescript/src/schema.d.ts (the console's types too) from the built app's /openapi.json
// (run `npm run build` first when routes changed).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getJson, withBuiltApp } from './built-app.mjs';
import { CLIENT_TYPES_FILE, renderConsoleTypes } from './console-types.mjs';

const document = await withBuiltApp((app) => getJson(app, '/openapi.json'));
const text = await renderConsoleTypes(document);
for (const file of [CLIENT_TYPES_FILE]) {
  writeFileSync(file, text);
  process.stdout.write(`wrote ${fileURLToPath(file)}\n`);
}
