import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { PAGINATOR, PERM, type CnpjLinha } from '@jornada/contracts';
import { formatCnpj, formatCpf, formatTelefone } from '../../../components/ui/masks';
import { Page } from '../../../components/ui/page';
import { ListTable, useListTable } from '../../../components/ui/list-table';
import { RowActions } from '../../../components/ui/register/register-page';
import { useHeldCodes } from '../../../shared/session';
import { listarEmpresas } from '../api/empresas-api';
import { AlterarPeriodoFechamentoDialog } from './alterar-periodo-fechamento-dialog';
import '../empresas.css';

/** The document as people read it. */
export const documento = (c: Pick<CnpjLinha, 'numero' | 'tipoNumeroDocumento'>) =>
  c.tipoNumeroDocumento === 'cpf' ? formatCpf(c.numero) : formatCnpj(c.numero);

/** A phone may wrap after its area code, never inside the number. */
function phone(v: string | null) {
  if (!v) return '';
  const [ddd, numero] = formatTelefone(v).split(' ');
  return numero === undefined ? (
    ddd
  ) : (
    <>
      {ddd} <span className="nowrap">{numero}</span>
    </>
  );
}

/**
 * Empresas (seed 000 §2.5): the companies (CNPJ/CPF) the user sees — the
 * server limits them to the user's own (decision 0020) — with the tenant's
 * closing period above the table. Novo (30) and edit (32) open the company
 * form; 32 also changes the closing period. The seed shows no delete.
 */
export function EmpresasPage() {
  const navigate = useNavigate();
  const held = useHeldCodes();
  const table = useListTable(PAGINATOR.empresas);
  const empresas = listarEmpresas.useQuery({});
  const [periodoAberto, setPeriodoAberto] = useState(false);
  const data = empresas.data;
  const canEdit = held.has(PERM.EMPRESAS_EDITAR);
  const rowLabel = (c: CnpjLinha) => `${c.razaoSocial} (${documento(c)})`;

  return (
    <Page
      title="Empresas"
      actions={
        held.has(PERM.EMPRESAS_NOVO) ? (
          <Button label="Novo" icon="pi pi-plus" onClick={() => navigate('/cadastros/empresas/nova')} />
        ) : null
      }
    >
      <div className="table-toolbar periodo-fechamento">
        <span aria-live="polite">
          {data
            ? `Período de fechamento: ${data.diaInicioFechamento} a ${data.diaFinalFechamento}`
            : 'Período de fechamento: …'}
        </span>
        {canEdit && data ? (
          <Button
            label="Alterar período"
            icon="pi pi-calendar"
            text
            size="small"
            onClick={() => setPeriodoAberto(true)}
          />
        ) : null}
      </div>
      <div className="tabela-empresas">
        <ListTable<CnpjLinha>
          query={empresas}
          table={table}
          value={data?.cnpjs ?? []}
          dataKey="id"
          emptyMessage="Nenhuma empresa cadastrada."
          ariaLabel="Empresas"
        >
          <Column field="numero" header="CNPJ / CPF" body={(c: CnpjLinha) => documento(c)} bodyClassName="nowrap" />
          <Column field="razaoSocial" header="Razão Social" sortable style={{ minWidth: '10rem' }} />
          <Column field="celular" header="Celular" body={(c: CnpjLinha) => phone(c.celular)} />
          <Column field="telefone1" header="Telefone 1" body={(c: CnpjLinha) => phone(c.telefone1)} />
          <Column field="telefone2" header="Telefone 2" body={(c: CnpjLinha) => phone(c.telefone2)} />
          <Column field="codigoContabil" header="Código Contábil" />
          <Column field="estado" header="Estado" sortable />
          <Column field="cidade" header="Cidade" sortable />
          {canEdit ? (
            <Column
              header="Ações"
              body={(c: CnpjLinha) => (
                <RowActions
                  row={c}
                  label={rowLabel(c)}
                  onEdit={(row) => navigate(`/cadastros/empresas/${row.id}/editar`)}
                />
              )}
              style={{ width: '5rem' }}
              headerClassName="col-actions"
              bodyClassName="col-actions"
            />
          ) : null}
        </ListTable>
      </div>
      {data ? (
        <AlterarPeriodoFechamentoDialog
          visible={periodoAberto}
          dias={{ diaInicioFechamento: data.diaInicioFechamento, diaFinalFechamento: data.diaFinalFechamento }}
          onHide={() => setPeriodoAberto(false)}
        />
      ) : null}
    </Page>
  );
}
