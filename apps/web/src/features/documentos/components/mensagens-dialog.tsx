import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { mensagensDaSolicitacao } from '@jornada/contracts';

/** The messages of a request (seed 002 §2 History): split at '#', the token ERROS left out, 10 per page. */
export function MensagensDialog({ mensagem, onHide }: { mensagem: string | null; onHide: () => void }) {
  const itens = mensagensDaSolicitacao(mensagem).map((texto, i) => ({ i: i + 1, texto }));
  return (
    <Dialog header="Mensagens" visible={mensagem !== null} onHide={onHide} style={{ width: 'min(48rem, 95vw)' }}>
      <DataTable
        value={itens}
        dataKey="i"
        paginator={itens.length > 10}
        rows={10}
        emptyMessage="Nenhuma mensagem."
        aria-label="Mensagens da solicitação"
        currentPageReportTemplate="Mostrando {first} a {last} de {totalRecords}"
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
      >
        <Column field="texto" header="Mensagem" />
      </DataTable>
    </Dialog>
  );
}
