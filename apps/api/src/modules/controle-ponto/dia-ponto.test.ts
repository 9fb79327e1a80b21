import { describe, expect, it } from 'vitest';
import { parseInstant } from '@jornada/engine';
import { diaPonto, horaDoDia, horasMinutos } from './dia-ponto.js';

describe('dia-ponto: a stored day as the Detalhes table writes it', () => {
  it.each([
    [0, '00:00'],
    [59, '00:59'],
    [440, '07:20'],
    [1_500, '25:00'],
    [-60, '-01:00'],
    [-5, '-00:05'],
  ])('horasMinutos(%i) = %s', (min, texto) => expect(horasMinutos(min)).toBe(texto));

  it.each([
    ['2026-02-03 08:00', '2026-02-03', '08:00'],
    ['2026-02-03 23:59', '2026-02-03', '23:59'],
    // A night shift's exit after midnight, attributed to the day it started.
    ['2026-02-04 00:10', '2026-02-03', '00:10+1'],
    // A punch before midnight attributed to the next day (spec §5.1 cut).
    ['2026-02-02 23:50', '2026-02-03', '23:50-1'],
    ['2026-03-01 06:00', '2026-02-28', '06:00+1'],
  ])('horaDoDia(%s) of %s = %s', (instante, dia, texto) => expect(horaDoDia(parseInstant(instante), dia)).toBe(texto));

  it('fills entrada/saída in punch order (an orphan keeps its place), names the week day and joins the lists', () => {
    const d = diaPonto(
      {
        dia: '2026-02-01',
        tipoDia: 'sunday',
        afastado: false,
        irregular: true,
        normal: 245,
        horasFaltantes: 15,
        escalaId: 4,
        escala: 'Produção',
        temPendencias: true,
        resultado: {
          effectivePunches: ['2026-02-01 08:00', '2026-02-01 12:05', '2026-02-01 13:00'].map((t) => parseInstant(t)),
          descricaoEventos: ['Horas Normais', 'Falta de Marcação'],
        },
      },
      [
        { dataInicio: '2026-01-30', dataFinal: '2026-02-01', justificativa: 'Atestado' },
        { dataInicio: '2026-02-01', dataFinal: '2026-02-01', justificativa: 'Atestado' },
        { dataInicio: '2026-02-02', dataFinal: '2026-02-05', justificativa: 'Férias' },
      ],
    );
    expect(d).toEqual({
      id: '2026-02-01',
      dia: '2026-02-01',
      diaDaSemana: 'Dom',
      irregular: true,
      temPendencias: true,
      descricaoMarcacoes: '08:00 12:05 13:00',
      entrada1: '08:00',
      saida1: '12:05',
      entrada2: '13:00',
      saida2: null,
      entrada3: null,
      saida3: null,
      jornadaFormatada: '04:05',
      horasFaltantesFormatada: '00:15',
      codigoHorario: '4',
      ocorrenciaMarcacoes: 'Atestado',
      descricaoEventos: 'Horas Normais, Falta de Marcação',
      tipoDia: 'sunday',
      afastado: false,
      emAberto: false,
    });
  });

  it('a day stored open (decision 0073) says so', () => {
    const dia = (flags: string[]) =>
      diaPonto(
        {
          dia: '2026-02-10',
          tipoDia: 'weekday',
          afastado: false,
          irregular: false,
          normal: 0,
          horasFaltantes: 0,
          escalaId: 4,
          escala: 'Produção',
          temPendencias: false,
          resultado: { flags },
        },
        [],
      );
    expect(dia(['DIA_EM_ABERTO']).emAberto).toBe(true);
    expect(dia(['FALTA_MARCACAO']).emAberto).toBe(false);
  });
});
