/**
 * What was uploaded (spec §3, §12.1): the layout of a line from its type and
 * length, foreign content (PDF, ZIP, AEJ, JSON…) and UTF-8 re-saves of an
 * ISO-8859-1 file.
 */
import { AFD_LENGTHS, HEADER_671_NO_CRC } from './layout.js';
import type { AfdLayout } from './types.js';
import { isAllChar } from './values.js';

const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

function hasHighBytes(buf: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if ((buf[i] as number) > 127) return true;
  return false;
}

/** The line re-encoded as ISO-8859-1 when its bytes are valid UTF-8 with multi-byte sequences; otherwise null. */
export function transcodeUtf8(buf: Uint8Array, start: number, end: number): Buffer | null {
  if (!hasHighBytes(buf, start, end)) return null;
  let text: string;
  try {
    text = utf8Decoder.decode(buf.subarray(start, end));
  } catch {
    return null;
  }
  // Characters beyond Latin-1 cannot come from the REP's own bytes: mark them.
  return Buffer.from(text.replace(/[\u0100-\u{10ffff}]/gu, '?'), 'latin1');
}

/** What a line that is not an AFD record looks like, for the NOT_AFD message. */
export function sniffForeign(buf: Uint8Array, start: number, end: number): string | null {
  const head = Buffer.from(buf.subarray(start, Math.min(end, start + 8))).toString('latin1');
  if (head.startsWith('%PDF')) return 'um PDF';
  if (head.startsWith('PK\u0003\u0004')) return 'um arquivo compactado (ZIP, XLSX ou DOCX)';
  if (/^\d\d\|/.test(head))
    return head.startsWith('01|')
      ? 'um AEJ (Arquivo Eletrônico de Jornada, Portaria 671)'
      : 'um arquivo separado por "|" (AEJ?)';
  for (let i = start; i < Math.min(end, start + 512); i++) if (buf[i] === 0) return 'um arquivo binário ou em UTF-16';
  const first = head.trimStart()[0];
  if (first === '{' || first === '[') return 'um documento JSON';
  if (first === '<') return 'um documento XML/HTML';
  return null;
}

/** The layout of one line, from its type and length (spec §3), or null. */
export function detectLayout(buf: Uint8Array, start: number, end: number): AfdLayout | null {
  const direct = detectLayoutExact(buf, start, end);
  if (direct) return direct;
  const t = transcodeUtf8(buf, start, end);
  return t ? detectLayoutExact(t, 0, t.length) : null;
}

function detectLayoutExact(buf: Uint8Array, start: number, end: number): AfdLayout | null {
  const len = end - start;
  if (len < 10) return null;
  for (let i = start; i < start + 9; i++) if ((buf[i] as number) < 48 || (buf[i] as number) > 57) return null;
  if (isAllChar(buf, start, start + 9, 57)) {
    return len === 46 ? '1510' : len === 55 ? '595' : len === 64 ? '671' : null;
  }
  const type = (buf[start + 9] as number) - 48;
  if (type === 1) {
    if (!isAllChar(buf, start, start + 9, 48)) return null;
    return len === 232 ? '1510' : len === 236 ? '595' : len === 302 || len === HEADER_671_NO_CRC ? '671' : null;
  }
  // 671 records have a DH at 011 (`T` at byte 21); 1510/595 a ddmmaaaa date.
  const t21 = buf[start + 20];
  for (const layout of ['671', '595', '1510'] as const) {
    if (AFD_LENGTHS[layout][type] === len && (layout === '671') === (t21 === 84)) return layout;
  }
  return null;
}
