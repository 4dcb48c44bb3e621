import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The product version the Documentation screen shows (src/app/version.ts). */
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** The server's address prefixes besides the client's own files (server/services/jobs.ts, server/webdav). */
export const DEV_PROXIED = ['/api/', '/files/', '/dav/'];

/** A chunk of one Blueprint icon's paths (src/app/iconLoader.ts loads them one by one). */
const ICON_PATHS = /\/@blueprintjs\/icons\/lib\/esm\/generated\/(16|20)px\/paths\//;
const isIconChunk = (chunk: { facadeModuleId: string | null; moduleIds: string[] }) =>
  chunk.moduleIds.length > 0 ? chunk.moduleIds.every((id) => ICON_PATHS.test(id)) : ICON_PATHS.test(chunk.facadeModuleId ?? '');

export default defineConfig({
  plugins: [react()],
  define: { __GRONDSLAG_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 4000,
    sourcemap: false,
    // Two pages: the app, and the built-in map viewer that the MapViewer screens embed (src/mapviewer).
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        mapviewer: fileURLToPath(new URL('./mapviewer.html', import.meta.url)),
      },
      output: { chunkFileNames: (chunk) => (isIconChunk(chunk) ? 'assets/icons/[name]-[hash].js' : 'assets/[name]-[hash].js') },
    },
    // An icon's chunk needs nothing loaded beside it (its one import, the bundler's runtime, came with the
    // first page). Without this each of the ≈ 1.400 entries of the icon tables (src/app/icons/) lists its
    // preload dependencies: half of the tables' size, 12 kB gzip of the sign-in + Projects load.
    modulePreload: { resolveDependencies: (filename, deps) => (filename.includes('assets/icons/') ? [] : deps) },
  },
  // The workbench's engine worker (src/workbench/engineWorker.ts) is a module worker: it loads the export
  // (exceljs) as a chunk of its own only when a model is exported.
  worker: { format: 'es' },
  server: {
    port: 3000,
    // Spec: in local development the API port is rewritten from 3000 to 8000. So is everything else the
    // server answers that the browser asks: produced files (downloads of opened models and reports) and
    // the WebDAV edit links (devProxy.unit.test.ts checks the list against the server's prefixes).
    proxy: Object.fromEntries(DEV_PROXIED.map((prefix) => [prefix, 'http://localhost:8000'])),
  },
});
