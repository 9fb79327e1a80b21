import { escalaApi, type ConfiguracaoEscala } from '@jornada/contracts';

const HORARIOS = escalaApi.HORARIOS;

/**
 * The contractual schedule as the espelho writes it (Portaria 671 art. 84:
 * "horário contratual"): a schedule version's time table or rotation in a
 * few readable lines. Pure, so the wording is tested apart.
 */

/** Seed 001 §3: `dia` 1 Sunday … 7 Saturday; the week is written from Monday. */
const ORDEM_SEMANA = [2, 3, 4, 5, 6, 7, 1] as const;
const NOME_DIA: Record<number, string> = { 1: 'Dom', 2: 'Seg', 3: 'Ter', 4: 'Qua', 5: 'Qui', 6: 'Sex', 7: 'Sáb' };

type Horarios = { [K in escalaApi.CampoHorario]?: string | null };

/** '08:00–12:00, 13:00–17:00' (a pair with one end missing keeps what it has). */
export function faixasDoHorario(h: Horarios): string {
  const faixas: string[] = [];
  for (let i = 0; i < HORARIOS.length; i += 2) {
    const entrada = h[HORARIOS[i]!] || null;
    const saida = h[HORARIOS[i + 1]!] || null;
    if (entrada || saida) faixas.push(`${entrada ?? '--:--'}–${saida ?? '--:--'}`);
  }
  return faixas.join(', ');
}

/** The days of a run as 'Seg', 'Seg e Ter' or 'Seg a Sex'. */
function nomeDosDias(dias: readonly number[]): string {
  const primeiro = NOME_DIA[dias[0]!]!;
  if (dias.length === 1) return primeiro;
  const ultimo = NOME_DIA[dias[dias.length - 1]!]!;
  return `${primeiro} ${dias.length === 2 ? 'e' : 'a'} ${ultimo}`;
}

/** A time table (EQH): consecutive days with the same hours share a line; a day without hours is 'Folga'. */
function linhasDoQuadro(c: ConfiguracaoEscala): string[] {
  const porDia = new Map((c.quadroHorario?.diasDaSemana ?? []).map((d) => [d.dia, d]));
  const texto = (dia: number) => {
    const d = porDia.get(dia);
    const faixas = d ? faixasDoHorario(d) : '';
    if (!faixas) return 'Folga';
    return d?.horarioFlexivel ? `${faixas} (horário flexível)` : faixas;
  };
  const linhas: string[] = [];
  let grupo: number[] = [];
  let atual = '';
  for (const dia of ORDEM_SEMANA) {
    const t = texto(dia);
    if (grupo.length && t !== atual) {
      linhas.push(`${nomeDosDias(grupo)} ${atual}`);
      grupo = [];
    }
    grupo.push(dia);
    atual = t;
  }
  linhas.push(`${nomeDosDias(grupo)} ${atual}`);
  return linhas;
}

const plural = (n: number, um: string, muitos: string) => `${n} ${n === 1 ? um : muitos}`;

/** A rotation (ERC): each cycle in its order, as work days and days off, repeated, with its hours. */
function linhasDoRevezamento(c: ConfiguracaoEscala): string[] {
  const ciclos = c.revezamento?.ciclos ?? [];
  if (!ciclos.length) return ['revezamento sem ciclos'];
  return ciclos.map((ciclo, i) => {
    const trabalho = plural(ciclo.diasTrabalhados ?? 0, 'dia de trabalho', 'dias de trabalho');
    const folga = plural(ciclo.diasFolgas ?? 0, 'de folga', 'de folga');
    const vezes = (ciclo.fatorRepeticao ?? 1) > 1 ? ` (${ciclo.fatorRepeticao} vezes)` : '';
    const faixas = faixasDoHorario(ciclo);
    return `ciclo ${i + 1}: ${trabalho} e ${folga}${vezes}${faixas ? `, ${faixas}` : ''}`;
  });
}

/**
 * One schedule version in one line (the espelho keeps a month on a page): its
 * name, when it ruled if given, then its hours, e.g. 'Comercial (01/02 a
 * 28/02): Seg a Sex 08:00–12:00, 13:00–17:00 · Sáb 08:00–12:00 · Dom Folga'.
 */
export function horarioContratual(descricao: string, c: ConfiguracaoEscala, vigencia?: string): string {
  const partes = c.tipoEscala === 'ERC' ? linhasDoRevezamento(c) : linhasDoQuadro(c);
  return `${descricao}${vigencia ? ` (${vigencia})` : ''}: ${partes.join(' · ')}`;
}
