import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ProgressSpinner } from 'primereact/progressspinner';
import { canOpen, type RouteDef } from '@jornada/contracts';
import { currentPath } from '../shared/redirect';
import { isSigningOut, useHeldCodes, useSession } from '../shared/session';
import { useHandoffPending } from '../shared/tab-session';

/** Seed 000 §2.2: no session → /login with the wanted path as redirect. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  // A new tab is asking the open ones for the session (decision 0026): no verdict yet.
  const handoffPending = useHandoffPending();
  if (!session) {
    // Sair navigates to /login itself, without a redirect back.
    if (isSigningOut()) return null;
    if (handoffPending) {
      return (
        <div className="center-block" role="status">
          <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" />
          <p>Verificando sessão…</p>
        </div>
      );
    }
    return <Navigate to={`/login?redirect=${encodeURIComponent(currentPath(location))}`} replace />;
  }
  return children;
}

/** Seed 000 §2.2: a session lacking the route's code → /nao-autorizado with a redirect query. */
export function RequireCode({ route, children }: { route: RouteDef; children: ReactNode }) {
  const held = useHeldCodes();
  const location = useLocation();
  if (!canOpen(route, held)) {
    return <Navigate to={`/nao-autorizado?redirect=${encodeURIComponent(currentPath(location))}`} replace />;
  }
  return children;
}
