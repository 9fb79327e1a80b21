import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PERM, escalaApi, type EscalaResumo } from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';

const { ESCALA_MSG: M } = escalaApi;
const ESCALAS: EscalaResumo[] = [
  { id: 1, descricao: 'Comercial 44h Seg-Sáb', tipo: 'EQH' },
  { id: 3, descricao: 'Vigilância 12x36 Noturno', tipo: 'ERC' },
  ...Array.from({ length: 10 }, (_, i) => ({
    id: 10 + i,
    descricao: `Turno ${String(i + 1).padStart(2, '0')}`,
    tipo: 'EQH' as const,
  })),
];
const VER = PERM.ESCALAS_HORARIOS_VER;
const ALL = [VER, PERM.ESCALAS_HORARIOS_NOVO, PERM.ESCALAS_HORARIOS_EDITAR, PERM.ESCALAS_HORARIOS_EXCLUIR];

function server(escalas = [...ESCALAS]) {
  const api = stubApi();
  api.on(escalaApi.listarEscalas, () => escalas);
  api.on(escalaApi.excluirEscala, (b) => {
    if (b.idContrato === 1) return reply(409, { mensagem: M.escalaEmUso });
    escalas = escalas.filter((e) => e.id !== b.idContrato);
    return { mensagem: M.escalaExcluida };
  });
  return api;
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Escalas de Horários (seed 001 §2.1, §6, §9)', () => {
  it('lists Id, Descrição and Tipo, 10 a page, and filters by text', async () => {
    server();
    const user = userEvent.setup();
    renderApp('/cadastros/escalas-horarios', makeSession([VER]));
    expect(await screen.findByRole('heading', { name: 'Escalas de Horários' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Escalas' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Funcionário/Escala' })).toBeInTheDocument();
    await screen.findByText('Comercial 44h Seg-Sáb');
    const header = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(header).toEqual(['Id', 'Descrição', 'Tipo']);
    expect(rows()).toHaveLength(10);
    expect(within(rows()[1]!).getByText('Revezamento')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('Quadro de Horários')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1 a 10 de 12')).toBeInTheDocument();
    // Without 71/72/73: no Novo, no row buttons.
    expect(screen.queryByRole('button', { name: 'Novo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Editar / })).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'revez');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Vigilância 12x36 Noturno');
  });

  it('Novo (71) opens the form; edit (72) opens /{id}/editar', async () => {
    server();
    const user = userEvent.setup();
    const { location, router } = renderApp('/cadastros/escalas-horarios', makeSession(ALL));
    await screen.findByText('Comercial 44h Seg-Sáb');
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    await waitFor(() => expect(location().pathname).toBe('/cadastros/escalas-horarios/novo'));
    await router.navigate('/cadastros/escalas-horarios');
    await user.click(await screen.findByRole('button', { name: 'Editar Vigilância 12x36 Noturno' }));
    await waitFor(() => expect(location().pathname).toBe('/cadastros/escalas-horarios/3/editar'));
  });

  it('deletes after Sim, and shows the server refusal when employees use the schedule', async () => {
    const api = server();
    const user = userEvent.setup();
    renderApp('/cadastros/escalas-horarios', makeSession(ALL));
    await screen.findByText('Comercial 44h Seg-Sáb');

    await user.click(screen.getByRole('button', { name: 'Excluir Comercial 44h Seg-Sáb' }));
    expect(await screen.findByText('Excluir Comercial 44h Seg-Sáb ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(M.escalaEmUso)).toBeInTheDocument();
    expect(screen.getByText('Comercial 44h Seg-Sáb')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Excluir Vigilância 12x36 Noturno' }));
    await user.click(await screen.findByRole('button', { name: 'Não' }));
    expect(api.callsTo(escalaApi.excluirEscala)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Excluir Vigilância 12x36 Noturno' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(M.escalaExcluida)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Vigilância 12x36 Noturno')).not.toBeInTheDocument());
    expect(api.callsTo(escalaApi.excluirEscala).map((c) => c.body.idContrato)).toEqual([1, 3]);
  });

  it('?sc=t shows Sucesso once and leaves the address clean', async () => {
    server();
    const { location } = renderApp('/cadastros/escalas-horarios?sc=t', makeSession([VER]));
    expect(await screen.findByText('Sucesso')).toBeInTheDocument();
    await waitFor(() => expect(location().search).toBe(''));
  });

  it('the Funcionário/Escala tab opens the mass move', async () => {
    server();
    const user = userEvent.setup();
    renderApp('/cadastros/escalas-horarios', makeSession([VER]));
    await screen.findByText('Comercial 44h Seg-Sáb');
    await user.click(screen.getByRole('tab', { name: 'Funcionário/Escala' }));
    await waitFor(() => expect(screen.queryByText('Comercial 44h Seg-Sáb')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Funcionário/Escala' })).toHaveAttribute('aria-selected', 'true');
  });
});
