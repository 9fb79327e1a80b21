import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { PERM, controlePontoApi, type PeriodoControle } from '@jornada/contracts';
import { stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';

/**
 * What the Marcações tests share (marcacoes-page.test.tsx, acoes-dia.test.tsx): an employee-month of
 * February 2026, a stub server that answers it and a Controle list of 12 employees, and the screen opened.
 */

type MarcacoesMes = controlePontoApi.MarcacoesMes;
type DiaPonto = controlePontoApi.DiaPonto;

export const dia = (n: number, over: Partial<DiaPonto> = {}): DiaPonto => {
  const d = `2026-02-${String(n).padStart(2, '0')}`;
  return {
    id: d,
    dia: d,
    diaDaSemana: ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'][(n - 1) % 7]!,
    irregular: false,
    temPendencias: false,
    descricaoMarcacoes: '08:00 12:00 13:00 17:00',
    entrada1: '08:00',
    saida1: '12:00',
    entrada2: '13:00',
    saida2: '17:00',
    entrada3: null,
    saida3: null,
    jornadaFormatada: '08:00',
    horasFaltantesFormatada: '00:00',
    codigoHorario: '3',
    ocorrenciaMarcacoes: '',
    descricaoEventos: '',
    tipoDia: 'weekday',
    afastado: false,
    emAberto: false,
    ...over,
  };
};

export const mes = (over: Partial<MarcacoesMes> = {}): MarcacoesMes => ({
  funcionario: { id: 12, cracha: '112', nome: 'Beatriz Lima', centroCusto: 'Produção', possuiFoto: false },
  periodoFechamento: { id: null, fechado: false, concluido: false, dataInicio: '2026-02-01', dataFinal: '2026-02-28' },
  calculadoEm: '2026-02-10T12:00:00.000Z',
  pontos: [
    dia(2),
    dia(3, {
      irregular: true,
      descricaoMarcacoes: '08:20 12:00 13:00 17:00',
      entrada1: '08:20',
      horasFaltantesFormatada: '00:20',
      descricaoEventos: 'Atraso',
    }),
  ],
  sumario: {
    diasTrabalhados: 2,
    jornada: 940,
    jornadaEAbono: 940,
    horasExtras: 0,
    outrosEventos: 20,
    saldoAnteriorBH: 30,
    saldoDebitoLancado: 0,
    saldoCreditoLancado: 0,
    creditosBH: 0,
    totalCreditos: 30,
    debitosBH: 90,
    saldoFinal: -60,
  },
  ...over,
});

const linha = (i: number): PeriodoControle => ({
  funcionario: { id: i, cracha: String(100 + i), nome: `Funcionário ${i}` },
  temPendencias: false,
  qtdFaltas: 0,
  qtdAtrasos: 0,
  qtdExcessoRefeicao: 0,
  qtdSaidasAntecipadas: 0,
  qtdFaltaMarcacao: 0,
  qtdInterjornada: 0,
  fechado: false,
  calculado: true,
});

/** The API of one employee-month, and a Controle list of 12 employees (ids 1…12) paged as the server pages it. */
export function server(atual: MarcacoesMes = mes()) {
  const api = stubApi();
  api.on(controlePontoApi.buscarCalcularPonto, (b) => ({
    ...atual,
    funcionario: { ...atual.funcionario, id: b.funcionario, nome: `Funcionário ${b.funcionario}` },
  }));
  api.on(controlePontoApi.listar, (b) => {
    const todos = Array.from({ length: 12 }, (_, k) => linha(k + 1));
    const de = b.numPagina * b.qtdLinhas;
    return { qdtFuncionarios: todos.length, periodosControle: todos.slice(de, de + b.qtdLinhas) };
  });
  return api;
}

export const TODOS: number[] = [PERM.CONTROLE_PONTO, PERM.CONTROLE_PONTO_MARCACOES];
export const URL_12 = '/movimento/controle-ponto/marcacoes?funcionario=12&empresa=1&mes=2026-02';
export const toasts = () => document.querySelector<HTMLElement>('.p-toast')!;

export async function abrir(path = URL_12, codes = TODOS) {
  const user = userEvent.setup();
  const app = renderApp(path, makeSession(codes));
  expect(await screen.findByRole('heading', { name: 'Marcações', level: 1 })).toBeInTheDocument();
  return { user, ...app };
}

export const celulas = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent?.trim());
