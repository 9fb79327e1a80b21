/**
 * The `afd-parse` document every check uses (issue point 2): layout, counts,
 * punches in file order and issues sorted by line.
 */
import { readAfd, sortIssues, type AfdReadOptions } from './reader.js';
import type { AfdIssue, AfdLayout } from './types.js';

export interface AfdDocumentPunch {
  nsr: number;
  /**
   * Local wall-clock time as written (`YYYY-MM-DDTHH:MM`); the offset is never applied.
   * Null when the date is impossible: the punch is still listed, and its INVALID_DATE issue quotes the raw value.
   */
  dateTime: string | null;
  cpf: string | null;
  pis: string | null;
  record: 3 | 7;
}

export interface AfdDocument {
  layout: AfdLayout | null;
  counts: Record<string, number>;
  punches: AfdDocumentPunch[];
  issues: AfdIssue[];
}

/** Every punch of the file, in file order, including those whose date is invalid (dateTime null). */
export async function afdParseDocument(
  source: AsyncIterable<Uint8Array | string>,
  options: AfdReadOptions = {},
): Promise<AfdDocument> {
  const punches: AfdDocumentPunch[] = [];
  const issues: AfdIssue[] = [];
  const summary = await readAfd(
    source,
    {
      onRecord: (r) => {
        if (r.type === 3 || r.type === 7) {
          punches.push({ nsr: r.nsr, dateTime: r.dateTime?.local ?? null, cpf: r.cpf, pis: r.pis, record: r.type });
        }
      },
      onIssue: (i) => issues.push(i),
    },
    options,
  );
  return { layout: summary.layout, counts: summary.counts, punches, issues: sortIssues(issues) };
}
