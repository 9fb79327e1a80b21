import type { Toast, ToastMessage } from 'primereact/toast';
import { MSG } from '@jornada/contracts';
import { ApiError } from './http';

/**
 * The one toast service (seed 000 §8). A single <ToastHost/> (toast-host.tsx)
 * is mounted by the providers; everything else calls the functions below.
 */
export const TOAST_LIFE_MS = 10_000;

/** What the service needs of the host: PrimeReact's Toast, through its ref. */
type ToastApi = Pick<Toast, 'show' | 'remove' | 'clear'>;

let instance: ToastApi | null = null;

/** The warnings and errors on screen: a later success makes them stale (see clearProblemToasts). */
let problems: ToastMessage[] = [];

/** Every message on screen (the host's onRemove drops those that close or expire; clear() empties it). */
let onScreen: ToastMessage[] = [];

function show(message: ToastMessage): void {
  onScreen.push(message);
  instance?.show(message);
}

/**
 * Called by the host once it is mounted. The host is downloaded after the
 * first paint (issue 24): what was shown before it came is shown now.
 */
export function attachToastHost(host: ToastApi): void {
  instance = host;
  if (onScreen.length > 0) host.show([...onScreen]);
}

/** The app is gone (a test's cleanup; never in a running tab): nothing it queued may reach the next one. */
export function detachToastHost(): void {
  instance = null;
  problems = [];
  onScreen = [];
  afterNavigation = null;
}

/** The host's onRemove: a message closed or expired. */
export function toastRemoved(message: ToastMessage): void {
  problems = problems.filter((p) => p !== message);
  onScreen = onScreen.filter((p) => p !== message);
}

function showProblem(message: ToastMessage): void {
  problems.push(message);
  show(message);
}

/**
 * Removes the warnings and errors still on screen. Called when what failed
 * has since worked (a save after a rejected one, a list that loads on retry):
 * a 'Mensagem' about a duplicated code must not linger beside the 'OK'.
 */
export function clearProblemToasts(): void {
  for (const p of problems) instance?.remove(p);
  problems = [];
}

export function toastSuccess(mensagem: string): void {
  clearProblemToasts();
  show({ severity: 'success', summary: MSG.tituloOk, detail: mensagem, life: TOAST_LIFE_MS });
}

export function toastWarn(mensagem: string): void {
  showProblem({ severity: 'warn', summary: MSG.tituloMensagem, detail: mensagem, life: TOAST_LIFE_MS });
}

export function toastError(mensagem: string = MSG.oops): void {
  showProblem({ severity: 'error', summary: MSG.tituloErro, detail: mensagem, life: TOAST_LIFE_MS });
}

/** A success to show once the route has changed (a form that saves and returns to its list). */
let afterNavigation: string | null = null;

/**
 * The route change clears the toasts (seed 000 §2.4); the success of the
 * action that caused it must survive it: call this just before navigating.
 */
export function toastSuccessAfterNavigation(mensagem: string): void {
  afterNavigation = mensagem;
}

export function clearToasts(): void {
  const mensagem = afterNavigation;
  afterNavigation = null;
  problems = [];
  const isKept = (m: ToastMessage) => m.severity === 'success' && m.detail === mensagem;
  if (mensagem !== null && onScreen.some(isKept)) {
    // The action's OK is already on screen (the generic success toast): everything else goes and it
    // stays. Clearing and showing it again would leave the old copy fading out beside the new one.
    for (const m of onScreen.filter((x) => !isKept(x))) instance?.remove(m);
    onScreen = onScreen.filter(isKept);
    return;
  }
  instance?.clear();
  onScreen = [];
  if (mensagem !== null) {
    // After the clear has rendered: shown in the same tick, the toast would be added to the old list.
    setTimeout(() => toastSuccess(mensagem), 0);
  }
}

/**
 * The generic error handler of seed 000 §8: a Portuguese `mensagem` from the
 * server (400/401, and per architecture §2 also 403/404/409) is a 'Mensagem'
 * warning; anything else — 5xx, no response, a bug — is 'Erro' with the
 * generic text, never internals.
 */
export function toastForError(error: unknown): void {
  if (error instanceof ApiError) {
    if (error.sessionExpired) return; // the login page says it instead
    if (error.fromServer && error.status !== null && error.status < 500) {
      toastWarn(error.mensagem);
      return;
    }
  }
  toastError();
}

/** Success of a mutation: 'OK' with the response's mensagem, when it has one. */
export function toastForSuccess(data: unknown): void {
  if (data && typeof data === 'object' && 'mensagem' in data && typeof data.mensagem === 'string') {
    toastSuccess(data.mensagem);
  }
}
