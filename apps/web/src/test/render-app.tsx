import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Sessao } from '@jornada/contracts';
import { Providers } from '../app/providers';
import { routes } from '../app/routes';
import { createQueryClient } from '../shared/query-client';
import { setSession } from '../shared/session';

/** A contract-shaped session holding `codes` (0 appended as the server does). */
export function makeSession(codes: number[], overrides: Partial<Sessao> = {}): Sessao {
  return {
    token: { valor: 'token-de-teste', expiraEm: '2099-01-01T00:00:00Z' },
    user: { id: 7, nome: 'Ana Souza', email: 'ana@empresa.com.br' },
    permissoes: [...codes, 0],
    versao: '1.0.0',
    dadosRequisicao: {
      usuario: { id: 7, nome: 'Ana Souza', email: 'ana@empresa.com.br', nomeLogin: 'ana' },
      empresa: { id: 1, nome: 'Empresa Demo Ltda', diaInicioFechamento: 1, diaFinalFechamento: 31 },
      cnpj: null,
      justificativas: [],
      permissoes: codes,
    },
    cacheEmpresa: { idCnpjSelecionado: null, cnpjSelecionado: null, cnpjs: [], centrosCustos: [] },
    ...overrides,
  };
}

/** The whole app (real routes, guard, layout, providers) on a memory router at `path`. */
export function renderApp(path: string, session?: Sessao) {
  if (session) setSession(session);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  const location = () => router.state.location;
  return { ...utils, router, location };
}
