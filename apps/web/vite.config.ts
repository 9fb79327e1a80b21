import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
// Where the API listens in development; overridable to point at a second instance.
const api = process.env.JORNADA_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react()],
  server: {
    port: 5173,
    // The API runs beside the dev server; same-origin calls avoid CORS in development.
    proxy: { '/api': { target: api, changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: api, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
});
