#!/usr/bin/env node
/**
 * What the browser downloads before /login can be used: index.html, the entry
 * script, the chunks index.html preloads and its stylesheets (the signed-in
 * shell and the screens load on demand, after it). Builds nothing — run
 * `npx vite build apps/web` first. Prints raw, gzip and brotli bytes per file
 * and the HTML + JS + CSS total; fonts the CSS references are listed apart
 * because the browser fetches only the ones a rendered glyph needs.
 * `--max-kb N` exits with 1 when the brotli total passes N KB (issue 24: 200).
 *
 *   node scripts/measure-first-load.mjs [apps/web/dist] [--max-kb 200]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const maxAt = args.indexOf('--max-kb');
const maxKb = maxAt >= 0 ? Number(args.splice(maxAt, 2)[1]) : null;
if (maxKb !== null && !(maxKb > 0)) {
  console.error('--max-kb pede um número de KB.');
  process.exit(2);
}
const dist = args[0] ?? 'apps/web/dist';
const indexPath = join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error(`${indexPath} não existe: rode 'npx vite build apps/web' antes.`);
  process.exit(1);
}
const html = readFileSync(indexPath, 'utf8');

const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const files = new Set(['index.html']);
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
row('TOTAL HTML + JS + CSS', total);

if (fonts.size > 0) {
  console.log('\nfontes woff2 referenciadas pelo CSS (já comprimidas; baixadas sob demanda):');
  for (const f of fonts) {
    const p = join(dist, f.replace(/^\//, ''));
    if (existsSync(p)) row(f, sizes(readFileSync(p)));
  }
}

if (maxKb !== null && total.brotli > maxKb * 1024) {
  console.error(`\n${kb(total.brotli).trim()} em brotli passam do limite de ${maxKb} KB.`);
  process.exit(1);
}
