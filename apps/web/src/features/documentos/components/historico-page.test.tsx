import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MSG_SOLICITACAO,
  empresaApi,
  solicitacaoDocumentoApi as api,
  type SolicitacaoDocumento,
} from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';

const PATH = '/documentos/historico';

const req = (id: number, o: Partial<SolicitacaoDocumento> = {}): SolicitacaoDocumento => ({
  id,
  status: 'PROCESSADO',
  nome: 'Espelho de Ponto',
  servico: 'espelhoPonto',
  nomeDocumento: null,
  nomeArquivo: `espelho-${id}.pdf`,
  tipoDocumento: 'pdf',
  mensagem: null,
  progresso: 100,
  link: `/api/arquivo/1-${'a'.repeat(32)}-espelho-${id}.pdf?exp=1900000000&sig=abc`,
  dataValidadeLink: '2026-03-17T12:00:00.000Z',
  linkExpirado: false,
  dataSolicitacao: '2026-03-10T12:00:00.000Z',
  dataInicioProcessamento: '2026-03-10T12:00:03.000Z',
  dataFinalProcessamento: '2026-03-10T12:01:00.000Z',
  idCnpj: 1,
  usuario: 'Ana Souza',
  ...o,
});
const emAndamento = (id: number, o: Partial<SolicitacaoDocumento> = {}) =>
  req(id, {
    status: 'PROCESSANDO',
    progresso: 20,
    link: null,
    dataValidadeLink: null,
    dataFinalProcessamento: null,
    ...o,
  });

const empresa = (id: number, nome: string) => ({
  id,
  numero: `1111111100${id}11`,
  razaoSocial: nome,
  tipoNumeroDocumento: 'cnpj' as const,
  cnpjNome: `11.111.111/000${id}-11 - ${nome}`,
});
const EMPRESAS = [empresa(1, 'Matriz'), empresa(2, 'Campinas')];

function stubs(list: SolicitacaoDocumento[] | (() => SolicitacaoDocumento[])) {
  const s = stubApi();
  s.on(empresaApi.listarCnpjs, EMPRESAS);
  s.on(api.listarSolicitacoesDocumento, list);
  return s;
}

describe('Histórico de Relatórios/Documentos (seed 002 §2, §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-03-10T15:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('lista o mês corrente da primeira empresa com as colunas do seed, datas dd/mm/aaaa hh:mm', async () => {
    const s = stubs([req(1)]);
    renderApp(PATH, makeSession([]));
    const table = await screen.findByRole('table');
    for (const h of [
      'Item',
      'Data Solicitação',
      'Data Início Processamento',
      'Data Final do Processamento',
      'Status',
      'Arquivo',
      'Link',
      'Validade',
    ]) {
      expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    }
    expect(await within(table).findByText('espelho-1.pdf')).toBeInTheDocument();
    expect(within(table).getByText('PROCESSADO')).toBeInTheDocument();
    expect(within(table).getByText('Disponível')).toBeInTheDocument();
    expect(within(table).getByText('10/03/2026 12:01')).toBeInTheDocument();
    expect(within(table).getByText('17/03/2026 12:00')).toBeInTheDocument();
    expect(Object.fromEntries(s.callsTo(api.listarSolicitacoesDocumento)[0]!.query)).toEqual({
      idCnpj: '1',
      mes: '3',
      ano: '2026',
      fdb: 'f',
    });
    expect(screen.queryByText(MSG_SOLICITACAO.monitorando)).toBeNull();
  });

  it('as horas vêm no fuso da empresa principal, não no do navegador (issue 24 §10), como em Logs', async () => {
    stubs([req(1)]);
    const sessao = makeSession([]);
    // The test browser is on UTC; the company is three hours behind.
    sessao.dadosRequisicao.empresa.fusoHorario = 'America/Sao_Paulo';
    renderApp(PATH, sessao);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('10/03/2026 09:01')).toBeInTheDocument();
    expect(within(table).queryByText('10/03/2026 12:01')).toBeNull();
  });

  // The exact cadence (3 s, 4 s, 5 s…; 15 s) is measured on the hook itself (model/acompanhamento.test.tsx).
  it('acompanha as em andamento pela lista de ids até terminarem; o spinner diz o que faz', async () => {
    const s = stubs([req(1), emAndamento(2), emAndamento(7, { nome: 'AFD', nomeArquivo: 'afd.txt' })]);
    let checks = 0;
    s.on(api.listarSolicitacoesPorIds, () => (++checks < 3 ? [emAndamento(2, { progresso: 20 + checks })] : [req(2)]));
    s.on(api.buscarSolicitacaoDocumento, req(7, { nome: 'AFD', nomeArquivo: 'afd.txt', link: null }));
    renderApp(PATH, makeSession([]));
    expect(await screen.findByText(MSG_SOLICITACAO.monitorando)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByText('PROCESSANDO 21%')).toBeInTheDocument();
    expect(s.callsTo(api.listarSolicitacoesPorIds)[0]!.body).toMatchObject({ ids: [2] });
    expect(s.callsTo(api.buscarSolicitacaoDocumento)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(s.callsTo(api.listarSolicitacoesPorIds)).toHaveLength(3));
    // The AFD import alone, by its id.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(s.callsTo(api.buscarSolicitacaoDocumento)).toHaveLength(1));
    expect(Object.fromEntries(s.callsTo(api.buscarSolicitacaoDocumento)[0]!.query)).toEqual({ id: '7', fdb: 'f' });
    await waitFor(() => expect(screen.queryByText(MSG_SOLICITACAO.monitorando)).toBeNull());
    expect(screen.getAllByText('PROCESSADO')).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(s.callsTo(api.listarSolicitacoesPorIds)).toHaveLength(3);
    expect(s.callsTo(api.buscarSolicitacaoDocumento)).toHaveLength(1);
  });

  it('com ?id= mostra e acompanha só aquela solicitação', async () => {
    const s = stubApi();
    s.on(empresaApi.listarCnpjs, EMPRESAS);
    s.on(api.buscarSolicitacaoDocumento, emAndamento(9));
    s.on(api.listarSolicitacoesPorIds, [req(9)]);
    renderApp(`${PATH}?id=9`, makeSession([]));
    expect(await screen.findByText('espelho-9.pdf')).toBeInTheDocument();
    expect(s.callsTo(api.listarSolicitacoesDocumento)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(screen.getByText('PROCESSADO')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Ver todas' })).toBeInTheDocument();
  });

  it('uma consulta que falha encerra o acompanhamento e mostra o erro', async () => {
    const s = stubs([emAndamento(3)]);
    s.on(api.listarSolicitacoesPorIds, reply(500, { mensagem: 'Oops! Algo deu errado!' }));
    renderApp(PATH, makeSession([]));
    expect(await screen.findByText(MSG_SOLICITACAO.monitorando)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByText('Oops! Algo deu errado!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(MSG_SOLICITACAO.monitorando)).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(s.callsTo(api.listarSolicitacoesPorIds)).toHaveLength(1);
  });

  it("mensagens: separadas por '#', sem o ERROS, 10 por página; também num PROCESSADO com mensagem", async () => {
    const doze = Array.from({ length: 12 }, (_, i) => `Linha ${i + 1}: PIS sem funcionário`);
    stubs([
      req(4, { status: 'ERRO', link: null, dataValidadeLink: null, mensagem: `ERROS#${doze.join('#')}` }),
      req(5, { mensagem: 'NSR 10 repetido' }),
      req(6),
    ]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(PATH, makeSession([]));
    await screen.findByText('espelho-6.pdf');
    expect(screen.queryByRole('button', { name: 'Mensagens da solicitação 6' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mensagens da solicitação 4' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Linha 1: PIS sem funcionário')).toBeInTheDocument();
    expect(within(dialog).getByText('Linha 10: PIS sem funcionário')).toBeInTheDocument();
    expect(within(dialog).queryByText('Linha 11: PIS sem funcionário')).toBeNull();
    expect(within(dialog).queryByText('ERROS')).toBeNull();
    expect(within(dialog).getByText('Mostrando 1 a 10 de 12')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Página 2' }));
    expect(within(dialog).getByText('Linha 12: PIS sem funcionário')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Mensagens da solicitação 5' }));
    expect(await within(await screen.findByRole('dialog')).findByText('NSR 10 repetido')).toBeInTheDocument();
  });

  it('PDF abre no visualizador; outro arquivo é baixado; link vencido não se usa', async () => {
    const csv = req(11, { nomeArquivo: 'funcionarios.csv', tipoDocumento: 'csv' });
    csv.link = csv.link!.replace('espelho-11.pdf', 'funcionarios.csv');
    stubs([
      req(10),
      csv,
      req(12, { link: null, linkExpirado: true, nomeArquivo: 'antigo.pdf', dataValidadeLink: '2026-03-01T00:00:00Z' }),
      req(13, { nomeArquivo: 'vence-hoje.pdf', dataValidadeLink: '2026-03-10T14:00:00.000Z' }),
    ]);
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.getAttribute('href')} → ${this.download}`);
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(PATH, makeSession([]));
    await user.click(await screen.findByRole('button', { name: 'Abrir espelho-10.pdf' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTitle('espelho-10.pdf')).toHaveAttribute('src', req(10).link);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Baixar funcionarios.csv' }));
    expect(clicks).toEqual([`${csv.link} → funcionarios.csv`]);
    expect(screen.getByRole('button', { name: 'Abrir antigo.pdf' })).toBeDisabled();
    // Past its validity on this computer's clock, even though the list still had the link.
    expect(screen.getByRole('button', { name: 'Abrir vence-hoje.pdf' })).toBeDisabled();
    expect(screen.getAllByText('Link expirado')).toHaveLength(2);
    click.mockRestore();
  });

  it('Atualizar consulta de novo e o filtro procura nas colunas', async () => {
    const s = stubs([req(1), req(2, { nome: 'Divergências', nomeArquivo: 'div.xls', tipoDocumento: 'xls' })]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(PATH, makeSession([]));
    await screen.findByText('div.xls');
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'diverg');
    await waitFor(() => expect(screen.queryByText('espelho-1.pdf')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(s.callsTo(api.listarSolicitacoesDocumento)).toHaveLength(2));
  });
});
