import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MSG,
  MSG_AFD,
  PERM,
  afdApi,
  empresaApi,
  solicitacaoDocumentoApi,
  type CnpjOpcao,
  type MarcacaoSemFuncionario,
  type ResultadoImportacaoAfd,
  type SolicitacaoDocumento,
} from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { dropdown, shownIn } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';
import { PAUSA_SEM_MUDANCA_MS } from '../use-acompanhamento';

const PATH = '/documentos/arquivo-afd';

const cnpjs: CnpjOpcao[] = [
  {
    id: 1,
    numero: '11222333000181',
    razaoSocial: 'Jornada Demonstração Ltda',
    tipoNumeroDocumento: 'cnpj',
    cnpjNome: '11.222.333/0001-81 - Jornada Demonstração Ltda',
  },
  {
    id: 2,
    numero: '11444777000161',
    razaoSocial: 'Filial Campinas',
    tipoNumeroDocumento: 'cnpj',
    cnpjNome: '11.444.777/0001-61 - Filial Campinas',
  },
];

const solicitacao = (status: SolicitacaoDocumento['status'], mensagem: string | null = null): SolicitacaoDocumento => ({
  id: 41,
  status,
  nome: 'AFD',
  servico: 'arquivoAFD',
  nomeDocumento: 'AFD',
  nomeArquivo: 'afd.txt',
  tipoDocumento: 'txt',
  mensagem,
  progresso: 0,
  link: null,
  dataValidadeLink: null,
  linkExpirado: false,
  dataSolicitacao: '2026-03-10T12:00:00.000Z',
  dataInicioProcessamento: null,
  dataFinalProcessamento: null,
  idCnpj: 1,
  usuario: 'Administrador',
});

/**
 * The long poll as the server does it: an ask with `diferenteDe` equal to the
 * request's state is held until the test changes the state.
 */
function servidorQueSegura() {
  let atual = solicitacao('FILA');
  let presos: (() => void)[] = [];
  return {
    buscar: async (_b: unknown, call: { query: URLSearchParams }) => {
      const diferenteDe = call.query.get('diferenteDe');
      if (diferenteDe === `${atual.status}:${atual.progresso}`) await new Promise<void>((r) => presos.push(r));
      return atual;
    },
    mudar(m: Pick<SolicitacaoDocumento, 'status' | 'progresso'>) {
      atual = { ...atual, ...m };
      const soltar = presos;
      presos = [];
      soltar.forEach((r) => r());
    },
    esperando: () => presos.length,
  };
}

const resumo: ResultadoImportacaoAfd = {
  layout: '671',
  linhas: 1_260,
  marcacoesNoArquivo: 1_250,
  marcacoesNoPeriodo: 1_200,
  foraDoPeriodo: 50,
  novas: 200,
  jaGravadas: 1_000,
  vinculadas: 197,
  semVinculo: 3,
  ocorrencias: [
    { linha: 7, codigo: 'SEM_FUNCIONARIO', severidade: 'aviso', mensagem: 'Identificador sem funcionário' },
    { linha: 1, codigo: 'FORA_DO_PERIODO', severidade: 'info', mensagem: '50 marcações fora do período' },
  ],
  totalOcorrencias: 4,
};

const semFuncionario: MarcacaoSemFuncionario[] = [
  {
    identificador: '052998224725',
    cpf: '52998224725',
    pis: null,
    relogios: ['00004000000000123'],
    quantidade: 12,
    primeira: '2026-02-02T08:00',
    ultima: '2026-02-20T17:02',
    funcionarios: [],
  },
  {
    identificador: '012047522575',
    cpf: null,
    pis: '12047522575',
    relogios: [],
    quantidade: 2,
    primeira: '2026-02-03T08:00',
    ultima: '2026-02-03T17:00',
    funcionarios: [{ id: 9, nome: 'Maria Souza' }],
  },
];

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, label: string, option: string) {
  await user.click(dropdown(label));
  const lists = await screen.findAllByRole('listbox', { hidden: true });
  await user.click(within(lists.at(-1)!).getByRole('option', { name: option, hidden: true }));
}

async function typeDate(user: User, label: string, ddmmyyyy: string) {
  await user.tripleClick(screen.getByLabelText(label));
  await user.keyboard(ddmmyyyy);
  await user.tab();
}

const afd = (name = 'AFD00004000000000123.txt') => new File(['0000000001...'], name);
const escolherArquivo = (file: File) =>
  fireEvent.change(screen.getByTestId('afd-arquivo-input'), { target: { files: [file] } });

async function preencher(user: User) {
  await screen.findByText(MSG_AFD.info);
  await choose(user, 'Empresa', cnpjs[0]!.cnpjNome);
  await typeDate(user, 'Data inicial', '01/02/2026');
  await typeDate(user, 'Data final', '28/02/2026');
  escolherArquivo(afd());
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Arquivo AFD (seed 002 §2, §4)', () => {
  it('mostra empresa, período, portaria (671 primeiro, escolhida), a informação, o aviso e Selecionar AFD...', async () => {
    const api = stubApi();
    api.on(empresaApi.listarCnpjs, cnpjs);
    renderApp(PATH, makeSession([PERM.DOCUMENTOS, PERM.DOCUMENTO_AFD]));
    expect(await screen.findByRole('heading', { name: 'Arquivo AFD' })).toBeInTheDocument();
    expect(screen.getByText(MSG_AFD.info)).toBeInTheDocument();
    expect(screen.getByText(MSG_AFD.aviso)).toBeInTheDocument();
    expect(shownIn('Portaria')).toBe('671 (funcionário cadastrado pelo CPF)');
    expect(screen.getByRole('button', { name: MSG_AFD.selecionarAfd })).toBeInTheDocument();
    expect(screen.getByTestId('afd-arquivo-input')).toHaveAttribute('accept', '.txt,text/plain');
  });

  it('sem empresa, período nem arquivo não envia; um arquivo que não é .txt é recusado', async () => {
    const api = stubApi();
    api.on(empresaApi.listarCnpjs, cnpjs);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(PATH, makeSession([PERM.DOCUMENTO_AFD]));
    await screen.findByText(MSG_AFD.info);
    await user.click(screen.getByRole('button', { name: MSG_AFD.enviar }));
    expect(await screen.findByText(MSG.selecioneEmpresa)).toBeInTheDocument();
    expect(screen.getAllByText(MSG_AFD.informePeriodo)).toHaveLength(2);
    escolherArquivo(afd('afd.csv'));
    expect(await screen.findByText('Selecione um arquivo .txt')).toBeInTheDocument();
    expect(api.callsTo(afdApi.enviarAfd)).toHaveLength(0);
  });

  it('envia e acompanha: fila, barra com a porcentagem, e o resumo assim que termina — sem esperar 15 s', async () => {
    const api = stubApi();
    api.on(empresaApi.listarCnpjs, cnpjs);
    api.on(afdApi.enviarAfd, { id: 41, status: 'FILA', nome: 'AFD', mensagem: null, aviso: null });
    const servidor = servidorQueSegura();
    api.on(solicitacaoDocumentoApi.buscarSolicitacaoDocumento, servidor.buscar);
    api.on(afdApi.resultadoImportacao, resumo);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(PATH, makeSession([PERM.DOCUMENTO_AFD]));
    await preencher(user);
    await user.click(screen.getByRole('button', { name: MSG_AFD.enviar }));
    expect(await screen.findByText(MSG_AFD.monitorando)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MSG_AFD.enviar })).not.toBeInTheDocument();
    const [enviado] = api.callsTo(afdApi.enviarAfd);
    expect(enviado!.body).toMatchObject({
      jsonRequisicao: {
        numeroPortaria: '671',
        numCnpjRelogio: '11222333000181',
        cnpj: { id: 1 },
        dataInicio: '2026-02-01',
        dataFinal: '2026-02-28',
        servico: 'arquivoAFD',
        tipoDocumento: 'txt',
      },
    });
    expect(enviado!.file?.name).toBe('AFD00004000000000123.txt');
    // The screen asks once and then waits on the server for a change of 'FILA:0'.
    await waitFor(() => expect(servidor.esperando()).toBe(1));
    const pedidos = api.callsTo(solicitacaoDocumentoApi.buscarSolicitacaoDocumento);
    expect(pedidos[0]!.query.get('id')).toBe('41');
    expect(pedidos[0]!.query.get('diferenteDe')).toBeNull();
    expect(pedidos[1]!.query.get('diferenteDe')).toBe('FILA:0');
    act(() => servidor.mudar({ status: 'PROCESSANDO', progresso: 40 }));
    expect(await screen.findByText(MSG_AFD.importando)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progresso' })).toHaveAttribute('aria-valuenow', '40');
    await waitFor(() => expect(servidor.esperando()).toBe(1));
    expect(api.callsTo(solicitacaoDocumentoApi.buscarSolicitacaoDocumento).at(-1)!.query.get('diferenteDe')).toBe(
      'PROCESSANDO:40',
    );
    act(() => servidor.mudar({ status: 'PROCESSADO', progresso: 100 }));
    expect(await screen.findByText(MSG_AFD.sucesso)).toBeInTheDocument();
    const quadro = await screen.findByRole('region', { name: 'Resumo da importação' });
    expect(within(quadro).getByText('Marcações lidas no arquivo').nextSibling).toHaveTextContent('1.250');
    expect(within(quadro).getByText('No período (01/02/2026 a 28/02/2026)').nextSibling).toHaveTextContent('1.200');
    expect(within(quadro).getByText('Fora do período (não importadas)').nextSibling).toHaveTextContent('50');
    expect(within(quadro).getByText('Já importadas antes').nextSibling).toHaveTextContent('1.000');
    expect(within(quadro).getByText('Sem funcionário cadastrado').nextSibling).toHaveTextContent('3');
    expect(within(quadro).getByText('Linha 7: Identificador sem funcionário')).toBeInTheDocument();
    expect(within(quadro).getByText(/e mais 2 ocorrências/)).toBeInTheDocument();
    expect(api.callsTo(afdApi.resultadoImportacao)[0]!.query.get('id')).toBe('41');
    expect(screen.queryByText(MSG_AFD.monitorando)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG_AFD.enviar })).toBeInTheDocument();
    const total = api.callsTo(solicitacaoDocumentoApi.buscarSolicitacaoDocumento).length;
    expect(total).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(api.callsTo(solicitacaoDocumentoApi.buscarSolicitacaoDocumento)).toHaveLength(total);
  });

  it('sem funcionário: a lista por CPF/PIS, e Cadastrar funcionário abre o cadastro preenchido', async () => {
    const api = stubApi();
    api.on(empresaApi.listarCnpjs, cnpjs);
    api.on(afdApi.enviarAfd, { id: 41, status: 'FILA', nome: 'AFD', mensagem: null, aviso: null });
    api.on(solicitacaoDocumentoApi.buscarSolicitacaoDocumento, { ...solicitacao('PROCESSADO'), progresso: 100 });
    api.on(afdApi.resultadoImportacao, resumo);
    api.on(afdApi.listarMarcacoesSemFuncionario, semFuncionario);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderApp(PATH, makeSession([PERM.DOCUMENTO_AFD, PERM.FUNCIONARIOS_NOVO]));
    await preencher(user);
    await user.click(screen.getByRole('button', { name: MSG_AFD.enviar }));
    await user.click(await screen.findByRole('button', { name: 'Ver marcações sem funcionário' }));
    const tabela = await screen.findByRole('region', { name: 'Marcações sem funcionário' });
    const [consulta] = api.callsTo(afdApi.listarMarcacoesSemFuncionario);
    expect(Object.fromEntries(consulta!.query)).toMatchObject({
      idCnpj: '1',
      dataInicio: '2026-02-01',
      dataFinal: '2026-02-28',
    });
    const linhaNova = (await within(tabela).findByText('CPF 529.982.247-25')).closest('tr')!;
    expect(within(linhaNova).getByText('00004000000000123')).toBeInTheDocument();
    expect(within(linhaNova).getByText('12')).toBeInTheDocument();
    expect(within(linhaNova).getByText('02/02/2026 08:00')).toBeInTheDocument();
    const linhaFechada = within(tabela)
      .getByText(/PIS 120.47522.57-5/)
      .closest('tr')!;
    expect(within(linhaFechada).getByText(/Já cadastrado: Maria Souza/)).toBeInTheDocument();
    expect(within(linhaFechada).queryByRole('button', { name: 'Cadastrar funcionário' })).not.toBeInTheDocument();
    await user.click(within(linhaNova).getByRole('button', { name: 'Cadastrar funcionário' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cadastros/funcionarios/novo'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      empresa: '1',
      cpf: '52998224725',
    });
  });

  it('Marcações sem funcionário pede a empresa e o período do formulário; sem o código 25 não oferece cadastrar', async () => {
    const api = stubApi();
    api.on(empresaApi.listarCnpjs, cnpjs);
    api.on(afdApi.listarMarcacoesSemFuncionario, semFuncionario);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(PATH, makeSession([PERM.DOCUMENTO_AFD]));
    await screen.findByText(MSG_AFD.info);
    await user.click(screen.getByRole('button', { name: 'Marcações sem funcionário' }));
    expect(await screen.findByText(MSG.selecioneEmpresa)).toBeInTheDocument();
    expect(api.callsTo(afdApi.listarMarcacoesSemFuncionario)).toHaveLength(0);
    await preencher(user);
    await user.click(screen.getByRole('button', { name: 'Marcações sem funcionário' }));
    const tabela = await screen.findByRole('region', { name: 'Marcações sem funcionário' });
    expect(await within(tabela).findByText('CPF 529.982.247-25')).toBeInTheDocument();
    expect(within(tabela).queryByRole('button', { name: 'Cadastrar funcionário' })).not.toBeInTheDocument();
  });

  it('um ERRO no processamento mostra a mensagem depois do primeiro #', async () => {
    const api = stubApi();
    api.on(empresaApi.listarCnpjs, cnpjs);
    api.on(afdApi.enviarAfd, { id: 41, status: 'FILA', nome: 'AFD', mensagem: null, aviso: null });
    api.on(
      solicitacaoDocumentoApi.buscarSolicitacaoDocumento,
      solicitacao('ERRO', 'ERROS#Arquivo AFD não encontrado: envie o arquivo novamente.'),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(PATH, makeSession([PERM.DOCUMENTO_AFD]));
    await preencher(user);
    await user.click(screen.getByRole('button', { name: MSG_AFD.enviar }));
    expect(await screen.findByText(MSG_AFD.arquivoNaoEncontrado)).toBeInTheDocument();
  });

  it('um ERRO imediato (outro empregador) aparece sem monitorar; o aviso de leiaute diferente também', async () => {
    const api = stubApi();
    api.on(empresaApi.listarCnpjs, cnpjs);
    const recusa = MSG_AFD.empregadorDiferente('CNPJ 11.444.777/0001-61', 'CNPJ 11.222.333/0001-81');
    const aviso = MSG_AFD.leiauteDiferente('1510', '671');
    api.on(afdApi.enviarAfd, { id: 42, status: 'ERRO', nome: 'AFD', mensagem: `ERROS#${recusa}`, aviso });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(PATH, makeSession([PERM.DOCUMENTO_AFD]));
    await preencher(user);
    await user.click(screen.getByRole('button', { name: MSG_AFD.enviar }));
    expect(await screen.findByText(recusa)).toBeInTheDocument();
    expect(screen.getByText(aviso)).toBeInTheDocument();
    expect(screen.queryByText(MSG_AFD.monitorando)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.callsTo(solicitacaoDocumentoApi.buscarSolicitacaoDocumento)).toHaveLength(0);
  });

  it('uma recusa do envio (400) é mostrada; uma consulta que falha encerra o monitoramento com o erro', async () => {
    const api = stubApi();
    api.on(empresaApi.listarCnpjs, cnpjs);
    api.on(afdApi.enviarAfd, reply(400, { mensagem: 'A data inicial deve ser anterior ou igual à data final.' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(PATH, makeSession([PERM.DOCUMENTO_AFD]));
    await preencher(user);
    await user.click(screen.getByRole('button', { name: MSG_AFD.enviar }));
    expect(await screen.findByText('A data inicial deve ser anterior ou igual à data final.')).toBeInTheDocument();
    api.on(afdApi.enviarAfd, { id: 43, status: 'FILA', nome: 'AFD', mensagem: null, aviso: null });
    api.on(solicitacaoDocumentoApi.buscarSolicitacaoDocumento, reply(404, { mensagem: MSG.naoEncontrado }));
    await user.click(screen.getByRole('button', { name: MSG_AFD.enviar }));
    expect(await screen.findByText(MSG.naoEncontrado)).toBeInTheDocument();
    expect(screen.queryByText(MSG_AFD.monitorando)).not.toBeInTheDocument();
  });

  it('uma resposta sem mudança não vira um laço: a próxima pergunta espera; deixar a tela encerra o acompanhamento', async () => {
    const api = stubApi();
    api.on(empresaApi.listarCnpjs, cnpjs);
    api.on(afdApi.enviarAfd, { id: 41, status: 'FILA', nome: 'AFD', mensagem: null, aviso: null });
    // A server (or a proxy) that answers at once, unchanged.
    api.on(solicitacaoDocumentoApi.buscarSolicitacaoDocumento, { ...solicitacao('PROCESSANDO'), progresso: 10 });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderApp(PATH, makeSession([PERM.DOCUMENTO_AFD, PERM.DOCUMENTOS]));
    await preencher(user);
    await user.click(screen.getByRole('button', { name: MSG_AFD.enviar }));
    await screen.findByText(MSG_AFD.importando);
    const buscas = () => api.callsTo(solicitacaoDocumentoApi.buscarSolicitacaoDocumento).length;
    await waitFor(() => expect(buscas()).toBeGreaterThanOrEqual(2));
    const antes = buscas();
    await act(() => vi.advanceTimersByTimeAsync(5 * PAUSA_SEM_MUDANCA_MS));
    expect(buscas() - antes).toBeLessThanOrEqual(6);
    await act(() => router.navigate('/'));
    const aoSair = buscas();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(buscas()).toBeLessThanOrEqual(aoSair + 1);
  });
});
