import { lazy, Suspense, type ReactNode } from 'react';
import { ProgressSpinner } from 'primereact/progressspinner';

const load = () => import('./layout/app-layout');

/**
 * Starts downloading the authenticated shell before it is rendered (a login
 * being sent, a stored session): the layout is then there when the route
 * changes. Loading twice costs nothing — the browser keeps the module.
 */
export function preloadAppShell(): void {
  void load();
}

const AppLayout = lazy(() => load().then((m) => ({ default: m.AppLayout })));

/**
 * The authenticated shell (top bar, side menu, footer; app/layout) loaded on
 * demand: /login and the public pages do not download it (issue 24, first
 * load). Same props as AppLayout.
 */
export function AppShell({ children }: { children?: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="center-block" role="status" aria-label="Carregando">
          <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" />
        </div>
      }
    >
      <AppLayout>{children}</AppLayout>
    </Suspense>
  );
}
