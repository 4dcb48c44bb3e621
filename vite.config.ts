import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 4000,
    sourcemap: false,
  },
  server: {
    port: 3000,
    // Spec: in local development the API port is rewritten from 3000 to 8000.
    proxy: { '/api': 'http://localhost:8000' },
  },
});
