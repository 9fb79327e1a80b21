import { writeFileSync } from 'node:fs';

/**
 * A vitest reporter for scripts/test.mjs: writes, for every failed test, the
 * messages of its error's `cause` chain to the JSON file named by
 * JORNADA_CAUSES_FILE. Vitest's JSON report keeps only the error's own stack,
 * and a database error wrapped by Drizzle reads "Failed query: …" there with
 * the server's reason (deadlock, connection refused…) only in the cause: a CI
 * log's tail once named a failed query and not why it failed.
 *
 * Keyed as the JSON report names a test: the file's absolute path, a space,
 * the suite titles and the test's title joined by spaces.
 */
export default class CausesReporter {
  causes = {};

  onTestCaseResult(testCase) {
    const result = testCase.result();
    if (result.state !== 'failed') return;
    const chain = [];
    for (let e = result.errors?.[0]?.cause; e && chain.length < 3; e = e.cause)
      chain.push(String(e.message ?? e).split('\n')[0]);
    if (chain.length === 0) return;
    const titles = [];
    for (let t = testCase; t && t.type !== 'module'; t = t.parent) titles.unshift(t.name);
    this.causes[`${testCase.module.moduleId} ${titles.join(' ')}`] = chain;
  }

  onTestRunEnd() {
    const file = process.env.JORNADA_CAUSES_FILE;
    if (file) writeFileSync(file, JSON.stringify(this.causes));
  }
}
