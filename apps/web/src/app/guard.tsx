import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { canOpen, type RouteDef } from '@jornada/contracts';
import { currentPath } from '../shared/redirect';
import { isSigningOut, useHeldCodes, useSession } from '../shared/session';

/** Seed 000 §2.2: no session → /login with the wanted path as redirect. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    // Sair navigates to /login itself, without a redirect back.
    if (isSigningOut()) return null;
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
