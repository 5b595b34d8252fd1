import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The console (DESIGN.md §14): built into dist/console, which `idv serve` serves at `/`.
// `npx vite --config console/vite.config.ts` serves it with hot reload, the API proxied to :3000.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    // No inline script anywhere (the console's Content-Security-Policy forbids them).
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
  },
  server: { proxy: { '/v1': 'http://127.0.0.1:3000' } },
});
