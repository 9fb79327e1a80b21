import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LIMITS, MSG, PERM, logOperacaoApi, type LogOperacao } from '@jornada/contracts';
import { reply, stub, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';

const { pesquisarLogOperacoes, listarUsuariosLog } = logOperacaoApi;

/** The browser's "today" for these tests: 10/03/2026 (only Date is faked; timers run). */
const fakeToday = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 10, 9, 0));
};

const USERS = [
  { id: 1, nomeLogin: 'admin@jornada.demo', nome: 'Administrador Demonstração' },
  { id: 2, nomeLogin: 'operador@jornada.demo', nome: 'Operador Demonstração' },
];

const entry = (id: number, e: Partial<LogOperacao> = {}): LogOperacao => ({
  id,
  data: '2026-03-10T08:05:09',
  loginUsuario: 'admin@jornada.demo',
  nomeUsuario: 'Administrador Demonstração',
  acao: 'Cadastrar',
  descricao: `Cargo ${id} - Analista`,
  ...e,
});

const ENTRIES = [
  entry(3, { data: '2026-03-10T17:42:00', acao: 'Excluir', descricao: 'Cargo 9 - Soldador' }),
  entry(2, {
    data: '2026-03-10T11:30:00',
    acao: 'Editar',
    loginUsuario: 'operador@jornada.demo',
    nomeUsuario: 'Operador Demonstração',
    descricao: 'Cargo 4 - Vigilante → Vigia',
  }),
  entry(1),
];

const LOGS = [PERM.LOGS_VER];

type User = ReturnType<typeof userEvent.setup>;

/** The focusable input is PrimeReact's hidden one; the user clicks the visible box. */
async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByLabelText(label).closest('.p-dropdown') as HTMLElement);
  // jsdom has no layout: PrimeReact leaves the positioned overlay display:none.
  await user.click(within(await screen.findByRole('listbox', { hidden: true })).getByText(option));
}

async function typeDate(user: User, label: string, ddmmyyyy: string) {
  await user.tripleClick(screen.getByLabelText(label));
  await user.keyboard(ddmmyyyy);
  await user.tab();
}

describe('Logs de Operações (seed 000 §2.6)', () => {
  it("searches today's operations of everyone on open and shows them with dd/mm/yyyy hh:mm", async () => {
    fakeToday();
    const api = stubApi(stub(pesquisarLogOperacoes, ENTRIES), stub(listarUsuariosLog, USERS));
    renderApp('/sistema/logs-operacoes', makeSession(LOGS));
    expect(await screen.findByRole('heading', { name: 'Logs de Operações', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Data da operação', 'Login do usuário', 'Nome do usuário', 'Operação', 'Descrição']);
    const first = (await within(table).findByText('Cargo 9 - Soldador')).closest('tr') as HTMLElement;
    expect(within(first).getByText('10/03/2026 17:42')).toBeInTheDocument();
    expect(within(first).getByText('Excluir')).toBeInTheDocument();
    expect(api.callsTo(pesquisarLogOperacoes).map((c) => c.body)).toEqual([
      expect.objectContaining({ dataInicio: '2026-03-10', dataFinal: '2026-03-10', nomeLogin: '', operacao: 'Todos' }),
    ]);
    expect(screen.getByLabelText('Data inicial')).toHaveValue('10/03/2026');
    expect(screen.getByLabelText('Data final')).toHaveValue('10/03/2026');
    expect(screen.getByLabelText('Operação')).toHaveValue('Todos');
    expect(screen.getByLabelText('Usuário')).toHaveValue('Todos');
  });

  it('Buscar sends the chosen operation, user and period, keeps them in the URL and starts on page 1', async () => {
    fakeToday();
    const api = stubApi(stub(pesquisarLogOperacoes, ENTRIES), stub(listarUsuariosLog, USERS));
    const user = userEvent.setup();
    const { location } = renderApp('/sistema/logs-operacoes?pagina=2', makeSession(LOGS));
    await screen.findByText('Cargo 9 - Soldador');
    await choose(user, 'Operação', 'Editar');
    await choose(user, 'Usuário', 'Operador Demonstração (operador@jornada.demo)');
    await typeDate(user, 'Data inicial', '01/03/2026');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(api.callsTo(pesquisarLogOperacoes)).toHaveLength(2));
    expect(api.callsTo(pesquisarLogOperacoes)[1]?.body).toEqual(
      expect.objectContaining({
        dataInicio: '2026-03-01',
        dataFinal: '2026-03-10',
        nomeLogin: 'operador@jornada.demo',
        operacao: 'Editar',
      }),
    );
    const params = new URLSearchParams(location().search);
    expect(Object.fromEntries(params)).toEqual({
      de: '2026-03-01',
      ate: '2026-03-10',
      usuario: 'operador@jornada.demo',
      operacao: 'Editar',
    });
  });

  it('Buscar with the same search looks again (new operations may have happened)', async () => {
    fakeToday();
    const api = stubApi(stub(pesquisarLogOperacoes, ENTRIES), stub(listarUsuariosLog, USERS));
    const user = userEvent.setup();
    renderApp('/sistema/logs-operacoes', makeSession(LOGS));
    await screen.findByText('Cargo 9 - Soldador');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(api.callsTo(pesquisarLogOperacoes)).toHaveLength(2));
  });

  it('refuses a period that ends before it starts, without calling the server', async () => {
    fakeToday();
    const api = stubApi(stub(pesquisarLogOperacoes, ENTRIES), stub(listarUsuariosLog, USERS));
    const user = userEvent.setup();
    renderApp('/sistema/logs-operacoes', makeSession(LOGS));
    await screen.findByText('Cargo 9 - Soldador');
    await typeDate(user, 'Data final', '09/03/2026');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText(MSG.periodoInvertido)).toBeInTheDocument();
    expect(api.callsTo(pesquisarLogOperacoes)).toHaveLength(1);
  });

  it('shows the link’s support login as a choice and filters the results on screen', async () => {
    fakeToday();
    const support = 'suporte:ana@suporte.jornada.app.br';
    const api = stubApi(
      stub(pesquisarLogOperacoes, [entry(7, { loginUsuario: support, nomeUsuario: 'Suporte', descricao: 'Ajuste' })]),
      stub(listarUsuariosLog, USERS),
    );
    const user = userEvent.setup();
    renderApp(`/sistema/logs-operacoes?usuario=${encodeURIComponent(support)}&de=2026-03-01`, makeSession(LOGS));
    expect(await screen.findByText('Ajuste')).toBeInTheDocument();
    expect(api.callsTo(pesquisarLogOperacoes)[0]?.body).toEqual(
      expect.objectContaining({ nomeLogin: support, dataInicio: '2026-03-01', dataFinal: '2026-03-10' }),
    );
    expect(screen.getByLabelText('Usuário')).toHaveValue(support);
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'nada disso');
    expect(await screen.findByText('Nenhuma operação encontrada para o filtro informado.')).toBeInTheDocument();
  });

  it('the global filter matches the shown date and any column', async () => {
    fakeToday();
    stubApi(stub(pesquisarLogOperacoes, ENTRIES), stub(listarUsuariosLog, USERS));
    const user = userEvent.setup();
    renderApp('/sistema/logs-operacoes', makeSession(LOGS));
    const table = await screen.findByRole('table');
    await within(table).findByText('Cargo 9 - Soldador');
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), '10/03/2026 11:30');
    await waitFor(() => expect(within(table).queryByText('Cargo 9 - Soldador')).not.toBeInTheDocument());
    expect(within(table).getByText('Cargo 4 - Vigilante → Vigia')).toBeInTheDocument();
  });

  it('says when the period has no operations', async () => {
    fakeToday();
    stubApi(stub(pesquisarLogOperacoes, []), stub(listarUsuariosLog, USERS));
    renderApp('/sistema/logs-operacoes', makeSession(LOGS));
    expect(await screen.findByText('Nenhuma operação registrada no período.')).toBeInTheDocument();
  });

  it('a search past the cap shows the server’s message asking for a narrower period', async () => {
    fakeToday();
    const mensagem = MSG.logOperacoesLimite(LIMITS.logOperacoesMaxLinhas);
    stubApi(stub(pesquisarLogOperacoes, reply(400, { mensagem })), stub(listarUsuariosLog, USERS));
    renderApp('/sistema/logs-operacoes', makeSession(LOGS));
    // Inline in the card and as the 'Mensagem' toast of seed 000 §8.
    await waitFor(() => expect(screen.getAllByText(mensagem)).toHaveLength(2));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
