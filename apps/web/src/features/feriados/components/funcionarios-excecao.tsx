import { useMemo, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import type { FuncionarioResumo } from '@jornada/contracts';
import {
  FiltroFuncionarios,
  filtroFuncionariosVazio,
  type FiltroFuncionariosValue,
} from '../../../components/filtro-funcionarios';
import { PAGE_REPORT_TEMPLATE } from '../../../components/ui/data-table';
import '../feriados.css';

/** Seed 000 §9: picker tables show 6 rows. */
const ROWS = 6;
const PAGINATOR = 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport';

/**
 * The employees of 'Exceção da Regra': the ones picked (crachá, nome, remove)
 * and 'Adicionar', which opens the shared employee filter in a dialog;
 * 'Incluir' adds what was selected there. `conhecidos` names the employees
 * the holiday already had (the server sends them with the holiday).
 */
export function FuncionariosExcecao({
  value,
  onChange,
  conhecidos,
}: {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  conhecidos: readonly FuncionarioResumo[];
}) {
  const [aberto, setAberto] = useState(false);
  const [filtro, setFiltro] = useState<FiltroFuncionariosValue>(() => filtroFuncionariosVazio());
  const [incluidos, setIncluidos] = useState<FuncionarioResumo[]>([]);
  const [pagina, setPagina] = useState(0);
  // The table may keep a row's remove button from an earlier render: it reads the list through this ref.
  const atual = useRef(value);
  atual.current = value;
  const porId = useMemo(() => new Map([...conhecidos, ...incluidos].map((f) => [f.id, f])), [conhecidos, incluidos]);
  const linhas = value.map((id) => porId.get(id) ?? { id, cracha: '', nome: `#${id}`, pis: '' });
  const ultimaPagina = linhas.length ? Math.floor((linhas.length - 1) / ROWS) * ROWS : 0;

  const fechar = () => {
    setAberto(false);
    setFiltro((f) => ({ ...f, funcionarios: [], todos: false }));
  };
  const incluir = () => {
    const novos = filtro.funcionarios.filter((f) => !value.includes(f.id));
    setIncluidos((atual) => [...atual, ...novos]);
    onChange([...value, ...novos.map((f) => f.id)]);
    fechar();
  };

  return (
    <div className="list-picker" role="group" aria-labelledby="excecao-funcionarios-rotulo">
      <div className="list-picker-header">
        <span id="excecao-funcionarios-rotulo" className="list-picker-label">
          Funcionários
        </span>
        <Button
          type="button"
          label="Adicionar"
          icon="pi pi-plus"
          size="small"
          outlined
          aria-label="Adicionar Funcionários"
          onClick={() => setAberto(true)}
        />
      </div>
      <DataTable
        value={linhas}
        dataKey="id"
        size="small"
        paginator={linhas.length > ROWS}
        rows={ROWS}
        first={Math.min(pagina, ultimaPagina)}
        onPage={(e) => setPagina(e.first)}
        paginatorTemplate={PAGINATOR}
        currentPageReportTemplate={PAGE_REPORT_TEMPLATE}
        emptyMessage="Nenhum funcionário na exceção."
        className="app-table list-picker-table"
        aria-label="Funcionários"
      >
        <Column field="cracha" header="Crachá" style={{ width: '8rem' }} />
        <Column field="nome" header="Nome" />
        <Column
          header="Ações"
          headerClassName="col-actions"
          bodyClassName="col-actions"
          style={{ width: '5rem' }}
          body={(f: FuncionarioResumo) => (
            <Button
              type="button"
              icon="pi pi-times"
              rounded
              text
              severity="danger"
              aria-label={`Remover ${f.nome}`}
              onClick={() => onChange(atual.current.filter((id) => id !== f.id))}
            />
          )}
        />
      </DataTable>
      <Dialog
        header="Selecionar Funcionários"
        visible={aberto}
        onHide={fechar}
        modal
        draggable={false}
        resizable={false}
        style={{ width: '64rem' }}
        breakpoints={{ '960px': '95vw' }}
        className="app-dialog"
        footer={
          <div className="dialog-actions">
            <Button type="button" label="Cancelar" icon="pi pi-times" outlined onClick={fechar} />
            <Button
              type="button"
              label="Incluir"
              icon="pi pi-check"
              disabled={filtro.funcionarios.length === 0}
              onClick={incluir}
            />
          </div>
        }
      >
        <FiltroFuncionarios id="excecao-filtro" value={filtro} onChange={setFiltro} />
      </Dialog>
    </div>
  );
}
