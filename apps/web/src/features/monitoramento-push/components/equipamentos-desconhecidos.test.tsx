import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  MONITORAMENTO_PUSH_MSG as M,
  MSG,
  PERM,
  empresaApi,
  monitoramentoPushApi as api,
  type CnpjOpcao,
  type EquipamentoDesconhecido,
  type MonitoramentoPush,
} from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { choose } from '../../../test/dropdown';
import { makeSession, renderApp } from '../../../test/render-app';

const PATH = '/cadastros/dispositivos-coletas/monitoramento-push';
const VER = PERM.SERVICO_PUSH_VER;
const EDITAR = PERM.SERVICO_PUSH_EDITAR;
const TITULO = 'Equipamentos não cadastrados';

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

const relogio = (over: Partial<MonitoramentoPush>): MonitoramentoPush => ({
  id: 5,
  modelo: 'ControlId IdFace',
  numeroSerie: 'SERIE-A',
  localInstalacao: 'Recepção',
  funcionariosSincronizar: 0,
  dataUltimaConexao: null,
  dataUltimaSincronizacao: null,
  status: 'Erro',
  mensagem: M.semContato,
  nsr: null,
  fabricante: 'ControlId IdFace',
  idCloud: '900001',
  ...over,
});
const RELOGIOS = [relogio({}), relogio({ id: 6, numeroSerie: 'SERIE-B', localInstalacao: null, idCloud: '900002' })];

const DESCONHECIDOS: EquipamentoDesconhecido[] = [
  // 15:04 and 14:30 in São Paulo (UTC-3), the company's clock of the session below.
  {
    deviceId: '8000002',
    primeiraChamada: '2026-03-10T17:30:00.000Z',
    ultimaChamada: '2026-03-10T18:04:00.000Z',
    chamadas: 12,
  },
  {
    deviceId: '8000001',
    primeiraChamada: '2026-03-09T11:00:00.000Z',
    ultimaChamada: '2026-03-09T11:00:00.000Z',
    chamadas: 1,
  },
];

const NOVO = '2026-03-10T18:10:00.000Z';

/** The server: the unknown devices until one is bound or discarded, then the rest. */
function servidor(inicial: EquipamentoDesconhecido[] = DESCONHECIDOS) {
  let desconhecidos = [...inicial];
  const stub = stubApi();
  stub.on(empresaApi.listarCnpjs, cnpjs);
  stub.on(api.listarMonitoramento, (b) => (Number(b.idCnpj) === 1 ? RELOGIOS : []));
  stub.on(api.listarDesconhecidos, () => desconhecidos);
  stub.on(api.vincularDesconhecido, (b) => {
    desconhecidos = desconhecidos.filter((d) => d.deviceId !== b.deviceId);
    return { mensagem: M.vinculado('SERIE-B') };
  });
  stub.on(api.descartarDesconhecido, (b) => {
    desconhecidos = desconhecidos.filter((d) => d.deviceId !== b.deviceId);
    return { mensagem: M.descartado };
  });
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

/** The section's table (the section is a region named by its heading). */
const tabelaDaSecao = async () => within(await screen.findByRole('region', { name: TITULO })).getByRole('table');

/** The screen with the main company chosen and its clocks on screen; answers the section's table. */
async function abrir(user: UserEvent, codes: number[] = [VER, EDITAR]) {
  renderApp(PATH, sessao(codes));
  await screen.findByRole('heading', { name: 'Monitoramento Serviço Push', level: 1 });
  await choose(user, 'Empresa', cnpjs[0]!.cnpjNome);
  await within(screen.getAllByRole('table')[0]!).findByText('SERIE-A');
  return tabelaDaSecao();
}

const linha = (tabela: HTMLElement, deviceId: string) => within(tabela).getByText(deviceId).closest('tr')!;

describe('Monitoramento Serviço Push: equipamentos não cadastrados (decision 0084)', () => {
  it('a seção aparece abaixo dos relógios com Device Id, as chamadas no relógio da empresa e o número de chamadas; Atualizar a lê de novo', async () => {
    const stub = servidor();
    const user = userEvent.setup();
    const tabela = await abrir(user);
    expect(screen.getByRole('heading', { name: TITULO, level: 2 })).toBeInTheDocument();
    expect(screen.getByText(M.desconhecidosAviso)).toBeInTheDocument();
    // Below the clocks: the clocks' table comes first in the document.
    const [relogios, segunda] = screen.getAllByRole('table');
    expect(segunda).toBe(tabela);
    expect(within(relogios!).getByText('SERIE-A')).toBeInTheDocument();
    for (const h of ['Device Id', 'Primeira chamada', 'Última chamada', 'Chamadas', 'Ações'])
      expect(within(tabela).getByRole('columnheader', { name: h })).toBeInTheDocument();
    const recente = within(linha(tabela, '8000002'));
    expect(recente.getByText('10/03/2026 14:30')).toBeInTheDocument();
    expect(recente.getByText('10/03/2026 15:04')).toBeInTheDocument();
    expect(recente.getByText('12')).toBeInTheDocument();
    expect(within(linha(tabela, '8000001')).getAllByText('09/03/2026 08:00')).toHaveLength(2);
    // Newest first, as the server sends them.
    const ids = within(tabela)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);
    expect(ids).toEqual(['8000002', '8000001']);
    expect(within(screen.getByRole('region', { name: TITULO })).getByText('Listando 1 a 2 de 2')).toBeInTheDocument();

    // Atualizar reads them again with the clocks: a device that has just called appears.
    stub.on(api.listarDesconhecidos, [
      { deviceId: '8000003', primeiraChamada: NOVO, ultimaChamada: NOVO, chamadas: 1 },
      ...DESCONHECIDOS,
    ]);
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await within(tabela).findByText('8000003')).toBeInTheDocument();
  });

  it('sem equipamentos não cadastrados a seção não aparece', async () => {
    const stub = servidor([]);
    const user = userEvent.setup();
    renderApp(PATH, sessao([VER, EDITAR]));
    await choose(user, 'Empresa', cnpjs[0]!.cnpjNome);
    await within(await screen.findByRole('table')).findByText('SERIE-A');
    await waitFor(() => expect(stub.callsTo(api.listarDesconhecidos)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: TITULO })).not.toBeInTheDocument();
    expect(screen.getAllByRole('table')).toHaveLength(1);
  });

  it('Vincular pelo teclado: os relógios Push da empresa com série e local; sem escolha é "Selecione o equipamento"; Salvar envia, mostra a mensagem e recarrega as duas listas', async () => {
    const stub = servidor();
    const user = userEvent.setup();
    const tabela = await abrir(user);
    const vincular = within(linha(tabela, '8000002')).getByRole('button', { name: 'Vincular o equipamento 8000002' });
    expect(vincular).toHaveTextContent('Vincular');
    vincular.focus();
    await user.keyboard('{Enter}');
    const dialogo = await screen.findByRole('dialog', { name: 'Vincular equipamento' });
    expect(within(dialogo).getByLabelText('Relógio', { selector: 'input' })).toHaveFocus();
    expect(within(dialogo).getByLabelText('Device Id')).toHaveValue('8000002');
    expect(within(dialogo).getByLabelText('Device Id')).toHaveAttribute('readonly');
    expect(within(dialogo).getByText(M.avisoVincular)).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText(M.selecioneEquipamento)).toBeInTheDocument();
    expect(stub.callsTo(api.vincularDesconhecido)).toHaveLength(0);

    // The keyboard alone: the list opened on the clock's field, the company's Push clocks (serial - location),
    // the second one chosen, then Tab to Cancelar and Salvar.
    within(dialogo).getByLabelText('Relógio', { selector: 'input' }).focus();
    await user.keyboard('{ArrowDown}');
    const lista = await screen.findByRole('listbox', { hidden: true });
    expect(
      within(lista)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.getAttribute('aria-label')),
    ).toEqual(['SERIE-A - Recepção', 'SERIE-B - —']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(dialogo.querySelector('.p-dropdown-label')).toHaveTextContent('SERIE-B - —'));
    await waitFor(() => expect(screen.queryByRole('listbox', { hidden: true })).not.toBeInTheDocument());
    expect(within(dialogo).queryByText(M.selecioneEquipamento)).not.toBeInTheDocument();
    const relogiosLidos = stub.callsTo(api.listarMonitoramento).length;
    const desconhecidosLidos = stub.callsTo(api.listarDesconhecidos).length;
    await user.tab();
    expect(within(dialogo).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.tab();
    expect(within(dialogo).getByRole('button', { name: 'Salvar' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(M.vinculado('SERIE-B'))).toBeInTheDocument();
    expect(stub.callsTo(api.vincularDesconhecido)[0]!.body).toMatchObject({ deviceId: '8000002', idRelogio: 6 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Vincular equipamento' })).not.toBeInTheDocument());
    await waitFor(() => expect(stub.callsTo(api.listarMonitoramento).length).toBe(relogiosLidos + 1));
    await waitFor(() => expect(stub.callsTo(api.listarDesconhecidos).length).toBe(desconhecidosLidos + 1));
    await waitFor(() => expect(within(tabela).queryByText('8000002')).not.toBeInTheDocument());
    expect(within(tabela).getByText('8000001')).toBeInTheDocument();
  });

  it('Vincular: Cancelar fecha sem enviar; a recusa do servidor fica no diálogo com a mensagem', async () => {
    const stub = servidor();
    const user = userEvent.setup();
    const tabela = await abrir(user);
    await user.click(within(linha(tabela, '8000001')).getByRole('button', { name: 'Vincular o equipamento 8000001' }));
    let dialogo = await screen.findByRole('dialog', { name: 'Vincular equipamento' });
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Vincular equipamento' })).not.toBeInTheDocument());
    expect(stub.callsTo(api.vincularDesconhecido)).toHaveLength(0);

    stub.on(api.vincularDesconhecido, reply(400, { mensagem: M.idCloudEmUso }));
    await user.click(within(linha(tabela, '8000001')).getByRole('button', { name: 'Vincular o equipamento 8000001' }));
    dialogo = await screen.findByRole('dialog', { name: 'Vincular equipamento' });
    await choose(user, 'Relógio', 'SERIE-A - Recepção', dialogo);
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.idCloudEmUso)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Vincular equipamento' })).toBeInTheDocument();
    expect(within(tabela).getByText('8000001')).toBeInTheDocument();
  });

  it('Descartar pergunta antes: Não não envia; Sim envia, mostra a mensagem e o último some com a seção', async () => {
    const stub = servidor([DESCONHECIDOS[1]!]);
    const user = userEvent.setup();
    const tabela = await abrir(user);
    const descartar = within(linha(tabela, '8000001')).getByRole('button', {
      name: 'Descartar o equipamento 8000001',
    });
    expect(descartar).toHaveTextContent('Descartar');
    await user.click(descartar);
    let confirmar = await screen.findByRole('dialog', { name: 'Confirmar' });
    expect(within(confirmar).getByText(M.confirmarDescartar('8000001'))).toBeInTheDocument();
    await user.click(within(confirmar).getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirmar' })).not.toBeInTheDocument());
    expect(stub.callsTo(api.descartarDesconhecido)).toHaveLength(0);

    await user.click(descartar);
    confirmar = await screen.findByRole('dialog', { name: 'Confirmar' });
    await user.click(within(confirmar).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(M.descartado)).toBeInTheDocument();
    expect(stub.callsTo(api.descartarDesconhecido)[0]!.body).toMatchObject({ deviceId: '8000001' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: TITULO })).not.toBeInTheDocument());
  });

  it('Vincular antes de escolher a empresa pede a empresa', async () => {
    const stub = servidor();
    const user = userEvent.setup();
    renderApp(PATH, sessao([VER, EDITAR]));
    const tabela = await tabelaDaSecao();
    await user.click(within(tabela).getByRole('button', { name: 'Vincular o equipamento 8000002' }));
    expect(await screen.findByText(MSG.selecioneEmpresa, { selector: '.p-toast-detail' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Vincular equipamento' })).not.toBeInTheDocument();
    expect(stub.callsTo(api.listarMonitoramento)).toHaveLength(0);
  });

  it('sem o código 174 a lista aparece sem Vincular nem Descartar', async () => {
    servidor();
    const user = userEvent.setup();
    const tabela = await abrir(user, [VER]);
    expect(within(tabela).getByText('8000002')).toBeInTheDocument();
    expect(within(tabela).queryByRole('columnheader', { name: 'Ações' })).not.toBeInTheDocument();
    expect(within(tabela).queryByRole('button')).not.toBeInTheDocument();
  });
});
