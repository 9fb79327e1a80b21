#!/usr/bin/env node
/**
 * What the browser downloads before /login (and the shell) can paint: the
 * entry script, the chunks index.html preloads and its stylesheets. Builds
 * nothing — run `npx vite build apps/web` first. Prints raw, gzip and brotli
 * bytes per file and the JS + CSS total; fonts the CSS references are listed
 * apart because the browser fetches only the ones a rendered glyph needs.
 *
 *   node scripts/measure-first-load.mjs [apps/web/dist]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'apps/web/dist';
const indexPath = join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error(`${indexPath} não existe: rode 'npx vite build apps/web' antes.`);
  process.exit(1);
}
const html = readFileSync(indexPath, 'utf8');

const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const files = new Set();
for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
  if (tag.startsWith('<script') && /type="module"/.test(tag)) files.add(attr(tag, 'src'));
  if (/rel="(modulepreload|stylesheet)"/.test(tag)) files.add(attr(tag, 'href'));
}

const sizes = (buf) => ({
  raw: buf.length,
  gzip: gzipSync(buf, { level: 9 }).length,
  brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
const row = (name, s) => console.log(`${name.padEnd(48)}${kb(s.raw)}${kb(s.gzip)}${kb(s.brotli)}`);

console.log(`${'arquivo'.padEnd(48)}${'bruto'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
const total = { raw: 0, gzip: 0, brotli: 0 };
const fonts = new Set();
for (const f of [...files].filter(Boolean)) {
  const buf = readFileSync(join(dist, f.replace(/^\//, '')));
  const s = sizes(buf);
  row(f, s);
  for (const k of Object.keys(total)) total[k] += s[k];
  if (f.endsWith('.css')) {
    for (const m of buf.toString('utf8').matchAll(/url\(([^)]+\.woff2)\)/g)) fonts.add(m[1].replace(/["']/g, ''));
  }
}
row('TOTAL JS + CSS', total);

if (fonts.size > 0) {
  console.log('\nfontes woff2 referenciadas pelo CSS (já comprimidas; baixadas sob demanda):');
  for (const f of fonts) {
    const p = join(dist, f.replace(/^\//, ''));
    if (existsSync(p)) row(f, sizes(readFileSync(p)));
  }
}
