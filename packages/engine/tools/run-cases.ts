/**
 * `npm run --silent engine:cases -- <cases.json>` (shared/spec/engine-cases.md):
 * prints only `{ "results": [...] }` on stdout; exits 0 whenever the file could be read.
 */
import { readFileSync } from 'node:fs';
import { runCaseDocument } from './case-adapter.js';

const file = process.argv.slice(2).find((a) => a !== '--');
if (!file) {
  process.stderr.write('uso: npm run --silent engine:cases -- <casos.json>\n');
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (e) {
  process.stderr.write(`não foi possível ler ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(2);
}
let doc: unknown;
try {
  doc = JSON.parse(text);
} catch (e) {
  // The file was read: answer with an empty result set rather than a crash.
  process.stderr.write(`JSON inválido em ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
  doc = { cases: [] };
}
process.stdout.write(JSON.stringify(runCaseDocument(doc as Record<string, unknown>)) + '\n');
