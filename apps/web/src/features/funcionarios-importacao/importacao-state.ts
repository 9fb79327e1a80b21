import type { ResultadoImportacao, ResumoImportacao } from '@jornada/contracts';
import type { Configuracao } from './components/configurar-form';

/**
 * How the wizard's steps hand the import to each other (seed 001 §2.8: data
 * passes between steps through session storage and is removed when read).
 * Only the import's id goes to sessionStorage — the rows stay on the server
 * (issue 10 §7). What the steps show (the counts, the lines with errors, the
 * schedules, the result) is kept in memory for the id, so a reload, where the
 * id has already been taken, starts the wizard over instead of showing a
 * half-known import.
 */

const CHAVE = 'jornada.importacaoFuncionarios';

export interface ImportacaoEmAndamento {
  resumo: ResumoImportacao;
  resultado?: ResultadoImportacao;
}

let atual: ImportacaoEmAndamento | undefined;
/**
 * What Configurar held when it went on (the file, the company, the columns): Voltar finds it as it was (issue 24
 * §13). In memory only — a File cannot be stored —, so a reload starts over like the rest of the wizard.
 */
let configuracao: Configuracao | undefined;

export function lembrarConfiguracao(c: Configuracao): void {
  configuracao = c;
}

export function configuracaoLembrada(): Configuracao | undefined {
  return configuracao;
}

/** The next step receives this import. */
export function entregarImportacao(importacao: ImportacaoEmAndamento): void {
  atual = importacao;
  sessionStorage.setItem(CHAVE, importacao.resumo.id);
}

/**
 * The import handed to this step: the id is read and removed from
 * sessionStorage; the step keeps it (and its data) while it is shown. A
 * second read on the same screen (React's strict mode renders twice) gets the
 * same import.
 */
export function receberImportacao(): ImportacaoEmAndamento | undefined {
  const id = sessionStorage.getItem(CHAVE);
  if (id !== null) {
    sessionStorage.removeItem(CHAVE);
    if (atual?.resumo.id !== id) atual = undefined;
  }
  return atual;
}

/** Cancelar, or a new import: nothing is handed on. */
export function encerrarImportacao(): void {
  atual = undefined;
  configuracao = undefined;
  sessionStorage.removeItem(CHAVE);
}
