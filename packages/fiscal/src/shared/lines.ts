import type { AfdIssue } from '../afd/types.js';

/** Findings of the AEJ/AFDT/ACJEF readers use the same shape and codes as the AFD reader. */
export type FileIssue = AfdIssue;

/**
 * Lines of a small whole file (AEJ, AFDT, ACJEF) as ISO-8859-1 text: LF or CR LF,
 * final newline optional, blank lines skipped with a warning (spec §2).
 */
export function* splitLines(
  content: Uint8Array,
  issue: (line: number, code: FileIssue['code'], mensagem: string, severity?: FileIssue['severity']) => void,
): Generator<{ line: number; text: string }> {
  const all = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('latin1');
  const parts = all.split('\n');
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  for (let i = 0; i < parts.length; i++) {
    let text = parts[i] as string;
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text === '') {
      issue(i + 1, 'LINE_LENGTH', 'Linha em branco ignorada.', 'warning');
      continue;
    }
    yield { line: i + 1, text };
  }
}
