import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { PAGINATOR, provedorApi, type UsoPlanoLinha } from '@jornada/contracts';
import { Page } from '../../../components/ui/page';
import { ListTable, useListTable } from '../../../components/ui/list-table';
import { SearchInput } from '../../../components/ui/search-input';
import { downloadFile } from '../../../shared/http';
import { saveFile } from '../../../shared/save-file';
import { toastForError } from '../../../shared/toast';
import { relatorioUsoPlanos } from '../api/provedor-api';
import { UsoPlano } from './uso-plano';

type Row = UsoPlanoLinha & { planoNome: string; situacao: string };

/**
 * Relatórios admin (issue 9): what each customer uses against its plan —
 * CNPJs, users, active employees, devices — on screen and as a CSV for
 * Brazilian Excel.
 */
export function RelatoriosAdmPage() {
  const table = useListTable(PAGINATOR.cadastros);
  const uso = relatorioUsoPlanos.useQuery({});
  const [downloading, setDownloading] = useState(false);
  const rows: Row[] = (uso.data ?? []).map((l) => ({
    ...l,
    planoNome: l.plano ?? '',
    situacao: l.ativo ? 'Ativo' : 'Suspenso',
  }));

  const csv = () => {
    setDownloading(true);
    downloadFile(provedorApi.relatorioUsoPlanosCsv, {})
      .then((file) => saveFile(file, 'uso-dos-planos.csv'))
      .catch(toastForError)
      .finally(() => setDownloading(false));
  };

  return (
    <Page
      title="Relatórios admin — uso dos planos"
      actions={<Button label="Baixar CSV" icon="pi pi-download" loading={downloading} onClick={csv} />}
    >
      <div className="table-toolbar">
        <SearchInput value={table.filter} onChange={table.setFilter} placeholder="Filtrar por cliente ou plano" />
      </div>
      <ListTable<Row>
        query={uso}
        table={table}
        value={rows}
        dataKey="id"
        filterFields={['nome', 'planoNome', 'situacao']}
        emptyMessage={'Nenhum cliente cadastrado.'}
        filteredEmptyMessage={'Nenhum cliente encontrado para o filtro informado.'}
        ariaLabel="Uso dos planos por cliente"
      >
        <Column field="id" header="Código" sortable style={{ width: '5.5rem' }} />
        <Column field="nome" header="Cliente" sortable />
        <Column field="planoNome" header="Plano" sortable />
        <Column
          field="situacao"
          header="Situação"
          sortable
          body={(l: Row) => <Tag value={l.situacao} severity={l.ativo ? 'success' : 'danger'} />}
        />
        <Column header="CNPJs" body={(l: Row) => <UsoPlano used={l.cnpjs} max={l.maxCnpjs} />} />
        <Column header="Usuários" body={(l: Row) => <UsoPlano used={l.usuarios} max={l.maxUsuarios} />} />
        <Column
          header="Funcionários ativos"
          body={(l: Row) => <UsoPlano used={l.funcionariosAtivos} max={l.maxFuncionarios} />}
        />
        <Column
          header="Disp. móveis"
          body={(l: Row) => <UsoPlano used={l.dispositivosMoveis} max={l.maxDispositivosMoveis} />}
        />
        <Column
          header="Disp. web"
          body={(l: Row) => <UsoPlano used={l.dispositivosWeb} max={l.maxDispositivosWeb} />}
        />
      </ListTable>
    </Page>
  );
}
