import {
  COLUNAS_IMPORTACAO,
  MSG_IMPORTACAO,
  funcionarioApi,
  isWireDate,
  type CampoImportacao,
  type FormatoDataImportacao,
  type JsonColunas,
} from '@jornada/contracts';

/**
 * From a CSV line to what the employee rules check (funcionario.ts
 * `validarLinhaFuncionario`): the cells of the mapped columns, the dates of
 * the chosen format turned into yyyy-mm-dd, and the spreadsheet habits undone.
 * The employee rules themselves are not repeated here.
 */

export type Celulas = Record<CampoImportacao, string>;

/**
 * The cells of the mapped columns. A line must reach the last required
 * column; an optional column past its end is an empty cell (a spreadsheet
 * drops trailing empty cells).
 */
export function celulasDaLinha(celulas: readonly string[], colunas: JsonColunas): Celulas | { erro: string } {
  let precisa = 0;
  for (const c of COLUNAS_IMPORTACAO) {
    const pos = colunas[c.campo];
    if (c.obrigatoria && pos !== null) precisa = Math.max(precisa, pos);
  }
  if (celulas.length < precisa) return { erro: MSG_IMPORTACAO.colunasFaltando(celulas.length, precisa) };
  const out = {} as Celulas;
  for (const c of COLUNAS_IMPORTACAO) {
    const pos = colunas[c.campo];
    out[c.campo] = pos === null ? '' : (celulas[pos - 1] ?? '');
  }
  return out;
}

/**
 * A date cell in the chosen format → yyyy-mm-dd; '' → null; anything else →
 * undefined. Day and month may have one digit (what a spreadsheet writes
 * when the cell is a date: 5/3/2024).
 */
export function dataDoArquivo(valor: string, formato: FormatoDataImportacao): string | null | undefined {
  const v = valor.trim();
  if (v === '') return null;
  const m =
    formato === 'dd/MM/yyyy' ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v) : /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  if (!m) return undefined;
  const [d, mo, y] = formato === 'dd/MM/yyyy' ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
  const iso = `${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  return isWireDate(iso) ? iso : undefined;
}

/**
 * A CPF or PIS as a spreadsheet saves it: a number column loses the leading
 * zeros (012.345.678-90 → 1234567890). Digits only, 8 to 10 of them, get
 * their zeros back; anything else goes to the rules as it came.
 */
export function documentoDoArquivo(valor: string): string {
  const v = valor.trim();
  return /^\d{8,10}$/.test(v) ? v.padStart(11, '0') : v;
}

/**
 * A position's or cost centre's name as the match compares it (issue 10 §7:
 * ignoring case and accents): decomposed, marks dropped, lower case, spaces
 * collapsed.
 */
export function chaveDeNome(valor: string): string {
  return valor.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const NOMES_DO_CABECALHO = new Set(Object.values(funcionarioApi.CABECALHO_CSV_FUNCIONARIOS).map(chaveDeNome));

/**
 * Whether a line is the header row of an exported file (issue 24 §6): at least three cells, every non-empty one a
 * column's name, compared as names are (case and accents ignored).
 */
export function ehCabecalhoExportado(celulas: readonly string[]): boolean {
  const cheias = celulas.map(chaveDeNome).filter((c) => c !== '');
  return cheias.length >= 3 && cheias.every((c) => NOMES_DO_CABECALHO.has(c));
}

/**
 * Finds a register row by code, else by name ignoring case and accents (issue
 * 10 §7). Built once per import: each line is then two map look-ups.
 */
export class Correspondencia<T extends { id: number; codigo: string; nome: string }> {
  private readonly porCodigo = new Map<string, T>();
  private readonly porNome = new Map<string, T[]>();

  constructor(rows: readonly T[]) {
    for (const r of rows) {
      this.porCodigo.set(r.codigo.trim().toLowerCase(), r);
      const k = chaveDeNome(r.nome);
      this.porNome.set(k, [...(this.porNome.get(k) ?? []), r]);
    }
  }

  /** The row, 'nenhum' when nothing matches, 'ambiguo' when only names match and more than one does. */
  buscar(valor: string): T | 'nenhum' | 'ambiguo' {
    const v = valor.trim();
    const porCodigo = this.porCodigo.get(v.toLowerCase());
    if (porCodigo) return porCodigo;
    const porNome = this.porNome.get(chaveDeNome(v)) ?? [];
    if (porNome.length === 1) return porNome[0]!;
    return porNome.length === 0 ? 'nenhum' : 'ambiguo';
  }
}
