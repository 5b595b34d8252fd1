// The API's types, generated from the server's /openapi.json into the TypeScript client package
// (clients/typescript/src/schema.d.ts, `npm run console:types`): one generated file for both.
export type { components, operations, paths } from '../../../clients/typescript/src/schema';
