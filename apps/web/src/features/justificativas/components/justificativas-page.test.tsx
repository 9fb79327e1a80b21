import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PERM, justificativaApi, type Justificativa } from '@jornada/contracts';
import { stubApi } from '../../../test/api-stub';
import { describeRegister } from '../../../test/register-conformance';
import { makeSession, renderApp } from '../../../test/render-app';

const M = justificativaApi.JUSTIFICATIVA_MSG;
const TIPO = Object.fromEntries(justificativaApi.TIPOS_JUSTIFICATIVA.map((t) => [t.tipo, t.descricao]));
const ALL = [
  PERM.JUSTIFICATIVAS_VER,
  PERM.JUSTIFICATIVAS_NOVO,
  PERM.JUSTIFICATIVAS_EDITAR,
  PERM.JUSTIFICATIVAS_EXCLUIR,
];

const rows = (count: number): Justificativa[] =>
  Array.from({ length: count }, (_, i) => {
    const tipo = (i % 5) + 1;
    return {
      id: i + 1,
      descricao: `Justificativa ${String(i + 1).padStart(2, '0')}`,
      inibirAcesso: i % 2 === 0,
      tipo,
      descricaoTipo: TIPO[tipo]!,
    };
  });

const pickTipo = async (dialog: HTMLElement, user: UserEvent, nome: string) => {
  await user.click(within(dialog).getByLabelText('Tipo').closest('.p-dropdown')!);
  // jsdom never runs the overlay's opening transition, so the panel keeps display:none: `hidden` finds it.
  await user.click(await screen.findByRole('option', { name: nome, hidden: true }));
};

describeRegister<Justificativa, typeof justificativaApi.listarJustificativas>({
  title: 'Justificativas',
  path: '/cadastros/justificativas',
  codes: {
    view: PERM.JUSTIFICATIVAS_VER,
    create: PERM.JUSTIFICATIVAS_NOVO,
    edit: PERM.JUSTIFICATIVAS_EDITAR,
    remove: PERM.JUSTIFICATIVAS_EXCLUIR,
  },
  list: { endpoint: justificativaApi.listarJustificativas, reply: (r) => r },
  rows,
  rowLabel: (r) => r.descricao,
  emptyMessage: 'Nenhuma justificativa cadastrada.',
  create: {
    endpoint: justificativaApi.salvarJustificativa,
    dialogTitle: 'Nova Justificativa',
    fill: async (dialog, user) => {
      await user.type(within(dialog).getByLabelText('Descrição'), '  Atestado médico ');
      await pickTipo(dialog, user, 'Abonar horas');
      await user.click(within(dialog).getByRole('switch', { name: 'Inibir acessos' }));
    },
    row: { id: 100, descricao: 'Atestado médico', inibirAcesso: true, tipo: 1, descricaoTipo: 'Abonar horas' },
    body: (r) => ({ justificativa: { id: null, descricao: r.descricao, inibirAcesso: true, tipo: 1 } }),
    reply: { mensagem: M.salvo },
    success: M.salvo,
  },
  edit: {
    endpoint: justificativaApi.salvarJustificativa,
    dialogTitle: 'Editar Justificativa',
    change: async (dialog, user) => {
      const descricao = within(dialog).getByLabelText('Descrição');
      expect(descricao).toHaveValue('Justificativa 01');
      await user.clear(descricao);
      await user.type(descricao, 'Esquecimento de marcação');
      await pickTipo(dialog, user, 'Inclusão de marcação');
    },
    row: {
      id: 1,
      descricao: 'Esquecimento de marcação',
      inibirAcesso: true,
      tipo: 4,
      descricaoTipo: 'Inclusão de marcação',
    },
    body: (r) => ({ justificativa: { id: r.id, descricao: r.descricao, inibirAcesso: true, tipo: 4 } }),
    reply: { mensagem: M.alterado },
    success: M.alterado,
  },
  remove: {
    endpoint: justificativaApi.excluirJustificativa,
    body: (r) => ({ justificativa: { id: r.id } }),
    reply: { mensagem: M.excluido },
    success: M.excluido,
  },
});

describe('Justificativas screen: domain (seed 000 §3, §5)', () => {
  const dialog = () => screen.getByRole('dialog');

  it('shows the kind by name and Inibir acessos as Sim/Não', async () => {
    stubApi().on(justificativaApi.listarJustificativas, () => rows(2));
    renderApp('/cadastros/justificativas', makeSession([PERM.JUSTIFICATIVAS_VER]));
    const table = await screen.findByRole('table');
    const first = (await within(table).findByText('Justificativa 01')).closest('tr')!;
    expect(within(first).getByText('Abonar horas')).toBeInTheDocument();
    expect(within(first).getByText('Sim')).toBeInTheDocument();
    const second = within(table).getByText('Justificativa 02').closest('tr')!;
    expect(within(second).getByText('Explicação')).toBeInTheDocument();
    expect(within(second).getByText('Não')).toBeInTheDocument();
  });

  it('filters by the kind name too', async () => {
    stubApi().on(justificativaApi.listarJustificativas, () => rows(12));
    const user = userEvent.setup();
    renderApp('/cadastros/justificativas', makeSession([PERM.JUSTIFICATIVAS_VER]));
    await screen.findByText('Mostrando 1 a 10 de 12');
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'compensação');
    expect(await screen.findByText('Mostrando 1 a 2 de 2')).toBeInTheDocument();
  });

  it('requires the description and the kind, with the seed message, and sends nothing', async () => {
    const api = stubApi();
    api.on(justificativaApi.listarJustificativas, () => []);
    api.on(justificativaApi.salvarJustificativa, { mensagem: M.salvo });
    const user = userEvent.setup();
    renderApp('/cadastros/justificativas', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    expect(within(dialog()).getByLabelText('Descrição')).toHaveFocus();
    expect(within(dialog()).getByRole('switch', { name: 'Inibir acessos' })).not.toBeChecked();
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText('Informe a descrição')).toBeInTheDocument();
    expect(within(dialog()).getByText(M.selecioneTipo)).toBeInTheDocument();
    expect(api.callsTo(justificativaApi.salvarJustificativa)).toHaveLength(0);
  });

  it('stops the description at 80 characters and counts them', async () => {
    stubApi().on(justificativaApi.listarJustificativas, () => []);
    const user = userEvent.setup();
    renderApp('/cadastros/justificativas', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    expect(within(dialog()).getByText('0/80')).toBeInTheDocument();
    await user.type(within(dialog()).getByLabelText('Descrição'), 'x'.repeat(85));
    expect(within(dialog()).getByText('80/80')).toBeInTheDocument();
  });

  it('offers the five kinds in the seed order', async () => {
    stubApi().on(justificativaApi.listarJustificativas, () => []);
    const user = userEvent.setup();
    renderApp('/cadastros/justificativas', makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    await user.click(within(dialog()).getByLabelText('Tipo').closest('.p-dropdown')!);
    const options = within(await screen.findByRole('listbox', { hidden: true })).getAllByRole('option', {
      hidden: true,
    });
    expect(options.map((o) => o.textContent)).toEqual([
      'Abonar horas',
      'Explicação',
      'Compensação',
      'Inclusão de marcação',
      'Desconsiderar marcação',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox', { hidden: true })).not.toBeInTheDocument());
  });
});
