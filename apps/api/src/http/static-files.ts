import { basename, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names every file under assets/ by its content hash: a new build means a new name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashes: the browser must ask every time (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';
/**
 * The few files outside assets/ (favicon.svg): kept a day, then revalidated by their ETag. Without a header the
 * browser asked for the icon on every page load (issue 24 §13); unhashed, it must not be kept for a year.
 */
export const ONE_DAY = 'public, max-age=86400';

/**
 * Serves the built SPA (apps/web/dist). The build writes .br and .gz beside
 * each text asset (vite-plugin-compression2), and `preCompressed` sends the
 * best one the browser accepts without compressing on each request. The
 * deep-link fallback to index.html stays in the not-found handler (errors.ts),
 * which goes through `reply.sendFile` and so gets the same headers.
 */
export async function registerStaticFiles(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    // One route per built file, listed at start-up: unknown paths fall to the SPA fallback.
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      const hashed = path.includes(`${sep}assets${sep}`);
      if (hashed) reply.header('Cache-Control', IMMUTABLE);
      else if (basename(path).startsWith('index.html')) reply.header('Cache-Control', REVALIDATE);
      else reply.header('Cache-Control', ONE_DAY);
    },
  });
}
