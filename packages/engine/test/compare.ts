/**
 * Comparison rules of shared/spec/engine-cases.md: integers and booleans
 * exactly, bucket maps treat a missing key as 0, `derivation`/`title`/`rules`
 * ignored. Returns the list of mismatches (empty = pass).
 */
const BUCKETS = new Set(['overtime', 'overtimeNight', 'overtimeNightReduced', 'reflexByPercent']);
const IGNORED = new Set(['derivation', 'title', 'rules']);

type Any = unknown;

function isObj(v: Any): v is Record<string, Any> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

export function compareExpected(expected: Any, actual: Any, path = ''): string[] {
  const key = path.split('.').pop() ?? '';
  if (BUCKETS.has(key)) {
    const e = isObj(expected) ? expected : {};
    const a = isObj(actual) ? actual : {};
    const out: string[] = [];
    for (const k of new Set([...Object.keys(e), ...Object.keys(a)])) {
      const ev = Number(e[k] ?? 0);
      const av = Number(a[k] ?? 0);
      if (ev !== av) out.push(`${path}.${k}: esperado ${ev}, obtido ${av}`);
    }
    return out;
  }
  if (isObj(expected)) {
    if (!isObj(actual)) return [`${path}: esperado objeto, obtido ${JSON.stringify(actual)}`];
    const out: string[] = [];
    for (const k of Object.keys(expected)) {
      if (IGNORED.has(k)) continue;
      out.push(...compareExpected(expected[k], actual[k], path ? `${path}.${k}` : k));
    }
    return out;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length)
      return [`${path}: esperado ${JSON.stringify(expected)}, obtido ${JSON.stringify(actual)}`];
    return expected.flatMap((e, i) => compareExpected(e, actual[i], `${path}[${i}]`));
  }
  return expected === actual ? [] : [`${path}: esperado ${JSON.stringify(expected)}, obtido ${JSON.stringify(actual)}`];
}

/** Mismatches of one case result (rotation cases compare per query). */
export function compareCase(c: Record<string, Any>, result: { actual?: Any; error?: string }): string[] {
  if (result.error !== undefined) return [`erro: ${result.error}`];
  if (c.kind === 'rotation') {
    const queries = (c.queries as Record<string, Any>[]) ?? [];
    const actual = (result.actual as { queries?: Any[] })?.queries ?? [];
    return queries.flatMap((q, i) => compareExpected(q.expected, actual[i], `queries[${i}]`));
  }
  return compareExpected(c.expected, result.actual);
}
