import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { NOTICIAS_ANOS, PAGINATOR, type Noticia } from '@jornada/contracts';
import { MonthPicker } from '../../../components/ui/month-picker';
import { Page } from '../../../components/ui/page';
import { ListTable, useListTable } from '../../../components/ui/list-table';
import { SearchInput } from '../../../components/ui/search-input';
import { formatDate, fromWireMonth, mesAtualNaEmpresa } from '../../../shared/format';
import { listarNoticias } from '../api/noticias-api';
import { ConteudoNoticia } from './conteudo-noticia';
import '../noticias.css';

type Row = Noticia & { publicacao: string };

const FILTER_FIELDS = ['titulo', 'publicacao'] as const;

/** The month in the URL ('mes=yyyy-mm'), else the current one; outside the picker's years, the current one. */
function useMonth(years: { from: number; to: number }): [string, (m: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('mes') ?? '';
  const parsed = fromWireMonth(raw);
  const month =
    parsed && parsed.getFullYear() >= years.from && parsed.getFullYear() <= years.to ? raw : mesAtualNaEmpresa();
  const setMonth = (m: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('mes', m);
        // Another month is another list: start from its first page.
        next.delete('pagina');
        return next;
      },
      { replace: true },
    );
  return [month, setMonth];
}

/**
 * Notícias (seed 000 §2.6, §9): the month's news with a filter, today's in
 * bold (the server says which: the company's calendar, not the browser's), and
 * a dialog with the content (light markup rendered as elements, never HTML).
 */
export function NoticiasPage() {
  const currentYear = new Date().getFullYear();
  const years = useMemo(
    () => ({ from: currentYear - NOTICIAS_ANOS.antes, to: currentYear + NOTICIAS_ANOS.depois }),
    [currentYear],
  );
  const [month, setMonth] = useMonth(years);
  const table = useListTable(PAGINATOR.noticias);
  const [ano, mes] = month.split('-').map(Number) as [number, number];
  const query = listarNoticias.useQuery({ a: ano, b: mes });
  const rows = useMemo<Row[]>(
    () => (query.data ?? []).map((n) => ({ ...n, publicacao: formatDate(n.dataPublicacao) })),
    [query.data],
  );
  const [open, setOpen] = useState<Row | null>(null);
  const monthLabel = `${String(mes).padStart(2, '0')}/${ano}`;

  return (
    <Page title="Notícias">
      <div className="table-toolbar">
        <MonthPicker id="noticias-mes" label="Mês/Ano" value={month} onChange={setMonth} years={years} />
        <SearchInput value={table.filter} onChange={table.setFilter} placeholder="Filtrar por título ou data" />
      </div>
      <ListTable<Row>
        query={query}
        table={table}
        value={rows}
        dataKey="id"
        filterFields={FILTER_FIELDS}
        emptyMessage={`Nenhuma notícia publicada em ${monthLabel}.`}
        filteredEmptyMessage={'Nenhuma notícia encontrada para o filtro informado.'}
        ariaLabel="Notícias"
      >
        <Column
          field="titulo"
          header="Título"
          sortable
          body={(n: Row) =>
            n.atual ? (
              <span className="noticia-hoje">
                <strong>{n.titulo}</strong> <Tag value="Hoje" severity="info" rounded />
              </span>
            ) : (
              n.titulo
            )
          }
        />
        <Column
          field="dataPublicacao"
          header="Publicação"
          sortable
          style={{ width: '10rem' }}
          body={(n: Row) => (n.atual ? <strong>{n.publicacao}</strong> : n.publicacao)}
        />
        <Column
          header="Ações"
          style={{ width: '6.5rem' }}
          headerClassName="col-actions"
          bodyClassName="col-actions"
          body={(n: Row) => (
            <div className="row-actions">
              <Button
                icon="pi pi-eye"
                rounded
                text
                severity="secondary"
                aria-label={`Ver notícia ${n.titulo}`}
                tooltip="Ver"
                tooltipOptions={{ position: 'top' }}
                onClick={() => setOpen(n)}
              />
            </div>
          )}
        />
      </ListTable>
      <Dialog
        header={open?.titulo}
        visible={open !== null}
        onHide={() => setOpen(null)}
        style={{ width: 'min(42rem, 95vw)' }}
        dismissableMask
        draggable={false}
        footer={<Button label="Fechar" icon="pi pi-times" text onClick={() => setOpen(null)} autoFocus />}
      >
        {open ? (
          <article className="noticia">
            <p className="noticia-data">Publicada em {open.publicacao}</p>
            <ConteudoNoticia content={open.conteudo} />
          </article>
        ) : null}
      </Dialog>
    </Page>
  );
}
