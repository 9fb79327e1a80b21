import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CALCULO_PONTO_MSG as M,
  PERM,
  calculoPontoApi as api,
  centroCustoApi,
  empresaApi,
  funcionarioPesquisaApi,
  type FuncionarioResumo,
  type ProgressoExecucao,
} from '@jornada/contracts';
import { Providers } from '../../../app/providers';
import { createQueryClient } from '../../../shared/query-client';
import { setSession } from '../../../shared/session';
import { reply, stub, stubApi } from '../../../test/api-stub';
import { choose, dropdown } from '../../../test/dropdown';
import { makeSession } from '../../../test/render-app';
import { CalculoPontoPage } from './calculo-ponto-page';

const empresa = (id: number, nome: string) => ({
  id,
  numero: `1122233300018${id}`,
  razaoSocial: nome,
  tipoNumeroDocumento: 'cnpj' as const,
  cnpjNome: nome,
});
const ANA: FuncionarioResumo = { id: 1, cracha: '0101', nome: 'Ana Souza', pis: '' };
const BRUNO: FuncionarioResumo = { id: 2, cracha: '0102', nome: 'Bruno Lima', pis: '' };
const FEVEREIRO = Array.from({ length: 28 }, (_, i) => `2026-02-${String(i + 1).padStart(2, '0')}`);

/** The progress reads the server answers, in order (the last one repeats). */
function montar(
  leituras: ProgressoExecucao['status'][] = ['PROCESSANDO', 'PROCESSADO'],
  codigos: number[] = [PERM.CALCULO_PONTO],
) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-02-10T12:00:00'));
  setSession(makeSession(codigos));
  let n = 0;
  const http = stubApi(
    stub(empresaApi.listarCnpjs, [empresa(10, 'Matriz'), empresa(20, 'Filial')]),
    stub(centroCustoApi.listarCentrosCustosUsuario, []),
    stub(funcionarioPesquisaApi.buscarFuncionariosCrachaNome, [ANA, BRUNO]),
    stub(api.listarDatasPeriodoFechamento, FEVEREIRO),
    stub(api.calcular, { id: 77, total: 2, quantidadeFuncionarios: 2, mensagem: M.calculoIniciado }),
    stub(api.calcularFlexivel, { id: 78, total: 2, quantidadeFuncionarios: 2, mensagem: M.calculoIniciado }),
    stub(api.progresso, (b) => {
      const status = leituras[Math.min(n++, leituras.length - 1)]!;
      return {
        id: b.id,
        status,
        total: 2,
        calculados: status === 'PROCESSANDO' ? 1 : status === 'PROCESSADO' ? 2 : 1,
        progresso: status === 'PROCESSANDO' ? 50 : status === 'PROCESSADO' ? 100 : 50,
        mensagem: status === 'ERRO' ? 'ERROS#Não foi possível concluir o cálculo.' : null,
      };
    }),
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <CalculoPontoPage />
    </Providers>,
  );
  return { http, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

afterEach(() => {
  vi.useRealTimers();
});

const barra = () => screen.getByRole('progressbar', { name: 'Progresso do cálculo' });
const calcularBotao = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Calcular' }));
const passar = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Company Matriz, a search, and every employee found selected. */
async function selecionarTodos(user: UserEvent) {
  await choose(user, 'Empresa', 'Matriz');
  await user.type(screen.getByPlaceholderText('Crachá/PIS/CPF/Nome'), 'a{Enter}');
  await waitFor(() =>
    expect(
      within(screen.getByRole('listbox', { name: /Funcionários Disponíveis/ })).getAllByRole('option'),
    ).toHaveLength(2),
  );
  await user.click(screen.getByRole('button', { name: 'Selecionar todos' }));
  expect(await screen.findByText('Total de funcionários: 2')).toBeInTheDocument();
}

describe('Cálculo do Ponto (seed 002 §2, §4, §5; issue 11 §6)', () => {
  it("starts in mode 'Período' on the month's closing period; the warnings of seed 002 §5", async () => {
    const { http, user } = montar();
    expect(screen.getByRole('heading', { name: 'Cálculo do Ponto', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(M.totalZero)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Período' })).toBeChecked();
    await waitFor(() => expect(dropdown('Data início')).toHaveTextContent('01/02/2026'));
    expect(dropdown('Data final')).toHaveTextContent('28/02/2026');
    expect(http.callsTo(api.listarDatasPeriodoFechamento)[0]!.body).toMatchObject({ mes: 2, ano: 2026 });
    await calcularBotao(user);
    expect(await screen.findByText(M.selecioneEmpresa)).toBeInTheDocument();
    // A click answered by a warning started nothing: the next one, at once, is not throttled.
    await choose(user, 'Empresa', 'Matriz');
    await calcularBotao(user);
    expect(await screen.findByText(M.totalZero, { selector: '.p-toast *' })).toBeInTheDocument();
    expect(http.callsTo(api.calcular)).toHaveLength(0);
  });

  it('Calcular shows only with the code its calls ask (125), in either mode (issue 24 §11)', async () => {
    const { user } = montar(undefined, [PERM.CONTROLE_PONTO]);
    await waitFor(() => expect(dropdown('Data início')).toHaveTextContent('01/02/2026'));
    expect(screen.queryByRole('button', { name: 'Calcular' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Data início/Data final' }));
    expect(screen.queryByRole('button', { name: 'Calcular' })).not.toBeInTheDocument();
    // The bar stays: it is only a reading.
    expect(barra()).toBeInTheDocument();
  });

  it('Calcular enqueues one run; the bar follows the progress read to 100 and resets 1 s later', async () => {
    const { http, user } = montar(['PROCESSANDO', 'PROCESSANDO', 'PROCESSADO']);
    await selecionarTodos(user);
    await calcularBotao(user);
    await waitFor(() => expect(http.callsTo(api.calcular)).toHaveLength(1));
    expect(http.callsTo(api.calcular)[0]!.body).toMatchObject({ cnpj: 10, funcionarios: [1, 2], mes: 2, ano: 2026 });
    expect(barra()).toHaveAttribute('aria-valuenow', '0');
    await passar(1000);
    await waitFor(() => expect(barra()).toHaveAttribute('aria-valuenow', '50'));
    expect(http.callsTo(api.progresso)[0]!.path).toBe('/api/calculo-ponto/progresso/77');
    await passar(1000);
    expect(http.callsTo(api.progresso)).toHaveLength(2);
    await passar(1000);
    await waitFor(() => expect(barra()).toHaveAttribute('aria-valuenow', '100'));
    expect(await screen.findByText(M.calculoConcluido)).toBeInTheDocument();
    // No more reads once done; the bar resets after 1 s.
    await passar(1000);
    await waitFor(() => expect(barra()).toHaveAttribute('aria-valuenow', '0'));
    expect(http.callsTo(api.progresso)).toHaveLength(3);
  });

  it('Calcular at most once every 3 s', async () => {
    const { http, user } = montar(['PROCESSADO']);
    await selecionarTodos(user);
    await calcularBotao(user);
    await waitFor(() => expect(http.callsTo(api.calcular)).toHaveLength(1));
    await passar(1000); // the run ends at the first read
    await waitFor(() => expect(barra()).toHaveAttribute('aria-valuenow', '100'));
    await passar(1000);
    await calcularBotao(user); // 2 s after the first: ignored
    expect(http.callsTo(api.calcular)).toHaveLength(1);
    await passar(1000);
    await calcularBotao(user);
    await waitFor(() => expect(http.callsTo(api.calcular)).toHaveLength(2));
  });

  it("mode 'Data início/Data final': the chosen days go to calcular-flexivel; a failure shows its message and resets after 3 s", async () => {
    const { http, user } = montar(['ERRO']);
    await selecionarTodos(user);
    expect(dropdown('Data início')).toHaveClass('p-disabled');
    await user.click(screen.getByRole('radio', { name: 'Data início/Data final' }));
    await choose(user, 'Data início', '10/02/2026');
    await choose(user, 'Data final', '05/02/2026');
    await calcularBotao(user);
    expect(await screen.findByText(M.dataFinalAntesInicio)).toBeInTheDocument();
    await choose(user, 'Data final', '20/02/2026');
    await calcularBotao(user);
    await waitFor(() => expect(http.callsTo(api.calcularFlexivel)).toHaveLength(1));
    expect(http.callsTo(api.calcularFlexivel)[0]!.body).toMatchObject({
      cnpj: 10,
      funcionarios: [1, 2],
      dataInicio: '2026-02-10',
      dataFinal: '2026-02-20',
    });
    await passar(1000);
    expect(await screen.findByText('Não foi possível concluir o cálculo.')).toBeInTheDocument();
    await waitFor(() => expect(barra()).toHaveAttribute('aria-valuenow', '50'));
    await passar(2000);
    expect(barra()).toHaveAttribute('aria-valuenow', '50');
    await passar(1000);
    await waitFor(() => expect(barra()).toHaveAttribute('aria-valuenow', '0'));
  });

  it('a refused start shows the server message and starts no bar', async () => {
    const { http, user } = montar();
    http.on(api.calcular, reply(404, { mensagem: M.funcionarioNaoEncontrado }));
    await selecionarTodos(user);
    await calcularBotao(user);
    expect(await screen.findByText(M.funcionarioNaoEncontrado)).toBeInTheDocument();
    await passar(2000);
    expect(http.callsTo(api.progresso)).toHaveLength(0);
    expect(barra()).toHaveAttribute('aria-valuenow', '0');
  });
});
