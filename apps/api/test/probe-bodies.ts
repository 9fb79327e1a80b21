import type { z } from 'zod';
import { fillPath, id as idSchema, type Endpoint } from '@jornada/contracts';

/**
 * Valid request bodies generated from a contract's zod schema, with every id
 * field set to one chosen value: the cross-tenant and scope walls
 * (tenant-walls.routes.test.ts) call every endpoint with another tenant's (or
 * an out-of-scope) id in each id field and check that nothing leaks or
 * changes. Generating the bodies keeps that check complete as areas are
 * added; a schema the generator cannot satisfy is reported by name, and the
 * wall test then needs a hand-written body for it (PROBE_OVERRIDES).
 */

type Def = { type: string; [k: string]: unknown };
type AnySchema = z.ZodType & { _zod: { def: Def } };

const defOf = (s: z.ZodType): Def => (s as AnySchema)._zod.def;

/** Field names that carry an id even when the contract types them as plain numbers. */
const ID_NAME = /^(id|ids|id[A-Z].*|ids[A-Z].*)$/;

/** Strings tried, in order, for a string leaf with formats or refinements. */
const STRING_CANDIDATES = [
  'Sonda de parede',
  '2026-03-10',
  '2026-03',
  '12:00',
  '1',
  '01',
  'sonda@jornada.demo',
  '11222333000181',
  '11.222.333/0001-81',
  '52998224725',
  '01310100',
  '11987654321',
  'S',
];
const NUMBER_CANDIDATES = [1, 2026, 3, 12, 0, 100];

/**
 * Fields whose check lives on the enclosing object (check digits of the
 * employee's documents): the leaf accepts any text, so its valid value is
 * proposed first by name.
 */
const NAMED_CANDIDATES: Record<string, string> = { cpf: '52998224725', pis: '12345678919' };

function unwrapId(s: z.ZodType): boolean {
  let cur: z.ZodType | undefined = s;
  for (let i = 0; i < 6 && cur; i++) {
    if (cur === idSchema) return true;
    const d = defOf(cur);
    cur = (d.innerType ?? (d.type === 'pipe' ? d.in : undefined)) as z.ZodType | undefined;
  }
  return false;
}

/** A value for `schema`, or undefined when none of the candidates fits. */
export function exampleFor(schema: z.ZodType, idValue: number, fieldName = ''): unknown {
  const d = defOf(schema);
  const isIdField = unwrapId(schema) || ID_NAME.test(fieldName);
  switch (d.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return exampleFor(d.innerType as z.ZodType, idValue, fieldName);
    case 'pipe': {
      // The input side proposes; the whole pipe (with its output checks) decides.
      if (isIdField && schema.safeParse(idValue).success) return idValue;
      const first = exampleFor(d.in as z.ZodType, idValue, fieldName);
      return [first, ...STRING_CANDIDATES, ...NUMBER_CANDIDATES].find((v) => schema.safeParse(v).success);
    }
    case 'lazy':
      return exampleFor((d.getter as () => z.ZodType)(), idValue, fieldName);
    case 'object': {
      const shape = d.shape as Record<string, z.ZodType>;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(shape)) {
        if (k === 'usuarioRequisicao') continue;
        const value = exampleFor(v, idValue, k);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'array': {
      const item = exampleFor(d.element as z.ZodType, idValue, fieldName);
      return item === undefined ? [] : [item];
    }
    case 'union': {
      if (isIdField) return idValue;
      for (const opt of d.options as z.ZodType[]) {
        const v = exampleFor(opt, idValue, fieldName);
        if (v !== undefined && (opt as z.ZodType).safeParse(v).success) return v;
      }
      return undefined;
    }
    case 'literal':
      return (d.values as unknown[])[0];
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0];
    case 'boolean':
      return false;
    case 'number':
    case 'int':
      if (isIdField && schema.safeParse(idValue).success) return idValue;
      return NUMBER_CANDIDATES.find((n) => schema.safeParse(n).success);
    case 'string': {
      if (isIdField && schema.safeParse(String(idValue)).success) return String(idValue);
      const named = NAMED_CANDIDATES[fieldName];
      if (named !== undefined && schema.safeParse(named).success) return named;
      return STRING_CANDIDATES.find((s) => schema.safeParse(s).success);
    }
    case 'unknown':
    case 'any':
      return undefined;
    case 'record':
      return {};
    default:
      return undefined;
  }
}

export interface Probe {
  /** URL with path parameters filled (GET query included). */
  url: string;
  body?: unknown;
}

/** Fills `{param}` path segments and, for GET, the query from the body schema. */
export function probeFor(e: Endpoint, idValue: number, override?: (id: number) => unknown): Probe | undefined {
  let url = e.path;
  if (e.params) {
    const params = exampleFor(e.params, idValue);
    if (params === undefined || !e.params.safeParse(params).success) return undefined;
    url = fillPath(e.path, params as Record<string, unknown>);
  }
  const body = override ? override(idValue) : exampleFor(e.body, idValue);
  if (body === undefined || !e.body.safeParse(body).success) return undefined;
  if (e.method === 'GET') {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
      if (v !== undefined && v !== null && typeof v !== 'object') q.set(k, String(v));
    }
    const qs = q.toString();
    return { url: qs ? `${url}?${qs}` : url };
  }
  return { url, body };
}
