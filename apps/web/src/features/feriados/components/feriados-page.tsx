import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { PERM, type Feriado } from '@jornada/contracts';
import { RegisterPage, type RegisterColumn } from '../../../components/ui/register/register-page';
import { useListTable } from '../../../components/ui/list-table';
import { useRegisterDialog } from '../../../components/ui/register/use-register';
import { formatDate } from '../../../shared/format';
import { useHasCode } from '../../../shared/session';
import { excluirFeriado, listarFeriados } from '../api/feriados-api';
import { CopiarFeriadosDialog } from './copiar-feriados-dialog';
import { IncluirNacionaisDialog } from './incluir-nacionais-dialog';
import { SalvarFeriadoDialog } from './salvar-feriado-dialog';
import '../feriados.css';

/** A holiday as the table shows and filters it. */
type Row = Feriado & { dataTexto: string; uf: string; cidadeNome: string; tipo: string };

const COLUMNS: readonly RegisterColumn<Row>[] = [
  { field: 'data', header: 'Data', sortable: true, width: '8.5rem', body: (r) => r.dataTexto },
  { field: 'descricao', header: 'Descrição', sortable: true },
  { field: 'descricaoAbrangencia', header: 'Abrangência', sortable: true, width: '10rem' },
  { field: 'uf', header: 'Estado', sortable: true, width: '6rem' },
  { field: 'cidadeNome', header: 'Cidade', sortable: true, width: '11rem' },
  { field: 'tipo', header: 'Tipo', sortable: true, width: '6rem' },
];

/** Seed 000 §9: 20 years, starting 10 before the current one. */
export function yearOptions(current: number): number[] {
  return Array.from({ length: 20 }, (_, i) => current - 10 + i);
}

/**
 * Feriados (seed 000 §2.5): the year's holidays with a year dropdown and a
 * filter; Novo (34), edit (35), delete (36); 'Copiar feriados' and 'Incluir
 * feriados nacionais' create holidays, so they need 34. A holiday tied to cost
 * centres outside the user's scope is read-only for that user.
 */
export function FeriadosPage() {
  const table = useListTable();
  const [params, setParams] = useSearchParams();
  const current = new Date().getFullYear();
  const years = useMemo(() => yearOptions(current), [current]);
  const asked = Number(params.get('ano'));
  const ano = Number.isInteger(asked) && asked >= 1 && asked <= 9999 ? asked : current;
  const setAno = useCallback(
    (a: number) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (a === current) next.delete('ano');
          else next.set('ano', String(a));
          next.delete('pagina');
          return next;
        },
        { replace: true },
      ),
    [setParams, current],
  );

  const feriados = listarFeriados.useQuery({ ano });
  const excluir = excluirFeriado.useMutation({ invalidates: [listarFeriados.endpoint] });
  const dialog = useRegisterDialog<Feriado>();
  const [other, setOther] = useState<'copiar' | 'nacionais' | null>(null);
  const canCreate = useHasCode(PERM.FERIADOS_NOVO);
  const data = useMemo(
    () =>
      feriados.data?.map((f): Row => ({
        ...f,
        dataTexto: formatDate(f.data),
        uf: f.estado?.uf ?? '',
        cidadeNome: f.cidade?.nome ?? '',
        tipo: f.fixo ? 'Fixo' : 'Móvel',
      })),
    [feriados.data],
  );
  // The remembered year may be outside the dropdown's range (a link, a copy to a far year): offer it too.
  const options = (years.includes(ano) ? years : [...years, ano].sort((a, b) => a - b)).map((a) => ({
    label: String(a),
    value: a,
  }));

  return (
    <RegisterPage<Row>
      title="Feriados"
      entity="feriado"
      dataKey="id"
      columns={COLUMNS}
      source={{
        paging: 'client',
        query: { ...feriados, data },
        filterFields: ['dataTexto', 'descricao', 'descricaoAbrangencia', 'uf', 'cidadeNome', 'tipo'],
      }}
      table={table}
      filterPlaceholder="Filtrar por data, descrição, abrangência, estado, cidade ou tipo"
      emptyMessage={`Nenhum feriado cadastrado em ${ano}.`}
      filteredEmptyMessage="Nenhum feriado encontrado para o filtro informado."
      rowLabel={(f) => f.descricao}
      codes={{ create: PERM.FERIADOS_NOVO, edit: PERM.FERIADOS_EDITAR, remove: PERM.FERIADOS_EXCLUIR }}
      readOnlyRow={(r) => r.restrito}
      onCreate={dialog.openNew}
      onEdit={dialog.openEdit}
      onDelete={(r) => excluir.mutate({ feriado: { id: r.id } })}
      toolbar={
        <div className="year-picker">
          <label htmlFor="feriados-ano">Ano</label>
          <Dropdown inputId="feriados-ano" value={ano} options={options} onChange={(e) => setAno(Number(e.value))} />
        </div>
      }
      actions={
        canCreate ? (
          <>
            <Button
              label="Incluir feriados nacionais"
              icon="pi pi-calendar-plus"
              outlined
              onClick={() => setOther('nacionais')}
            />
            <Button label="Copiar feriados" icon="pi pi-copy" outlined onClick={() => setOther('copiar')} />
          </>
        ) : null
      }
    >
      <SalvarFeriadoDialog visible={dialog.visible} row={dialog.row} ano={ano} onHide={dialog.close} />
      <CopiarFeriadosDialog visible={other === 'copiar'} ano={ano} onHide={() => setOther(null)} onCopied={setAno} />
      <IncluirNacionaisDialog visible={other === 'nacionais'} ano={ano} onHide={() => setOther(null)} onDone={setAno} />
    </RegisterPage>
  );
}
