import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG, PERM, centroCustoApi, empresaApi, funcionarioApi, type FuncionarioLinha } from '@jornada/contracts';
import { choose, dropdown, shownIn } from '../../../test/dropdown';
import { reply, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';
import { CENTROS, CNPJS, linha } from '../fixtures';
import { urlDaLista } from '../lista-estado';

const TODOS = [PERM.FUNCIONARIOS_VER, PERM.FUNCIONARIOS_NOVO, PERM.FUNCIONARIOS_EDITAR];
const toasts = () => document.querySelector<HTMLElement>('.p-toast')!;
const dialog = () => screen.getByRole('dialog');

/** A server of `total` employees, paged as the API pages them. */
function server(total = 25, over: (i: number) => Partial<FuncionarioLinha> = () => ({})) {
  const api = stubApi();
  api.on(empresaApi.listarCnpjs, CNPJS);
  api.on(centroCustoApi.listarCentrosCustosUsuario, CENTROS);
  api.on(funcionarioApi.listarFuncionarios, (b) => {
    const todos = Array.from({ length: total }, (_, i) => linha(i + 1, over(i + 1)));
    const de = b.numPagina * b.qtdLinhas;
    return { qdtFuncionarios: total, funcionarios: todos.slice(de, de + b.qtdLinhas) };
  });
  return api;
}

async function abrir(codes = TODOS, path = '/cadastros/funcionarios') {
  const user = userEvent.setup();
  const app = renderApp(path, makeSession(codes));
  expect(await screen.findByRole('heading', { name: 'Funcionários', level: 1 })).toBeInTheDocument();
  return { user, ...app };
}

async function escolherEmpresa(user: UserEvent) {
  await choose(user, 'Empresa', CNPJS[0]!.cnpjNome);
  await screen.findByText('Funcionário 01');
}

describe('Funcionários (seed 001 §2.5)', () => {
  it('asks for a company before listing; Enter without one says so', async () => {
    const api = server();
    const { user } = await abrir();
    expect(await screen.findByText('Selecione uma empresa para ver os funcionários.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Pesquisar'), 'maria{Enter}');
    expect(await within(toasts()).findByText(MSG.selecioneEmpresa)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(funcionarioApi.listarFuncionarios)).toHaveLength(0);
  });

  it("opens on the user's main company when they see several (issue 24 §6)", async () => {
    const api = server();
    renderApp(
      '/cadastros/funcionarios',
      makeSession(TODOS, {
        dadosRequisicao: {
          ...makeSession(TODOS).dadosRequisicao,
          cnpj: { id: CNPJS[1]!.id, numero: CNPJS[1]!.numero, razaoSocial: CNPJS[1]!.razaoSocial },
        },
      }),
    );
    await waitFor(() => expect(shownIn('Empresa')).toBe(CNPJS[1]!.cnpjNome));
    await waitFor(() => expect(api.callsTo(funcionarioApi.listarFuncionarios)).toHaveLength(1));
    expect(api.callsTo(funcionarioApi.listarFuncionarios)[0]!.body).toMatchObject({ idCnpj: CNPJS[1]!.id });
  });

  it('lists the company: columns, badge padded to 14, cadastro dd/mm/yyyy, the page report', async () => {
    const api = server();
    const { user } = await abrir();
    await escolherEmpresa(user);
    expect(api.callsTo(funcionarioApi.listarFuncionarios)[0]!.body).toMatchObject({
      idCnpj: 1,
      ativo: true,
      idsCentrosCustos: [],
      crachaNome: '',
      qtdLinhas: 10,
      numPagina: 0,
    });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Crachá', 'Nome', 'Cargo', 'Centro de custo', 'Escala', 'Cadastro', 'Ações']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((c) => c.textContent),
    ).toEqual(['00000000000001', 'Funcionário 01', 'Operador', '21 - Montagem', '44h Seg-Sáb', '09/03/2026']);
    expect(screen.getByText('Página 1 de 3 de 25 registros')).toBeInTheDocument();
  });

  it('pages on the server by 10 with 10, 15, 20 and 30', async () => {
    const api = server();
    const { user } = await abrir();
    await escolherEmpresa(user);
    await user.click(document.querySelector('.p-paginator-next') as HTMLElement);
    expect(await screen.findByText('Funcionário 11')).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 3 de 25 registros')).toBeInTheDocument();
    expect(api.callsTo(funcionarioApi.listarFuncionarios).at(-1)!.body).toMatchObject({ numPagina: 1, qtdLinhas: 10 });
    await user.click(document.querySelector('.p-paginator .p-dropdown') as HTMLElement);
    await waitFor(() =>
      expect([...document.querySelectorAll('.p-dropdown-panel .p-dropdown-item')].map((o) => o.textContent)).toEqual([
        '10',
        '15',
        '20',
        '30',
      ]),
    );
  });

  it('the free text searches on Enter, other characters becoming spaces; Ativo filters at once', async () => {
    const api = server();
    const { user } = await abrir();
    await escolherEmpresa(user);
    const calls = () => api.callsTo(funcionarioApi.listarFuncionarios);
    await user.type(screen.getByLabelText('Pesquisar'), 'josé.silva-123');
    expect(calls()).toHaveLength(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls().at(-1)!.body.crachaNome).toBe('josé silva 123'));

    await user.click(screen.getByLabelText('Ativo'));
    await waitFor(() => expect(calls().at(-1)!.body.ativo).toBe(false));
  });

  it('a cost centre filters with its children; cleared, it is Todos again', async () => {
    const api = server();
    const { user, location } = await abrir();
    await escolherEmpresa(user);
    const calls = () => api.callsTo(funcionarioApi.listarFuncionarios);
    expect(shownIn('Centro de custo')).toBe('Todos');
    // A department brings its sector and section.
    await choose(user, 'Centro de custo', '20 - Produção (Departamento)');
    await waitFor(() => expect(calls().at(-1)!.body.idsCentrosCustos).toEqual([20, 21, 211]));
    expect(location().search).toContain('cc=20');
    // Cleared: Todos again (the earlier answer for no cost centre is still fresh, so it is shown without a call).
    await user.click(dropdown('Centro de custo').querySelector('.p-dropdown-clear-icon') as Element);
    await waitFor(() => expect(location().search).not.toContain('cc='));
    expect(shownIn('Centro de custo')).toBe('Todos');
  });

  it('keeps filters and page for the way back from an employee', async () => {
    server();
    const { user, location, router } = await abrir();
    await escolherEmpresa(user);
    await user.click(screen.getByLabelText('Ativo'));
    await user.click(document.querySelector('.p-paginator-next') as HTMLElement);
    await screen.findByText('Funcionário 11');
    await user.click(screen.getByRole('button', { name: 'Editar Funcionário 11' }));
    await waitFor(() => expect(location().pathname).toBe('/cadastros/funcionarios/11/editar'));
    expect(location().search).toBe('?at=false');
    // Cancelar and Salvar of the employee go back through urlDaLista.
    await router.navigate(urlDaLista());
    expect(await screen.findByText('Funcionário 11')).toBeInTheDocument();
    expect(screen.getByLabelText('Ativo')).not.toBeChecked();
    expect(screen.getByText('Página 2 de 3 de 25 registros')).toBeInTheDocument();
  });

  it('Editar Data para Ativação only for who awaits activation; outside tomorrow..+6 the limits turn danger and nothing is sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 9, 0));
    const api = server(2, (i) => (i === 2 ? { aguardandoAtivacao: true, dataAtivacao: '2026-03-12' } : {}));
    api.on(funcionarioApi.alterarDataAtivacao, { mensagem: 'Data para ativação alterada com sucesso!' });
    const { user } = await abrir();
    await escolherEmpresa(user);
    expect(
      screen.queryByRole('button', { name: 'Editar Data para Ativação de Funcionário 01' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('Ativação em 12/03/2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Editar Data para Ativação de Funcionário 02' }));
    expect(within(dialog()).getByText('Editar Data para Ativação')).toBeInTheDocument();
    const data = within(dialog()).getByLabelText('Data para ativação');
    expect(data).toHaveValue('12/03/2026');
    const limites = within(dialog()).getByText('De 11/03/2026 até 16/03/2026');
    expect(limites).not.toHaveClass('p-error');

    fireEvent.input(data, { target: { value: '17/03/2026' } });
    await waitFor(() => expect(limites).toHaveClass('p-error'));
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(api.callsTo(funcionarioApi.alterarDataAtivacao)).toHaveLength(0);

    fireEvent.input(data, { target: { value: '16/03/2026' } });
    await waitFor(() => expect(data).toHaveValue('16/03/2026'));
    await waitFor(() => expect(limites).not.toHaveClass('p-error'));
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(funcionarioApi.alterarDataAtivacao)[0]!.body).toMatchObject({
      idFuncionario: 2,
      dataAtivacao: '2026-03-16',
    });
    expect(await within(toasts()).findByText('Data para ativação alterada com sucesso!')).toBeInTheDocument();
  });

  it('Exportar offers the two options and downloads the CSV; a refusal is shown', async () => {
    const api = server();
    const criar = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: criar, revokeObjectURL: vi.fn() }));
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    api.on(funcionarioApi.exportarCsvFuncionarios, 'nome;pis');
    const { user } = await abrir();
    await escolherEmpresa(user);
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(within(dialog()).getByLabelText('Exportar do Filtro da Tela')).toBeChecked();
    await user.click(within(dialog()).getByLabelText('Exportar Todos'));
    await user.click(within(dialog()).getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(funcionarioApi.exportarCsvFuncionarios)[0]!.body).toMatchObject({
      opcaoExportar: 'TODOS',
      idCnpj: 1,
      ativo: true,
    });
    expect(criar).toHaveBeenCalled();
    expect(clicks).toHaveBeenCalled();

    api.on(funcionarioApi.exportarCsvFuncionarios, reply(400, { mensagem: 'Nenhum funcionário para exportar.' }));
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Exportar' }));
    expect(await within(toasts()).findByText('Nenhum funcionário para exportar.')).toBeInTheDocument();
    expect(api.callsTo(funcionarioApi.exportarCsvFuncionarios)[1]!.body.opcaoExportar).toBe('FILTRO_TELA');
    expect(dialog()).toBeInTheDocument();
  });

  it('Novo (25) and Importar (26) open their routes', async () => {
    server();
    const { user, location, router } = await abrir();
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(location().pathname).toBe('/cadastros/funcionarios/importar'));
    await router.navigate('/cadastros/funcionarios');
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    await waitFor(() => expect(location().pathname).toBe('/cadastros/funcionarios/novo'));
  });

  it('without 25 and 26: no Novo, no Importar, no row actions', async () => {
    server(3, (i) => ({ aguardandoAtivacao: i === 1 }));
    const { user } = await abrir([PERM.FUNCIONARIOS_VER]);
    await escolherEmpresa(user);
    expect(screen.queryByRole('button', { name: 'Novo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Importar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Editar / })).not.toBeInTheDocument();
  });
});
