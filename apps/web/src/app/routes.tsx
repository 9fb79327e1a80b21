import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { PRIVATE_ROUTES, PUBLIC_ROUTES, type PublicRoutePath } from '@jornada/contracts';
import { LoginPage } from '../features/login/components/login-page';
import { clearToasts } from '../shared/toast';
import { AppShell, preloadAppShell } from './app-shell';
import { RequireCode, RequireSession } from './guard';
import { CatchAllPage, NotFoundPage, UnauthorizedPage } from './pages/error-pages';
import { UnderConstructionPage } from './pages/under-construction-page';
import { PENDING, SCREENS } from './screens';

/** The login warns when someone is about to enter, so the shell downloads while the server answers. */
function LoginScreen() {
  return <LoginPage onSigningIn={preloadAppShell} />;
}

/** The login is the first paint and stays in the entry; the password pages are rare and load on demand. */
const PUBLIC_SCREENS: { readonly [P in PublicRoutePath]: ComponentType } = {
  '/login': LoginScreen,
  '/esqueci-senha': lazy(() =>
    import('../features/login/components/esqueci-senha-page').then((m) => ({ default: m.EsqueciSenhaPage })),
  ),
  '/redefinir-senha-email': lazy(() =>
    import('../features/login/components/redefinir-senha-page').then((m) => ({ default: m.RedefinirSenhaPage })),
  ),
  '/nao-autorizado': UnauthorizedPage,
  '/erro404': NotFoundPage,
};

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Jornada`;
  }, [title]);
  return children;
}

/** Seed 000 §2.4: toasts are cleared when the route (path) changes — not on paging or filtering. */
function RootEffects() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    clearToasts();
  }, [pathname]);
  return <Outlet />;
}

function screenRoute(def: (typeof PRIVATE_ROUTES)[number]): RouteObject {
  const Screen = SCREENS[def.path];
  return {
    path: def.path,
    element: (
      <RequireCode route={def}>
        <Titled title={def.titulo}>
          {Screen === PENDING ? <UnderConstructionPage title={def.titulo} /> : <Screen />}
        </Titled>
      </RequireCode>
    ),
  };
}

function publicRoute(def: (typeof PUBLIC_ROUTES)[number]): RouteObject {
  const Screen = PUBLIC_SCREENS[def.path];
  return {
    path: def.path,
    element: (
      <Titled title={def.titulo}>
        <Suspense fallback={null}>
          <Screen />
        </Suspense>
      </Titled>
    ),
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootEffects />,
    children: [
      ...PUBLIC_ROUTES.map(publicRoute),
      {
        element: (
          <RequireSession>
            <AppShell />
          </RequireSession>
        ),
        children: PRIVATE_ROUTES.map(screenRoute),
      },
      {
        path: '*',
        element: (
          <Titled title="Página não encontrada">
            <CatchAllPage />
          </Titled>
        ),
      },
    ],
  },
];
