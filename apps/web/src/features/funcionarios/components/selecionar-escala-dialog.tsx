import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { funcionarioApi, type ResponseOf, type funcionarioPesquisaApi } from '@jornada/contracts';
import { filterRows } from '../../../components/ui/data-table';
import { FormField } from '../../../components/ui/form-field';
import { listarContratos } from '../../../shared/lookups-api';

const PICKER_ROWS = 8;

/** A schedule as the picker lists it (funcionario-pesquisa/listar-contratos). */
export type EscalaOpcao = ResponseOf<typeof funcionarioPesquisaApi.listarContratos>[number];

/** The listing's type code ('EQH' time table, 'ERC' rotation) as people read it. */

/**
 * The schedule picker (seed 001 §2.6 'escala de horários picked via a search
 * dialog'): the tenant's schedules, a search over the description, one row
 * chosen with a click (or Enter on the focused row) and 'Selecionar'.
 * A double click picks at once.
 */
export function SelecionarEscalaDialog({
  visible,
  onSelect,
  onHide,
}: {
  visible: boolean;
  onSelect: (c: EscalaOpcao) => void;
  onHide: () => void;
}) {
  return (
    <Dialog
      header="Selecionar escala de horários"
      visible={visible}
      onHide={onHide}
      modal
      draggable={false}
      resizable={false}
      style={{ width: '40rem' }}
      breakpoints={{ '640px': '95vw' }}
      className="app-dialog"
    >
      {visible ? <EscalaPicker onSelect={onSelect} onHide={onHide} /> : null}
    </Dialog>
  );
}

function EscalaPicker({ onSelect, onHide }: { onSelect: (c: EscalaOpcao) => void; onHide: () => void }) {
  const contratos = listarContratos.useQuery({});
  const [busca, setBusca] = useState('');
  const [marcada, setMarcada] = useState<EscalaOpcao | null>(null);
  const [first, setFirst] = useState(0);
  const linhas = useMemo(
    () => filterRows(contratos.data ?? [], busca, ['descricao', 'nomeRef']),
    [contratos.data, busca],
  );
  const escolher = (c: EscalaOpcao | null) => {
    if (!c) return;
    onSelect(c);
    onHide();
  };

  return (
    <div className="form-grid">
      <IconField iconPosition="left" className="search-input">
        <InputIcon className="pi pi-search" />
        <InputText
          type="search"
          value={busca}
          autoFocus
          placeholder="Buscar pela descrição"
          aria-label="Buscar escala"
          onChange={(e) => {
            setBusca(e.target.value);
            setFirst(0);
          }}
        />
      </IconField>
      <DataTable
        value={linhas}
        dataKey="id"
        selectionMode="single"
        selection={marcada}
        onSelectionChange={(e) => setMarcada((e.value as EscalaOpcao | null) ?? null)}
        onRowDoubleClick={(e) => escolher(e.data as EscalaOpcao)}
        metaKeySelection={false}
        paginator
        rows={PICKER_ROWS}
        first={first}
        onPage={(e) => setFirst(e.first)}
        loading={contratos.isPending}
        emptyMessage={busca ? 'Nenhuma escala encontrada.' : 'Nenhuma escala de horários cadastrada.'}
        size="small"
        stripedRows
        className="app-table"
        aria-label="Escalas de horários"
      >
        <Column field="descricao" header="Descrição" />
        <Column
          field="tipo"
          header="Tipo"
          body={(c: EscalaOpcao) => funcionarioApi.descricaoTipoContrato(c.tipo)}
          style={{ width: '11rem' }}
        />
      </DataTable>
      <div className="dialog-actions">
        <Button type="button" label="Cancelar" icon="pi pi-times" outlined onClick={onHide} />
        <Button
          type="button"
          label="Selecionar"
          icon="pi pi-check"
          disabled={marcada === null}
          onClick={() => escolher(marcada)}
        />
      </div>
    </div>
  );
}

/**
 * A schedule field: the chosen schedule's name (read-only) and the search
 * button that opens the picker. `erro` is the form's message for it.
 */
export function CampoEscala({
  id,
  label = 'Escala de horários',
  value,
  onChange,
  erro,
  disabled = false,
}: {
  id: string;
  label?: string;
  value: Pick<EscalaOpcao, 'id' | 'nomeRef'> | null;
  onChange: (c: EscalaOpcao) => void;
  erro?: string | undefined;
  disabled?: boolean;
}) {
  const [aberto, setAberto] = useState(false);
  return (
    <FormField id={id} label={label} error={erro}>
      <div className="p-inputgroup campo-escala">
        <InputText
          id={id}
          value={value?.nomeRef ?? ''}
          readOnly
          placeholder="Selecione a escala"
          invalid={erro !== undefined}
          aria-invalid={erro !== undefined}
          aria-describedby={erro ? `${id}-erro` : undefined}
          disabled={disabled}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              setAberto(true);
            }
          }}
          onClick={() => {
            if (!disabled) setAberto(true);
          }}
        />
        <Button
          type="button"
          icon="pi pi-search"
          aria-label={`Pesquisar ${label.toLowerCase()}`}
          disabled={disabled}
          onClick={() => setAberto(true)}
        />
      </div>
      <SelecionarEscalaDialog visible={aberto} onSelect={onChange} onHide={() => setAberto(false)} />
    </FormField>
  );
}
