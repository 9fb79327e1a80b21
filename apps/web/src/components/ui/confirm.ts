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
