// `npm run build`, after tsc: writes dist/postman.json, the Postman collection (v2.1) of the API, made
// from the OpenAPI document of the built app exactly as GET /postman.json serves it.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getJson, withBuiltApp } from './built-app.mjs';

const file = fileURLToPath(new URL('../dist/postman.json', import.meta.url));
const collection = await withBuiltApp((app) => getJson(app, '/postman.json'));
writeFileSync(file, `${JSON.stringify(collection, null, 2)}\n`);
process.stdout.write(`wrote ${file}\n`);
