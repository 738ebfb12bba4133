// Builds the dashboard into dist/dashboard, which the server reads at start-up (api/dashboard/).
// No inline scripts or styles end up in the document (modulepreload polyfill off, nothing inlined as
// data URIs), so the page works under DASHBOARD_CSP_MODE=enforce.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/dashboard', import.meta.url)),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:8000', ws: true } } },
});
