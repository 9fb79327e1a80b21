import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  MONITORAMENTO_PUSH_MSG as M,
  MSG,
  PERM,
  empresaApi,
  monitoramentoPushApi as api,
  type CnpjOpcao,
  type MonitoramentoPush,
} from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { choose, dropdown } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';
import { INTERVALO_ATUALIZAR_MS } from './monitoramento-push-page';

const PATH = '/cadastros/dispositivos-coletas/monitoramento-push';
const VER = PERM.SERVICO_PUSH_VER;
const EDITAR = PERM.SERVICO_PUSH_EDITAR;

const cnpjs: CnpjOpcao[] = [
  {
    id: 1,
    numero: '11222333000181',
    razaoSocial: 'Matriz',
    tipoNumeroDocumento: 'cnpj',
    cnpjNome: '11.222.333/0001-81 - Matriz',
  },
  {
    id: 2,
    numero: '11444777000161',
    razaoSocial: 'Filial',
    tipoNumeroDocumento: 'cnpj',
    cnpjNome: '11.444.777/0001-61 - Filial',
  },
];

const relogio = (over: Partial<MonitoramentoPush> = {}): MonitoramentoPush => ({
  id: 5,
  modelo: 'ControlId',
  numeroSerie: 'SERIE-AUT',
  localInstalacao: 'Recepção',
  funcionariosSincronizar: 3,
  // 15:04 in São Paulo (UTC-3), the company's clock of the session below.
  dataUltimaConexao: '2026-03-10T18:04:00.000Z',
  dataUltimaSincronizacao: '2026-03-09T11:30:00.000Z',
  status: 'Autenticado',
  mensagem: null,
  nsr: 120,
  fabricante: 'ControlId',
  idCloud: '900001',
  ...over,
});

const AUTENTICADO = relogio();
const PARADO = relogio({
  id: 6,
  numeroSerie: 'SERIE-PAR',
  localInstalacao: 'Portaria',
  status: 'Parado',
  dataUltimaSincronizacao: null,
});
const ERRO = relogio({
  id: 7,
  modelo: null,
  numeroSerie: 'SERIE-ERR',
  localInstalacao: 'Galpão',
  status: 'Erro',
  mensagem: 'Sem contato com o equipamento desde 08/03/2026 10:00.',
  dataUltimaConexao: null,
});

function servidor(relogios: MonitoramentoPush[] = [AUTENTICADO, PARADO, ERRO]) {
  const stub = stubApi();
  stub.on(empresaApi.listarCnpjs, cnpjs);
  stub.on(api.listarMonitoramento, (b) => (Number(b.idCnpj) === 1 ? relogios : []));
  stub.on(
    api.buscarMonitoramento,
    (b) => relogios.find((r) => r.id === Number(b.id)) ?? reply(404, { mensagem: M.naoEncontrado }),
  );
  stub.on(api.atualizarNsr, { mensagem: M.nsrAtualizado });
  stub.on(api.ativarMonitoramento, { mensagem: M.monitoramentoAtivado });
  stub.on(api.desativarMonitoramento, { mensagem: M.monitoramentoParado });
  stub.on(api.sincronizarTodos, { mensagem: M.tarefaCriada(3) });
  stub.on(api.sincronizarSelecionados, { mensagem: M.tarefaCriada(1) });
  stub.on(api.importarImagens, { mensagem: M.importacaoCriada });
  // Equipamentos não cadastrados: none here (equipamentos-desconhecidos.test.tsx covers the section).
  stub.on(api.listarDesconhecidos, []);
  return stub;
}

const sessao = (codes: number[]) => {
  const s = makeSession(codes);
  return {
    ...s,
    dadosRequisicao: {
      ...s.dadosRequisicao,
      empresa: { ...s.dadosRequisicao.empresa, fusoHorario: 'America/Sao_Paulo' },
    },
  };
};

/** The app on the screen with the main company chosen and its rows on screen. */
async function abrir(user: UserEvent, codes: number[] = [VER, EDITAR]) {
  renderApp(PATH, sessao(codes));
  const tabela = await screen.findByRole('table');
  await choose(user, 'Empresa', cnpjs[0]!.cnpjNome);
  await within(tabela).findByText('SERIE-AUT');
  return tabela;
}

const linha = (tabela: HTMLElement, serie: string) => within(tabela).getByText(serie).closest('tr')!;

async function acao(user: UserEvent, tabela: HTMLElement, serie: string, nome: string) {
  await user.click(within(tabela).getByRole('button', { name: `Ações de ${serie}` }));
  await user.click(await screen.findByText(nome, { selector: '.p-menuitem-text' }));
}

/** The items of a row's Ações menu. */
async function itensDe(user: UserEvent, tabela: HTMLElement, serie: string) {
  await user.click(within(tabela).getByRole('button', { name: `Ações de ${serie}` }));
  const menu = await screen.findByRole('menu', { hidden: true });
  const itens = [...menu.querySelectorAll('.p-menuitem-text')].map((e) => e.textContent);
  await user.keyboard('{Escape}');
  return itens;
}

describe('Monitoramento Serviço Push (seed 001 §2.12)', () => {
  it('pede a empresa; lista com as datas no relógio da empresa, o status em verde ou vermelho, o filtro e o relatório da página', async () => {
    const stub = servidor();
    const user = userEvent.setup();
    renderApp(PATH, sessao([VER, EDITAR]));
    expect(await screen.findByRole('heading', { name: 'Monitoramento Serviço Push', level: 1 })).toBeInTheDocument();
    const tabela = await screen.findByRole('table');
    // Two companies, none in the session: nothing is read until one is chosen, and there is nothing to refresh.
    expect(await within(tabela).findByText(MSG.selecioneEmpresa)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Atualizar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sincronizar...' })).not.toBeInTheDocument();
    expect(stub.callsTo(api.listarMonitoramento)).toHaveLength(0);

    await choose(user, 'Empresa', cnpjs[0]!.cnpjNome);
    await within(tabela).findByText('SERIE-AUT');
    expect(stub.callsTo(api.listarMonitoramento)[0]!.query.get('idCnpj')).toBe('1');
    for (const h of [
      'Modelo',
      'Número de Série',
      'Local',
      'Funcionários para Sincronizar',
      'Última Conexão',
      'Última Sincronização',
      'Status',
      'Ações',
    ])
      expect(within(tabela).getByRole('columnheader', { name: h })).toBeInTheDocument();
    const aut = within(linha(tabela, 'SERIE-AUT'));
    expect(aut.getByText('10/03/2026 15:04')).toBeInTheDocument();
    expect(aut.getByText('09/03/2026 08:30')).toBeInTheDocument();
    expect(aut.getByText('Recepção')).toBeInTheDocument();
    expect(aut.getByText('3')).toBeInTheDocument();
    expect(aut.getByText('Autenticado').closest('.p-tag')).toHaveClass('p-tag-success');
    expect(within(linha(tabela, 'SERIE-PAR')).getByText('Parado').closest('.p-tag')).toHaveClass('p-tag-danger');
    const erro = within(linha(tabela, 'SERIE-ERR'));
    expect(erro.getByText('Erro').closest('.p-tag')).toHaveClass('p-tag-danger');
    // No model, never connected: a dash, not a blank cell.
    expect(erro.getAllByText('—')).toHaveLength(2);
    expect(screen.getByText('Listando 1 a 3 de 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sincronizar...' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'portaria');
    await waitFor(() => expect(within(tabela).queryByText('SERIE-AUT')).not.toBeInTheDocument());
    expect(within(tabela).getByText('SERIE-PAR')).toBeInTheDocument();
    expect(screen.getByText('Listando 1 a 1 de 1')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Filtrar' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'nada disso');
    expect(await within(tabela).findByText(M.semResultadoFiltro)).toBeInTheDocument();

    // A company without Push clocks says where they are registered; nothing to sync.
    await choose(user, 'Empresa', cnpjs[1]!.cnpjNome);
    await user.clear(screen.getByRole('searchbox', { name: 'Filtrar' }));
    expect(await within(tabela).findByText(M.semRelogios)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sincronizar...' })).not.toBeInTheDocument();
  });

  it('Atualizar lê de novo, mas ignora o clique dentro de 5 s do último', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stub = servidor();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await abrir(user);
    const lidas = () => stub.callsTo(api.listarMonitoramento).length;
    const antes = lidas();
    const atualizar = screen.getByRole('button', { name: 'Atualizar' });
    await user.click(atualizar);
    await waitFor(() => expect(lidas()).toBe(antes + 1));
    await waitFor(() => expect(atualizar).toBeEnabled());
    await user.click(atualizar);
    await vi.advanceTimersByTimeAsync(100);
    expect(lidas()).toBe(antes + 1);
    await vi.advanceTimersByTimeAsync(INTERVALO_ATUALIZAR_MS);
    await user.click(atualizar);
    await waitFor(() => expect(lidas()).toBe(antes + 2));
  });

  it('uma leitura que falha para o carregamento e deixa Atualizar livre', async () => {
    const stub = servidor();
    stub.on(api.listarMonitoramento, reply(400, { mensagem: MSG.selecioneEmpresa }));
    const user = userEvent.setup();
    renderApp(PATH, sessao([VER, EDITAR]));
    await screen.findByRole('table');
    await choose(user, 'Empresa', cnpjs[0]!.cnpjNome);
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Atualizar' })).toBeEnabled();
    expect(screen.getByText(MSG.selecioneEmpresa, { selector: '.p-toast-detail' })).toBeInTheDocument();
    stub.on(api.listarMonitoramento, [AUTENTICADO]);
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('SERIE-AUT')).toBeInTheDocument();
  });

  it('a linha em Erro abre a mensagem do equipamento (clique na linha ou, pelo teclado, no status)', async () => {
    servidor();
    const user = userEvent.setup();
    const tabela = await abrir(user);
    // A row that is not in Erro opens nothing.
    await user.click(within(linha(tabela, 'SERIE-PAR')).getByText('Portaria'));
    expect(screen.queryByRole('dialog', { name: 'Mensagem' })).not.toBeInTheDocument();
    await user.click(within(linha(tabela, 'SERIE-ERR')).getByText('Galpão'));
    const dialogo = await screen.findByRole('dialog', { name: 'Mensagem' });
    expect(within(dialogo).getByText(ERRO.mensagem!)).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mensagem' })).not.toBeInTheDocument());

    const status = within(tabela).getByRole('button', { name: 'Erro: ver a mensagem de SERIE-ERR' });
    status.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Mensagem' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mensagem' })).not.toBeInTheDocument());
  });

  it('Atualizar NSR: lê o NSR do equipamento, só dígitos, vazio ou 0 é "Informe o NSR" sem enviar; salvar fecha e recarrega', async () => {
    const stub = servidor();
    const user = userEvent.setup();
    const tabela = await abrir(user);
    await acao(user, tabela, 'SERIE-AUT', 'Atualizar NSR');
    const dialogo = await screen.findByRole('dialog', { name: 'Atualizar NSR' });
    const nsr = await within(dialogo).findByLabelText('NSR');
    expect(nsr).toHaveValue('120');
    expect(stub.callsTo(api.buscarMonitoramento)[0]!.path).toBe('/api/relogio-ponto/monitoramento/buscar/5');
    expect(within(dialogo).getByLabelText('Local')).toHaveValue('Recepção');
    expect(within(dialogo).getByLabelText('Modelo')).toHaveValue('ControlId');
    expect(within(dialogo).getByLabelText('Número de Série')).toHaveValue('SERIE-AUT');
    expect(within(dialogo).getByLabelText('Local')).toHaveAttribute('readonly');
    expect(within(dialogo).getByText(M.avisoNsr)).toBeInTheDocument();

    await user.clear(nsr);
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText(M.informeNsr)).toBeInTheDocument();
    await user.type(nsr, '0');
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(within(dialogo).getByText(M.informeNsr)).toBeInTheDocument();
    expect(stub.callsTo(api.atualizarNsr)).toHaveLength(0);

    await user.clear(nsr);
    await user.type(nsr, '1a2-3');
    expect(nsr).toHaveValue('123');
    const lidas = stub.callsTo(api.listarMonitoramento).length;
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.nsrAtualizado)).toBeInTheDocument();
    expect(stub.callsTo(api.atualizarNsr)[0]!.body).toMatchObject({ id: 5, nsr: 123 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Atualizar NSR' })).not.toBeInTheDocument());
    await waitFor(() => expect(stub.callsTo(api.listarMonitoramento).length).toBe(lidas + 1));
  });

  it('Parar quando Autenticado e Iniciar quando Parado ou Erro, cada um depois do Confirmar; a mensagem e a lista recarregada', async () => {
    const stub = servidor();
    const user = userEvent.setup();
    const tabela = await abrir(user);
    expect(await itensDe(user, tabela, 'SERIE-AUT')).toEqual(['Atualizar NSR', 'Parar monitoramento']);
    expect(await itensDe(user, tabela, 'SERIE-PAR')).toEqual(['Atualizar NSR', 'Iniciar monitoramento']);
    expect(await itensDe(user, tabela, 'SERIE-ERR')).toEqual(['Atualizar NSR', 'Iniciar monitoramento']);

    // Não sends nothing.
    await acao(user, tabela, 'SERIE-AUT', 'Parar monitoramento');
    let confirmar = await screen.findByRole('dialog', { name: 'Confirmar' });
    expect(within(confirmar).getByText(M.confirmarParar)).toBeInTheDocument();
    await user.click(within(confirmar).getByRole('button', { name: 'Não' }));
    expect(stub.callsTo(api.desativarMonitoramento)).toHaveLength(0);

    const lidas = stub.callsTo(api.listarMonitoramento).length;
    await acao(user, tabela, 'SERIE-AUT', 'Parar monitoramento');
    confirmar = await screen.findByRole('dialog', { name: 'Confirmar' });
    await user.click(within(confirmar).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(M.monitoramentoParado)).toBeInTheDocument();
    expect(stub.callsTo(api.desativarMonitoramento)[0]!.body).toMatchObject({ id: 5 });
    await waitFor(() => expect(stub.callsTo(api.listarMonitoramento).length).toBe(lidas + 1));

    await acao(user, tabela, 'SERIE-ERR', 'Iniciar monitoramento');
    confirmar = await screen.findByRole('dialog', { name: 'Confirmar' });
    expect(within(confirmar).getByText(M.confirmarIniciar)).toBeInTheDocument();
    await user.click(within(confirmar).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(M.monitoramentoAtivado)).toBeInTheDocument();
    expect(stub.callsTo(api.ativarMonitoramento)[0]!.body).toMatchObject({ id: 7 });
    // The click that chose the item was not taken for a click on the Erro row.
    expect(screen.queryByRole('dialog', { name: 'Mensagem' })).not.toBeInTheDocument();
  });

  it('Sincronizar: pede a opção e os equipamentos, um só para as imagens; todos escolhidos é sincronizar todos', async () => {
    const stub = servidor();
    const user = userEvent.setup();
    await abrir(user);
    const abrirDialogo = async () => {
      await user.click(screen.getByRole('button', { name: 'Sincronizar...' }));
      return screen.findByRole('dialog', { name: 'Sincronizar Funcionários e Imagens' });
    };
    const sincronizar = (d: HTMLElement) => user.click(within(d).getByRole('button', { name: 'Sincronizar' }));
    /** Ticks the devices' boxes (labelled model / serial / location). */
    const marcar = async (d: HTMLElement, ...series: string[]) => {
      const grupo = within(d).getByRole('group', { name: 'Equipamentos' });
      for (const s of series) await user.click(within(grupo).getByLabelText(new RegExp(` / ${s} / `)));
    };

    let dialogo = await abrirDialogo();
    await sincronizar(dialogo);
    expect(await within(dialogo).findByText(M.selecioneOpcao)).toBeInTheDocument();
    await choose(user, 'Opção', 'Sincronizar os equipamentos selecionados', dialogo);
    await sincronizar(dialogo);
    expect(await within(dialogo).findByText(M.selecioneEquipamento)).toBeInTheDocument();

    await choose(user, 'Opção', 'Importar imagens de face de um equipamento', dialogo);
    await marcar(dialogo, 'SERIE-AUT', 'SERIE-PAR');
    await sincronizar(dialogo);
    expect(await within(dialogo).findByText(M.selecioneSomenteUm)).toBeInTheDocument();
    for (const e of [api.sincronizarTodos, api.sincronizarSelecionados, api.importarImagens])
      expect(stub.callsTo(e)).toHaveLength(0);

    // Every device chosen: one sync of all.
    await choose(user, 'Opção', 'Sincronizar os equipamentos selecionados', dialogo);
    await marcar(dialogo, 'SERIE-ERR');
    await sincronizar(dialogo);
    expect(await screen.findByText(M.tarefaCriada(3))).toBeInTheDocument();
    expect(stub.callsTo(api.sincronizarTodos)[0]!.body).toMatchObject({ cnpj: { id: 1 } });
    expect(stub.callsTo(api.sincronizarSelecionados)).toHaveLength(0);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sincronizar Funcionários e Imagens' })).not.toBeInTheDocument(),
    );

    // Some of them: the chosen ones.
    dialogo = await abrirDialogo();
    await choose(user, 'Opção', 'Sincronizar os equipamentos selecionados', dialogo);
    await marcar(dialogo, 'SERIE-PAR');
    await sincronizar(dialogo);
    expect(await screen.findByText(M.tarefaCriada(1))).toBeInTheDocument();
    expect(stub.callsTo(api.sincronizarSelecionados)[0]!.body).toMatchObject({
      relogiosSelecionados: [{ id: 6 }],
      cnpj: { id: 1 },
    });

    // The images of one device.
    dialogo = await abrirDialogo();
    await choose(user, 'Opção', 'Importar imagens de face de um equipamento', dialogo);
    await marcar(dialogo, 'SERIE-AUT');
    await sincronizar(dialogo);
    expect(await screen.findByText(M.importacaoCriada)).toBeInTheDocument();
    expect(stub.callsTo(api.importarImagens)[0]!.body).toMatchObject({ relogioPonto: { id: 5 }, cnpj: { id: 1 } });

    // All of the company's, without choosing any.
    dialogo = await abrirDialogo();
    await choose(user, 'Opção', 'Sincronizar todos os equipamentos', dialogo);
    expect(dropdown('Opção', dialogo)).toBeInTheDocument();
    await sincronizar(dialogo);
    await waitFor(() => expect(stub.callsTo(api.sincronizarTodos)).toHaveLength(2));
  });

  it('sem o código 174 não há menu nas linhas nem Sincronizar; a mensagem do Erro continua à vista', async () => {
    servidor();
    const user = userEvent.setup();
    const tabela = await abrir(user, [VER]);
    expect(within(tabela).queryByRole('columnheader', { name: 'Ações' })).not.toBeInTheDocument();
    expect(within(tabela).queryByRole('button', { name: /^Ações de / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sincronizar...' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Atualizar' })).toBeInTheDocument();
    await user.click(within(tabela).getByRole('button', { name: 'Erro: ver a mensagem de SERIE-ERR' }));
    expect(await screen.findByRole('dialog', { name: 'Mensagem' })).toBeInTheDocument();
  });
});
