import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/** Writes .br and .gz beside each text file of the build: the server sends them to browsers that accept them (no compression per request). */
function precompress(): Plugin {
  return {
    name: 'idv-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(name)) continue;
        const file = join(options.dir!, name);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

// The console (DESIGN.md §14): built into dist/console, which `idv serve` serves at `/`.
// `npx vite --config console/vite.config.ts` serves it with hot reload, the API proxied to :3000.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    // No inline script anywhere (the console's Content-Security-Policy forbids them).
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
  },
  server: { proxy: { '/v1': 'http://127.0.0.1:3000' } },
});
