import { calendario, formatCnpj, formatCpf } from '@jornada/contracts';
import { DIA_EM_ABERTO } from '@jornada/engine';
import { horaDoDia, horasMinutos } from '../controle-ponto/dia-ponto.js';
import type { EspelhoDia, EspelhoPonto, TipoMarcacao } from './espelho-pdf.js';
import type {
  DiaEspelhoRow,
  EscalaEspelhoRow,
  MarcacaoEspelhoRow,
  OcorrenciaEspelhoRow,
  ResumoEspelho,
  TrabalhadorRow,
} from './espelho-ponto.repository.js';
import { horarioContratual } from './horario-contratual.js';

/**
 * One employee's stored month → the espelho's data (issue 23 §5). Pure: the
 * job reads a batch's rows once and builds each espelho here; nothing is
 * recalculated, the numbers are the ones Marcações shows.
 */
export interface DadosEspelho {
  trabalhador: TrabalhadorRow;
  /** The employee's stored days of the period, in order. */
  dias: readonly DiaEspelhoRow[];
  ocorrencias: readonly OcorrenciaEspelhoRow[];
  /** Originals (with treatment) and inserted punches, the period and a day on each side. */
  marcacoes: readonly MarcacaoEspelhoRow[];
  resumo: ResumoEspelho | null;
  escalas: ReadonlyMap<number, EscalaEspelhoRow>;
  periodo: { inicio: string; fim: string };
  /** dd/mm/aaaa HH:MM on the company's clock. */
  emitidoEm: string;
}

/** The engine's event of the normal hours (packages/engine day/calculate-day.ts). */
const HORAS_NORMAIS = 'Horas Normais';
const DIAS_DA_SEMANA = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;
const TIPO_DOCUMENTO: Record<string, string> = { cnpj: 'CNPJ', cpf: 'CPF', caepf: 'CAEPF', cno: 'CNO' };

/** 'YYYY-MM-DD HH:MM' (wall clock) → the engine's absolute minute. */
const instante = (dataHora: string) =>
  Date.UTC(+dataHora.slice(0, 4), +dataHora.slice(5, 7) - 1, +dataHora.slice(8, 10), +dataHora.slice(11, 13)) / 60_000 +
  +dataHora.slice(14, 16);

/** A multiset of minutes: each punch of the store accounts for one effective punch at most. */
class Contagem {
  private readonly n = new Map<number, number>();
  add(t: number) {
    this.n.set(t, (this.n.get(t) ?? 0) + 1);
  }
  take(t: number): boolean {
    const k = this.n.get(t) ?? 0;
    if (k === 0) return false;
    this.n.set(t, k - 1);
    return true;
  }
}

/**
 * Each day's punches with how they entered it (Portaria 671 art. 84):
 * the effective punches the engine kept are inserted (I) when an inserted
 * punch of that minute exists, original when a kept original does, and
 * pre-assigned (P) otherwise (the engine adds the planned meal interval,
 * spec §5.3). A discarded original (D) is shown struck through on the day of
 * its date (moved by Mover Marcações when it was).
 */
function marcacoesPorDia(
  dias: readonly DiaEspelhoRow[],
  marcacoes: readonly MarcacaoEspelhoRow[],
): Map<string, { t: number; tipo: TipoMarcacao }[]> {
  const inseridas = new Contagem();
  const originais = new Contagem();
  const porDia = new Map<string, { t: number; tipo: TipoMarcacao }[]>(dias.map((d) => [d.dia, []]));
  for (const m of marcacoes) {
    const t = instante(m.dataHora);
    if (m.inserida) inseridas.add(t);
    else if (!m.descartada) originais.add(t);
    else {
      const dia = calendario.addDays(m.dataHora.slice(0, 10), m.moverDia);
      porDia.get(dia)?.push({ t, tipo: 'desconsiderada' });
    }
  }
  for (const d of dias) {
    const lista = porDia.get(d.dia)!;
    for (const t of d.batidas ?? []) {
      const tipo: TipoMarcacao = inseridas.take(t) ? 'inserida' : originais.take(t) ? 'original' : 'preAssinalada';
      lista.push({ t, tipo });
    }
    lista.sort((a, b) => a.t - b.t);
  }
  return porDia;
}

/** The day's events, its occurrences' justifications, and what kind of day it was when not a plain one. */
function eventosDoDia(d: DiaEspelhoRow, ocorrencias: readonly OcorrenciaEspelhoRow[]): string {
  const partes: string[] = [];
  if (d.afastado) partes.push('Afastamento');
  else if (d.tipoDia === 'holiday') partes.push('Feriado');
  else if (d.tipoDia === 'dayoff') partes.push('Folga');
  // Normal hours are the Jornada column: named again in every worked day's events they only took room.
  for (const e of d.eventos ?? []) if (e !== HORAS_NORMAIS) partes.push(e);
  for (const o of ocorrencias)
    if (o.dataInicio <= d.dia && o.dataFinal >= d.dia && !partes.includes(o.justificativa))
      partes.push(o.justificativa);
  return partes.join(', ');
}

/** The schedules that ruled the period, each with the days it ruled when more than one did. */
function horarios(dias: readonly DiaEspelhoRow[], escalas: ReadonlyMap<number, EscalaEspelhoRow>): string[] {
  const faixas: { id: number; de: string; ate: string }[] = [];
  for (const d of dias) {
    if (d.escalaId === null) continue;
    const ultima = faixas[faixas.length - 1];
    if (ultima?.id === d.escalaId) ultima.ate = d.dia;
    else faixas.push({ id: d.escalaId, de: d.dia, ate: d.dia });
  }
  const ddmm = (dia: string) => calendario.diaMesAno(dia).slice(0, 5);
  return faixas.flatMap((f) => {
    const e = escalas.get(f.id);
    if (!e) return [];
    const vigencia = faixas.length > 1 ? `${ddmm(f.de)} a ${ddmm(f.ate)}` : undefined;
    return [horarioContratual(e.descricao, e.configuracao, vigencia)];
  });
}

/** The Resumo's totals (Jornada, Horas Extras, Evento) as label and value lines. */
function totais(r: ResumoEspelho | null): EspelhoPonto['totais'] {
  if (!r) return [];
  const s = r.summary;
  const comDias = (valor: number, n: number) =>
    `${horasMinutos(valor)}${n > 0 ? ` (${n} ${n === 1 ? 'dia' : 'dias'})` : ''}`;
  // A line of nothing (no Sunday worked, no holiday) says nothing: only what happened is listed.
  return [
    { descricao: 'Dias trabalhados', valor: String(s.diasTrabalhados) },
    { descricao: 'Jornada', valor: horasMinutos(s.jornada) },
    ...s.totaisJornadas
      .filter((j) => j.trabalhado !== 0)
      .map((j) => ({ descricao: j.descricao, valor: comDias(j.trabalhado, j.dias) })),
    ...s.horasExtrasEventos
      .filter((e) => e.valor !== 0)
      .map((e) => ({ descricao: e.descricao, valor: horasMinutos(e.valor) })),
    ...s.outrosEventos
      .filter((e) => e.valor !== 0 && e.descricao !== HORAS_NORMAIS)
      .map((e) => ({ descricao: e.descricao, valor: comDias(e.valor, e.dias) })),
  ];
}

export function montarEspelho(x: DadosEspelho): EspelhoPonto {
  const t = x.trabalhador;
  const porDia = marcacoesPorDia(x.dias, x.marcacoes);
  const dias = x.dias.map((d): EspelhoDia => ({
    data: calendario.diaMesAno(d.dia).slice(0, 5),
    diaSemana: DIAS_DA_SEMANA[new Date(`${d.dia}T00:00:00Z`).getUTCDay()]!,
    marcacoes: porDia.get(d.dia)!.map((m) => ({ hora: horaDoDia(m.t, d.dia), tipo: m.tipo })),
    jornada: horasMinutos(d.normal),
    noturno: horasMinutos(d.noturno),
    extras: horasMinutos(d.extras),
    faltantes: horasMinutos(d.faltantes),
    eventos: eventosDoDia(d, x.ocorrencias),
    emAberto: (d.flags ?? []).includes(DIA_EM_ABERTO),
  }));
  return {
    empregador: {
      nome: t.razaoSocial,
      tipoDocumento: TIPO_DOCUMENTO[t.tipoDocumento] ?? t.tipoDocumento.toUpperCase(),
      documento: t.tipoDocumento === 'cpf' ? formatCpf(t.documento) : formatCnpj(t.documento),
    },
    trabalhador: {
      nome: t.nome,
      cpf: formatCpf(t.cpf),
      cracha: t.cracha,
      admissao: calendario.diaMesAno(t.admissao),
      cargo: t.cargo,
      centroCusto: t.centroCusto,
    },
    periodo: { inicio: calendario.diaMesAno(x.periodo.inicio), fim: calendario.diaMesAno(x.periodo.fim) },
    emitidoEm: x.emitidoEm,
    horarioContratual: horarios(x.dias, x.escalas),
    dias,
    totais: totais(x.resumo),
    banco: x.resumo?.bank
      ? (x.resumo.totaisBancoHoras ?? []).map((b) => ({ ...b, valor: horasMinutos(b.valor) }))
      : null,
  };
}
