import { useMemo, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { PAGE_REPORT_TEMPLATE, filterRows } from '../../../components/ui/data-table';
import '../feriados.css';

export interface PickItem {
  id: number;
  nome: string;
}

/** Seed 000 §9: picker tables show 6 rows. */
const PICKER_ROWS = 6;
const PICKER_PAGINATOR = 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport';

/**
 * A list of picked items (cost centres, positions) with a selection dialog
 * (seed 000 §4 Holiday scope): 'Incluir' stays disabled until an item is
 * ticked, and an item already in the list is never added twice. Disabled when
 * the holiday's scope does not use this list.
 */
export function ListPicker({
  id,
  label,
  options,
  value,
  onChange,
  disabled = false,
  error,
  emptyMessage,
}: {
  id: string;
  /** Plural, as in 'Centros de Custos'. */
  label: string;
  options: readonly PickItem[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  error?: string | undefined;
  emptyMessage: string;
}) {
  const [open, setOpen] = useState(false);
  const [ticked, setTicked] = useState<PickItem[]>([]);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const [pickerPage, setPickerPage] = useState(0);
  // The table keeps a row's remove button from the render that drew the row: it reads the list through this
  // ref, or removing an older item would also drop the ones added since.
  const current = useRef(value);
  current.current = value;
  const byId = useMemo(() => new Map(options.map((o) => [o.id, o])), [options]);
  // An id the options do not name (not loaded yet, or out of the caller's scope) still shows, by number.
  const picked = value.map((v) => byId.get(v) ?? { id: v, nome: `#${v}` });
  // After a removal the remembered page may be past the end: fall back to the last one.
  const lastPageFirst = picked.length ? Math.floor((picked.length - 1) / PICKER_ROWS) * PICKER_ROWS : 0;
  const shown = useMemo(() => filterRows(options, filter, ['nome']), [options, filter]);

  const close = () => {
    setOpen(false);
    setTicked([]);
    setFilter('');
    setPickerPage(0);
  };
  const include = () => {
    const next = [...value];
    for (const t of ticked) if (!next.includes(t.id)) next.push(t.id);
    onChange(next);
    close();
  };

  return (
    <div
      className={`list-picker${disabled ? ' list-picker-disabled' : ''}`}
      role="group"
      aria-labelledby={`${id}-rotulo`}
    >
      <div className="list-picker-header">
        <span id={`${id}-rotulo`} className="list-picker-label">
          {label}
        </span>
        <Button
          type="button"
          label="Adicionar"
          icon="pi pi-plus"
          size="small"
          outlined
          disabled={disabled}
          aria-label={`Adicionar ${label}`}
          onClick={() => setOpen(true)}
        />
      </div>
      <DataTable
        value={picked}
        dataKey="id"
        size="small"
        paginator={picked.length > PICKER_ROWS}
        rows={PICKER_ROWS}
        first={Math.min(page, lastPageFirst)}
        onPage={(e) => setPage(e.first)}
        paginatorTemplate={PICKER_PAGINATOR}
        currentPageReportTemplate={PAGE_REPORT_TEMPLATE}
        emptyMessage={emptyMessage}
        className="app-table list-picker-table"
        aria-label={label}
      >
        <Column field="nome" header="Nome" />
        <Column
          header="Ações"
          headerClassName="col-actions"
          bodyClassName="col-actions"
          style={{ width: '5rem' }}
          body={(row: PickItem) => (
            <Button
              type="button"
              icon="pi pi-times"
              rounded
              text
              severity="danger"
              disabled={disabled}
              aria-label={`Remover ${row.nome}`}
              onClick={() => onChange(current.current.filter((v) => v !== row.id))}
            />
          )}
        />
      </DataTable>
      {error ? (
        <small id={`${id}-erro`} className="p-error" role="alert">
          {error}
        </small>
      ) : null}
      <Dialog
        header={`Selecionar ${label}`}
        visible={open}
        onHide={close}
        modal
        draggable={false}
        resizable={false}
        style={{ width: '36rem' }}
        breakpoints={{ '640px': '95vw' }}
        className="app-dialog"
        footer={
          <div className="dialog-actions">
            <Button type="button" label="Cancelar" icon="pi pi-times" outlined onClick={close} />
            <Button type="button" label="Incluir" icon="pi pi-check" disabled={ticked.length === 0} onClick={include} />
          </div>
        }
      >
        <InputText
          type="search"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setPickerPage(0);
          }}
          placeholder="Filtrar"
          aria-label={`Filtrar ${label}`}
          className="w-full list-picker-filter"
          autoFocus
        />
        <DataTable
          value={shown}
          dataKey="id"
          size="small"
          selectionMode="checkbox"
          selection={ticked}
          onSelectionChange={(e) => setTicked(e.value as PickItem[])}
          paginator
          rows={PICKER_ROWS}
          first={pickerPage}
          onPage={(e) => setPickerPage(e.first)}
          paginatorTemplate={PICKER_PAGINATOR}
          currentPageReportTemplate={PAGE_REPORT_TEMPLATE}
          emptyMessage={filter ? 'Nada encontrado para o filtro.' : 'Nenhum item disponível.'}
          className="app-table"
          aria-label={`Selecionar ${label}`}
        >
          <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
          <Column field="nome" header="Nome" />
        </DataTable>
      </Dialog>
    </div>
  );
}
