import { confirmDialog } from 'primereact/confirmdialog';

export interface ConfirmOptions {
  message: string;
  header?: string;
  /** Danger styling for destructive actions (delete). */
  danger?: boolean;
  onAccept: () => void;
}

/**
 * The one confirmation helper (seed 000 §2.5: 'Excluir ... ?' with Sim/Não).
 * It drives the single <ConfirmDialog/> mounted by the providers. Focus starts
 * on 'Não' so Enter never deletes by accident.
 */
export function confirmAction({ message, header = 'Confirmação', danger = false, onAccept }: ConfirmOptions): void {
  confirmDialog({
    message,
    header,
    icon: danger ? 'pi pi-exclamation-triangle' : 'pi pi-question-circle',
    acceptLabel: 'Sim',
    rejectLabel: 'Não',
    acceptClassName: danger ? 'p-button-danger' : undefined,
    rejectClassName: 'p-button-text',
    defaultFocus: 'reject',
    accept: onAccept,
  });
}

export const MSG_DESCARTE = {
  header: 'Alterações não salvas',
  message: 'O que foi alterado neste formulário não foi salvo. Fechar mesmo assim?',
} as const;

/** Closing a form with unsaved changes (issue 24 §3): Sim closes, Não (the default) goes back to the form. */
export function confirmarDescarte(fechar: () => void): void {
  confirmAction({ ...MSG_DESCARTE, onAccept: fechar });
}
