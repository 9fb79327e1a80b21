import { writeFileSync } from 'node:fs';

/**
 * A vitest reporter for scripts/test.mjs: writes, for every failed test, the
 * messages of its error's `cause` chain to the JSON file named by
 * JORNADA_CAUSAS_FILE. Vitest's JSON report keeps only the error's own stack,
 * and a database error wrapped by Drizzle reads "Failed query: …" there with
 * the server's reason (deadlock, connection refused…) only in the cause: a CI
 * log's tail once named a failed query and not why it failed.
 *
 * Keyed as the JSON report names a test: the file's absolute path, a space,
 * the suite titles and the test's title joined by spaces.
 */
export default class CausasReporter {
  causas = {};

  onTestCaseResult(testCase) {
    const result = testCase.result();
    if (result.state !== 'failed') return;
    const cadeia = [];
    for (let e = result.errors?.[0]?.cause; e && cadeia.length < 3; e = e.cause)
      cadeia.push(String(e.message ?? e).split('\n')[0]);
    if (cadeia.length === 0) return;
    const titulos = [];
    for (let t = testCase; t && t.type !== 'module'; t = t.parent) titulos.unshift(t.name);
    this.causas[`${testCase.module.moduleId} ${titulos.join(' ')}`] = cadeia;
  }

  onTestRunEnd() {
    const file = process.env.JORNADA_CAUSAS_FILE;
    if (file) writeFileSync(file, JSON.stringify(this.causas));
  }
}
