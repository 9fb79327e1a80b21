import { cpfCheckDigits, pisCheckDigit } from '@jornada/contracts';

/** A valid CPF (digits) from a number: distinct numbers, distinct CPFs. */
export function cpfDe(n: number): string {
  const base = String(100_000_000 + n).slice(-9);
  return base + cpfCheckDigits(base);
}

/** A valid PIS (digits) from a number. */
export function pisDe(n: number): string {
  const base = String(1_200_000_000 + n).slice(-10);
  return base + pisCheckDigit(base);
}

/** One line of an employee CSV in the default layout (contracts COLUNAS_IMPORTACAO). */
export function linhaCsv(
  n: number,
  over: Partial<{
    nome: string;
    pis: string;
    cpf: string;
    cracha: string;
    registro: string;
    dataAdmissao: string;
    cargo: string;
    centroCusto: string;
    senha: string;
    dataNascimento: string;
    email: string;
  }> = {},
): string {
  const v = {
    nome: `Funcionário ${n}`,
    pis: pisDe(n),
    cpf: cpfDe(n),
    cracha: String(50_000 + n),
    registro: `R${n}`,
    dataAdmissao: '02/01/2020',
    cargo: '3',
    centroCusto: 'Montagem',
    senha: '',
    dataNascimento: '15/06/1990',
    email: `f${n}@empresa.com.br`,
    ...over,
  };
  return [
    v.nome,
    v.pis,
    v.cpf,
    v.cracha,
    v.registro,
    v.dataAdmissao,
    v.cargo,
    v.centroCusto,
    v.senha,
    v.dataNascimento,
    v.email,
  ].join(';');
}

/** The default column positions (1..11) with the seed's defaults for charset and date format. */
export const COLUNAS_PADRAO = {
  nome: 1,
  pis: 2,
  cpf: 3,
  cracha: 4,
  registro: 5,
  dataAdmissao: 6,
  cargo: 7,
  centroCusto: 8,
  senhaTecladoSemBio: 9,
  dataNascimento: 10,
  email: 11,
  charset: 'ISO-8859-1',
  formatoData: 'dd/MM/yyyy',
} as const;
