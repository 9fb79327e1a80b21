/**
 * Entry points of the AFD reader: a whole buffer (`parseAfd`), a stream with
 * handlers (`readAfd`) or an async generator (`iterateAfd`), all over the
 * streaming parser of stream-parser.ts. They never throw on content.
 */
import { AfdStreamParser, type AfdReadHandlers, type AfdReadOptions } from './stream-parser.js';
import type { AfdIssue, AfdParseResult, AfdRecord, AfdSummary } from './types.js';

export { AfdStreamParser, type AfdReadHandlers, type AfdReadOptions };

/** Read a whole AFD held in memory. */
export function parseAfd(content: Uint8Array, options: AfdReadOptions = {}): AfdParseResult {
  const records: AfdRecord[] = [];
  const issues: AfdIssue[] = [];
  const parser = new AfdStreamParser({ onRecord: (r) => records.push(r), onIssue: (i) => issues.push(i) }, options);
  parser.push(content);
  const summary = parser.end();
  return { ...summary, records, issues: sortIssues(issues) };
}

/**
 * Read an AFD from a Node Readable or any async iterable of byte chunks,
 * without holding the file: records and issues go to the handlers as they are read.
 */
export async function readAfd(
  source: AsyncIterable<Uint8Array | string>,
  handlers: AfdReadHandlers,
  options: AfdReadOptions = {},
): Promise<AfdSummary> {
  const parser = new AfdStreamParser(handlers, options);
  for await (const chunk of source) {
    parser.push(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
  }
  return parser.end();
}

/** Issues by line; stable, so findings of one line keep their order. */
export function sortIssues(issues: AfdIssue[]): AfdIssue[] {
  return issues
    .map((issue, i) => ({ issue, i }))
    .sort((a, b) => a.issue.line - b.issue.line || a.i - b.i)
    .map((x) => x.issue);
}

export type AfdEvent = { kind: 'record'; record: AfdRecord } | { kind: 'issue'; issue: AfdIssue };

/**
 * The same reader as an async generator (`for await (const e of iterateAfd(stream))`).
 * Events are yielded per input chunk, so memory stays bounded by the chunk
 * size; the generator's return value is the summary. File-level issues come last.
 */
export async function* iterateAfd(
  source: AsyncIterable<Uint8Array | string>,
  options: AfdReadOptions = {},
): AsyncGenerator<AfdEvent, AfdSummary, undefined> {
  let pending: AfdEvent[] = [];
  const parser = new AfdStreamParser(
    {
      onRecord: (record) => pending.push({ kind: 'record', record }),
      onIssue: (issue) => pending.push({ kind: 'issue', issue }),
    },
    options,
  );
  for await (const chunk of source) {
    parser.push(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
    if (pending.length > 0) {
      const batch = pending;
      pending = [];
      yield* batch;
    }
  }
  const summary = parser.end();
  yield* pending;
  return summary;
}
