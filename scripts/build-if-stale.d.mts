// Types of build-if-stale.mjs, for the TypeScript that imports it (the test suite's global setup).
/** Why dist/ must be built again, or null when it is up to date. */
export function staleReason(root: string): string | null;
/** Runs `tsc -p tsconfig.build.json` when dist/ is stale; false when the build failed. */
export function buildIfStale(root: string, stderr?: NodeJS.WritableStream): boolean;
/** Why dist/console must be built again, or null when it is up to date. */
export function consoleStaleReason(root: string): string | null;
/** Runs Vite's build of the console when it is stale; false when that failed. */
export function buildConsoleIfStale(root: string, stderr?: NodeJS.WritableStream): boolean;
