import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  PERM,
  cargoApi,
  centroCustoApi,
  empresaApi,
  feriadoApi,
  funcionarioPesquisaApi,
  type Feriado,
} from '@jornada/contracts';
import { toWireDate } from '../../../shared/format';
import { stubApi } from '../../../test/api-stub';
import { describeRegister } from '../../../test/register-conformance';
import { makeSession, renderApp } from '../../../test/render-app';

const M = feriadoApi.FERIADO_MSG;
const PATH = '/cadastros/feriados';
const ANO = new Date().getFullYear();
const CRUD = [PERM.FERIADOS_VER, PERM.FERIADOS_NOVO, PERM.FERIADOS_EDITAR, PERM.FERIADOS_EXCLUIR];
const ALL = [...CRUD, PERM.FERIADOS_EXCECAO_REGRA];

const feriado = (i: number, patch: Partial<Feriado> = {}): Feriado => ({
  id: i,
  data: `${ANO}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
  descricao: `Feriado ${String(i).padStart(2, '0')}`,
  abrangencia: 1,
  descricaoAbrangencia: 'Federal',
  fixo: true,
  regraPascoa: null,
  estado: null,
  cidade: null,
  cargos: [],
  centrosCustos: [],
  excecoes: { centrosCustos: [], cargos: [], funcionarios: [] },
  funcionariosExcecao: [],
  restrito: false,
  ...patch,
});
const rows = (n: number) => Array.from({ length: n }, (_, i) => feriado(i + 1));
const label = (f: Feriado) => f.descricao;

const CARGOS = [
  { id: 11, codigo: '1', nome: 'Motorista' },
  { id: 12, codigo: '2', nome: 'Vigilante' },
  { id: 13, codigo: '3', nome: 'Recepcionista' },
];
const CENTROS = [
  { id: 21, codigo: 'D1', nome: 'D1 - Produção (Departamento)', tipo: 1, cnpj: 'Matriz' },
  { id: 22, codigo: 'S1', nome: 'S1 - Montagem (Setor)', tipo: 2, cnpj: 'Matriz' },
];
const ESTADOS = [
  { id: 33, uf: 'RJ', nome: 'Rio de Janeiro' },
  { id: 35, uf: 'SP', nome: 'São Paulo' },
];
const CIDADES_SP = [
  { id: 3509502, nome: 'Campinas' },
  { id: 3550308, nome: 'São Paulo' },
];

/** The lookups every dialog needs, plus the list. */
function server(list: Feriado[] = rows(2)) {
  const api = stubApi();
  api.on(feriadoApi.listarFeriados, () => list);
  api.on(feriadoApi.listarEstados, ESTADOS);
  api.on(feriadoApi.listarCidades, (b) => (b.idEstado === 35 ? CIDADES_SP : []));
  api.on(feriadoApi.listarCentrosCustosFeriado, CENTROS);
  api.on(cargoApi.listarCargos, CARGOS);
  api.on(feriadoApi.salvarFeriado, { mensagem: M.salvo });
  return api;
}

const dialog = () => screen.getAllByRole('dialog')[0]!;
/** Ticks the row of `text` in a selection table. */
const tick = (container: HTMLElement, text: string) =>
  within(container).getByText(text).closest('tr')!.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
/** PrimeReact overlays keep display:none in jsdom (no transition runs): `hidden` finds them. */
async function pick(user: UserEvent, container: HTMLElement, fieldLabel: string, option: string) {
  await user.click(within(container).getByLabelText(fieldLabel).closest('.p-dropdown')!);
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}
/** The 15th of the month the calendar opens on (today's month). */
async function pickDay15(user: UserEvent) {
  await user.click(within(dialog()).getByLabelText('Data'));
  const panel = document.querySelector('.p-datepicker') as HTMLElement;
  await user.click(within(panel).getByText('15', { selector: 'span' }));
  const today = new Date();
  return toWireDate(new Date(today.getFullYear(), today.getMonth(), 15));
}

describeRegister<Feriado, typeof feriadoApi.listarFeriados>({
  title: 'Feriados',
  path: PATH,
  codes: {
    view: PERM.FERIADOS_VER,
    create: PERM.FERIADOS_NOVO,
    edit: PERM.FERIADOS_EDITAR,
    remove: PERM.FERIADOS_EXCLUIR,
  },
  list: { endpoint: feriadoApi.listarFeriados, reply: (r) => r },
  rows,
  rowLabel: (f) => f.descricao,
  emptyMessage: `Nenhum feriado cadastrado em ${ANO}.`,
  create: {
    endpoint: feriadoApi.salvarFeriado,
    dialogTitle: 'Novo Feriado',
    fill: async (d, user) => {
      await user.type(within(d).getByLabelText('Descrição'), ' Aniversário da cidade ');
      await pickDay15(user);
      await pick(user, d, 'Abrangência', 'Global');
    },
    row: feriado(100, { descricao: 'Aniversário da cidade', abrangencia: 6, descricaoAbrangencia: 'Global' }),
    body: (f) => {
      const today = new Date();
      return {
        feriado: {
          id: null,
          data: toWireDate(new Date(today.getFullYear(), today.getMonth(), 15)),
          descricao: f.descricao,
          abrangencia: 6,
          fixo: true,
          regraPascoa: null,
          estado: { id: null },
          cidade: { id: null },
          cargos: [],
          centrosCustos: [],
        },
      };
    },
    reply: { mensagem: M.salvo },
    success: M.salvo,
  },
  edit: {
    endpoint: feriadoApi.salvarFeriado,
    dialogTitle: 'Editar Feriado',
    change: async (d, user) => {
      const descricao = within(d).getByLabelText('Descrição');
      expect(descricao).toHaveValue('Feriado 01');
      await user.clear(descricao);
      await user.type(descricao, 'Feriado editado');
    },
    row: feriado(1, { descricao: 'Feriado editado' }),
    body: (f) => ({
      feriado: {
        id: f.id,
        data: f.data,
        descricao: f.descricao,
        abrangencia: 1,
        fixo: true,
        regraPascoa: null,
        estado: { id: null },
        cidade: { id: null },
        cargos: [],
        centrosCustos: [],
      },
    }),
    reply: { mensagem: M.alterado },
    success: M.alterado,
  },
  remove: {
    endpoint: feriadoApi.excluirFeriado,
    body: (f) => ({ feriado: { id: f.id } }),
    reply: { mensagem: M.excluido },
    success: M.excluido,
  },
});

describe('Feriados screen: year, table and buttons (seed 000 §2.5, §9)', () => {
  it('offers 20 years starting 10 before the current one, and lists the chosen year', async () => {
    const api = server();
    const user = userEvent.setup();
    const { location } = renderApp(PATH, makeSession([PERM.FERIADOS_VER]));
    await screen.findByText('Feriado 01');
    expect(api.callsTo(feriadoApi.listarFeriados)[0]?.body.ano).toBe(ANO);
    await user.click(screen.getByLabelText('Ano').closest('.p-dropdown')!);
    const options = within(await screen.findByRole('listbox', { hidden: true })).getAllByRole('option', {
      hidden: true,
    });
    expect(options.map((o) => Number(o.textContent))).toEqual(Array.from({ length: 20 }, (_, i) => ANO - 10 + i));
    await user.click(screen.getByRole('option', { name: String(ANO - 3), hidden: true }));
    await waitFor(() => expect(api.callsTo(feriadoApi.listarFeriados).at(-1)?.body.ano).toBe(ANO - 3));
    expect(new URLSearchParams(location().search).get('ano')).toBe(String(ANO - 3));
  });

  it('shows Data dd/mm/yyyy, Abrangência, Estado (UF), Cidade and Tipo', async () => {
    server([
      feriado(1, {
        data: `${ANO}-06-04`,
        descricao: 'Corpus Christi',
        abrangencia: 3,
        descricaoAbrangencia: 'Municipal',
        fixo: false,
        regraPascoa: 'CORPUS_CHRISTI',
        estado: { id: 35, uf: 'SP', nome: 'São Paulo' },
        cidade: { id: 3550308, nome: 'São Paulo' },
      }),
    ]);
    renderApp(PATH, makeSession([PERM.FERIADOS_VER]));
    const row = (await screen.findByText('Corpus Christi')).closest('tr')!;
    for (const text of [`04/06/${ANO}`, 'Municipal', 'SP', 'São Paulo', 'Móvel']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
  });

  it('Copiar feriados and Incluir feriados nacionais need code 34', async () => {
    server();
    renderApp(PATH, makeSession([PERM.FERIADOS_VER, PERM.FERIADOS_EDITAR]));
    await screen.findByText('Feriado 01');
    expect(screen.queryByRole('button', { name: 'Copiar feriados' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Incluir feriados nacionais' })).not.toBeInTheDocument();
  });

  it('a holiday tied to cost centres outside the user scope offers neither edit nor delete', async () => {
    server([feriado(1, { restrito: true }), feriado(2)]);
    renderApp(PATH, makeSession(ALL));
    await screen.findByText('Feriado 01');
    expect(screen.queryByRole('button', { name: `Editar ${label(feriado(1))}` })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Editar ${label(feriado(2))}` })).toBeInTheDocument();
  });
});

describe('Feriado dialog: validation and scope rules (seed 000 §4, §5)', () => {
  it('shows every seed message at once and sends nothing', async () => {
    const api = server([]);
    const user = userEvent.setup();
    renderApp(PATH, makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    expect(within(dialog()).getByLabelText('Descrição')).toHaveFocus();
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText('Informe a descrição')).toBeInTheDocument();
    expect(within(dialog()).getByText('Selecione uma data')).toBeInTheDocument();
    expect(within(dialog()).getByText(M.selecioneAbrangencia)).toBeInTheDocument();
    expect(api.callsTo(feriadoApi.salvarFeriado)).toHaveLength(0);
  });

  it('the date is picked or typed through the dd/mm/aaaa mask (issue 24 §2, decision 0079)', async () => {
    server([]);
    const user = userEvent.setup();
    renderApp(PATH, makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    const input = within(dialog()).getByLabelText('Data');
    expect(input).not.toHaveAttribute('readonly');
    const wire = await pickDay15(user);
    expect(input).toHaveValue(`${wire.slice(8, 10)}/${wire.slice(5, 7)}/${wire.slice(0, 4)}`);
    // The calendar closes after the pick (it puts the picked day back in the field as it goes): type once it is gone.
    await waitFor(() => expect(document.querySelector('.p-datepicker')).toBeNull());
    await user.tripleClick(input);
    await user.keyboard('07092026');
    expect(input).toHaveValue('07/09/2026');
  });

  it.each([
    ['Federal', false, false, []],
    ['Global', false, false, []],
    ['Estadual', true, false, [M.selecioneEstado]],
    ['Municipal', true, true, [M.selecioneEstado, M.selecioneCidade]],
    ['Centro de Custo', false, false, [M.selecioneCentrosCustos]],
    ['Cargo', false, false, [M.selecioneCargos]],
  ] as const)('%s: estado enabled=%s, cidade usable=%s, messages %o', async (scope, estado, cidade, messages) => {
    const api = server([]);
    const user = userEvent.setup();
    renderApp(PATH, makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    await user.type(within(dialog()).getByLabelText('Descrição'), 'Teste');
    await pickDay15(user);
    await pick(user, dialog(), 'Abrangência', scope);
    const estadoBox = within(dialog()).getByLabelText('Estado').closest('.p-dropdown')!;
    expect(estadoBox).toHaveClass(estado ? 'p-inputwrapper' : 'p-disabled');
    if (estado) expect(estadoBox).not.toHaveClass('p-disabled');
    const listUsed = scope === 'Centro de Custo' || scope === 'Cargo';
    const add = within(dialog()).getByRole('button', { name: /^Adicionar / });
    if (listUsed) expect(add).toBeEnabled();
    else expect(add).toBeDisabled();
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    for (const m of messages) expect(await within(dialog()).findByText(m)).toBeInTheDocument();
    if (messages.length === 0) {
      await waitFor(() => expect(api.callsTo(feriadoApi.salvarFeriado)).toHaveLength(1));
    } else {
      expect(api.callsTo(feriadoApi.salvarFeriado)).toHaveLength(0);
    }
    if (cidade) {
      await pick(user, dialog(), 'Estado', 'SP - São Paulo');
      await pick(user, dialog(), 'Cidade', 'Campinas');
      await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(api.callsTo(feriadoApi.salvarFeriado)).toHaveLength(1));
      expect(api.callsTo(feriadoApi.salvarFeriado)[0]?.body.feriado).toMatchObject({
        abrangencia: 3,
        estado: { id: 35 },
        cidade: { id: 3509502 },
      });
    }
  });

  it('the picker: Incluir disabled until a tick, no item twice, and changing the scope clears the list', async () => {
    const api = server([]);
    const user = userEvent.setup();
    renderApp(PATH, makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    await user.type(within(dialog()).getByLabelText('Descrição'), 'Dia do Motorista');
    await pickDay15(user);
    await pick(user, dialog(), 'Abrangência', 'Cargo');
    const lista = within(dialog()).getByRole('group', { name: 'Cargos' });

    await user.click(within(lista).getByRole('button', { name: 'Adicionar Cargos' }));
    const picker = await screen.findByRole('dialog', { name: 'Selecionar Cargos' });
    const incluir = within(picker).getByRole('button', { name: 'Incluir' });
    expect(incluir).toBeDisabled();
    await user.click(tick(picker, '1 - Motorista'));
    expect(incluir).toBeEnabled();
    await user.click(incluir);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Selecionar Cargos' })).not.toBeInTheDocument());
    expect(within(lista).getByText('1 - Motorista')).toBeInTheDocument();

    // Motorista again with Vigilante: Motorista is not added twice.
    await user.click(within(lista).getByRole('button', { name: 'Adicionar Cargos' }));
    const again = await screen.findByRole('dialog', { name: 'Selecionar Cargos' });
    for (const nome of ['1 - Motorista', '2 - Vigilante']) {
      await user.click(tick(again, nome));
    }
    await user.click(within(again).getByRole('button', { name: 'Incluir' }));
    await waitFor(() => expect(within(lista).getAllByText(/^\d - /)).toHaveLength(2));

    // Remove one, then save: the contract body carries the picked ids.
    await user.click(within(lista).getByRole('button', { name: 'Remover 2 - Vigilante' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(feriadoApi.salvarFeriado)).toHaveLength(1));
    expect(api.callsTo(feriadoApi.salvarFeriado)[0]?.body.feriado.cargos).toEqual([{ id: 11 }]);
  });

  it('changing the scope clears the picked list and disables the picker', async () => {
    server([]);
    const user = userEvent.setup();
    renderApp(PATH, makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    await pick(user, dialog(), 'Abrangência', 'Centro de Custo');
    let lista = within(dialog()).getByRole('group', { name: 'Centros de Custos' });
    await user.click(within(lista).getByRole('button', { name: 'Adicionar Centros de Custos' }));
    const picker = await screen.findByRole('dialog', { name: 'Selecionar Centros de Custos' });
    await user.click(tick(picker, 'D1 - Produção (Departamento)'));
    await user.click(within(picker).getByRole('button', { name: 'Incluir' }));
    expect(await within(lista).findByText('D1 - Produção (Departamento)')).toBeInTheDocument();

    await pick(user, dialog(), 'Abrangência', 'Cargo');
    lista = within(dialog()).getByRole('group', { name: 'Cargos' });
    expect(within(lista).queryByText(/Produção/)).not.toBeInTheDocument();
    await pick(user, dialog(), 'Abrangência', 'Centro de Custo');
    lista = within(dialog()).getByRole('group', { name: 'Centros de Custos' });
    expect(within(lista).queryByText('D1 - Produção (Departamento)')).not.toBeInTheDocument();
    await pick(user, dialog(), 'Abrangência', 'Federal');
    expect(within(dialog()).getByRole('button', { name: /^Adicionar / })).toBeDisabled();
    expect(within(dialog()).getByText('A abrangência escolhida não usa lista.')).toBeInTheDocument();
  });

  it('an Easter rule fills the date of the screen year and makes it Móvel only', async () => {
    const api = server([]);
    const user = userEvent.setup();
    renderApp(`${PATH}?ano=2027`, makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    const regra = within(dialog()).getByLabelText('Data ligada à Páscoa').closest('.p-dropdown')!;
    expect(regra).toHaveClass('p-disabled');
    await user.click(within(dialog()).getByLabelText('Móvel'));
    await pick(user, dialog(), 'Data ligada à Páscoa', 'Corpus Christi');
    expect(within(dialog()).getByLabelText('Data')).toHaveValue('27/05/2027');
    await user.type(within(dialog()).getByLabelText('Descrição'), 'Corpus Christi');
    await pick(user, dialog(), 'Abrangência', 'Global');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(feriadoApi.salvarFeriado)).toHaveLength(1));
    expect(api.callsTo(feriadoApi.salvarFeriado)[0]?.body.feriado).toMatchObject({
      data: '2027-05-27',
      fixo: false,
      regraPascoa: 'CORPUS_CHRISTI',
    });
  });
});

describe('Feriado dialog: tab Exceção da Regra (code 152)', () => {
  it('with 152: tabs Feriado and Exceção da Regra, and the exceptions are sent', async () => {
    const api = server([feriado(1, { excecoes: { centrosCustos: [21], cargos: [], funcionarios: [] } })]);
    const user = userEvent.setup();
    renderApp(PATH, makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: `Editar ${label(feriado(1))}` }));
    expect(within(dialog()).getByRole('tab', { name: 'Feriado' })).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('tab', { name: 'Exceção da Regra' }));
    const centros = within(dialog()).getByRole('group', { name: 'Centros de Custos' });
    expect(within(dialog()).getByRole('group', { name: 'Cargos' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('group', { name: 'Funcionários' })).toBeInTheDocument();
    await user.click(within(centros).getByRole('button', { name: 'Adicionar Centros de Custos' }));
    const picker = await screen.findByRole('dialog', { name: 'Selecionar Centros de Custos' });
    await user.click(tick(picker, 'S1 - Montagem (Setor)'));
    await user.click(within(picker).getByRole('button', { name: 'Incluir' }));
    // Removing the one it had keeps the one just added.
    await user.click(within(centros).getByRole('button', { name: 'Remover D1 - Produção (Departamento)' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(feriadoApi.salvarFeriado)).toHaveLength(1));
    expect(api.callsTo(feriadoApi.salvarFeriado)[0]?.body.feriado.excecoes).toEqual({
      centrosCustos: [22],
      cargos: [],
      funcionarios: [],
    });
  });

  it('employees: the ones it has show by crachá and nome; more come from the shared employee filter', async () => {
    const ana = { id: 31, cracha: '0101', nome: 'Ana Souza', pis: '' };
    const api = server([
      feriado(1, { excecoes: { centrosCustos: [], cargos: [], funcionarios: [31] }, funcionariosExcecao: [ana] }),
    ]);
    api.on(empresaApi.listarCnpjs, [
      { id: 10, numero: '11222333000181', razaoSocial: 'Matriz', tipoNumeroDocumento: 'cnpj', cnpjNome: 'Matriz' },
    ]);
    api.on(centroCustoApi.listarCentrosCustosUsuario, []);
    api.on(funcionarioPesquisaApi.buscarFuncionarios, [
      ana,
      { id: 32, cracha: '0102', nome: 'Bruno Lima', pis: '' },
      { id: 33, cracha: '0103', nome: 'Carla Dias', pis: '' },
    ]);
    const user = userEvent.setup();
    renderApp(PATH, makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: `Editar ${label(feriado(1))}` }));
    await user.click(within(dialog()).getByRole('tab', { name: 'Exceção da Regra' }));
    const grupo = within(dialog()).getByRole('group', { name: 'Funcionários' });
    expect(within(grupo).getByText('Ana Souza').closest('tr')).toHaveTextContent('0101');
    await user.click(within(grupo).getByRole('button', { name: 'Adicionar Funcionários' }));
    const picker = await screen.findByRole('dialog', { name: 'Selecionar Funcionários' });
    expect(within(picker).getByRole('button', { name: 'Incluir' })).toBeDisabled();
    await user.click(await within(picker).findByRole('button', { name: 'Pesquisar funcionários' }));
    const disponiveis = within(picker).getByRole('listbox', { name: /Funcionários Disponíveis/ });
    await waitFor(() => expect(within(disponiveis).getAllByRole('option')).toHaveLength(3));
    await user.dblClick(within(disponiveis).getByText('Carla Dias'));
    await user.dblClick(within(disponiveis).getByText('Ana Souza'));
    await user.click(within(picker).getByRole('button', { name: 'Incluir' }));
    // Ana was there already: only Carla is added.
    expect(within(grupo).getByText('Carla Dias')).toBeInTheDocument();
    await user.click(within(grupo).getByRole('button', { name: 'Remover Ana Souza' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(feriadoApi.salvarFeriado)).toHaveLength(1));
    expect(api.callsTo(feriadoApi.salvarFeriado)[0]?.body.feriado.excecoes?.funcionarios).toEqual([33]);
  });

  it('a refused save brings back the Feriado tab, where the messages are', async () => {
    server([]);
    const user = userEvent.setup();
    renderApp(PATH, makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    await user.click(within(dialog()).getByRole('tab', { name: 'Exceção da Regra' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText('Informe a descrição')).toBeInTheDocument();
    expect(within(dialog()).getByRole('tab', { name: 'Feriado' })).toHaveAttribute('aria-selected', 'true');
  });

  it('without 152: no tabs, and the exceptions are never sent', async () => {
    const api = server([feriado(1, { excecoes: { centrosCustos: [21], cargos: [], funcionarios: [] } })]);
    const user = userEvent.setup();
    renderApp(PATH, makeSession(CRUD));
    await user.click(await screen.findByRole('button', { name: `Editar ${label(feriado(1))}` }));
    expect(within(dialog()).queryByRole('tab')).not.toBeInTheDocument();
    expect(within(dialog()).queryByText('Exceção da Regra')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(feriadoApi.salvarFeriado)).toHaveLength(1));
    expect(api.callsTo(feriadoApi.salvarFeriado)[0]?.body.feriado).not.toHaveProperty('excecoes');
  });
});

describe('Copiar feriados and Incluir feriados nacionais', () => {
  it('Copiar: De = the year on screen, Para = the next; the seed messages; then shows the target year', async () => {
    const api = server();
    api.on(feriadoApi.copiarFeriados, { mensagem: 'Feriados copiados', incluidos: 2, existentes: 0, semData: 0 });
    const user = userEvent.setup();
    const { location } = renderApp(PATH, makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Copiar feriados' }));
    const d = await screen.findByRole('dialog', { name: 'Copiar feriados' });
    expect(within(d).getByLabelText('De')).toHaveValue(String(ANO));
    expect(within(d).getByLabelText('Para')).toHaveValue(String(ANO + 1));
    await user.clear(within(d).getByLabelText('De'));
    await user.clear(within(d).getByLabelText('Para'));
    await user.click(within(d).getByRole('button', { name: 'Copiar' }));
    expect(await within(d).findByText('Informe o ano De')).toBeInTheDocument();
    expect(within(d).getByText('Informe o ano Para')).toBeInTheDocument();
    // Years up to 9999, typed without grouping.
    await user.type(within(d).getByLabelText('De'), '2025');
    await user.type(within(d).getByLabelText('Para'), '12345');
    expect(within(d).getByLabelText('Para')).toHaveValue('1234');
    await user.click(within(d).getByRole('button', { name: 'Copiar' }));
    // A copy writes 1900–2100 only (decision 0064).
    expect(await within(d).findByText(M.anoForaDoLote)).toBeInTheDocument();
    expect(api.callsTo(feriadoApi.copiarFeriados)).toHaveLength(0);
    await user.clear(within(d).getByLabelText('Para'));
    await user.type(within(d).getByLabelText('Para'), '2030');
    await user.click(within(d).getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(api.callsTo(feriadoApi.copiarFeriados)).toHaveLength(1));
    expect(api.callsTo(feriadoApi.copiarFeriados)[0]?.body).toMatchObject({ anoDe: 2025, anoPara: 2030 });
    expect(await screen.findByText('Feriados copiados')).toBeInTheDocument();
    await waitFor(() => expect(new URLSearchParams(location().search).get('ano')).toBe('2030'));
  });

  it('Incluir nacionais: lists the federal ones; the optional ones start unticked and need a scope place', async () => {
    const api = server();
    api.on(feriadoApi.incluirFeriadosNacionais, {
      mensagem: 'Feriados nacionais incluídos',
      incluidos: 11,
      existentes: 0,
      semData: 0,
    });
    const user = userEvent.setup();
    renderApp(`${PATH}?ano=2026`, makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Incluir feriados nacionais' }));
    const d = await screen.findByRole('dialog', { name: 'Incluir feriados nacionais' });
    const lista = within(d).getByRole('list', { name: 'Feriados federais' });
    expect(within(lista).getAllByRole('listitem')).toHaveLength(9);
    expect(within(lista).getByText(/Consciência Negra/)).toBeInTheDocument();
    const carnaval = within(d).getByLabelText('Carnaval (segunda e terça-feira) (16/02 e 17/02)');
    expect(carnaval).not.toBeChecked();
    expect(within(d).getByLabelText('Sexta-feira Santa (03/04)')).not.toBeChecked();
    expect(within(d).getByLabelText('Corpus Christi (04/06)')).not.toBeChecked();
    expect(within(d).getByLabelText('Abrangência dos marcados').closest('.p-dropdown')).toHaveClass('p-disabled');

    await user.click(carnaval);
    await pick(user, d, 'Abrangência dos marcados', 'Estadual');
    await user.click(within(d).getByRole('button', { name: 'Incluir' }));
    expect(await within(d).findByText(M.selecioneEstado)).toBeInTheDocument();
    await pick(user, d, 'Estado', 'SP - São Paulo');
    await user.click(within(d).getByRole('button', { name: 'Incluir' }));
    await waitFor(() => expect(api.callsTo(feriadoApi.incluirFeriadosNacionais)).toHaveLength(1));
    expect(api.callsTo(feriadoApi.incluirFeriadosNacionais)[0]?.body).toMatchObject({
      ano: 2026,
      carnaval: true,
      sextaFeiraSanta: false,
      corpusChristi: false,
      abrangenciaOpcionais: 2,
      estado: { id: 35 },
    });
    expect(await screen.findByText('Feriados nacionais incluídos')).toBeInTheDocument();
  });
});
