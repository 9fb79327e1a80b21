import { useSyncExternalStore } from 'react';
import { loginApi, type Sessao } from '@jornada/contracts';
import { callApi, setTokenRecovery } from './http';
import { safeRedirect, splitSupportAccess } from './redirect';
import { clearAllStorage, getSession, setSession, subscribeSession, updateToken } from './session';
import { connectSessionTabs, type SessionTabs } from './session-tabs';

/**
 * The browser side of the tab hand-off (decision 0026), started once by
 * main.tsx. Screens meet it through `useHandoffPending` (the guard and the
 * login page wait for it), `announceTokenRotated` (the login page) and
 * `announceSignOut` (Sair).
 */
export const TAB_CHANNEL_NAME = 'jornada.sessao';
/** A Web Lock held (shared) by every tab with a session: a new tab knows whether anyone can answer. */
export const TAB_LOCK_NAME = 'jornada.sessao';
/** How long a new tab waits for an open tab's answer (answers take milliseconds; a busy tab may take longer). */
export const HANDOFF_TIMEOUT_MS = 1_500;
/** How long a 401 waits for the news of a rotation made by another tab. */
export const RECOVERY_TIMEOUT_MS = 2_000;

let tabs: SessionTabs | null = null;
let stop: (() => void) | null = null;

// ---- the hand-off's state, for the guard and the login page
type Listener = () => void;
const listeners = new Set<Listener>();
let pending = false;
/** The token this tab received (and validated) from an open tab: the login page need not validate it again. */
let adoptedToken: string | null = null;

function setPending(v: boolean): void {
  pending = v;
  for (const l of listeners) l();
}

/** True while a new tab waits for an open tab's session: no login form, no redirect yet. */
export function useHandoffPending(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending,
    () => false,
  );
}

export function wasAdoptedFromTab(s: Sessao | null): boolean {
  return s !== null && adoptedToken !== null && s.token.valor === adoptedToken;
}

// ---- what other parts of the app tell the other tabs
export function announceTokenRotated(anterior: string, token: Sessao['token']): void {
  tabs?.tokenRotated(anterior, token);
}

export function announceSignOut(usuario: number): void {
  tabs?.signedOut(usuario);
}

let onSignedOutElsewhere: (() => void) | null = null;

/** The shell registers how a Sair in another tab is followed here (clear, go to /login). */
export function setSignedOutElsewhereHandler(fn: (() => void) | null): void {
  onSignedOutElsewhere = fn;
}

// ---- presence: a shared Web Lock while this tab has a session
let lockRequested = false;
let lockGranted = false;
let releaseLock: (() => void) | null = null;

function syncPresence(): void {
  const locks = navigator.locks as LockManager | undefined;
  if (!locks) return;
  const has = getSession() !== null;
  if (has && !lockRequested) {
    lockRequested = true;
    void locks.request(
      TAB_LOCK_NAME,
      { mode: 'shared' },
      () =>
        new Promise<void>((resolve) => {
          lockGranted = true;
          releaseLock = resolve;
        }),
    );
  } else if (!has && lockRequested) {
    lockRequested = false;
    lockGranted = false;
    releaseLock?.();
    releaseLock = null;
  }
}

/**
 * Whether another tab holds a session. Without the Web Locks API (outside a
 * secure context) nobody can tell: then the tab asks anyway.
 */
async function otherTabsWithSession(): Promise<boolean> {
  const locks = navigator.locks as LockManager | undefined;
  if (!locks?.query) return true;
  const snapshot = await locks.query();
  const held = (snapshot.held ?? []).filter((l) => l.name === TAB_LOCK_NAME).length;
  return held - (lockGranted ? 1 : 0) > 0;
}

/** A new tab: take an open tab's session, validate it as the login page would (rotating the token), share the rotation. */
async function handOff(): Promise<void> {
  setPending(true);
  try {
    if (!(await otherTabsWithSession())) return;
    const sessao = await tabs?.askOpenTabs(HANDOFF_TIMEOUT_MS);
    // Logged in here meanwhile: that session wins.
    if (!sessao || getSession()) return;
    const r = await callApi(loginApi.validarToken, {
      id: sessao.user.id,
      email: sessao.user.email,
      token: sessao.token.valor,
    });
    if (r.tokenValido && r.token && !getSession()) {
      adoptedToken = r.token.valor;
      setSession({ ...sessao, token: r.token });
      if (r.token.valor !== sessao.token.valor) announceTokenRotated(sessao.token.valor, r.token);
    }
  } catch {
    // No answer, or the server refused the token: this tab logs in as usual.
  } finally {
    setPending(false);
  }
}

/**
 * A 401 right after another tab rotated the shared token, before its news
 * came over the channel: for a while after a rotation the server answers
 * validar-token with the old token by the new one (ROTATION_GRACE_MS, the
 * same grace two tabs opening /login at once rely on). That answer is the
 * state itself, so this tab does not depend on how fast the other one is;
 * the channel stays the way for a token rotated longer ago.
 */
async function successorFromServer(failed: string): Promise<string | null> {
  const s = getSession();
  if (!s) return null;
  // The news arrived while the call was out.
  if (s.token.valor !== failed) return s.token.valor;
  try {
    const r = await callApi(loginApi.validarToken, { id: s.user.id, email: s.user.email, token: failed });
    if (!r.tokenValido || !r.token) return null;
    if (getSession()?.token.valor === failed) updateToken(r.token);
    return getSession()?.token.valor ?? null;
  } catch {
    return null;
  }
}

/** A support-access link (seed 000 §2.1) logs in as support: it never takes a customer's open session. */
function opensSupportAccess(): boolean {
  const params = new URLSearchParams(window.location.search);
  const { support } = splitSupportAccess(safeRedirect(params.get('redirect')), params);
  return Object.keys(support).length > 0;
}

/** Starts the hand-off for this tab (once; a no-op where BroadcastChannel is missing). */
export function startTabSession(): void {
  if (tabs || typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(TAB_CHANNEL_NAME);
  tabs = connectSessionTabs(
    {
      get: getSession,
      set: setSession,
      updateToken,
      signedOutElsewhere: () => {
        if (onSignedOutElsewhere) {
          onSignedOutElsewhere();
        } else {
          clearAllStorage();
          window.location.assign('/login');
        }
      },
    },
    channel,
  );
  const unsubscribe = subscribeSession(syncPresence);
  syncPresence();
  stop = () => {
    unsubscribe();
    channel.close();
  };
  setTokenRecovery(
    async (failed) =>
      (await successorFromServer(failed)) ??
      (tabs && (await otherTabsWithSession()) ? tabs.newerToken(failed, RECOVERY_TIMEOUT_MS) : null),
  );
  if (!getSession() && !opensSupportAccess()) void handOff();
}

/** Tests: forget the wiring (the module is shared by the test files of one worker). */
export function stopTabSession(): void {
  tabs?.close();
  tabs = null;
  stop?.();
  stop = null;
  setTokenRecovery(null);
  adoptedToken = null;
  onSignedOutElsewhere = null;
  if (pending) setPending(false);
}
