import { useSyncExternalStore } from 'react';
import type { Endpoint, Sessao } from '@jornada/contracts';

/**
 * The browser session (seed 000 §3, §9): kept in sessionStorage so it dies with
 * the tab and is never shared between tabs of different users. The store is a
 * tiny external store so React re-renders on login/logout without a context.
 */
const KEY = 'jornada.sessao';

/**
 * Caches the later screens keep beside the session (employees, punches). The
 * login page clears them on open (seed 000 §4) — listed here so every feature
 * that adds one registers its key in one place.
 */
export const SESSION_CACHE_KEYS = [
  'jornada.cacheFuncionarios',
  'jornada.cacheMarcacoes',
  'jornada.cacheControlePonto',
] as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedValue: Sessao | null = null;

function read(): Sessao | null {
  const raw = sessionStorage.getItem(KEY);
  if (raw === cachedRaw) return cachedValue;
  cachedRaw = raw;
  try {
    cachedValue = raw ? (JSON.parse(raw) as Sessao) : null;
  } catch {
    cachedValue = null;
  }
  return cachedValue;
}

function emit(): void {
  for (const l of listeners) l();
}

export function getSession(): Sessao | null {
  return read();
}

/**
 * True between Sair clearing the storage and the login page showing: the guard
 * must not race the logout with its own redirect (which would carry ?redirect=).
 */
let signingOut = false;
export function isSigningOut(): boolean {
  return signingOut;
}
export function finishSigningOut(): void {
  signingOut = false;
}

export function setSession(s: Sessao): void {
  signingOut = false;
  // Code 0 is held by everyone logged in (seed 000 §2.2); the server appends it, we make sure.
  const permissoes = s.permissoes.includes(0) ? s.permissoes : [...s.permissoes, 0];
  sessionStorage.setItem(KEY, JSON.stringify({ ...s, permissoes }));
  emit();
}

export function updateToken(token: Sessao['token']): void {
  const s = read();
  if (s) setSession({ ...s, token });
}

/**
 * The main company's data in the session changed on the server (the closing
 * period, seed 000 §3 'updatable'): later calls send it in usuarioRequisicao.
 */
export function updateSessionEmpresa(patch: Partial<Sessao['dadosRequisicao']['empresa']>): void {
  const s = read();
  if (s)
    setSession({
      ...s,
      dadosRequisicao: { ...s.dadosRequisicao, empresa: { ...s.dadosRequisicao.empresa, ...patch } },
    });
}

/**
 * The company a screen with a company filter opens on (issue 24 §6): the user's own — the session's, their main
 * company first — when the list offers it, else the only one offered; none while the list loads.
 */
export function empresaInicial(cnpjs: readonly { id: number }[] | undefined): number | null {
  if (!cnpjs?.length) return null;
  const sua = read()?.dadosRequisicao.cnpj?.id;
  if (sua !== undefined && cnpjs.some((c) => c.id === sua)) return sua;
  return cnpjs.length === 1 ? cnpjs[0]!.id : null;
}

export function clearSession(): void {
  sessionStorage.removeItem(KEY);
  emit();
}

export function clearSessionCaches(): void {
  for (const k of SESSION_CACHE_KEYS) sessionStorage.removeItem(k);
}

/** Sair (seed 000 §4): session and local storage are cleared fully. */
export function clearAllStorage(): void {
  signingOut = true;
  sessionStorage.clear();
  localStorage.clear();
  emit();
}

function subscribe(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Outside React: called on every login, token change and logout (the tab hand-off keeps its lock by it). */
export const subscribeSession = subscribe;

export function useSession(): Sessao | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

const EMPTY: ReadonlySet<number> = new Set();
let heldFor: Sessao | null = null;
let heldSet: ReadonlySet<number> = EMPTY;

/** The codes the session holds, as a set (memoised per session object). */
export function heldCodes(s: Sessao | null): ReadonlySet<number> {
  if (!s) return EMPTY;
  if (s !== heldFor) {
    heldFor = s;
    heldSet = new Set([0, ...s.permissoes]);
  }
  return heldSet;
}

export function useHeldCodes(): ReadonlySet<number> {
  return heldCodes(useSession());
}

/** True when the logged-in user holds `code` (buttons and menu; the server is the real wall). */
export function useHasCode(code: number): boolean {
  return useHeldCodes().has(code);
}

/** What the server's wall reads of a contract (http/endpoint-route.ts). */
export type Chamada = Pick<Endpoint, 'permission' | 'altPermission' | 'suporte'>;

/**
 * Whether the session may make `endpoint`'s call as the server's wall judges it: it holds the contract's code (or
 * its second one), and a support session is not refused the call (suporte 'negado', decision 0064). `codigo`: the
 * one code the service narrows a create-or-update call to (Novo 20 and editar 21 share one salvar). A button that
 * makes the call is shown only when this is true (issue 24 §11): the page offers what the server lets through.
 */
export function podeChamar(s: Sessao | null, endpoint: Chamada, codigo?: number): boolean {
  if (endpoint.permission === null) return true;
  if (!s) return false;
  if (s.suporte === true && endpoint.suporte === 'negado') return false;
  const held = heldCodes(s);
  if (codigo !== undefined && !held.has(codigo)) return false;
  return held.has(endpoint.permission) || (endpoint.altPermission !== undefined && held.has(endpoint.altPermission));
}

/** podeChamar for the logged-in user. */
export function usePodeChamar(endpoint: Chamada, codigo?: number): boolean {
  return podeChamar(useSession(), endpoint, codigo);
}

/**
 * One-shot message for the login page (e.g. the session expired): the toast
 * would be cleared by the route change, so the message travels with us instead.
 */
let flash: string | null = null;
export function setLoginFlash(m: string | null): void {
  flash = m;
}
/** Read without clearing: React may run a state initializer twice (StrictMode). */
export function peekLoginFlash(): string | null {
  return flash;
}
export function clearLoginFlash(): void {
  flash = null;
}
