import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The product version the Documentation screen shows (src/app/version.ts). */
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** The server's address prefixes besides the client's own files (server/services/jobs.ts, server/webdav). */
export const DEV_PROXIED = ['/api/', '/files/', '/dav/'];

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
    },
  },
  server: {
    port: 3000,
    // Spec: in local development the API port is rewritten from 3000 to 8000. So is everything else the
    // server answers that the browser asks: produced files (downloads of opened models and reports) and
    // the WebDAV edit links (devProxy.unit.test.ts checks the list against the server's prefixes).
    proxy: Object.fromEntries(DEV_PROXIED.map((prefix) => [prefix, 'http://localhost:8000'])),
  },
});
