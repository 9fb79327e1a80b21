import { sql, type SQL } from 'drizzle-orm';
import { BUSCA_ACENTOS, funcionarios } from './schema/index.js';

/**
 * The employees' free-text search (crachá/pis/cpf/nome, decision 0033), one
 * rule for every screen that searches employees: the list of Funcionários
 * and the employee pickers (decision 0037).
 *
 * Each typed word matches the start of a word of the search document
 * (prefix query `palavra:*`); a word with leading zeros also matches without
 * them (badges are shown padded to 14). Words made only of digits may be a
 * CPF or PIS typed with its punctuation: the digits joined also match.
 * The words hold only letters and digits (the callers' normalisation), so
 * they are safe inside the tsquery text.
 */
export function tsqueryDaBusca(palavras: readonly string[]): string | undefined {
  if (palavras.length === 0) return undefined;
  const termo = (p: string) => {
    const semZeros = p.replace(/^0+(?=\d)/, '');
    return semZeros !== p ? `(${p}:* | ${semZeros}:*)` : `${p}:*`;
  };
  const todas = palavras.map(termo).join(' & ');
  if (palavras.length > 1 && palavras.every((p) => /^\d+$/.test(p))) return `(${todas}) | ${palavras.join('')}:*`;
  return todas;
}

/**
 * The predicate on `funcionarios.busca` (GIN index), the typed text folded
 * like the document (BUSCA_ACENTOS, lower); undefined without words.
 */
export function buscaFuncionarioSql(palavras: readonly string[]): SQL | undefined {
  const busca = tsqueryDaBusca(palavras);
  if (busca === undefined) return undefined;
  return sql`${funcionarios.busca} @@ to_tsquery('simple'::regconfig, lower(translate(${busca}::text, ${BUSCA_ACENTOS.de}::text, ${BUSCA_ACENTOS.para}::text)))`;
}
