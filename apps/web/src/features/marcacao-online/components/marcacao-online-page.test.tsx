import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DISPOSITIVO_MSG as M,
  MSG,
  PERM,
  centroCustoApi,
  dispositivoApi,
  empresaApi,
  funcionarioPesquisaApi,
  type Dispositivo,
  type FuncionarioResumo,
} from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { choose, dropdown } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';
import { BARRA_FICA_MS } from './autorizacao-tab';

const PATH = '/cadastros/dispositivos-coletas/marcacao-online';
const empresa = {
  id: 10,
  numero: '11222333000181',
  razaoSocial: 'Matriz',
  tipoNumeroDocumento: 'cnpj' as const,
  cnpjNome: 'Matriz',
};
/** 60 employees: two batches of 50 and 10. */
const PESSOAS: FuncionarioResumo[] = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  cracha: String(i + 1),
  nome: `Pessoa ${String(i + 1).padStart(2, '0')}`,
  pis: '',
}));

const dispositivo = (over: Partial<Dispositivo> = {}): Dispositivo => ({
  id: 7,
  tipo: 'Mob',
  descricao: 'Celular - Pessoa 01',
  dataCadastro: '2026-03-01T12:00:00Z',
  dataAtualizacao: null,
  dataAtivacao: null,
  dataUltimaSincronia: null,
  ativo: true,
  nomeFuncionario: 'Pessoa 01',
  codigoAtivacao: 'K7M2Q9TX',
  permissoes: [
    { nome: 'registrarPonto', label: 'Registrar Ponto', selecionado: true },
    { nome: 'incluirMarcacao', label: 'Incluir Marcação', selecionado: true },
    { nome: 'justificarPonto', label: 'Justificar Ponto', selecionado: true },
    { nome: 'relatorioHoras', label: 'Relatório de Horas', selecionado: true },
  ],
  ...over,
});

function servidor() {
  const api = stubApi();
  api.on(empresaApi.listarCnpjs, [empresa]);
  api.on(centroCustoApi.listarCentrosCustosUsuario, []);
  api.on(funcionarioPesquisaApi.buscarFuncionariosCrachaNome, PESSOAS);
  api.on(dispositivoApi.listarDispositivos, { dispositivos: [dispositivo()], quantidadeDispositivos: 1 });
  return api;
}

async function selecionarTodos(user: UserEvent) {
  await user.type(screen.getByPlaceholderText('Crachá/PIS/CPF/Nome'), 'a{Enter}');
  // The list draws only the rows in view (virtual scroll): its first row is enough to know the answer came.
  await within(screen.getByRole('listbox', { name: /Funcionários Disponíveis/ })).findByText('Pessoa 01');
  await user.click(screen.getByRole('button', { name: 'Selecionar todos' }));
}

afterEach(() => vi.useRealTimers());

describe('Marcação Online (seed 001 §2.11)', () => {
  it('Enviar sem funcionários diz o que falta; Criar Dispositivos? só libera Sim com o tipo; dois lotes com a barra', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = servidor();
    const lotes: number[][] = [];
    api.on(dispositivoApi.salvarDispositivos, (b) => {
      lotes.push(b.dispositivoRequest.idsFuncionarios);
      return { mensagem: '', criados: b.dispositivoRequest.idsFuncionarios.length * 2, existentes: 0 };
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(PATH, makeSession([PERM.MARCACAO_ONLINE_VER]));
    await screen.findByRole('tab', { name: 'Autorização' });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MSG.selecioneEmpresa)).toBeInTheDocument();
    await selecionarTodos(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const pergunta = await screen.findByRole('dialog', { name: 'Criar Dispositivos?' });
    expect(within(pergunta).getByText('60 funcionário(s) selecionado(s).')).toBeInTheDocument();
    expect(within(pergunta).getByRole('button', { name: 'Sim' })).toBeDisabled();
    // 'Todos' is also an option of the filter's lists: the one of the dialog's list.
    await user.click(dropdown('Dispositivo', pergunta));
    const listas = await screen.findAllByRole('listbox', { hidden: true });
    await user.click(within(listas.at(-1)!).getByRole('option', { name: 'Todos', hidden: true }));
    expect(within(pergunta).getByRole('group', { name: 'Permissões Celular' })).toBeInTheDocument();
    await user.click(within(pergunta).getByLabelText('Relatório de Horas', { selector: '#perm-Web-relatorioHoras' }));
    await user.click(within(pergunta).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(M.criados(120, 0))).toBeInTheDocument();
    expect(lotes.map((l) => l.length)).toEqual([50, 10]);
    const corpo = api.callsTo(dispositivoApi.salvarDispositivos).at(-1)!.body.dispositivoRequest;
    expect(corpo).toMatchObject({ tiposDispositivos: ['Mob', 'Web'], ultimaPagina: true, cnpj: { id: 10 } });
    expect(corpo.permissoesWeb!.find((p: { nome: string }) => p.nome === 'relatorioHoras')!.selecionado).toBe(false);
    expect(corpo.permissoesMob!.every((p: { selecionado: boolean }) => p.selecionado)).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Progresso da criação' })).toHaveAttribute('aria-valuenow', '100');
    await vi.advanceTimersByTimeAsync(BARRA_FICA_MS);
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Progresso da criação' })).not.toBeInTheDocument(),
    );
  });

  it('um lote recusado para o resto e zera a barra, com a mensagem do servidor', async () => {
    const api = servidor();
    api.on(dispositivoApi.salvarDispositivos, reply(400, { mensagem: M.limitePlano('Web', 2) }));
    const user = userEvent.setup();
    renderApp(PATH, makeSession([PERM.MARCACAO_ONLINE_VER]));
    await screen.findByRole('tab', { name: 'Autorização' });
    await selecionarTodos(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const pergunta = await screen.findByRole('dialog', { name: 'Criar Dispositivos?' });
    await choose(user, 'Dispositivo', 'Web', pergunta);
    await user.click(within(pergunta).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(M.limitePlano('Web', 2))).toBeInTheDocument();
    expect(api.callsTo(dispositivoApi.salvarDispositivos)).toHaveLength(1);
    expect(screen.queryByRole('progressbar', { name: 'Progresso da criação' })).not.toBeInTheDocument();
  });

  it('Dispositivos: a empresa, a busca e as ações da linha — código de ativação no diálogo, permissões, excluir', async () => {
    const api = servidor();
    api.on(dispositivoApi.gerarCodigoAtivacao, { mensagem: M.codigoAtivacao('ABCD2345'), codigo: 'ABCD2345' });
    api.on(dispositivoApi.atualizarPermissoes, { mensagem: M.permissoesAtualizadas });
    api.on(dispositivoApi.excluirDispositivo, { mensagem: M.excluido });
    const user = userEvent.setup();
    renderApp(PATH, makeSession([PERM.MARCACAO_ONLINE_VER]));
    await user.click(await screen.findByRole('tab', { name: 'Dispositivos' }));
    const tabela = await screen.findByRole('table');
    expect(await within(tabela).findByText('Celular - Pessoa 01')).toBeInTheDocument();
    for (const h of [
      'Descrição',
      'Tipo',
      'Data Cadastro',
      'Data Atualização',
      'Data Ativação',
      'Última Sincronia',
      'Ativo',
      'Funcionário',
    ])
      expect(within(tabela).getByRole('columnheader', { name: h })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Pesquisar'), '12');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(api.callsTo(dispositivoApi.listarDispositivos).at(-1)!.body).toMatchObject({
        idCnpj: 10,
        crachaNome: '12',
        numPagina: 0,
      }),
    );

    const acao = async (nome: string) => {
      await user.click(within(tabela).getByRole('button', { name: 'Ações de Celular - Pessoa 01' }));
      await user.click(await screen.findByText(nome, { selector: '.p-menuitem-text' }));
    };
    await acao('Gerar Código de Ativação');
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    const aviso = await screen.findByRole('dialog', { name: 'Marcação Online' });
    expect(within(aviso).getByText(M.codigoAtivacao('ABCD2345'))).toBeInTheDocument();
    await user.click(within(aviso).getByRole('button', { name: 'OK' }));

    await acao('Permissões');
    const perm = await screen.findByRole('dialog', { name: 'Permissões' });
    await user.click(within(perm).getByLabelText('Justificar Ponto'));
    await user.click(within(perm).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(dispositivoApi.atualizarPermissoes)).toHaveLength(1));
    expect(
      api
        .callsTo(dispositivoApi.atualizarPermissoes)[0]!
        .body.dispositivoRequest.permissoes.find((p: { nome: string }) => p.nome === 'justificarPonto')!.selecionado,
    ).toBe(false);

    await acao('Excluir');
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() =>
      expect(api.callsTo(dispositivoApi.excluirDispositivo)[0]!.body).toMatchObject({ idDispositivo: 7 }),
    );
  });
});
