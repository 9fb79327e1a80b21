import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cargoApi, MSG, PERM, type Cargo } from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { describeRegister } from '../../../test/register-conformance';
import { MSG_DESCARTE } from '../../../components/ui/confirm';
import { makeSession, renderApp } from '../../../test/render-app';

const ALL = [PERM.CARGOS_VER, PERM.CARGOS_NOVO, PERM.CARGOS_EDITAR, PERM.CARGOS_EXCLUIR];

const cargos = (n: number): Cargo[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    codigo: String(i + 1),
    nome: `Cargo ${String(i + 1).padStart(2, '0')}`,
  }));

describeRegister<Cargo, typeof cargoApi.listarCargos>({
  title: 'Cargos',
  path: '/cadastros/cargos',
  codes: { view: PERM.CARGOS_VER, create: PERM.CARGOS_NOVO, edit: PERM.CARGOS_EDITAR, remove: PERM.CARGOS_EXCLUIR },
  list: { endpoint: cargoApi.listarCargos, reply: (rows) => rows },
  rows: cargos,
  rowLabel: (c) => c.nome,
  emptyMessage: 'Nenhum cargo cadastrado.',
  create: {
    endpoint: cargoApi.salvarCargo,
    dialogTitle: 'Novo Cargo',
    // The automatic code is on by default: only the name is typed, and no code is sent.
    fill: async (dialog, user) => user.type(within(dialog).getByLabelText('Nome'), '  Analista Fiscal '),
    row: { id: 100, codigo: '100', nome: 'Analista Fiscal' },
    body: (c) => ({ cargo: { id: null, codigo: null, nome: c.nome, gerarCodogioEmSequencia: true } }),
    reply: { mensagem: MSG.cargoSalvo },
    success: MSG.cargoSalvo,
  },
  edit: {
    endpoint: cargoApi.salvarCargo,
    dialogTitle: 'Editar Cargo',
    change: async (dialog, user) => {
      const codigo = within(dialog).getByLabelText('Código');
      expect(codigo).toHaveValue('1');
      await user.clear(codigo);
      await user.type(codigo, 'C-1');
      const nome = within(dialog).getByLabelText('Nome');
      await user.clear(nome);
      await user.type(nome, 'Cargo Um');
    },
    row: { id: 1, codigo: 'C-1', nome: 'Cargo Um' },
    body: (c) => ({ cargo: { id: c.id, codigo: c.codigo, nome: c.nome, gerarCodogioEmSequencia: false } }),
    reply: { mensagem: MSG.cargoAlterado },
    success: MSG.cargoAlterado,
  },
  remove: {
    endpoint: cargoApi.excluirCargo,
    body: (c) => ({ cargo: { id: c.id } }),
    reply: { mensagem: MSG.cargoExcluido },
    success: MSG.cargoExcluido,
  },
});

function cargosApi(initial: Cargo[]) {
  const lista = [...initial];
  const api = stubApi();
  api.on(cargoApi.listarCargos, () => lista);
  api.on(cargoApi.salvarCargo, { mensagem: MSG.cargoSalvo });
  return api;
}

const table = () => screen.getByRole('table');
const dialog = () => screen.getByRole('dialog');

describe('Cargos screen: domain (seed 000 §2.5, §5)', () => {
  it('filters by code or name and keeps the filter in the URL, from the first page', async () => {
    cargosApi(cargos(23));
    const user = userEvent.setup();
    const { location } = renderApp('/cadastros/cargos?pagina=3', makeSession([PERM.CARGOS_VER]));
    expect(await screen.findByText('Mostrando 21 a 23 de 23')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'cargo 1');
    await waitFor(() => expect(new URLSearchParams(location().search).get('filtro')).toBe('cargo 1'));
    expect(new URLSearchParams(location().search).get('pagina')).toBeNull();
    expect(await screen.findByText('Mostrando 1 a 10 de 10')).toBeInTheDocument();
    expect(within(table()).queryByText('Cargo 21')).not.toBeInTheDocument();
  });

  it('restores page and filter from the URL on load', async () => {
    cargosApi(cargos(30));
    renderApp('/cadastros/cargos?pagina=2&filtro=2', makeSession([PERM.CARGOS_VER]));
    // '2' matches codes/names 2, 12 and 20..29: 12 rows, page 2 holds the last two.
    expect(await screen.findByText('Mostrando 11 a 12 de 12')).toBeInTheDocument();
    expect(within(table()).getByText('Cargo 29')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filtrar' })).toHaveValue('2');
  });

  it('falls back to the last page when the remembered page is past the end', async () => {
    cargosApi(cargos(12));
    renderApp('/cadastros/cargos?pagina=9', makeSession([PERM.CARGOS_VER]));
    expect(await screen.findByText('Mostrando 11 a 12 de 12')).toBeInTheDocument();
  });

  it('says when the filter matches nothing', async () => {
    cargosApi(cargos(3));
    renderApp('/cadastros/cargos?filtro=zzz', makeSession([PERM.CARGOS_VER]));
    expect(await screen.findByText('Nenhum cargo encontrado para o filtro informado.')).toBeInTheDocument();
  });

  it('new cargo: the sequence switch is on, the code disabled, only the name is required', async () => {
    const api = cargosApi(cargos(1));
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    expect(within(dialog()).getByRole('switch', { name: 'Gerar código em sequência' })).toBeChecked();
    expect(within(dialog()).getByLabelText('Código')).toBeDisabled();
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText('Informe o nome')).toBeInTheDocument();
    expect(within(dialog()).queryByText('Informe o código')).not.toBeInTheDocument();
    expect(api.callsTo(cargoApi.salvarCargo)).toHaveLength(0);
    // Enter in the last field saves.
    await user.type(within(dialog()).getByLabelText('Nome'), 'Analista Fiscal{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(cargoApi.salvarCargo)).toHaveLength(1);
  });

  it('requires the code when the sequence is switched off', async () => {
    const api = cargosApi([]);
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    await user.click(within(dialog()).getByRole('switch', { name: 'Gerar código em sequência' }));
    expect(within(dialog()).getByLabelText('Código')).toBeEnabled();
    await user.type(within(dialog()).getByLabelText('Nome'), 'Vendedor');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText('Informe o código')).toBeInTheDocument();
    await user.type(within(dialog()).getByLabelText('Código'), 'V01');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo(cargoApi.salvarCargo)).toHaveLength(1));
    expect(api.callsTo(cargoApi.salvarCargo)[0]?.body.cargo).toEqual({
      id: null,
      codigo: 'V01',
      nome: 'Vendedor',
      gerarCodogioEmSequencia: false,
    });
  });

  it('edit: no switch, and the code is always required', async () => {
    const api = cargosApi(cargos(1));
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Editar Cargo 01' }));
    expect(within(dialog()).queryByRole('switch')).not.toBeInTheDocument();
    await user.clear(within(dialog()).getByLabelText('Código'));
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText('Informe o código')).toBeInTheDocument();
    expect(api.callsTo(cargoApi.salvarCargo)).toHaveLength(0);
  });

  it('focuses the first field as the dialog opens, so fast typing lands where it should', async () => {
    cargosApi(cargos(1));
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Editar Cargo 01' }));
    expect(within(dialog()).getByLabelText('Código')).toHaveFocus();
    // Typing into another field straight away must not be pulled back when the opening transition ends.
    const nome = within(dialog()).getByLabelText('Nome');
    await user.click(nome);
    await user.type(nome, 'XYZ');
    await waitFor(() => expect(dialog()).toHaveClass('p-dialog-enter-done'));
    expect(nome).toHaveFocus();
    expect(nome).toHaveValue('Cargo 01XYZ');
    expect(within(dialog()).getByLabelText('Código')).toHaveValue('1');
  });

  it('counts the characters of the limited fields', async () => {
    cargosApi([]);
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    expect(within(dialog()).getByText('0/100')).toBeInTheDocument();
    await user.type(within(dialog()).getByLabelText('Nome'), 'Caixa');
    expect(within(dialog()).getByText('5/100')).toBeInTheDocument();
  });

  it('keeps the dialog open and shows the server message as a Mensagem toast on error', async () => {
    const api = cargosApi(cargos(1));
    api.on(cargoApi.salvarCargo, reply(409, { mensagem: MSG.cargoCodigoDuplicado('1') }));
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    await user.type(within(dialog()).getByLabelText('Nome'), 'Duplicado');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.cargoCodigoDuplicado('1'))).toBeInTheDocument();
    expect(screen.getByText(MSG.tituloMensagem)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('takes the Mensagem toast away once the corrected save succeeds', async () => {
    const api = cargosApi(cargos(1));
    api.on(cargoApi.salvarCargo, reply(409, { mensagem: MSG.cargoCodigoDuplicado('1') }));
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    await user.click(within(dialog()).getByRole('switch', { name: 'Gerar código em sequência' }));
    await user.type(within(dialog()).getByLabelText('Código'), '1');
    await user.type(within(dialog()).getByLabelText('Nome'), 'Outro');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.cargoCodigoDuplicado('1'))).toBeInTheDocument();

    api.on(cargoApi.salvarCargo, { mensagem: MSG.cargoSalvo });
    await user.type(within(dialog()).getByLabelText('Código'), '2');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.cargoSalvo)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(MSG.cargoCodigoDuplicado('1'))).not.toBeInTheDocument());
    expect(screen.queryByText(MSG.tituloMensagem)).not.toBeInTheDocument();
  });

  it('shows the generic Erro toast on a server failure', async () => {
    const api = cargosApi(cargos(1));
    api.on(cargoApi.salvarCargo, reply(500, { mensagem: 'stack trace interno' }));
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    await user.type(within(dialog()).getByLabelText('Nome'), 'X');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.oops)).toBeInTheDocument();
    expect(screen.getByText(MSG.tituloErro)).toBeInTheDocument();
    expect(screen.queryByText('stack trace interno')).not.toBeInTheDocument();
  });

  it('closes the dialog with Esc and Cancelar without saving, asking first when something was typed (issue 24 §3)', async () => {
    const api = cargosApi([]);
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    const form = screen.getByRole('dialog', { name: 'Novo Cargo' });
    await user.type(within(form).getByLabelText('Nome'), 'Rascunho');
    // A stray Esc asks; Não goes back to the form as it was.
    await user.keyboard('{Escape}');
    expect(await screen.findByText(MSG_DESCARTE.message)).toBeInTheDocument();
    expect(screen.getByText(MSG_DESCARTE.header)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByText(MSG_DESCARTE.message)).not.toBeInTheDocument());
    expect(within(form).getByLabelText('Nome')).toHaveValue('Rascunho');
    // Cancelar asks too; Sim closes without saving.
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A form left as it opened closes at once, with Esc or Cancelar.
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    expect(within(dialog()).getByLabelText('Nome')).toHaveValue('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(MSG_DESCARTE.message)).not.toBeInTheDocument();
    expect(api.callsTo(cargoApi.salvarCargo)).toHaveLength(0);
  });
});
