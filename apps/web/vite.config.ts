import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const root = fileURLToPath(new URL('.', import.meta.url));
// Where the API listens in development; overridable to point at a second instance.
const api = process.env.JORNADA_API_URL ?? 'http://localhost:3000';

/**
 * The PrimeReact theme declares its own Inter: two variable fonts of every
 * script, ~350 KB each. We ship Inter from @fontsource instead (Latin subset,
 * the four weights the CSS uses, ~24 KB each: see main.tsx), so the theme's
 * @font-face rules go and its "Inter var" family becomes ours.
 */
function themeWithoutFonts(): Plugin {
  return {
    name: 'jornada:theme-without-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!/primereact\/resources\/themes\/[^/]+\/theme\.css/.test(id)) return null;
      return code.replace(/@font-face\s*\{[^}]*\}/g, '').replaceAll('"Inter var"', '"Inter"');
    },
  };
}

/** Libraries change less often than our code: their own chunks stay cached across our deploys. */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'data', test: /node_modules[\\/](@tanstack|zod|react-hook-form|@hookform)[\\/]/ },
];

export default defineConfig({
  root,
  plugins: [
    themeWithoutFonts(),
    react(),
    // .br and .gz beside each text asset, served by @fastify/static with preCompressed (apps/api http/static-files.ts).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(html|js|css|svg|json|ttf|eot)$/,
      skipIfLargerOrEqual: true,
    }),
  ],
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
    rolldownOptions: {
      output: { codeSplitting: { groups: VENDOR_GROUPS } },
    },
  },
});
