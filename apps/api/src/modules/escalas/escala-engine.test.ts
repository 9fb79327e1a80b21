import { describe, expect, it } from 'vitest';
import { calculatePeriod } from '@jornada/engine';
import { escalaApi, type ConfiguracaoEscala } from '@jornada/contracts';
import { atribuicoes, comValidade, percentual, scheduleInputDe, type VersaoCalculo } from './escala-engine.js';

const base = (): ConfiguracaoEscala => ({
  ...structuredClone(escalaApi.ESCALA_PADRAO),
  descricao: 'Teste',
  quadroHorario: {
    validarFechamento: false,
    horasFechamento: null,
    diasDaSemana: structuredClone(escalaApi.PRESETS_QUADRO.find((p) => p.chave === '40h-0800-1700-seg-sex')!.dias),
  },
});

const rotacao = (entrada: string, saida: string): ConfiguracaoEscala => ({
  ...base(),
  tipoEscala: 'ERC',
  revezamento: {
    idCiclo: 1,
    validarFechamento: false,
    horasFechamento: null,
    ciclos: [
      {
        posicao: 1,
        diasTrabalhados: 2,
        diasFolgas: 1,
        fatorRepeticao: 1,
        entrada1: entrada,
        saida1: saida,
        entrada2: null,
        saida2: null,
        entrada3: null,
        saida3: null,
      },
    ],
  },
});

const versao = (escalaId: number, validaDesde: string, c: ConfiguracaoEscala) => ({
  escalaId,
  validaDesde,
  schedule: scheduleInputDe(c),
});

describe('mapping a stored version to the engine', () => {
  it('fractions become percent, without floating noise', () => {
    expect([0.5, 1, 0.07, 0.333, null].map(percentual)).toEqual([50, 100, 7, 33.3, null]);
  });

  it('a time table: rows by weekday, flexible flag, policy with the seed names, frozen', () => {
    const c = base();
    c.quadroHorario!.diasDaSemana[1]!.horarioFlexivel = true;
    c.politicaContratual.horasMensaisalistas = 180;
    const s = scheduleInputDe(c);
    expect(s.kind).toBe('weekly');
    expect(s.dayRows![1]).toEqual({
      dayOfWeek: 2,
      flexible: true,
      slots: [
        ['08:00', '12:00'],
        ['13:00', '17:00'],
      ],
    });
    expect(s.dayRows![0]!.slots).toEqual([]);
    expect(s.policy!.horasMensalistas).toBe(180);
    expect(s.policy!.faixasHoraExtra![0]!.domingo).toBe(100);
    expect(s.policy!.bancoHoraArmazenamento).toBeUndefined();
    expect(Object.isFrozen(s.dayRows![1]!.slots)).toBe(true);
  });

  it('the close validation follows the tab of the type; the bank only when included', () => {
    const c = rotacao('07:00', '19:00');
    c.quadroHorario!.validarFechamento = true;
    c.quadroHorario!.horasFechamento = '03:00';
    c.revezamento!.validarFechamento = true;
    c.revezamento!.horasFechamento = '05:00';
    c.incluirBancoHoras = true;
    c.politicaBancoHora = { periodoInicial: '2026-01', periodoFinal: '2026-12', acordoIndividual: true };
    c.bancoHoraTransferencia = { ...escalaApi.TRANSFERENCIA_PADRAO, faixaSabados: 0.5, fatorDomingos: '' };
    const p = scheduleInputDe(c).policy!;
    expect([p.validarFechamento, p.horasFechamento]).toEqual([true, '05:00']);
    expect(p.politicaBancoHora).toEqual({ periodoInicial: '2026-01', periodoFinal: '2026-12', acordoIndividual: true });
    expect(p.bancoHoraTransferencia!.faixaSabados).toBe(50);
    expect(p.bancoHoraTransferencia!.fatorDomingos).toBeNull();
    expect(p.bancoHoraArmazenamento!.Segunda).toEqual({ horaExtra: false, limiteHE: null });
  });

  it('versions get their end dates; an employee history is cut where a version starts', () => {
    const v = comValidade([
      versao(7, '1900-01-01', base()),
      versao(7, '2026-03-01', base()),
      versao(7, '2026-05-10', base()),
    ]) as VersaoCalculo[];
    expect(v.map((x) => [x.validaDesde, x.validaAte])).toEqual([
      ['1900-01-01', '2026-02-28'],
      ['2026-03-01', '2026-05-09'],
      ['2026-05-10', null],
    ]);
    const a = atribuicoes(
      [
        { escalaId: 7, dataInicio: '2026-02-10', dataFinal: '2026-04-30' },
        { escalaId: 8, dataInicio: '2026-05-01', dataFinal: null },
      ],
      new Map([
        [7, v],
        [8, comValidade([versao(8, '1900-01-01', base())]) as VersaoCalculo[]],
      ]),
    );
    expect(a.map((x) => [x.from, x.to, x.anchor])).toEqual([
      ['2026-02-10', '2026-02-28', '2026-02-10'],
      ['2026-03-01', '2026-04-30', '2026-02-10'],
      ['2026-05-01', null, '2026-05-01'],
    ]);
  });

  it('earlier days keep the earlier version, and the rotation keeps its place across a version', () => {
    const v = comValidade([
      versao(1, '1900-01-01', rotacao('08:00', '16:00')),
      versao(1, '2026-03-04', rotacao('08:00', '14:00')),
    ]) as VersaoCalculo[];
    const r = calculatePeriod({
      start: '2026-03-01',
      end: '2026-03-07',
      schedules: atribuicoes([{ escalaId: 1, dataInicio: '2026-02-28', dataFinal: null }], new Map([[1, v]])),
      punches: [],
    });
    // Entry from 28/02: 28 T, 01 T, 02 F, 03 T, 04 T, 05 F, 06 T, 07 T; the version of 04/03 is 6 h.
    expect(r.days.map((d) => (d.dayType === 'dayoff' ? 'F' : d.planned))).toEqual([480, 'F', 480, 360, 'F', 360, 360]);
  });
});
