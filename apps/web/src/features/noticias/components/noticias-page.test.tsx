import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { noticiaApi, type Noticia } from '@jornada/contracts';
import { reply, stub, stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';

/** The browser's "today" for these tests: 10/03/2026 (only Date is faked; timers run). */
const fakeToday = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 10, 9, 0));
};

const news = (n: Partial<Noticia> & Pick<Noticia, 'id' | 'titulo' | 'dataPublicacao'>): Noticia => ({
  conteudo: '@pTexto.@ep',
  atual: false,
  ...n,
});

const MARCO: Noticia[] = [
  news({
    id: 3,
    titulo: 'Manutenção hoje',
    dataPublicacao: '2026-03-10',
    atual: true,
    conteudo: '@pO sistema ficará fora @bdas 2h às 4h@eb.@ep@pObrigado.@ep',
  }),
  news({ id: 2, titulo: 'Novo relatório', dataPublicacao: '2026-03-05' }),
  news({ id: 1, titulo: '<img src=x onerror=alert(1)>', dataPublicacao: '2026-03-01', conteudo: '@p<b>oi</b>@ep' }),
];

describe('Notícias (seed 000 §2.6)', () => {
  it('opens on the current month, lists title and dd/mm/yyyy, and marks today in bold', async () => {
    fakeToday();
    const api = stubApi(stub(noticiaApi.listarNoticias, MARCO));
    renderApp('/sistema/noticias', makeSession([]));
    expect(await screen.findByRole('heading', { name: 'Notícias', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const hoje = (await within(table).findByText('Manutenção hoje')).closest('tr') as HTMLElement;
    expect(within(hoje).getByText('Manutenção hoje').tagName).toBe('STRONG');
    expect(within(hoje).getByText('10/03/2026').tagName).toBe('STRONG');
    expect(within(hoje).getByText('Hoje')).toBeInTheDocument();
    const outra = within(table).getByText('Novo relatório').closest('tr') as HTMLElement;
    expect(within(outra).getByText('Novo relatório').tagName).not.toBe('STRONG');
    expect(within(outra).getByText('05/03/2026')).toBeInTheDocument();
    expect(within(outra).queryByText('Hoje')).not.toBeInTheDocument();
    // The title is text, never markup.
    expect(within(table).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(table.querySelector('img')).toBeNull();
    // a = year, b = month of the path.
    expect(api.callsTo(noticiaApi.listarNoticias).map((c) => c.path)).toEqual(['/api/adm/mensagem/listar/2026/3']);
    // The path parameters travel in the path only.
    expect(api.callsTo(noticiaApi.listarNoticias)[0]?.query.toString()).toBe('');
    expect(screen.getByLabelText('Mês/Ano')).toHaveValue('03/2026');
  });

  it('opens a dialog with the title and the content rendered from its markup', async () => {
    fakeToday();
    stubApi(stub(noticiaApi.listarNoticias, MARCO));
    const user = userEvent.setup();
    renderApp('/sistema/noticias', makeSession([]));
    await user.click(await screen.findByRole('button', { name: 'Ver notícia Manutenção hoje' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Manutenção hoje')).toBeInTheDocument();
    expect(within(dialog).getByText('Publicada em 10/03/2026')).toBeInTheDocument();
    expect(within(dialog).getByText('das 2h às 4h').tagName).toBe('STRONG');
    expect(within(dialog).getByText('Obrigado.').tagName).toBe('P');
    // The header's X and the footer's button both close it; the footer's is the last.
    await user.click(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Ver notícia <img src=x onerror=alert(1)>' }));
    const hostile = await screen.findByRole('dialog');
    expect(within(hostile).getByText('<b>oi</b>')).toBeInTheDocument();
    expect(hostile.querySelector('b, img')).toBeNull();
  });

  it('filters by title or date and says when nothing matches', async () => {
    fakeToday();
    stubApi(stub(noticiaApi.listarNoticias, MARCO));
    const user = userEvent.setup();
    renderApp('/sistema/noticias', makeSession([]));
    const table = await screen.findByRole('table');
    await within(table).findByText('Novo relatório');
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'relat');
    await waitFor(() => expect(within(table).queryByText('Manutenção hoje')).not.toBeInTheDocument());
    expect(within(table).getByText('Novo relatório')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Filtrar' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), '01/03');
    await waitFor(() => expect(within(table).queryByText('Novo relatório')).not.toBeInTheDocument());
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'x');
    expect(await screen.findByText('Nenhuma notícia encontrada para o filtro informado.')).toBeInTheDocument();
  });

  it('keeps the month in the URL and says when the month has no news', async () => {
    fakeToday();
    const api = stubApi(stub(noticiaApi.listarNoticias, []));
    renderApp('/sistema/noticias?mes=2025-11', makeSession([]));
    expect(await screen.findByText('Nenhuma notícia publicada em 11/2025.')).toBeInTheDocument();
    expect(api.callsTo(noticiaApi.listarNoticias)[0]?.body).toEqual({ a: 2025, b: 11 });
  });

  it('changes the month from the picker, within 5 years before and 1 after', async () => {
    fakeToday();
    const api = stubApi(stub(noticiaApi.listarNoticias, (b) => (b.b === 2 ? [MARCO[1]!] : [])));
    const user = userEvent.setup();
    const { location } = renderApp('/sistema/noticias?mes=2019-01', makeSession([]));
    // A month outside the range falls back to the current one.
    const input = await screen.findByLabelText('Mês/Ano');
    await waitFor(() => expect(input).toHaveValue('03/2026'));
    await user.click(input);
    const panel = await screen.findByRole('dialog', { hidden: true });
    await user.click(within(panel).getByText('fev'));
    await waitFor(() => expect(location().search).toContain('mes=2026-02'));
    expect(await screen.findByText('Novo relatório')).toBeInTheDocument();
    expect(api.callsTo(noticiaApi.listarNoticias).map((c) => c.path)).toContain('/api/adm/mensagem/listar/2026/2');
  });

  it('a failed list is not an empty list: it offers a retry', async () => {
    fakeToday();
    stubApi(stub(noticiaApi.listarNoticias, reply(400, { mensagem: 'Mês inválido: informe de 1 a 12.' })));
    renderApp('/sistema/noticias', makeSession([]));
    expect(await screen.findByText('Não foi possível carregar a lista.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
