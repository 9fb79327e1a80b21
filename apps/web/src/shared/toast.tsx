import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { MSG } from '@jornada/contracts';
import { ApiError } from './http';

/**
 * The one toast service (seed 000 §8). A single <ToastHost/> is mounted by the
 * providers; everything else calls the functions below.
 */
export const TOAST_LIFE_MS = 10_000;

let instance: Toast | null = null;

export function ToastHost() {
  const ref = useRef<Toast>(null);
  useEffect(() => {
    instance = ref.current;
    return () => {
      instance = null;
    };
  }, []);
  // Bottom-right: at the top the 10 s toasts would cover the top bar and each screen's Novo button.
  return <Toast ref={ref} position="bottom-right" />;
}

export function toastSuccess(mensagem: string): void {
  instance?.show({ severity: 'success', summary: MSG.tituloOk, detail: mensagem, life: TOAST_LIFE_MS });
}

export function toastWarn(mensagem: string): void {
  instance?.show({ severity: 'warn', summary: MSG.tituloMensagem, detail: mensagem, life: TOAST_LIFE_MS });
}

export function toastError(mensagem: string = MSG.oops): void {
  instance?.show({ severity: 'error', summary: MSG.tituloErro, detail: mensagem, life: TOAST_LIFE_MS });
}

export function clearToasts(): void {
  instance?.clear();
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
