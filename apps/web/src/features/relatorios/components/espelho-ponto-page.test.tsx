import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ESPELHO_PONTO,
  MSG,
  MSG_RELATORIO,
  PERM,
  centroCustoApi,
  empresaApi,
  funcionarioPesquisaApi,
  solicitacaoDocumentoApi as api,
  type CnpjOpcao,
  type FuncionarioResumo,
  type SolicitacaoDocumento,
} from '@jornada/contracts';
import { reply, stubApi, type Handler } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';
import { pedidoEspelhoPonto } from './espelho-ponto-page';

const PATH = '/relatorios/espelho-ponto';

const empresa = (id: number, nome: string): CnpjOpcao => ({
  id,
  numero: `1122233300${id}181`,
  razaoSocial: nome,
  tipoNumeroDocumento: 'cnpj',
  cnpjNome: nome,
});
const PESSOAS: FuncionarioResumo[] = [1, 2, 3].map((i) => ({ id: i, cracha: String(i), nome: `Pessoa ${i}`, pis: '' }));
const LINK = `/api/arquivo/1-${'a'.repeat(32)}-espelho-ponto-2026-02.pdf?exp=1900000000&sig=abc`;

const solicitacao = (o: Partial<SolicitacaoDocumento> = {}): SolicitacaoDocumento => ({
  id: 77,
  status: 'PROCESSANDO',
  nome: ESPELHO_PONTO.nome,
  servico: ESPELHO_PONTO.servico,
  nomeDocumento: ESPELHO_PONTO.nome,
  nomeArquivo: 'espelho-ponto-2026-02.pdf',
  tipoDocumento: 'pdf',
  mensagem: null,
  progresso: 0,
  link: null,
  dataValidadeLink: null,
  linkExpirado: false,
  dataSolicitacao: '2026-02-10T12:00:00.000Z',
  dataInicioProcessamento: null,
  dataFinalProcessamento: null,
  idCnpj: 10,
  usuario: 'Ana Souza',
  ...o,
});
const pronta = solicitacao({ status: 'PROCESSADO', progresso: 100, link: LINK });

/** The screen with `empresas`, three employees to find and the queue answering `buscar`. */
function abrir(buscar: Handler<typeof api.buscarSolicitacaoDocumento>, empresas = [empresa(10, 'Matriz')]) {
  const http = stubApi();
  http.on(empresaApi.listarCnpjs, empresas);
  http.on(centroCustoApi.listarCentrosCustosUsuario, []);
  http.on(funcionarioPesquisaApi.buscarFuncionariosCrachaNome, PESSOAS);
  http.on(api.criarSolicitacaoDocumento, { id: 77, status: 'FILA' });
  http.on(api.buscarSolicitacaoDocumento, buscar);
  const app = renderApp(PATH, makeSession([PERM.RELATORIOS, PERM.RELATORIO_ESPELHO_PONTO]));
  return { http, ...app, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

const gerarPdf = () => screen.getByRole('button', { name: 'Gerar PDF' });
const toasts = () => document.querySelector<HTMLElement>('.p-toast')!;
const consultas = (http: ReturnType<typeof stubApi>) => http.callsTo(api.buscarSolicitacaoDocumento).length;
const passar = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The only company comes chosen: a search, every employee found selected, then Gerar PDF. */
async function gerarParaTodos(user: UserEvent) {
  expect(await screen.findByRole('heading', { name: 'Espelho de Ponto' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText('Empresa', { selector: 'input' })).toHaveValue('Matriz'));
  await user.type(screen.getByPlaceholderText('Crachá/PIS/CPF/Nome'), 'pessoa{Enter}');
  await waitFor(() =>
    expect(
      within(screen.getByRole('listbox', { name: /Funcionários Disponíveis/ })).getAllByRole('option'),
    ).toHaveLength(3),
  );
  await user.click(screen.getByRole('button', { name: 'Selecionar todos' }));
  await user.click(gerarPdf());
  await screen.findByRole('link', { name: MSG_RELATORIO.processando });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-02-10T12:00:00'));
});
afterEach(() => vi.useRealTimers());

describe('Espelho de Ponto (route 129, seed 002 §2, §4, §5)', () => {
  it.each([
    ['no company chosen', [empresa(10, 'Matriz'), empresa(11, 'Filial')], MSG_RELATORIO.selecioneEmpresa],
    ['the company but no employee', [empresa(10, 'Matriz')], MSG_RELATORIO.selecioneFuncionarios],
  ])('refuses with %s: the seed message, nothing sent', async (_caso, empresas, mensagem) => {
    const { http, user } = abrir(pronta, empresas);
    expect(await screen.findByRole('heading', { name: 'Espelho de Ponto' })).toBeInTheDocument();
    if (empresas.length === 1) {
      await waitFor(() => expect(screen.getByLabelText('Empresa', { selector: 'input' })).toHaveValue('Matriz'));
    }
    await user.click(gerarPdf());
    expect(await within(toasts()).findByText(mensagem)).toBeInTheDocument();
    expect(http.callsTo(api.criarSolicitacaoDocumento)).toHaveLength(0);
  });

  it('sends the filter and the month, waits while monitoring (5 s, then every 5 s) and opens the PDF', async () => {
    let n = 0;
    const { http, user } = abrir(() => (++n < 3 ? solicitacao() : pronta));
    await gerarParaTodos(user);
    expect(http.callsTo(api.criarSolicitacaoDocumento).map((c) => c.body)).toEqual([
      {
        servico: ESPELHO_PONTO.servico,
        nomeDocumento: ESPELHO_PONTO.nome,
        tipoDocumento: 'pdf',
        cnpj: 10,
        ativo: true,
        idsFuncionarios: [1, 2, 3],
        todos: false,
        mesSelecionado: 2,
        anoSelecionado: 2026,
        usuarioRequisicao: expect.any(Object),
      },
    ]);
    expect(screen.getByRole('link', { name: MSG_RELATORIO.processando })).toHaveAttribute(
      'href',
      '/relatorios/historico?id=77',
    );
    expect(gerarPdf()).toBeDisabled();
    await passar(4_900);
    expect(consultas(http)).toBe(0);
    await passar(100);
    await waitFor(() => expect(consultas(http)).toBe(1));
    expect(http.callsTo(api.buscarSolicitacaoDocumento)[0]!.query.get('id')).toBe('77');
    await passar(5_000);
    await waitFor(() => expect(consultas(http)).toBe(2));
    expect(gerarPdf()).toBeDisabled();
    await passar(5_000);
    const visor = await screen.findByRole('dialog');
    expect(within(visor).getByTitle('espelho-ponto-2026-02.pdf')).toHaveAttribute('src', LINK);
    expect(gerarPdf()).toBeEnabled();
    expect(screen.queryByRole('link', { name: MSG_RELATORIO.processando })).toBeNull();
    await passar(30_000);
    expect(consultas(http)).toBe(3);
  });

  it('still in progress after the 10th check: the queue message, the link to the history stays, no more checks', async () => {
    const { http, user } = abrir(solicitacao());
    await gerarParaTodos(user);
    for (let i = 1; i <= 9; i++) {
      await passar(5_000);
      await waitFor(() => expect(consultas(http)).toBe(i));
      expect(gerarPdf()).toBeDisabled();
    }
    await passar(5_000);
    expect(await within(toasts()).findByText(MSG_RELATORIO.foiParaFila)).toBeInTheDocument();
    expect(consultas(http)).toBe(10);
    expect(gerarPdf()).toBeEnabled();
    expect(screen.queryByRole('link', { name: MSG_RELATORIO.processando })).toBeNull();
    expect(within(screen.getByRole('status')).getByRole('link')).toHaveAttribute('href', '/relatorios/historico?id=77');
    await passar(30_000);
    expect(consultas(http)).toBe(10);
  });

  it('ERRO shows its messages as an error (ERROS left out) and frees Gerar PDF', async () => {
    const { user } = abrir(
      solicitacao({ status: 'ERRO', mensagem: 'ERROS#Pessoa 2 sem cálculo no mês.#Pessoa 3 sem cálculo no mês.' }),
    );
    await gerarParaTodos(user);
    await passar(5_000);
    const erro = await within(toasts()).findByText('Pessoa 2 sem cálculo no mês. Pessoa 3 sem cálculo no mês.');
    expect(erro.closest('.p-toast-message')).toHaveClass('p-toast-message-error');
    expect(gerarPdf()).toBeEnabled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed check ends the monitoring with its error', async () => {
    const { http, user } = abrir(reply(404, { mensagem: MSG.naoEncontrado }));
    await gerarParaTodos(user);
    await passar(5_000);
    expect(await within(toasts()).findByText(MSG.naoEncontrado)).toBeInTheDocument();
    expect(gerarPdf()).toBeEnabled();
    await passar(30_000);
    expect(consultas(http)).toBe(1);
  });

  it('a whole search of more than 50 (the filter sets todos) still sends exactly the ids chosen, todos false', () => {
    const muitos = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, cracha: String(i), nome: `P ${i}`, pis: '' }));
    const filtro = { idCnpj: 10, ativo: false, idContrato: null, funcionarios: muitos, todos: true };
    expect(pedidoEspelhoPonto(filtro, '2025-12')).toMatchObject({
      cnpj: 10,
      ativo: false,
      idsFuncionarios: muitos.map((f) => f.id),
      todos: false,
      mesSelecionado: 12,
      anoSelecionado: 2025,
    });
  });

  it('leaving the screen ends the monitoring', async () => {
    const { http, user, router } = abrir(solicitacao());
    await gerarParaTodos(user);
    await act(() => router.navigate('/'));
    await passar(60_000);
    expect(consultas(http)).toBe(0);
  });
});
