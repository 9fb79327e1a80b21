import { useState } from 'react';
import { PAGINATOR } from '@jornada/contracts';
import { useTableUrlState } from '../../../shared/url-state';

/** Page, size (10/20/30/50, or the screen's own sizes of seed 000 §9), filter and sort of a register, kept in the URL. */
export function useRegisterTable(paginator: { rows: number; options: readonly number[] } = PAGINATOR.cadastros) {
  return useTableUrlState(paginator.rows, paginator.options);
}

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
