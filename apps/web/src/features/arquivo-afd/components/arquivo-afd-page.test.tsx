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
  type SolicitacaoDocumento,
} from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { dropdown, shownIn } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';

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

  it('envia, monitora a cada 15 s sem limite (o botão some), e mostra o sucesso', async () => {
    const api = stubApi();
    api.on(empresaApi.listarCnpjs, cnpjs);
    api.on(afdApi.enviarAfd, { id: 41, status: 'FILA', nome: 'AFD', mensagem: null, aviso: null });
    let consultas = 0;
    api.on(solicitacaoDocumentoApi.buscarSolicitacaoDocumento, () =>
      ++consultas < 5 ? solicitacao(consultas < 3 ? 'FILA' : 'PROCESSANDO') : solicitacao('PROCESSADO'),
    );
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
    // Nothing before 15 s; then one check every 15 s.
    await act(() => vi.advanceTimersByTimeAsync(14_000));
    expect(api.callsTo(solicitacaoDocumentoApi.buscarSolicitacaoDocumento)).toHaveLength(0);
    for (let i = 1; i <= 4; i++) {
      await act(() => vi.advanceTimersByTimeAsync(i === 1 ? 1_000 : 15_000));
      expect(api.callsTo(solicitacaoDocumentoApi.buscarSolicitacaoDocumento)).toHaveLength(i);
      expect(screen.getByText(MSG_AFD.monitorando)).toBeInTheDocument();
    }
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByText(MSG_AFD.sucesso)).toBeInTheDocument();
    expect(screen.queryByText(MSG_AFD.monitorando)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG_AFD.enviar })).toBeInTheDocument();
    expect(api.callsTo(solicitacaoDocumentoApi.buscarSolicitacaoDocumento)[0]!.query.get('id')).toBe('41');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(api.callsTo(solicitacaoDocumentoApi.buscarSolicitacaoDocumento)).toHaveLength(5);
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
    await screen.findByText(MSG_AFD.monitorando);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
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
    await screen.findByText(MSG_AFD.monitorando);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByText(MSG.naoEncontrado)).toBeInTheDocument();
    expect(screen.queryByText(MSG_AFD.monitorando)).not.toBeInTheDocument();
  });

  it('deixar a tela encerra o monitoramento', async () => {
    const api = stubApi();
    api.on(empresaApi.listarCnpjs, cnpjs);
    api.on(afdApi.enviarAfd, { id: 41, status: 'FILA', nome: 'AFD', mensagem: null, aviso: null });
    api.on(solicitacaoDocumentoApi.buscarSolicitacaoDocumento, solicitacao('PROCESSANDO'));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderApp(PATH, makeSession([PERM.DOCUMENTO_AFD, PERM.DOCUMENTOS]));
    await preencher(user);
    await user.click(screen.getByRole('button', { name: MSG_AFD.enviar }));
    await screen.findByText(MSG_AFD.monitorando);
    await act(() => router.navigate('/'));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(api.callsTo(solicitacaoDocumentoApi.buscarSolicitacaoDocumento)).toHaveLength(0));
  });
});
