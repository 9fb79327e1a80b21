/**
 * `npm run --silent fiscal -- <command> <file>` at the repository root.
 *
 *   afd-parse <file>   one JSON document on stdout: { layout, counts, punches, issues }
 *
 * Only the JSON goes to stdout; usage errors go to stderr with exit code 2.
 */
import { createReadStream } from 'node:fs';
import { afdParseDocument } from '../afd/document.js';

async function main(argv: string[]): Promise<number> {
  const [command, file] = argv;
  if (command !== 'afd-parse' || !file) {
    process.stderr.write('uso: fiscal afd-parse <arquivo>\n');
    return 2;
  }
  let doc;
  try {
    doc = await afdParseDocument(createReadStream(file, { highWaterMark: 1 << 16 }), { fileName: file });
  } catch (err) {
    process.stderr.write(`fiscal: não foi possível ler ${file}: ${(err as Error).message}\n`);
    return 2;
  }
  process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`fiscal: ${(err as Error).stack ?? String(err)}\n`);
    process.exitCode = 1;
  },
);
