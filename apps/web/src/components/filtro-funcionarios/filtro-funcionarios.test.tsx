import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  PESQUISA_FUNCIONARIOS_LIMITS,
  PESQUISA_FUNCIONARIOS_MSG as M,
  centroCustoApi,
  empresaApi,
  funcionarioPesquisaApi,
  type CentroCusto,
  type FuncionarioResumo,
} from '@jornada/contracts';
import { Providers } from '../../app/providers';
import { createQueryClient } from '../../shared/query-client';
import { stub, stubApi, type StubEntry } from '../../test/api-stub';
import { choose } from '../../test/dropdown';
import { FiltroFuncionarios } from './filtro-funcionarios';
import { ALTURA_LINHA } from './lista-funcionarios';
import { filtroFuncionariosVazio, type FiltroFuncionariosValue } from './selecao';

const EMPRESA = (id: number, nome: string) => ({
  id,
  numero: `1122233300018${id}`,
  razaoSocial: nome,
  tipoNumeroDocumento: 'cnpj' as const,
  cnpjNome: nome,
});
const CENTROS: CentroCusto[] = [
  { id: 1, codigo: '1', nome: 'Produção', tipo: 'Departamento', centroCustoPaiId: null, idCnpj: 10 },
  { id: 2, codigo: '2', nome: 'Montagem', tipo: 'Setor', centroCustoPaiId: 1, idCnpj: 10 },
];
const func = (i: number): FuncionarioResumo => ({
  id: i,
  cracha: String(i).padStart(6, '0'),
  nome: `Funcionário ${String(i).padStart(5, '0')}`,
  pis: '',
});
const muitos = (n: number) => Array.from({ length: n }, (_, i) => func(i + 1));

/** The filter on its own, holding its value like a screen would; the last value is exposed for assertions. */
function montar(o: { porEscala?: boolean; empresas?: number; stubs?: StubEntry[] } = {}) {
  const empresas = [EMPRESA(10, 'Matriz'), EMPRESA(20, 'Filial')].slice(0, o.empresas ?? 1);
  const api = stubApi(
    stub(empresaApi.listarCnpjs, empresas),
    stub(centroCustoApi.listarCentrosCustosUsuario, (b) => (b.idCnpj === 10 ? CENTROS : [])),
    stub(funcionarioPesquisaApi.listarContratos, [
      { id: 5, descricao: 'Comercial 44h', tipo: 1, nomeRef: 'Comercial 44h (Quadro de Horários)' },
      { id: 6, descricao: 'Noturna', tipo: 1, nomeRef: 'Noturna (Quadro de Horários)' },
    ]),
    ...(o.stubs ?? []),
  );
  const state: { value: FiltroFuncionariosValue } = { value: filtroFuncionariosVazio() };
  function Tela() {
    const [value, setValue] = useState(filtroFuncionariosVazio());
    state.value = value;
    return <FiltroFuncionarios id="filtro" value={value} onChange={setValue} porEscala={o.porEscala ?? false} />;
  }
  render(
    <Providers queryClient={createQueryClient()}>
      <Tela />
    </Providers>,
  );
  return { api, state, user: userEvent.setup() };
}

const disponiveis = () => screen.getByRole('listbox', { name: /Funcionários Disponíveis/ });
const selecionados = () => screen.getByRole('listbox', { name: /Funcionários Selecionados/ });
const nomesEm = (lista: HTMLElement) =>
  within(lista)
    .queryAllByRole('option')
    .map((o) => o.textContent);

describe('FiltroFuncionarios (seed 002 §2)', () => {
  it('with one company picks it; the search button lists its employees, a cost centre narrows the call', async () => {
    const { api, user } = montar({ stubs: [stub(funcionarioPesquisaApi.buscarFuncionarios, muitos(3))] });
    await waitFor(() =>
      expect(screen.getByLabelText('Empresa', { selector: 'input' }).closest('.p-dropdown')).toHaveTextContent(
        'Matriz',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Pesquisar funcionários' }));
    await waitFor(() => expect(nomesEm(disponiveis())).toHaveLength(3));
    expect(api.callsTo(funcionarioPesquisaApi.buscarFuncionarios)[0]!.body).toMatchObject({ idCnpj: 10, ativo: true });
    expect(api.callsTo(funcionarioPesquisaApi.buscarFuncionarios)[0]!.body).not.toHaveProperty('idsCentrosCustos');
    await choose(user, 'Centro de Custo', '2 - Montagem');
    await user.click(screen.getByLabelText('Ativo'));
    await user.click(screen.getByRole('button', { name: 'Pesquisar funcionários' }));
    await waitFor(() => expect(api.callsTo(funcionarioPesquisaApi.buscarFuncionarios)).toHaveLength(2));
    expect(api.callsTo(funcionarioPesquisaApi.buscarFuncionarios)[1]!.body).toMatchObject({
      idCnpj: 10,
      idsCentrosCustos: [2],
      ativo: false,
    });
  });

  it("asks for a company first: 'Selecione uma empresa'", async () => {
    const { api, user } = montar({ empresas: 2 });
    await user.click(screen.getByRole('button', { name: 'Pesquisar funcionários' }));
    expect(await screen.findByText(M.selecioneEmpresa)).toBeInTheDocument();
    expect(api.callsTo(funcionarioPesquisaApi.buscarFuncionarios)).toHaveLength(0);
  });

  it('Enter searches the text by the seed rule; an empty text clears the list', async () => {
    const { api, user } = montar({
      stubs: [stub(funcionarioPesquisaApi.buscarFuncionariosCrachaNome, [func(7)])],
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Empresa', { selector: 'input' }).closest('.p-dropdown')).toHaveTextContent(
        'Matriz',
      ),
    );
    const texto = screen.getByPlaceholderText('Crachá/PIS/CPF/Nome');
    await user.type(texto, '  joão%silva {Enter}');
    await waitFor(() => expect(nomesEm(disponiveis())).toEqual(['000007Funcionário 00007']));
    expect(api.callsTo(funcionarioPesquisaApi.buscarFuncionariosCrachaNome)[0]!.body).toMatchObject({
      idCnpj: 10,
      crachaNome: 'joão silva',
    });
    await user.clear(texto);
    await user.type(texto, '%%{Enter}');
    expect(nomesEm(disponiveis())).toEqual([]);
    expect(disponiveis()).toHaveTextContent('Pesquise para listar os funcionários.');
    expect(api.callsTo(funcionarioPesquisaApi.buscarFuncionariosCrachaNome)).toHaveLength(1);
  });

  it('10,000 employees: only the rows in view are drawn; all move at once and the value is plain data', async () => {
    const max = PESQUISA_FUNCIONARIOS_LIMITS.maxLinhas;
    const { state, user } = montar({ stubs: [stub(funcionarioPesquisaApi.buscarFuncionarios, muitos(max))] });
    await waitFor(() =>
      expect(screen.getByLabelText('Empresa', { selector: 'input' }).closest('.p-dropdown')).toHaveTextContent(
        'Matriz',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Pesquisar funcionários' }));
    await waitFor(() => expect(screen.getByText('Funcionários Disponíveis').parentElement).toHaveTextContent('10.000'));
    // The answer reached the cap: the screen says the list may be cut.
    expect(screen.getByRole('status')).toHaveTextContent(M.listaCortada(max));
    const drawn = within(disponiveis()).getAllByRole('option');
    expect(drawn.length).toBeLessThan(40);
    expect(drawn[0]).toHaveAttribute('aria-setsize', '10000');
    // Scrolling halfway draws the rows there, and still only a window of them.
    disponiveis().scrollTop = 5000 * ALTURA_LINHA;
    fireEvent.scroll(disponiveis());
    const meio = within(disponiveis()).getAllByRole('option');
    expect(meio.length).toBeLessThan(40);
    expect(meio.map((o) => o.textContent)).toContain('005001Funcionário 05001');

    await user.click(screen.getByRole('button', { name: 'Selecionar todos' }));
    expect(state.value.funcionarios).toHaveLength(max);
    expect(state.value.funcionarios[0]).toEqual(func(1));
    expect(state.value).toMatchObject({ idCnpj: 10, ativo: true, idContrato: null, todos: true });
    expect(disponiveis()).toHaveTextContent('Todos os funcionários encontrados foram selecionados.');
    expect(within(selecionados()).getAllByRole('option').length).toBeLessThan(40);

    await user.click(screen.getByRole('button', { name: 'Retirar todos' }));
    expect(state.value.funcionarios).toEqual([]);
    expect(state.value.todos).toBe(false);
  });

  it('keyboard: arrows, Space ticks, Enter moves; Ctrl+A ticks all; a click ticks, a double click moves', async () => {
    const { state, user } = montar({ stubs: [stub(funcionarioPesquisaApi.buscarFuncionarios, muitos(5))] });
    await waitFor(() =>
      expect(screen.getByLabelText('Empresa', { selector: 'input' }).closest('.p-dropdown')).toHaveTextContent(
        'Matriz',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Pesquisar funcionários' }));
    await waitFor(() => expect(nomesEm(disponiveis())).toHaveLength(5));
    disponiveis().focus();
    await user.keyboard('{ArrowDown}{ArrowDown}[Space]{ArrowDown}[Space]{Enter}');
    expect(state.value.funcionarios.map((f) => f.id)).toEqual([3, 4]);
    // Five or fewer selected: never 'todos' (seed 002 §5).
    expect(state.value.todos).toBe(false);
    selecionados().focus();
    await user.keyboard('{End}{Enter}');
    expect(state.value.funcionarios.map((f) => f.id)).toEqual([3]);
    disponiveis().focus();
    await user.keyboard('{Control>}a{/Control}');
    expect(disponiveis()).toHaveAttribute('aria-activedescendant');
    expect(within(disponiveis()).getAllByRole('option', { selected: true })).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Selecionar os marcados' }));
    expect(state.value.funcionarios.map((f) => f.id)).toEqual([1, 2, 3, 4, 5]);
    await user.click(within(selecionados()).getByText('Funcionário 00002'));
    expect(within(selecionados()).getByRole('option', { selected: true })).toHaveTextContent('Funcionário 00002');
    await user.click(screen.getByRole('button', { name: 'Retirar os marcados' }));
    await user.dblClick(within(selecionados()).getByText('Funcionário 00005'));
    expect(state.value.funcionarios.map((f) => f.id)).toEqual([1, 3, 4]);
    expect(nomesEm(disponiveis())).toEqual(['000002Funcionário 00002', '000005Funcionário 00005']);
  });

  it('by schedule: needs the schedule, sends it, and another schedule clears the selection', async () => {
    const { api, state, user } = montar({
      porEscala: true,
      stubs: [stub(funcionarioPesquisaApi.buscarFuncionariosContrato, muitos(2))],
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Empresa', { selector: 'input' }).closest('.p-dropdown')).toHaveTextContent(
        'Matriz',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Pesquisar funcionários' }));
    expect(await screen.findByText(M.selecioneEmpresaEscalaAtual)).toBeInTheDocument();
    await choose(user, 'Escala', 'Comercial 44h (Quadro de Horários)');
    await user.click(screen.getByRole('button', { name: 'Pesquisar funcionários' }));
    await waitFor(() => expect(nomesEm(disponiveis())).toHaveLength(2));
    expect(api.callsTo(funcionarioPesquisaApi.buscarFuncionariosContrato)[0]!.body).toMatchObject({
      idCnpj: 10,
      idContrato: 5,
    });
    await user.click(screen.getByRole('button', { name: 'Selecionar todos' }));
    expect(state.value).toMatchObject({ idContrato: 5, todos: false });
    expect(state.value.funcionarios).toHaveLength(2);
    await choose(user, 'Escala', 'Noturna (Quadro de Horários)');
    expect(state.value).toMatchObject({ idContrato: 6, funcionarios: [] });
    expect(nomesEm(disponiveis())).toEqual([]);
  });

  it('another company clears the cost centre, the lists and the selection', async () => {
    const { state, user } = montar({
      empresas: 2,
      stubs: [stub(funcionarioPesquisaApi.buscarFuncionarios, muitos(2))],
    });
    await choose(user, 'Empresa', 'Matriz');
    await user.click(screen.getByRole('button', { name: 'Pesquisar funcionários' }));
    await waitFor(() => expect(nomesEm(disponiveis())).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Selecionar todos' }));
    expect(state.value.funcionarios).toHaveLength(2);
    await choose(user, 'Empresa', 'Filial');
    expect(state.value).toMatchObject({ idCnpj: 20, funcionarios: [] });
    expect(nomesEm(disponiveis())).toEqual([]);
  });
});
