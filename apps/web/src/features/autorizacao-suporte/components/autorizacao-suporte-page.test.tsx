import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, autorizacaoSuporteApi, type AutorizacaoSuporte } from '@jornada/contracts';
import { reply, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';

const PATH = '/sistema/autorizacao-suporte';

const row = (id: number, fechado: boolean, dataFinal = '2026-03-16'): AutorizacaoSuporte => ({
  id,
  autorizaPor: `Pessoa ${id}`,
  email: `p${id}@empresa.com.br`,
  dataCadastro: '2026-03-10T12:00:00.000Z',
  dataFinal,
  fechado,
});

describe('Autorização de Suporte (seed 000 §2.6, §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 9, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('lists the month with the company, shows Sim/Não and deletes only rows not closed', async () => {
    const api = stubApi();
    api.on(autorizacaoSuporteApi.listarAutorizacoesSuporte, [row(1, false), row(2, true, '2026-03-04')]);
    renderApp(PATH, makeSession([]));
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Pessoa 1')).toBeInTheDocument();
    const q = api.callsTo(autorizacaoSuporteApi.listarAutorizacoesSuporte)[0]!.query;
    expect(Object.fromEntries(q)).toEqual({ idEmp: '1', a: '2026', m: '3' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Não')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('16/03/2026')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: /Excluir/ })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Sim')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /Excluir/ })).toBeNull();
    expect(screen.getByText('Mostrando 1 a 2 de 2')).toBeInTheDocument();
  });

  it('Novo asks "Criar Autorização de Suporte?" with the end date (today + 6) and creates only on Sim', async () => {
    const api = stubApi();
    const lista: AutorizacaoSuporte[] = [];
    api.on(autorizacaoSuporteApi.listarAutorizacoesSuporte, () => lista);
    api.on(autorizacaoSuporteApi.salvarAutorizacaoSuporte, () => {
      lista.push(row(5, false));
      return { mensagem: MSG.autorizacaoCriada, dataFinal: '2026-03-16' };
    });
    const user = userEvent.setup();
    renderApp(PATH, makeSession([]));
    expect(await screen.findByText('Nenhuma autorização neste mês.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    expect(await screen.findByText(/Criar Autorização de Suporte\?.*16\/03\/2026/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Não' }));
    expect(api.callsTo(autorizacaoSuporteApi.salvarAutorizacaoSuporte)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(MSG.autorizacaoCriada)).toBeInTheDocument();
    expect(await screen.findByText('Pessoa 5')).toBeInTheDocument();
  });

  it('asks "Excluir Autorização?" and shows the server refusal of a closed one as a warning', async () => {
    const api = stubApi();
    api.on(autorizacaoSuporteApi.listarAutorizacoesSuporte, [row(1, false)]);
    api.on(autorizacaoSuporteApi.excluirAutorizacaoSuporte, reply(400, { mensagem: MSG.autorizacaoFechada }));
    const user = userEvent.setup();
    renderApp(PATH, makeSession([]));
    await user.click(await screen.findByRole('button', { name: /Excluir autorização até 16\/03\/2026/ }));
    expect(await screen.findByText('Excluir Autorização?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(MSG.autorizacaoFechada)).toBeInTheDocument();
    expect(api.callsTo(autorizacaoSuporteApi.excluirAutorizacaoSuporte)[0]!.body).toMatchObject({
      autorizacaoSuporte: { id: 1 },
    });
  });

  it('filters the table globally and Atualizar reloads', async () => {
    const api = stubApi();
    api.on(autorizacaoSuporteApi.listarAutorizacoesSuporte, [row(1, false), row(2, true)]);
    const user = userEvent.setup();
    renderApp(PATH, makeSession([]));
    expect(await screen.findByText('Pessoa 2')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'p1@');
    await waitFor(() => expect(screen.queryByText('Pessoa 2')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(api.callsTo(autorizacaoSuporteApi.listarAutorizacoesSuporte)).toHaveLength(2));
  });

  it('a support session sees the list without Novo or delete', async () => {
    const api = stubApi();
    api.on(autorizacaoSuporteApi.listarAutorizacoesSuporte, [row(1, false)]);
    renderApp(PATH, makeSession([], { suporte: true }));
    expect(await screen.findByText('Pessoa 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Excluir/ })).toBeNull();
  });
});
