import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG_SOLICITACAO, PERM, empresaApi, solicitacaoDocumentoApi } from '@jornada/contracts';
import { stubApi } from '../../test/api-stub';
import { choose, optionsOf } from '../../test/dropdown';
import { makeSession, renderApp } from '../../test/render-app';
import { createQueryClient } from '../../shared/query-client';
import { setSession } from '../../shared/session';
import { Providers } from '../providers';
import { HomePage } from './home-page';
import { HubPage } from './hub-page';

afterEach(() => sessionStorage.clear());

/** Home, the Documentos hub and a stand-in AFD screen, as if that screen were built. */
function renderWithAfdBuilt(path: string, codes: number[]) {
  setSession(makeSession(codes));
  const router = createMemoryRouter(
    [
      { path: '/', element: <HomePage isBuilt={() => true} /> },
      { path: '/documentos', element: <HubPage hub="/documentos" isBuilt={() => true} /> },
      { path: '/documentos/arquivo-afd', element: <h1>Tela do Arquivo AFD</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('hubs Relatórios e Documentos (seed 002 §2)', () => {
  it('a lista tem só as telas que o usuário pode usar e que existem, mais o Histórico sempre', async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/documentos', makeSession([PERM.DOCUMENTOS, PERM.DOCUMENTO_AFD]));
    expect(await screen.findByRole('heading', { name: 'Documentos' })).toBeInTheDocument();
    // Arquivo AFD is built; the other documents are not yet: they do not show.
    expect(await optionsOf(user, 'Documento')).toEqual(['Arquivo AFD', MSG_SOLICITACAO.historico]);
  });

  it('sem a permissão do Arquivo AFD, só o Histórico', async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/documentos', makeSession([PERM.DOCUMENTOS]));
    expect(await screen.findByRole('heading', { name: 'Documentos' })).toBeInTheDocument();
    expect(await optionsOf(user, 'Documento')).toEqual([MSG_SOLICITACAO.historico]);
  });

  it('escolher o Histórico abre a tela do histórico', async () => {
    const api = stubApi();
    api.on(empresaApi.listarCnpjs, []);
    api.on(solicitacaoDocumentoApi.listarSolicitacoesDocumento, []);
    const user = userEvent.setup();
    const { location } = renderApp('/relatorios', makeSession([PERM.RELATORIOS]));
    // The hub, like the shell around it, loads on demand.
    expect(await screen.findByRole('heading', { name: 'Relatórios' })).toBeInTheDocument();
    await choose(user, 'Relatório', MSG_SOLICITACAO.historico);
    await waitFor(() => expect(location().pathname).toBe('/relatorios/historico'));
    expect(await screen.findByRole('heading', { name: MSG_SOLICITACAO.historico })).toBeInTheDocument();
  });

  it('?hist e ?id abrem o histórico (com a solicitação)', async () => {
    const api = stubApi();
    api.on(empresaApi.listarCnpjs, []);
    api.on(solicitacaoDocumentoApi.listarSolicitacoesDocumento, []);
    api.on(solicitacaoDocumentoApi.buscarSolicitacaoDocumento, {
      id: 5,
      status: 'FILA',
      nome: 'AFD',
      servico: 'arquivoAFD',
      nomeDocumento: null,
      nomeArquivo: 'afd.txt',
      tipoDocumento: 'txt',
      mensagem: null,
      progresso: 0,
      link: null,
      dataValidadeLink: null,
      linkExpirado: false,
      dataSolicitacao: '2026-03-10T12:00:00.000Z',
      dataInicioProcessamento: null,
      dataFinalProcessamento: null,
      idCnpj: 1,
      usuario: null,
    });
    const a = renderApp('/documentos?hist=1', makeSession([PERM.DOCUMENTOS]));
    await waitFor(() => expect(a.location().pathname).toBe('/documentos/historico'));
    a.unmount();
    const b = renderApp('/documentos?id=5', makeSession([PERM.DOCUMENTOS]));
    await waitFor(() => expect(`${b.location().pathname}${b.location().search}`).toBe('/documentos/historico?id=5'));
    expect(await screen.findByText('afd.txt')).toBeInTheDocument();
  });

  it('o atalho da Home abre o Arquivo AFD pelo hub com o lk_rp de uso único', async () => {
    const user = userEvent.setup();
    const router = renderWithAfdBuilt('/', [PERM.DOCUMENTOS, PERM.DOCUMENTO_AFD]);
    await user.click(await screen.findByRole('button', { name: 'Importar AFD' }));
    expect(await screen.findByRole('heading', { name: 'Tela do Arquivo AFD' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/documentos/arquivo-afd');
    // Used once: the stored value is gone.
    expect(sessionStorage.getItem('jornada.lk_rp')).toBeNull();
  });

  it('um lk_rp colado ou repetido só abre o hub; sem o código 134 não há atalho', async () => {
    const router = renderWithAfdBuilt('/documentos?lk_rp=123.456', [PERM.DOCUMENTOS, PERM.DOCUMENTO_AFD]);
    expect(await screen.findByRole('heading', { name: 'Documentos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/documentos');
    const home = renderWithAfdBuilt('/', [PERM.DOCUMENTOS]);
    expect(await screen.findByText(/Bem-vindo/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Importar AFD' })).toBeNull();
    expect(home.state.location.pathname).toBe('/');
  });
});
