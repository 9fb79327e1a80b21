import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { BUSCA_ACENTOS } from './schema/index.js';
import type { Tx } from './tenant-tx.js';

/**
 * Rebuilds the search words (`funcionario_palavras`, decision 0033) of some
 * employees of a tenant from what the database itself computed for them
 * (`funcionarios.busca`), so no writer can store other words than the list
 * searches. Every path that creates employees or changes their name, badge,
 * CPF or PIS calls it in the same transaction: the register, the CSV import
 * (through the funcionarios service) and the demo data. `ids` absent = every
 * employee of the tenant.
 */
export async function reindexarBuscaFuncionarios(tx: Tx, tenantId: number, ids?: readonly number[]): Promise<void> {
  if (ids && ids.length === 0) return;
  const quais = ids ? sql`AND funcionario_id = ANY(${`{${ids.map(Number).join(',')}}`}::int[])` : sql``;
  const quaisF = ids ? sql`AND id = ANY(${`{${ids.map(Number).join(',')}}`}::int[])` : sql``;
  await tx.execute(sql`DELETE FROM funcionario_palavras WHERE tenant_id = ${tenantId} ${quais}`);
  await tx.execute(sql`
    INSERT INTO funcionario_palavras (tenant_id, funcionario_id, palavra)
    SELECT tenant_id, id, left(palavra, 200)
      FROM funcionarios, unnest(tsvector_to_array(busca)) AS palavra
     WHERE tenant_id = ${tenantId} ${quaisF}`);
}

/**
 * What the typed words look for (decision 0033): each word, and the word
 * without its leading zeros (badges are shown padded to 14), must start a
 * search word of the employee. Words made only of digits may be a CPF or PIS
 * typed with its punctuation: the digits joined are an alternative match.
 */
export function termosDaBusca(palavras: readonly string[]): { cada: string[][]; juntas?: string } | undefined {
  if (palavras.length === 0) return undefined;
  const cada = palavras.map((p) => {
    const semZeros = p.replace(/^0+(?=\d)/, '');
    return semZeros !== p ? [p, semZeros] : [p];
  });
  const juntas = palavras.length > 1 && palavras.every((p) => /^\d+$/.test(p)) ? palavras.join('') : undefined;
  return juntas ? { cada, juntas } : { cada };
}

/** The typed text folded like the search words (BUSCA_ACENTOS, lower). */
const dobrada = (x: string) =>
  sql`lower(translate(${x}::text, ${BUSCA_ACENTOS.de}::text, ${BUSCA_ACENTOS.para}::text))`;

/** A search word of `tabela` (an alias) that starts with one of `alternativas`: a btree range on the C-collated word. */
function faixas(tabela: string, alternativas: string[]): SQL {
  const palavra = sql.raw(`(${tabela}.palavra COLLATE "C")`);
  return sql`(${sql.join(
    alternativas.map((x) => sql`(${palavra} >= ${dobrada(x)} AND ${palavra} < ${dobrada(x)} || chr(1114111))`),
    sql` OR `,
  )})`;
}

/**
 * The employees every typed word finds (decision 0033). The longest word
 * drives (the most selective, as a rule) through the word index; each other
 * word is checked on the driver's employees through the per-employee index.
 * Row-level security lets PostgreSQL use both: text comparisons are
 * leakproof. The joined digits of a punctuated CPF/PIS are one more way in.
 */
function comPalavras(tenantId: number, id: AnyPgColumn, termos: NonNullable<ReturnType<typeof termosDaBusca>>): SQL {
  const ordem = termos.cada
    .map((alternativas, i) => ({ alternativas, i }))
    .sort((a, b) => b.alternativas[0]!.length - a.alternativas[0]!.length || a.i - b.i);
  const [guia, ...outras] = ordem;
  const existe = outras.map(
    ({ alternativas }) =>
      sql`AND EXISTS (SELECT 1 FROM funcionario_palavras o WHERE o.tenant_id = ${tenantId}
            AND o.funcionario_id = d.funcionario_id AND ${faixas('o', alternativas)})`,
  );
  const juntas =
    termos.juntas === undefined
      ? sql``
      : sql` UNION SELECT j.funcionario_id FROM funcionario_palavras j
             WHERE j.tenant_id = ${tenantId} AND ${faixas('j', [termos.juntas])}`;
  // MATERIALIZED: the found set is computed first and joined by primary key. Inlined, the planner
  // overestimates it and walks the whole name index probing every employee (160 ms at 100,000).
  return sql`${id} IN (WITH achados AS MATERIALIZED (SELECT d.funcionario_id FROM funcionario_palavras d
      WHERE d.tenant_id = ${tenantId} AND ${faixas('d', guia!.alternativas)} ${sql.join(existe, sql` `)}${juntas})
    SELECT funcionario_id FROM achados)`;
}

/**
 * The employees whose search words every typed word starts (decision 0033),
 * as a predicate on an employee id column; undefined without words. One rule
 * for every screen that searches employees by crachá/pis/cpf/nome: the list
 * of Funcionários and the employee pickers (decision 0037).
 */
export function buscaFuncionariosSql(tenantId: number, id: AnyPgColumn, palavras: readonly string[]): SQL | undefined {
  const termos = termosDaBusca(palavras);
  return termos === undefined ? undefined : comPalavras(tenantId, id, termos);
}
