import { describe, expect, it } from 'vitest';
import { escalaApi, type ConfiguracaoEscala } from '@jornada/contracts';
import { DIA_EM_ABERTO } from '@jornada/engine';
import type { DiaEspelhoRow, MarcacaoEspelhoRow, ResumoEspelho, TrabalhadorRow } from './espelho-ponto.repository.js';
import { horarioContratual } from './horario-contratual.js';
import { montarEspelho, type DadosEspelho } from './montar-espelho.js';

/** 'YYYY-MM-DD HH:MM' → the engine's absolute minute (as the stored effective punches are). */
const min = (dataHora: string) => Date.parse(`${dataHora.replace(' ', 'T')}:00Z`) / 60_000;

const trabalhador: TrabalhadorRow = {
  id: 7,
  nome: 'Ana Souza',
  cpf: '52998224725',
  cracha: '0042',
  admissao: '2024-01-02',
  cargo: 'Analista',
  centroCusto: 'Financeiro',
  razaoSocial: 'Jornada Demonstração Ltda',
  documento: '11222333000181',
  tipoDocumento: 'cnpj',
};

const dia = (d: string, over: Partial<DiaEspelhoRow> = {}): DiaEspelhoRow => ({
  funcionarioId: 7,
  dia: d,
  tipoDia: 'weekday',
  afastado: false,
  normal: 480,
  noturno: 0,
  extras: 0,
  faltantes: 0,
  escalaId: 1,
  batidas: [],
  eventos: ['Horas Normais'],
  flags: [],
  ...over,
});

const marcacao = (dataHora: string, over: Partial<MarcacaoEspelhoRow> = {}): MarcacaoEspelhoRow => ({
  funcionarioId: 7,
  dataHora,
  descartada: false,
  moverDia: 0,
  inserida: false,
  ...over,
});

const comercial: ConfiguracaoEscala = {
  ...escalaApi.ESCALA_PADRAO,
  descricao: 'Comercial',
  tipoEscala: 'EQH',
  quadroHorario: {
    validarFechamento: false,
    horasFechamento: null,
    diasDaSemana: [2, 3, 4, 5, 6].map((d) => ({
      dia: d,
      horarioFlexivel: false,
      entrada1: '08:00',
      saida1: '12:00',
      entrada2: '13:00',
      saida2: '17:00',
      entrada3: null,
      saida3: null,
    })),
  },
} as ConfiguracaoEscala;

const base = (over: Partial<DadosEspelho> = {}): DadosEspelho => ({
  trabalhador,
  dias: [],
  ocorrencias: [],
  marcacoes: [],
  resumo: null,
  escalas: new Map([[1, { id: 1, descricao: 'Comercial', configuracao: comercial }]]),
  periodo: { inicio: '2026-02-01', fim: '2026-02-28' },
  emitidoEm: '10/03/2026 09:00',
  ...over,
});

describe('montarEspelho: cada marcação com a sua origem (Portaria 671 art. 84)', () => {
  const casos: {
    nome: string;
    marcacoes: MarcacaoEspelhoRow[];
    batidas: string[];
    esperado: { hora: string; tipo: string }[];
  }[] = [
    {
      nome: 'originais mantidas',
      marcacoes: [marcacao('2026-02-03 08:00'), marcacao('2026-02-03 17:00')],
      batidas: ['2026-02-03 08:00', '2026-02-03 17:00'],
      esperado: [
        { hora: '08:00', tipo: 'original' },
        { hora: '17:00', tipo: 'original' },
      ],
    },
    {
      nome: 'uma descartada (D) fica riscada no dia, e a inserida (I) ocupa o lugar',
      marcacoes: [
        marcacao('2026-02-03 07:58', { descartada: true }),
        marcacao('2026-02-03 08:00', { inserida: true }),
        marcacao('2026-02-03 17:00'),
      ],
      batidas: ['2026-02-03 08:00', '2026-02-03 17:00'],
      esperado: [
        { hora: '07:58', tipo: 'desconsiderada' },
        { hora: '08:00', tipo: 'inserida' },
        { hora: '17:00', tipo: 'original' },
      ],
    },
    {
      nome: 'o intervalo pré-assinalado (P) é o que nenhuma marcação explica',
      marcacoes: [marcacao('2026-02-03 08:00'), marcacao('2026-02-03 17:00')],
      batidas: ['2026-02-03 08:00', '2026-02-03 12:00', '2026-02-03 13:00', '2026-02-03 17:00'],
      esperado: [
        { hora: '08:00', tipo: 'original' },
        { hora: '12:00', tipo: 'preAssinalada' },
        { hora: '13:00', tipo: 'preAssinalada' },
        { hora: '17:00', tipo: 'original' },
      ],
    },
    {
      nome: 'duas marcações no mesmo minuto: uma original e uma inserida, cada uma conta uma vez',
      marcacoes: [marcacao('2026-02-03 08:00'), marcacao('2026-02-03 08:00', { inserida: true })],
      batidas: ['2026-02-03 08:00', '2026-02-03 08:00'],
      esperado: [
        { hora: '08:00', tipo: 'inserida' },
        { hora: '08:00', tipo: 'original' },
      ],
    },
    {
      nome: 'a saída depois da meia-noite é do dia em que a jornada começou (+1)',
      marcacoes: [marcacao('2026-02-03 22:00'), marcacao('2026-02-04 05:00')],
      batidas: ['2026-02-03 22:00', '2026-02-04 05:00'],
      esperado: [
        { hora: '22:00', tipo: 'original' },
        { hora: '05:00+1', tipo: 'original' },
      ],
    },
    {
      nome: 'uma descartada e movida para o dia anterior aparece nesse dia',
      marcacoes: [marcacao('2026-02-04 07:00', { descartada: true, moverDia: -1 })],
      batidas: [],
      esperado: [{ hora: '07:00+1', tipo: 'desconsiderada' }],
    },
  ];
  it.each(casos)('$nome', ({ marcacoes, batidas, esperado }) => {
    const e = montarEspelho(base({ dias: [dia('2026-02-03', { batidas: batidas.map(min) })], marcacoes }));
    expect(e.dias[0]!.marcacoes).toEqual(esperado);
  });
});

describe('montarEspelho: o dia, o trabalhador e os totais', () => {
  it('eventos: o tipo do dia, os eventos sem as Horas Normais (são a coluna Jornada) e as ocorrências', () => {
    const e = montarEspelho(
      base({
        dias: [
          dia('2026-02-02', { eventos: ['Horas Normais', 'Atraso'], faltantes: 35 }),
          dia('2026-02-16', { tipoDia: 'holiday', normal: 0, eventos: [] }),
          dia('2026-02-17', { tipoDia: 'dayoff', normal: 0, eventos: [] }),
          dia('2026-02-18', { afastado: true, normal: 0, eventos: [] }),
          dia('2026-02-19', { flags: [DIA_EM_ABERTO] }),
        ],
        ocorrencias: [
          { funcionarioId: 7, dataInicio: '2026-02-01', dataFinal: '2026-02-02', justificativa: 'Atestado' },
        ],
      }),
    );
    expect(e.dias.map((d) => [d.data, d.diaSemana, d.eventos, d.faltantes, d.emAberto])).toEqual([
      ['02/02', 'Seg', 'Atraso, Atestado', '00:35', false],
      ['16/02', 'Seg', 'Feriado', '00:00', false],
      ['17/02', 'Ter', 'Folga', '00:00', false],
      ['18/02', 'Qua', 'Afastamento', '00:00', false],
      ['19/02', 'Qui', '', '00:00', true],
    ]);
  });

  it('empregador e trabalhador formatados; o horário contratual de cada escala, com a vigência quando mais de uma', () => {
    const e = montarEspelho(
      base({
        dias: [dia('2026-02-02'), dia('2026-02-03', { escalaId: 2 }), dia('2026-02-04', { escalaId: 2 })],
        escalas: new Map([
          [1, { id: 1, descricao: 'Comercial', configuracao: comercial }],
          [2, { id: 2, descricao: 'Plantão', configuracao: { ...comercial, descricao: 'Plantão' } }],
        ]),
      }),
    );
    expect(e.empregador).toEqual({
      nome: 'Jornada Demonstração Ltda',
      tipoDocumento: 'CNPJ',
      documento: '11.222.333/0001-81',
    });
    expect(e.trabalhador).toMatchObject({ cpf: '529.982.247-25', admissao: '02/01/2024' });
    expect(e.periodo).toEqual({ inicio: '01/02/2026', fim: '28/02/2026' });
    expect(e.horarioContratual).toEqual([
      'Comercial (02/02 a 02/02): Seg a Sex 08:00–12:00, 13:00–17:00 · Sáb e Dom Folga',
      'Plantão (03/02 a 04/02): Seg a Sex 08:00–12:00, 13:00–17:00 · Sáb e Dom Folga',
    ]);
    // One schedule: no period after its name.
    expect(montarEspelho(base({ dias: [dia('2026-02-02')] })).horarioContratual).toEqual([
      'Comercial: Seg a Sex 08:00–12:00, 13:00–17:00 · Sáb e Dom Folga',
    ]);
  });

  it('totais: só o que aconteceu; banco de horas só com banco ativo', () => {
    const resumo = {
      summary: {
        diasTrabalhados: 20,
        jornada: 9600,
        totaisJornadas: [
          { descricao: 'Dias úteis', dias: 20, trabalhado: 9600 },
          { descricao: 'Domingos', dias: 0, trabalhado: 0 },
        ],
        horasExtrasEventos: [
          { descricao: 'HE 50%', valor: 90 },
          { descricao: 'HE 100%', valor: 0 },
        ],
        outrosEventos: [
          { descricao: 'Horas Normais', dias: 20, valor: 9600 },
          { descricao: 'Atraso', dias: 1, valor: 35 },
          { descricao: 'Reflexo DSR s/ HE 50%', dias: 0, valor: 12 },
        ],
      },
      bank: null,
      totaisBancoHoras: null,
    } as unknown as ResumoEspelho;
    const e = montarEspelho(base({ resumo }));
    expect(e.totais).toEqual([
      { descricao: 'Dias trabalhados', valor: '20' },
      { descricao: 'Jornada', valor: '160:00' },
      { descricao: 'Dias úteis', valor: '160:00 (20 dias)' },
      { descricao: 'HE 50%', valor: '01:30' },
      { descricao: 'Atraso', valor: '00:35 (1 dia)' },
      { descricao: 'Reflexo DSR s/ HE 50%', valor: '00:12' },
    ]);
    expect(e.banco).toBeNull();
    const comBanco = montarEspelho(
      base({
        resumo: {
          ...resumo,
          bank: {} as ResumoEspelho['bank'],
          totaisBancoHoras: [
            { descricao: 'Saldo anterior', valor: -30 },
            { descricao: 'Saldo final', valor: 75 },
          ],
        },
      }),
    );
    expect(comBanco.banco).toEqual([
      { descricao: 'Saldo anterior', valor: '-00:30' },
      { descricao: 'Saldo final', valor: '01:15' },
    ]);
  });
});

describe('horarioContratual', () => {
  const dias = (lista: [number, string | null, string | null, boolean?][]) =>
    lista.map(([dia, entrada1, saida1, horarioFlexivel]) => ({
      dia,
      horarioFlexivel: horarioFlexivel ?? false,
      entrada1,
      saida1,
      entrada2: null,
      saida2: null,
      entrada3: null,
      saida3: null,
    }));
  const quadro = (diasDaSemana: ReturnType<typeof dias>) =>
    ({ ...comercial, quadroHorario: { ...comercial.quadroHorario!, diasDaSemana } }) as ConfiguracaoEscala;
  it.each([
    {
      nome: 'dias seguidos iguais numa linha; dois dias com "e"; o domingo por último',
      c: quadro(
        dias([
          [2, '08:00', '12:00'],
          [3, '08:00', '12:00'],
          [4, '08:00', '12:00'],
          [7, '08:00', '12:00'],
        ]),
      ),
      esperado: 'X: Seg a Qua 08:00–12:00 · Qui e Sex Folga · Sáb 08:00–12:00 · Dom Folga',
    },
    {
      nome: 'horário flexível e um par sem saída',
      c: quadro(dias([[2, '08:00', null, true]])),
      esperado: 'X: Seg 08:00–--:-- (horário flexível) · Ter a Dom Folga',
    },
    {
      nome: 'revezamento: cada ciclo com trabalho, folga, repetição e horas',
      c: {
        ...comercial,
        tipoEscala: 'ERC',
        revezamento: {
          validarFechamento: false,
          horasFechamento: null,
          ciclos: [
            {
              posicao: 1,
              diasTrabalhados: 1,
              diasFolgas: 1,
              fatorRepeticao: 1,
              entrada1: '07:00',
              saida1: '19:00',
              entrada2: null,
              saida2: null,
              entrada3: null,
              saida3: null,
            },
            {
              posicao: 2,
              diasTrabalhados: 5,
              diasFolgas: 2,
              fatorRepeticao: 3,
              entrada1: null,
              saida1: null,
              entrada2: null,
              saida2: null,
              entrada3: null,
              saida3: null,
            },
          ],
        },
      } as ConfiguracaoEscala,
      esperado:
        'X: ciclo 1: 1 dia de trabalho e 1 de folga, 07:00–19:00 · ciclo 2: 5 dias de trabalho e 2 de folga (3 vezes)',
    },
  ])('$nome', ({ c, esperado }) => {
    expect(horarioContratual('X', c)).toBe(esperado);
  });
});
