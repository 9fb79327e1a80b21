import { lazy, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { ROUTES, type RouteDef } from '@jornada/contracts';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { LoginPage } from '../features/auth/components/login-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { clearToasts } from '../shared/toast';
import { RequireCode, RequireSession } from './guard';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage, UnauthorizedPage } from './pages/error-pages';
import { HomePage } from './pages/home-page';
import { UnderConstructionPage } from './pages/under-construction-page';

/**
 * The screens built so far, by route path. Feature screens load on demand so
 * the first paint stays small as the ~70 screens arrive. A path of ROUTES
 * missing here shows the 'em construção' page: the menu never has dead links.
 */
const SCREENS: Readonly<Record<string, ComponentType>> = {
  '/': HomePage,
  '/cadastros/cargos': lazy(() =>
    import('../features/cargos/components/cargos-page').then((m) => ({ default: m.CargosPage })),
  ),
};

const PUBLIC_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/login': LoginPage,
  '/esqueci-senha': ForgotPasswordPage,
  '/redefinir-senha-email': ResetPasswordPage,
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

function screenRoute(def: RouteDef): RouteObject {
  const Screen = SCREENS[def.path];
  return {
    path: def.path,
    element: (
      <RequireCode route={def}>
        <Titled title={def.titulo}>{Screen ? <Screen /> : <UnderConstructionPage title={def.titulo} />}</Titled>
      </RequireCode>
    ),
  };
}

function publicRoute(def: RouteDef): RouteObject {
  const Screen = PUBLIC_SCREENS[def.path] ?? NotFoundPage;
  return {
    path: def.path,
    element: (
      <Titled title={def.titulo}>
        <Screen />
      </Titled>
    ),
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootEffects />,
    children: [
      ...ROUTES.filter((r) => r.permission === null).map(publicRoute),
      {
        element: (
          <RequireSession>
            <AppLayout />
          </RequireSession>
        ),
        children: ROUTES.filter((r) => r.permission !== null).map(screenRoute),
      },
      {
        path: '*',
        element: (
          <Titled title="Página não encontrada">
            <NotFoundPage />
          </Titled>
        ),
      },
    ],
  },
];
