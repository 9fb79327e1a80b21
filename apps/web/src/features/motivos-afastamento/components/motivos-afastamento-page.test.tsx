import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PERM, motivoAfastamentoApi as api, type MotivoAfastamento } from '@jornada/contracts';
import { stubApi } from '../../../test/api-stub';
import { describeRegister } from '../../../test/register-conformance';
import { makeSession, renderApp } from '../../../test/render-app';

const M = api.MOTIVO_MSG;
const PATH = '/cadastros/motivos-afastamento';
const ALL = [PERM.MOTIVOS_AFASTAMENTO_VER, PERM.CARGOS_NOVO, PERM.CARGOS_EDITAR, PERM.CARGOS_EXCLUIR];

const rows = (count: number): MotivoAfastamento[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    descricao: `Motivo ${String(i + 1).padStart(2, '0')}`,
    definitivo: i % 3 === 0,
    protegido: false,
  }));
const transferencia: MotivoAfastamento = { id: 99, descricao: 'Transferência', definitivo: true, protegido: true };

describeRegister<MotivoAfastamento, typeof api.listarMotivosAfastamento>({
  title: 'Motivos de Afastamento',
  path: PATH,
  codes: {
    view: PERM.MOTIVOS_AFASTAMENTO_VER,
    create: PERM.CARGOS_NOVO,
    edit: PERM.CARGOS_EDITAR,
    remove: PERM.CARGOS_EXCLUIR,
  },
  list: { endpoint: api.listarMotivosAfastamento, reply: (r) => r },
  rows,
  rowLabel: (r) => r.descricao,
  emptyMessage: 'Nenhum motivo de afastamento cadastrado.',
  create: {
    endpoint: api.salvarMotivoAfastamento,
    dialogTitle: 'Novo Motivo de Afastamento',
    fill: async (dialog, user) => {
      await user.type(within(dialog).getByLabelText('Descrição'), ' Licença maternidade ');
      await user.click(within(dialog).getByRole('switch', { name: 'Definitivo' }));
    },
    row: { id: 100, descricao: 'Licença maternidade', definitivo: true, protegido: false },
    body: (r) => ({ motivoAfastamento: { id: null, descricao: r.descricao, definitivo: true } }),
    reply: { mensagem: M.salvo },
    success: M.salvo,
  },
  edit: {
    endpoint: api.salvarMotivoAfastamento,
    dialogTitle: 'Editar Motivo de Afastamento',
    change: async (dialog, user) => {
      // Definitivo is shown as created, and cannot be changed.
      expect(within(dialog).getByRole('switch', { name: 'Definitivo' })).toBeChecked();
      expect(within(dialog).getByRole('switch', { name: 'Definitivo' })).toBeDisabled();
      const descricao = within(dialog).getByLabelText('Descrição');
      await user.clear(descricao);
      await user.type(descricao, 'Aposentadoria');
    },
    row: { id: 1, descricao: 'Aposentadoria', definitivo: true, protegido: false },
    // On an edit definitivo is not sent: the server keeps the created value.
    body: (r) => ({ motivoAfastamento: { id: r.id, descricao: r.descricao } }),
    reply: { mensagem: M.alterado },
    success: M.alterado,
  },
  remove: {
    endpoint: api.excluirMotivoAfastamento,
    body: (r) => ({ motivoAfastamento: { id: r.id } }),
    reply: { mensagem: M.excluido },
    success: M.excluido,
  },
});

describe('Motivos de Afastamento screen: domain (seed 000 §3, §5)', () => {
  const dialog = () => screen.getByRole('dialog');

  it('shows the kind as Definitivo / Não Definitivo and filters by it', async () => {
    stubApi().on(api.listarMotivosAfastamento, () => rows(4));
    const user = userEvent.setup();
    renderApp(PATH, makeSession([PERM.MOTIVOS_AFASTAMENTO_VER]));
    const table = await screen.findByRole('table');
    expect(
      within((await within(table).findByText('Motivo 01')).closest('tr')!).getByText('Definitivo'),
    ).toBeInTheDocument();
    expect(within(within(table).getByText('Motivo 02').closest('tr')!).getByText('Não Definitivo')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'não definitivo');
    expect(await screen.findByText('Mostrando 1 a 2 de 2')).toBeInTheDocument();
  });

  it('the protected Transferência shows "Do sistema" and offers neither edit nor delete', async () => {
    stubApi().on(api.listarMotivosAfastamento, () => [transferencia, ...rows(1)]);
    renderApp(PATH, makeSession(ALL));
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText('Transferência')).closest('tr')!;
    expect(within(row).getByText('Do sistema')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar Transferência' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excluir Transferência' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar Motivo 01' })).toBeInTheDocument();
  });

  it('requires the description with the seed message (capital D) and sends nothing', async () => {
    const api2 = stubApi();
    api2.on(api.listarMotivosAfastamento, () => []);
    api2.on(api.salvarMotivoAfastamento, { mensagem: M.salvo });
    const user = userEvent.setup();
    renderApp(PATH, makeSession(ALL));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    expect(within(dialog()).getByLabelText('Descrição')).toHaveFocus();
    expect(within(dialog()).getByRole('switch', { name: 'Definitivo' })).toBeEnabled();
    expect(within(dialog()).getByRole('switch', { name: 'Definitivo' })).not.toBeChecked();
    await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText('Informe a Descrição')).toBeInTheDocument();
    expect(api2.callsTo(api.salvarMotivoAfastamento)).toHaveLength(0);
    await user.type(within(dialog()).getByLabelText('Descrição'), 'Doença{Enter}');
    await waitFor(() => expect(api2.callsTo(api.salvarMotivoAfastamento)).toHaveLength(1));
    expect(api2.callsTo(api.salvarMotivoAfastamento)[0]?.body.motivoAfastamento).toEqual({
      id: null,
      descricao: 'Doença',
      definitivo: false,
    });
  });

  it('the picker label joins the description and the kind', () => {
    expect(api.rotuloMotivo(transferencia)).toBe('Transferência - Definitivo');
    expect(api.rotuloMotivo(rows(2)[1]!)).toBe('Motivo 02 - Não Definitivo');
  });
});
