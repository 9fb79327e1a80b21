import type { controlePontoApi } from '@jornada/contracts';
import { DIA_EM_ABERTO } from '@jornada/engine';
import type { DiaGravadoRow } from './controle-ponto.repository.js';

type DiaPonto = controlePontoApi.DiaPonto;

const DIAS_DA_SEMANA = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;
const MINUTOS_DIA = 1_440;

const dois = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Minutes → 'HH:MM' (hours past 24 kept: a month's total; negative with '-'). */
export function horasMinutos(minutos: number): string {
  const a = Math.abs(minutos);
  return `${minutos < 0 ? '-' : ''}${dois(Math.floor(a / 60))}:${dois(a % 60)}`;
}

/** 'yyyy-mm-dd' → days since 1970-01-01 (the engine's absolute minutes count from there). */
const diaAbsoluto = (dia: string) => Date.UTC(+dia.slice(0, 4), +dia.slice(5, 7) - 1, +dia.slice(8, 10)) / 86_400_000;

/**
 * An engine instant (absolute minute) as the day's table writes it: 'HH:MM',
 * with '+1' after midnight of the day and '-1' before it (a punch of a night
 * shift attributed to the day it started, spec §5.1).
 */
export function horaDoDia(instante: number, dia: string): string {
  const base = diaAbsoluto(dia) * MINUTOS_DIA;
  const desloc = Math.floor((instante - base) / MINUTOS_DIA);
  const hora = horasMinutos(instante - base - desloc * MINUTOS_DIA);
  return desloc === 0 ? hora : `${hora}${desloc > 0 ? '+' : ''}${desloc}`;
}

/** The justifications of the occurrences that cover `dia`, once each, in order. */
function ocorrenciasDoDia(
  dia: string,
  ocorrencias: readonly { dataInicio: string; dataFinal: string; justificativa: string }[],
) {
  const nomes = new Set<string>();
  for (const o of ocorrencias) if (o.dataInicio <= dia && o.dataFinal >= dia) nomes.add(o.justificativa);
  return [...nomes].join(', ');
}

/**
 * One stored day as the Detalhes tab shows it (seed 002 §2 Marcações, §3 "Day
 * of the timesheet"): the effective punches in order fill entrada1…saida3 (an
 * orphan keeps its place, as the worker punched it), every one is in
 * descricaoMarcacoes, jornada is the normal hours and the missing hours are
 * what the engine left after justifications (spec §17.4).
 */
export function diaPonto(
  d: DiaGravadoRow,
  ocorrencias: readonly { dataInicio: string; dataFinal: string; justificativa: string }[],
): DiaPonto {
  const batidas = (d.resultado.effectivePunches ?? []).map((t) => horaDoDia(t, d.dia));
  const em = (i: number) => batidas[i] ?? null;
  return {
    id: d.dia,
    dia: d.dia,
    diaDaSemana: DIAS_DA_SEMANA[new Date(`${d.dia}T00:00:00Z`).getUTCDay()]!,
    irregular: d.irregular,
    temPendencias: d.temPendencias,
    descricaoMarcacoes: batidas.join(' '),
    entrada1: em(0),
    saida1: em(1),
    entrada2: em(2),
    saida2: em(3),
    entrada3: em(4),
    saida3: em(5),
    jornadaFormatada: horasMinutos(d.normal),
    horasFaltantesFormatada: horasMinutos(d.horasFaltantes),
    codigoHorario: d.escalaId === null ? null : String(d.escalaId),
    ocorrenciaMarcacoes: ocorrenciasDoDia(d.dia, ocorrencias),
    descricaoEventos: (d.resultado.descricaoEventos ?? []).join(', '),
    tipoDia: d.tipoDia,
    afastado: d.afastado,
    emAberto: (d.resultado.flags ?? []).includes(DIA_EM_ABERTO),
  };
}
