import { useState } from 'react';

/**
 * Open/close state of a register's form dialog. The row outlives the open
 * flag so the header does not flip from 'Editar' to 'Novo' while the dialog
 * fades out.
 */
export function useRegisterDialog<T>() {
  const [state, setState] = useState<{ visible: boolean; row: T | null }>({ visible: false, row: null });
  return {
    visible: state.visible,
    /** null = a new record. */
    row: state.row,
    openNew: () => setState({ visible: true, row: null }),
    openEdit: (row: T) => setState({ visible: true, row }),
    close: () => setState((s) => ({ ...s, visible: false })),
  };
}
