import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, ONE_DAY, REVALIDATE, registerStaticFiles } from './static-files.js';

const INDEX = '<!doctype html><title>Jornada</title><script src="/assets/index-abc123.js"></script>';
const SCRIPT = 'console.log("jornada");'.repeat(50);

describe('static files of the SPA', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jornada-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(INDEX));
    writeFileSync(join(dir, 'assets/index-abc123.js'), SCRIPT);
    writeFileSync(join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dir, 'assets/index-abc123.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    app = Fastify();
    await registerStaticFiles(app, dir);
    // The product's SPA fallback (http/errors.ts) in its smallest form.
    app.setNotFoundHandler((_req, reply) => reply.sendFile('index.html'));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli file to a browser that accepts it, marked immutable', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload).toEqual(brotliCompressSync(SCRIPT));
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('makes the browser revalidate index.html, at / and as the fallback of a deep link', async () => {
    for (const url of ['/', '/index.html', '/cadastros/cargos']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
    }
  });

  it('keeps an unhashed file (the favicon) a day, never a year, and answers 304 to its ETag', async () => {
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(ONE_DAY);
    const again = await app.inject({ url: '/favicon.svg', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});
