import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG, type BodyOf, type Endpoint, type PrivateRoutePath, type ResponseOf } from '@jornada/contracts';
import { LIST_ERROR_TEXT } from '../components/ui/list-table';
import { QUERY_RETRY_DELAY_MS } from '../shared/query-client';
import { reply, stubApi } from './api-stub';
import { makeSession, renderApp } from './render-app';

/** A write of the register: the endpoint, what the screen must send, what the server answers. */
interface WriteCase<E extends Endpoint, T> {
  endpoint: E;
  /** The body the screen must send, without the requester block (checked with toEqual). */
  body: (row: T) => unknown;
  reply: ResponseOf<E>;
  /** The toast text after success. */
  success: string;
}

export interface RegisterConformance<T extends object, L extends Endpoint> {
  /** The page title (h1) and table name. */
  title: string;
  path: PrivateRoutePath;
  codes: { view: number; create: number; edit: number; remove: number };
  list: { endpoint: L; reply: (rows: T[]) => ResponseOf<L> };
  /** `n` distinct sample rows as the server lists them. */
  rows: (n: number) => T[];
  rowLabel: (row: T) => string;
  emptyMessage: string;
  create: WriteCase<Endpoint, T> & {
    dialogTitle: string;
    fill: (dialog: HTMLElement, user: UserEvent) => Promise<void>;
    /** The row the list shows after the save. */
    row: T;
  };
  edit: WriteCase<Endpoint, T> & {
    dialogTitle: string;
    change: (dialog: HTMLElement, user: UserEvent) => Promise<void>;
    /** The first sample row after the edit. */
    row: T;
  };
  remove: WriteCase<Endpoint, T>;
}

const withoutRequester = (body: unknown) => {
  const { usuarioRequisicao: _ignored, ...rest } = body as Record<string, unknown>;
  return rest;
};

/**
 * The checks every register screen must pass (seed 000 §2.5, §8, §9), run
 * from its configuration: a register's own test file then holds only what is
 * particular to its domain. The fake server keeps the rows, so a save or a
 * delete shows in the reloaded list exactly as it would in the product.
 */
export function describeRegister<T extends object, L extends Endpoint>(c: RegisterConformance<T, L>) {
  const all = [c.codes.view, c.codes.create, c.codes.edit, c.codes.remove];

  function fakeServer(initial: T[]) {
    let rows = [...initial];
    const api = stubApi();
    api.on(c.list.endpoint, () => c.list.reply(rows));
    api.on(c.create.endpoint, () => {
      rows = [...rows, c.create.row];
      return c.create.reply;
    });
    if (c.edit.endpoint !== c.create.endpoint) api.on(c.edit.endpoint, () => c.edit.reply);
    api.on(c.remove.endpoint, (_body, call) => {
      rows = rows.filter((r) => JSON.stringify(c.remove.body(r)) !== JSON.stringify(withoutRequester(call.body)));
      return c.remove.reply;
    });
    return {
      api,
      /** The edit rewrites the first row; stubbed apart from create when both share `salvar`. */
      onEdit: () =>
        api.on(c.edit.endpoint, () => {
          rows = [c.edit.row, ...rows.slice(1)];
          return c.edit.reply;
        }),
    };
  }

  const table = () => screen.getByRole('table');
  const dialog = () => screen.getByRole('dialog');
  const sentBodies = (api: ReturnType<typeof stubApi>, e: Endpoint) =>
    api.callsTo(e).map((call) => call.body as BodyOf<Endpoint>);

  describe(`${c.title}: register conformance`, () => {
    it('lists the rows with the Portuguese page report and keeps the page in the URL', async () => {
      const { api } = fakeServer(c.rows(23));
      const user = userEvent.setup();
      const { location } = renderApp(c.path, makeSession([c.codes.view]));
      expect(await screen.findByRole('heading', { name: c.title, level: 1 })).toBeInTheDocument();
      expect(await within(table()).findByText(c.rowLabel(c.rows(1)[0]!))).toBeInTheDocument();
      expect(screen.getByText('Mostrando 1 a 10 de 23')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Página 3' }));
      expect(await screen.findByText('Mostrando 21 a 23 de 23')).toBeInTheDocument();
      expect(new URLSearchParams(location().search).get('pagina')).toBe('3');
      expect(api.callsTo(c.list.endpoint)[0]?.headers.Authorization).toBe('Bearer token-de-teste');
    });

    it('shows the empty message', async () => {
      fakeServer([]);
      renderApp(c.path, makeSession([c.codes.view]));
      expect(await screen.findByText(c.emptyMessage)).toBeInTheDocument();
    });

    it('shows a failed list as an error with "Tentar novamente", never as empty', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { api } = fakeServer(c.rows(2));
      api.on(c.list.endpoint, reply(500, { mensagem: 'interno' }));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderApp(c.path, makeSession([c.codes.view]));
      // A 5xx is retried once (shared/query-client.ts) before the list gives up.
      await screen.findByRole('heading', { name: c.title, level: 1 });
      await act(() => vi.advanceTimersByTimeAsync(QUERY_RETRY_DELAY_MS));
      expect(await screen.findByText(LIST_ERROR_TEXT)).toBeInTheDocument();
      expect(screen.getByText(MSG.oops)).toBeInTheDocument();
      expect(screen.queryByText(c.emptyMessage)).not.toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();

      api.on(c.list.endpoint, () => c.list.reply(c.rows(2)));
      await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
      expect(await within(table()).findByText(c.rowLabel(c.rows(2)[1]!))).toBeInTheDocument();
      expect(screen.queryByText(LIST_ERROR_TEXT)).not.toBeInTheDocument();
    });

    it('creates: dialog, validated form, the contract body, OK toast and the reloaded list', async () => {
      const { api } = fakeServer(c.rows(1));
      const user = userEvent.setup();
      renderApp(c.path, makeSession(all));
      await user.click(await screen.findByRole('button', { name: 'Novo' }));
      expect(within(dialog()).getByText(c.create.dialogTitle)).toBeInTheDocument();
      await c.create.fill(dialog(), user);
      await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const sent = sentBodies(api, c.create.endpoint);
      expect(sent).toHaveLength(1);
      expect(withoutRequester(sent[0])).toEqual(c.create.body(c.create.row));
      expect(sent[0]).toHaveProperty('usuarioRequisicao');
      expect(await screen.findByText(c.create.success)).toBeInTheDocument();
      expect(screen.getByText(MSG.tituloOk)).toBeInTheDocument();
      expect(await within(table()).findByText(c.rowLabel(c.create.row))).toBeInTheDocument();
      expect(api.callsTo(c.list.endpoint).length).toBeGreaterThanOrEqual(2);
    });

    it('edits the row it was opened from and sends its id', async () => {
      const server = fakeServer(c.rows(1));
      server.onEdit();
      const user = userEvent.setup();
      renderApp(c.path, makeSession(all));
      const [first] = c.rows(1);
      await user.click(await screen.findByRole('button', { name: `Editar ${c.rowLabel(first!)}` }));
      expect(within(dialog()).getByText(c.edit.dialogTitle)).toBeInTheDocument();
      await c.edit.change(dialog(), user);
      await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const sent = sentBodies(server.api, c.edit.endpoint);
      expect(sent).toHaveLength(1);
      expect(withoutRequester(sent[0])).toEqual(c.edit.body(c.edit.row));
      expect(await screen.findByText(c.edit.success)).toBeInTheDocument();
      expect(await within(table()).findByText(c.rowLabel(c.edit.row))).toBeInTheDocument();
    });

    it('asks "Excluir <row> ?" and deletes only on Sim', async () => {
      const { api } = fakeServer(c.rows(2));
      const user = userEvent.setup();
      renderApp(c.path, makeSession(all));
      const second = c.rows(2)[1]!;
      const label = c.rowLabel(second);
      await user.click(await screen.findByRole('button', { name: `Excluir ${label}` }));
      expect(await screen.findByText(`Excluir ${label} ?`)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Não' }));
      await waitFor(() => expect(screen.queryByText(`Excluir ${label} ?`)).not.toBeInTheDocument());
      expect(api.callsTo(c.remove.endpoint)).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: `Excluir ${label}` }));
      await user.click(await screen.findByRole('button', { name: 'Sim' }));
      await waitFor(() => expect(api.callsTo(c.remove.endpoint)).toHaveLength(1));
      expect(withoutRequester(sentBodies(api, c.remove.endpoint)[0])).toEqual(c.remove.body(second));
      expect(await screen.findByText(c.remove.success)).toBeInTheDocument();
      await waitFor(() => expect(within(table()).queryByText(label)).not.toBeInTheDocument());
    });

    it('shows no Novo, edit or delete with only the view code', async () => {
      fakeServer(c.rows(2));
      renderApp(c.path, makeSession([c.codes.view]));
      const label = c.rowLabel(c.rows(1)[0]!);
      expect(await screen.findByText(label)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Novo' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: `Editar ${label}` })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: `Excluir ${label}` })).not.toBeInTheDocument();
    });

    it.each([
      ['create', 'Novo'],
      ['edit', 'Editar'],
      ['remove', 'Excluir'],
    ] as const)('the %s code alone shows "%s" only', async (which, button) => {
      fakeServer(c.rows(1));
      renderApp(c.path, makeSession([c.codes.view, c.codes[which]]));
      const label = c.rowLabel(c.rows(1)[0]!);
      await screen.findByText(label);
      const names = { Novo: 'Novo', Editar: `Editar ${label}`, Excluir: `Excluir ${label}` };
      for (const [key, name] of Object.entries(names)) {
        if (key === button) expect(screen.getByRole('button', { name })).toBeInTheDocument();
        else expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
      }
    });
  });
}
