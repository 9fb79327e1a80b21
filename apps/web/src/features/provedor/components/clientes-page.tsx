import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { PAGINATOR, type Cliente, type ResponseOf, type autorizacaoSuporteApi } from '@jornada/contracts';
import { confirmAction } from '../../../components/ui/confirm';
import { formatCnpj } from '../../../components/ui/masks';
import { Page } from '../../../components/ui/page';
import { ListTable, useListTable } from '../../../components/ui/list-table';
import { SearchInput } from '../../../components/ui/search-input';
import { formatDate } from '../../../shared/format';
import { atualizarRefAcesso, reativarCliente, suspenderCliente } from '../api/provedor-api';
import { AlterarPlanoDialog } from './alterar-plano-dialog';
import { LinkSuporteDialog } from './link-suporte-dialog';
import { SalvarClienteDialog } from './salvar-cliente-dialog';
import { UsoPlano } from './uso-plano';
import { listarClientes } from '../../../shared/lookups-api';

type Row = Cliente & { cnpjTexto: string; planoNome: string; situacao: string };

/**
 * Clientes (the provider's area, issue 9): every customer with its plan,
 * usage against the plan and status; Novo cliente; per row Alterar plano,
 * Suspender/Reativar and — while the customer has an open Autorização de
 * Suporte — Acesso de suporte, which issues a one-time login link.
 */
export function ClientesPage() {
  const table = useListTable(PAGINATOR.cadastros);
  const clientes = listarClientes.useQuery({});
  const suspender = suspenderCliente.useMutation({ invalidates: [listarClientes.endpoint] });
  const reativar = reativarCliente.useMutation({ invalidates: [listarClientes.endpoint] });
  const gerarLink = atualizarRefAcesso.useMutation({ invalidates: [listarClientes.endpoint] });
  const [novo, setNovo] = useState(false);
  const [planoDe, setPlanoDe] = useState<Cliente | null>(null);
  const [link, setLink] = useState<{
    cliente: string;
    data: ResponseOf<typeof autorizacaoSuporteApi.atualizarRefAcesso>;
  } | null>(null);

  const rows: Row[] = (clientes.data ?? []).map((c) => ({
    ...c,
    cnpjTexto: c.cnpjPrincipal ? formatCnpj(c.cnpjPrincipal) : '',
    planoNome: c.plano?.nome ?? '',
    situacao: c.ativo ? 'Ativo' : 'Suspenso',
  }));

  const toggle = (c: Cliente) =>
    c.ativo
      ? confirmAction({
          header: 'Suspender cliente',
          message: `Suspender ${c.nome}? Os usuários dele não entram mais e as sessões abertas terminam.`,
          danger: true,
          onAccept: () => suspender.mutate({ idCliente: c.id }),
        })
      : confirmAction({
          header: 'Reativar cliente',
          message: `Reativar ${c.nome}?`,
          onAccept: () => reativar.mutate({ idCliente: c.id }),
        });

  return (
    <Page title="Clientes" actions={<Button label="Novo" icon="pi pi-plus" onClick={() => setNovo(true)} />}>
      <div className="table-toolbar">
        <SearchInput value={table.filter} onChange={table.setFilter} placeholder="Filtrar por nome, CNPJ ou plano" />
      </div>
      <ListTable<Row>
        query={clientes}
        table={table}
        value={rows}
        dataKey="id"
        filterFields={['nome', 'cnpjTexto', 'cnpjPrincipal', 'planoNome', 'situacao']}
        emptyMessage={'Nenhum cliente cadastrado.'}
        filteredEmptyMessage={'Nenhum cliente encontrado para o filtro informado.'}
        ariaLabel="Clientes"
      >
        <Column field="id" header="Código" sortable style={{ width: '5.5rem' }} />
        <Column
          field="nome"
          header="Cliente"
          sortable
          body={(c: Row) => (
            <>
              <div>{c.nome}</div>
              <small className="form-note nowrap">{c.cnpjTexto}</small>
            </>
          )}
        />
        <Column field="planoNome" header="Plano" sortable />
        <Column header="CNPJs" body={(c: Row) => <UsoPlano used={c.uso.cnpjs} max={c.plano?.maxCnpjs} />} />
        <Column header="Usuários" body={(c: Row) => <UsoPlano used={c.uso.usuarios} max={c.plano?.maxUsuarios} />} />
        <Column
          field="situacao"
          header="Situação"
          sortable
          body={(c: Row) => <Tag value={c.situacao} severity={c.ativo ? 'success' : 'danger'} />}
        />
        <Column
          header="Suporte"
          body={(c: Row) =>
            c.autorizacaoSuporte ? (
              `Até ${formatDate(c.autorizacaoSuporte.dataFinal)}`
            ) : (
              <span aria-label="Nenhuma">—</span>
            )
          }
        />
        <Column
          header="Ações"
          headerClassName="col-actions"
          bodyClassName="col-actions"
          style={{ width: '9rem' }}
          body={(c: Row) => (
            <div className="row-actions">
              <Button
                icon="pi pi-sync"
                rounded
                text
                severity="secondary"
                aria-label={`Alterar plano de ${c.nome}`}
                tooltip="Alterar plano"
                tooltipOptions={{ position: 'top' }}
                onClick={() => setPlanoDe(c)}
              />
              <Button
                icon={c.ativo ? 'pi pi-ban' : 'pi pi-check-circle'}
                rounded
                text
                severity={c.ativo ? 'danger' : 'success'}
                aria-label={`${c.ativo ? 'Suspender' : 'Reativar'} ${c.nome}`}
                tooltip={c.ativo ? 'Suspender' : 'Reativar'}
                tooltipOptions={{ position: 'top' }}
                onClick={() => toggle(c)}
              />
              {c.autorizacaoSuporte && c.ativo ? (
                <Button
                  icon="pi pi-key"
                  rounded
                  text
                  severity="info"
                  aria-label={`Acesso de suporte a ${c.nome}`}
                  tooltip="Acesso de suporte"
                  tooltipOptions={{ position: 'top' }}
                  loading={gerarLink.isPending && gerarLink.variables?.idCliente === c.id}
                  onClick={() =>
                    gerarLink.mutate({ idCliente: c.id }, { onSuccess: (data) => setLink({ cliente: c.nome, data }) })
                  }
                />
              ) : null}
            </div>
          )}
        />
      </ListTable>
      <SalvarClienteDialog visible={novo} onHide={() => setNovo(false)} />
      <AlterarPlanoDialog cliente={planoDe} onHide={() => setPlanoDe(null)} />
      <LinkSuporteDialog link={link?.data ?? null} cliente={link?.cliente ?? ''} onHide={() => setLink(null)} />
    </Page>
  );
}
