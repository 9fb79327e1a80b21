import { MSG_IMPORTACAO, type CharsetImportacao } from '@jornada/contracts';

/**
 * The streaming reader of the employee CSV (seed 001 §2.8, §9): ';' between
 * fields, no header, ISO-8859-1 or UTF-8, lines ending in LF, CR LF or CR.
 *
 * - A field may be quoted ("a;b", with "" for a quote). Quotes never span a
 *   line: an employee has no multi-line field, and one stray quote would
 *   otherwise swallow the rest of the file into one field. Such a line is
 *   reported on its own and the next line is read normally.
 * - ISO-8859-1 is read as Windows-1252, what Excel actually writes under that
 *   name (curly quotes and dashes in 0x80–0x9F). A file chosen as ISO-8859-1
 *   that is in fact UTF-8 (a BOM, or accented letters as UTF-8 sequences) is
 *   refused with a clear message instead of being read as 'JoÃ£o'; a file
 *   chosen as UTF-8 that is not is refused at its first bad line.
 * - A UTF-8 BOM is skipped. Blank lines (spaces, or only ';' as Excel writes
 *   empty rows) are skipped. Line numbers are the file's own (1 = first line).
 * - Whatever is not a text file (control characters: NUL, form feed…), a line
 *   too long for an employee, too many lines, or nothing at all stops the
 *   whole file with a CsvFileError: one clear message, nothing stored.
 */

export type CsvLine = { numero: number; celulas: string[] } | { numero: number; erro: string };

/** A problem with the whole file: the import stops and the user gets `message`. */
export class CsvFileError extends Error {
  override readonly name = 'CsvFileError';
}

export interface CsvOptions {
  charset: CharsetImportacao;
  /** Longest line in characters. */
  maxLineChars: number;
  /** Most non-blank lines. */
  maxLines: number;
}

// Windows-1252 in 0x80–0x9F (the rest of the byte range is ISO-8859-1 itself); undefined bytes stay as they are.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d,
  0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d,
  0x017e, 0x0178,
].map((c) => String.fromCharCode(c));

function decodeWindows1252(chunk: Buffer): string {
  return chunk.toString('latin1').replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** Control characters other than TAB, LF and CR: not a text file. Bytes below 0x80 are ASCII in both charsets. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const LF = 0x0a;
const CR = 0x0d;

/**
 * The fields of one line (without its line break), or the reason it cannot
 * be read.
 */
export function splitLine(line: string): { celulas: string[] } | { erro: string } {
  const celulas: string[] = [];
  let i = 0;
  for (;;) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (line[i] === '"') {
      let cell = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) return { erro: MSG_IMPORTACAO.aspasAbertas };
        cell += line.slice(i, q);
        if (line[q + 1] === '"') {
          cell += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      while (line[i] === ' ' || line[i] === '\t') i++;
      celulas.push(cell);
      if (i >= line.length) return { celulas };
      // "abc"x: text after the closing quote.
      if (line[i] !== ';') return { erro: MSG_IMPORTACAO.aspasAbertas };
      i++;
      continue;
    }
    const end = line.indexOf(';', i);
    if (end < 0) {
      celulas.push(line.slice(i).trim());
      return { celulas };
    }
    celulas.push(line.slice(i, end).trim());
    i = end + 1;
  }
}

/**
 * The lines of the file with their fields, in order. Throws CsvFileError for
 * a file it cannot take (see above).
 *
 * Lines are cut on the bytes (CR and LF are never part of a character in
 * either charset) and each line is decoded on its own, so an encoding error
 * names its line and a chunk edge never splits a character.
 */
export async function* readCsv(
  source: AsyncIterable<Buffer | Uint8Array | string> | Iterable<Buffer | Uint8Array | string>,
  opts: CsvOptions,
): AsyncGenerator<CsvLine> {
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  // At most 4 bytes a character: a line past this many bytes is too long whatever its charset.
  const maxLineBytes = opts.maxLineChars * 4;
  let numero = 1;
  let lines = 0;
  let parts: Buffer[] = [];
  let partsBytes = 0;
  let lastWasCr = false;
  // ISO-8859-1 chosen: is the file in fact UTF-8? (every line decodes as UTF-8, and some have accents)
  let stillUtf8 = true;
  let multibyte = false;

  const decodeLine = (bytes: Buffer): string => {
    if (opts.charset === 'UTF-8') {
      try {
        return utf8.decode(bytes);
      } catch {
        throw new CsvFileError(MSG_IMPORTACAO.naoEhUtf8(numero));
      }
    }
    if (stillUtf8 && bytes.some((b) => b >= 0x80)) {
      try {
        utf8.decode(bytes);
        multibyte = true;
      } catch {
        stillUtf8 = false;
      }
    }
    return decodeWindows1252(bytes);
  };

  const endLine = (): CsvLine | undefined => {
    let bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, partsBytes);
    parts = [];
    partsBytes = 0;
    if (numero === 1 && bytes.subarray(0, 3).equals(BOM)) bytes = bytes.subarray(3);
    const text = decodeLine(bytes);
    if (text.length > opts.maxLineChars) {
      throw new CsvFileError(MSG_IMPORTACAO.linhaLongaDemais(numero, opts.maxLineChars));
    }
    const n = numero++;
    const split = splitLine(text);
    if ('celulas' in split && split.celulas.every((c) => c === '')) return undefined;
    if (++lines > opts.maxLines) throw new CsvFileError(MSG_IMPORTACAO.linhasDemais(opts.maxLines));
    return 'erro' in split ? { numero: n, erro: split.erro } : { numero: n, celulas: split.celulas };
  };

  const append = (piece: Buffer) => {
    if (piece.length === 0) return;
    partsBytes += piece.length;
    if (partsBytes > maxLineBytes) {
      throw new CsvFileError(MSG_IMPORTACAO.linhaLongaDemais(numero, opts.maxLineChars));
    }
    parts.push(piece);
  };

  for await (const raw of source) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw) : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    if (FORBIDDEN_CONTROL.test(chunk.toString('latin1'))) throw new CsvFileError(MSG_IMPORTACAO.arquivoBinario);
    let from = 0;
    let nextCr = chunk.indexOf(CR, from);
    while (from <= chunk.length) {
      if (lastWasCr && from < chunk.length) {
        lastWasCr = false;
        // The LF of a CR LF whose CR ended the line (perhaps at the end of the previous chunk).
        if (chunk[from] === LF) {
          from++;
          continue;
        }
      }
      if (nextCr !== -1 && nextCr < from) nextCr = chunk.indexOf(CR, from);
      const lf = chunk.indexOf(LF, from);
      const brk = lf === -1 ? nextCr : nextCr === -1 ? lf : Math.min(lf, nextCr);
      if (brk === -1) {
        append(chunk.subarray(from));
        break;
      }
      append(chunk.subarray(from, brk));
      lastWasCr = chunk[brk] === CR;
      from = brk + 1;
      const line = endLine();
      if (line) yield line;
    }
  }
  if (partsBytes > 0) {
    const line = endLine();
    if (line) yield line;
  }
  if (opts.charset === 'ISO-8859-1' && stillUtf8 && multibyte) throw new CsvFileError(MSG_IMPORTACAO.pareceUtf8);
  if (lines === 0) throw new CsvFileError(MSG_IMPORTACAO.arquivoVazio);
}
