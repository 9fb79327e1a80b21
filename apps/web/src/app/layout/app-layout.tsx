import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ProgressSpinner } from 'primereact/progressspinner';
import { SIDE_MENU, visibleMenu } from '@jornada/contracts';
import { setSessionExpiredHandler } from '../../shared/http';
import { currentPath } from '../../shared/redirect';
import { clearAllStorage, clearSession, finishSigningOut, setLoginFlash, useHeldCodes } from '../../shared/session';
import { setSignedOutElsewhereHandler } from '../../shared/tab-session';
import { DESKTOP_QUERY, useMediaQuery } from '../../shared/use-media-query';
import { Footer } from './footer';
import { SideMenu } from './side-menu';
import { isPendingPath } from '../screens';
import { TopBar } from './top-bar';
// The theme's rules for the widgets only the signed-in screens use (vite.config.ts, SHELL_THEME_PARTS).
import 'primereact/resources/themes/lara-light-blue/theme.css?shell';
import './app-layout.css';

const COLLAPSED_KEY = 'jornada.menuRecolhido';

/**
 * The authenticated shell: top bar, side menu (static on desktop, drawer on
 * mobile), content, footer. The content is the matched route, or `children`
 * where the shell wraps a page outside the route table (the 404).
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const held = useHeldCodes();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menu = visibleMenu(SIDE_MENU, held);

  // Seed 000 §2.4 via the lead: a 401 on an authenticated call means the session is gone.
  useEffect(() => {
    setSessionExpiredHandler((mensagem) => {
      const here = currentPath(window.location);
      clearSession();
      queryClient.clear();
      setLoginFlash(mensagem);
      void navigate(`/login?redirect=${encodeURIComponent(here)}`, { replace: true });
    });
    return () => setSessionExpiredHandler(null);
  }, [navigate, queryClient]);

  // Sair in another tab of this user: this one leaves too, straight to /login (decision 0026).
  useEffect(() => {
    setSignedOutElsewhereHandler(() => {
      clearAllStorage();
      queryClient.clear();
      void Promise.resolve(navigate('/login', { replace: true })).then(finishSigningOut);
    });
    return () => setSignedOutElsewhereHandler(null);
  }, [navigate, queryClient]);

  // The drawer closes whenever the route changes or the screen becomes desktop.
  useEffect(() => setDrawerOpen(false), [location.pathname, isDesktop]);

  const menuVisible = isDesktop ? !collapsed : drawerOpen;
  const toggle = () => {
    if (isDesktop) {
      setCollapsed((c) => {
        localStorage.setItem(COLLAPSED_KEY, c ? '0' : '1');
        return !c;
      });
    } else {
      setDrawerOpen((o) => !o);
    }
  };

  return (
    <div className={`app-shell ${isDesktop ? 'is-desktop' : 'is-mobile'}${menuVisible ? ' menu-visible' : ''}`}>
      <TopBar onToggleMenu={toggle} menuOpen={menuVisible} />
      <div className="app-body">
        {!isDesktop && drawerOpen ? (
          <div className="menu-backdrop" onClick={() => setDrawerOpen(false)} aria-hidden="true" />
        ) : null}
        <aside className="app-sidebar" aria-hidden={!menuVisible} inert={!menuVisible}>
          <SideMenu items={menu} onNavigate={() => setDrawerOpen(false)} isPending={isPendingPath} />
        </aside>
        <div className="app-main">
          <main className="app-content">
            <Suspense
              fallback={
                <div className="center-block">
                  <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" />
                </div>
              }
            >
              {children ?? <Outlet />}
            </Suspense>
          </main>
          <Footer />
        </div>
      </div>
    </div>
  );
}
