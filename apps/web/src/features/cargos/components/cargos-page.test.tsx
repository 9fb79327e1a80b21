import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, type Cargo } from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';

const ALL = [19, 20, 21, 22];

function cargosApi(initial: Cargo[]) {
  let lista = [...initial];
  let nextId = 100;
  const api = stubApi({
    'POST /api/cargo/listar': () => lista,
    'POST /api/cargo/salvar': (body: unknown) => {
      const { cargo } = body as { cargo: { id?: number | null; codigo?: string | null; nome: string } };
      if (cargo.id) {
        lista = lista.map((c) =>
          c.id === cargo.id ? { id: c.id, codigo: cargo.codigo ?? c.codigo, nome: cargo.nome } : c,
        );
        return { mensagem: MSG.cargoAlterado };
      }
      const id = nextId++;
      lista = [...lista, { id, codigo: cargo.codigo ?? String(id), nome: cargo.nome }];
      return { mensagem: MSG.cargoSalvo };
    },
    'POST /api/cargo/excluir': (body: unknown) => {
      const { cargo } = body as { cargo: { id: number } };
      lista = lista.filter((c) => c.id !== cargo.id);
      return { mensagem: MSG.cargoExcluido };
    },
  });
  return api;
}

const cargos = (n: number): Cargo[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    codigo: String(i + 1),
    nome: `Cargo ${String(i + 1).padStart(2, '0')}`,
  }));

const table = () => screen.getByRole('table');
const dialog = () => screen.getByRole('dialog');

describe('Cargos screen (seed 000 §2.5, §5, §6)', () => {
  it('shows no Novo, edit or delete without 20/21/22', async () => {
    cargosApi(cargos(2));
    renderApp('/cadastros/cargos', makeSession([19]));
    expect(await screen.findByText('Cargo 01')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar Cargo 01' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excluir Cargo 01' })).not.toBeInTheDocument();
  });

  it.each([
    [20, 'Novo'],
    [21, 'Editar Cargo 01'],
    [22, 'Excluir Cargo 01'],
  ])('code %i alone shows "%s" only', async (code, name) => {
    cargosApi(cargos(1));
    renderApp('/cadastros/cargos', makeSession([19, code]));
    await screen.findByText('Cargo 01');
    for (const other of ['Novo', 'Editar Cargo 01', 'Excluir Cargo 01']) {
      if (other === name) expect(screen.getByRole('button', { name: other })).toBeInTheDocument();
      else expect(screen.queryByRole('button', { name: other })).not.toBeInTheDocument();
    }
  });

  it('pages 10 rows with the Portuguese report, filters, and keeps both in the URL', async () => {
    cargosApi(cargos(23));
    const user = userEvent.setup();
    const { location } = renderApp('/cadastros/cargos', makeSession([19]));
    expect(await screen.findByText('Mostrando 1 a 10 de 23')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await screen.findByText('Mostrando 21 a 23 de 23')).toBeInTheDocument();
    expect(new URLSearchParams(location().search).get('pagina')).toBe('3');
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'cargo 1');
    await waitFor(() => expect(new URLSearchParams(location().search).get('filtro')).toBe('cargo 1'));
    expect(new URLSearchParams(location().search).get('pagina')).toBeNull();
    expect(await screen.findByText('Mostrando 1 a 10 de 10')).toBeInTheDocument();
    expect(within(table()).queryByText('Cargo 21')).not.toBeInTheDocument();
  });

  it('restores page and filter from the URL on load', async () => {
    cargosApi(cargos(30));
    renderApp('/cadastros/cargos?pagina=2&filtro=2', makeSession([19]));
    // '2' matches codes/names 2, 12 and 20..29: 12 rows, page 2 holds the last two.
    expect(await screen.findByText('Mostrando 11 a 12 de 12')).toBeInTheDocument();
    expect(within(table()).getByText('Cargo 29')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filtrar' })).toHaveValue('2');
  });

  it('falls back to the last page when the remembered page is past the end', async () => {
    cargosApi(cargos(12));
    renderApp('/cadastros/cargos?pagina=9', makeSession([19]));
    expect(await screen.findByText('Mostrando 11 a 12 de 12')).toBeInTheDocument();
  });

  it('shows the empty message', async () => {
    cargosApi([]);
    renderApp('/cadastros/cargos', makeSession([19]));
    expect(await screen.findByText('Nenhum cargo cadastrado.')).toBeInTheDocument();
  });

  it('creates a cargo with the automatic code: validation, endpoint, body, toast, reload', async () => {
    const api = cargosApi(cargos(1));
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    expect(within(dialog()).getByText('Novo Cargo')).toBeInTheDocument();
    expect(within(dialog()).getByRole('switch', { name: 'Gerar código em sequência' })).toBeChecked();
    expect(within(dialog()).getByLabelText('Código')).toBeDisabled();
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText('Informe o nome')).toBeInTheDocument();
    expect(within(dialog()).queryByText('Informe o código')).not.toBeInTheDocument();
    expect(api.to('/api/cargo/salvar')).toHaveLength(0);

    await user.type(within(dialog()).getByLabelText('Nome'), '  Analista Fiscal {Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('/api/cargo/salvar')).toHaveLength(1);
    const body = api.to('/api/cargo/salvar')[0]?.body as Record<string, unknown>;
    expect(body.cargo).toEqual({ id: null, codigo: null, nome: 'Analista Fiscal', gerarCodogioEmSequencia: true });
    expect(body).toHaveProperty('usuarioRequisicao');
    expect(await screen.findByText(MSG.cargoSalvo)).toBeInTheDocument();
    expect(screen.getByText(MSG.tituloOk)).toBeInTheDocument();
    expect(await within(table()).findByText('Analista Fiscal')).toBeInTheDocument();
    expect(api.to('/api/cargo/listar').length).toBeGreaterThanOrEqual(2);
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
    await waitFor(() => expect(api.to('/api/cargo/salvar')).toHaveLength(1));
    expect((api.to('/api/cargo/salvar')[0]?.body as { cargo: unknown }).cargo).toEqual({
      id: null,
      codigo: 'V01',
      nome: 'Vendedor',
      gerarCodogioEmSequencia: false,
    });
  });

  it('edits: no switch, code always required, sends the id', async () => {
    const api = cargosApi(cargos(1));
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Editar Cargo 01' }));
    expect(within(dialog()).getByText('Editar Cargo')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('switch')).not.toBeInTheDocument();
    const codigo = within(dialog()).getByLabelText('Código');
    expect(codigo).toHaveValue('1');
    await user.clear(codigo);
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText('Informe o código')).toBeInTheDocument();
    await user.type(codigo, 'C-1');
    const nome = within(dialog()).getByLabelText('Nome');
    await user.clear(nome);
    await user.type(nome, 'Cargo Um');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((api.to('/api/cargo/salvar')[0]?.body as { cargo: unknown }).cargo).toEqual({
      id: 1,
      codigo: 'C-1',
      nome: 'Cargo Um',
      gerarCodogioEmSequencia: false,
    });
    expect(await screen.findByText(MSG.cargoAlterado)).toBeInTheDocument();
    expect(await within(table()).findByText('Cargo Um')).toBeInTheDocument();
  });

  it('keeps the dialog open and shows the server message as a Mensagem toast on error', async () => {
    const api = cargosApi(cargos(1));
    api.on('POST /api/cargo/salvar', reply(409, { mensagem: MSG.cargoCodigoDuplicado('1') }));
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    await user.type(within(dialog()).getByLabelText('Nome'), 'Duplicado');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.cargoCodigoDuplicado('1'))).toBeInTheDocument();
    expect(screen.getByText(MSG.tituloMensagem)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the generic Erro toast on a server failure', async () => {
    const api = cargosApi(cargos(1));
    api.on('POST /api/cargo/salvar', reply(500, { mensagem: 'stack trace interno' }));
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    await user.type(within(dialog()).getByLabelText('Nome'), 'X');
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.oops)).toBeInTheDocument();
    expect(screen.getByText(MSG.tituloErro)).toBeInTheDocument();
    expect(screen.queryByText('stack trace interno')).not.toBeInTheDocument();
  });

  it('closes the dialog with Esc and Cancelar without saving', async () => {
    const api = cargosApi([]);
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    await user.type(within(dialog()).getByLabelText('Nome'), 'Rascunho');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    expect(within(dialog()).getByLabelText('Nome')).toHaveValue('');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('/api/cargo/salvar')).toHaveLength(0);
  });

  it('asks "Excluir <nome> ?" and deletes only on Sim', async () => {
    const api = cargosApi(cargos(2));
    const user = userEvent.setup();
    renderApp('/cadastros/cargos', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Excluir Cargo 02' }));
    expect(await screen.findByText('Excluir Cargo 02 ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByText('Excluir Cargo 02 ?')).not.toBeInTheDocument());
    expect(api.to('/api/cargo/excluir')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Excluir Cargo 02' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(api.to('/api/cargo/excluir')).toHaveLength(1));
    expect((api.to('/api/cargo/excluir')[0]?.body as { cargo: unknown }).cargo).toEqual({ id: 2 });
    expect(await screen.findByText(MSG.cargoExcluido)).toBeInTheDocument();
    await waitFor(() => expect(within(table()).queryByText('Cargo 02')).not.toBeInTheDocument());
  });
});
