import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import {
  MSG,
  PERM,
  PORTARIAS_RELOGIO,
  RELOGIO_PONTO_MSG as M,
  TIPOS_SERVICO_RELOGIO,
  type RelogioPonto,
} from '@jornada/contracts';
import { EmpresaDropdown, useEmpresaEscolhida } from '../../../components/empresa-escolhida';
import { useListTable, type ListQuery } from '../../../components/ui/list-table';
import { Page } from '../../../components/ui/page';
import { RegisterPage, type RegisterColumn } from '../../../components/ui/register/register-page';
import { useRegisterDialog } from '../../../components/ui/register/use-register';
import { formatDateTime } from '../../../shared/format';
import { useHeldCodes } from '../../../shared/session';
import { toastError, toastSuccess, toastWarn } from '../../../shared/toast';
import {
  buscarTokenRelogio,
  excluirRelogioPonto,
  gerarTokenRelogio,
  listarRelogioPonto,
} from '../api/relogio-ponto-api';
import { SalvarRelogioPontoDialog } from './salvar-relogio-ponto-dialog';
import '../relogio-ponto.css';

const rotuloDe = (lista: readonly { valor: string; rotulo: string }[], v: string | null) =>
  lista.find((x) => x.valor === v)?.rotulo ?? v ?? '';

const COLUMNS: readonly RegisterColumn<RelogioPonto>[] = [
  { field: 'fabricante', header: 'Fabricante', sortable: true },
  { field: 'modelo', header: 'Modelo', sortable: true },
  { field: 'numeroSerie', header: 'Número de série', sortable: true },
  { field: 'portaria', header: 'Portaria', body: (r) => rotuloDe(PORTARIAS_RELOGIO, r.portaria).split(' ')[0] },
  { field: 'localInstalacao', header: 'Local de instalação', sortable: true },
  { field: 'tipoServico', header: 'Tipo de serviço', body: (r) => rotuloDe(TIPOS_SERVICO_RELOGIO, r.tipoServico) },
  { field: 'dataCadastro', header: 'Cadastro', sortable: true, body: (r) => formatDateTime(r.dataCadastro) },
];

const SEM_EMPRESA: ListQuery<RelogioPonto[]> = {
  data: [],
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: () => undefined,
};

/** Copies the token; the seed's two toasts say how it went. */
async function copiar(valor: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(valor);
    toastSuccess(M.tokenCopiado);
  } catch {
    toastError(M.erroCopiarToken);
  }
}

/**
 * Relógio de Ponto (seed 001 §2.10; issue 25 §2; codes 153–156): first the
 * company token — generated once (154), copied on generation — which a push
 * clock carries in its server address (spec/devices.md §4(a)); once it
 * exists, the company selector and that company's clocks with their dialog.
 */
export function RelogioPontoPage() {
  const held = useHeldCodes();
  const table = useListTable();
  const token = buscarTokenRelogio.useQuery({});
  const gerar = gerarTokenRelogio.useMutation({ invalidates: [buscarTokenRelogio.endpoint], toast: false });
  const empresa = useEmpresaEscolhida();
  const { idCnpj } = empresa;
  const relogios = listarRelogioPonto.useQuery({ cnpj: { id: idCnpj ?? 0 } }, { enabled: idCnpj !== null });
  const excluir = excluirRelogioPonto.useMutation({ invalidates: [listarRelogioPonto.endpoint] });
  const dialog = useRegisterDialog<RelogioPonto>();
  const gerado = token.data?.tokenGerado === true;

  const gerarToken = () =>
    gerar.mutate(
      {},
      {
        onSuccess: (t) => void (t.valor ? copiar(t.valor) : undefined),
        onError: (e) => toastError(e.mensagem),
      },
    );

  if (!gerado) {
    return (
      <Page title="Relógio de Ponto">
        <div className="relogio-sem-token" role="status">
          {token.isPending ? (
            <p>Carregando…</p>
          ) : (
            <>
              <p>
                Para cadastrar os relógios, gere o token da empresa. Ele é gerado uma única vez e vai no endereço do
                servidor configurado nos relógios com serviço Push.
              </p>
              {held.has(PERM.RELOGIO_PONTO_NOVO) ? (
                <Button label="Gerar token" icon="pi pi-key" onClick={gerarToken} loading={gerar.isPending} />
              ) : (
                <p className="relogio-aviso">Peça a quem pode cadastrar relógios que gere o token da empresa.</p>
              )}
            </>
          )}
        </div>
      </Page>
    );
  }

  return (
    <RegisterPage<RelogioPonto>
      title="Relógio de Ponto"
      entity="relógio"
      dataKey="id"
      columns={COLUMNS}
      source={{
        paging: 'client',
        // No company yet: nothing is loading, the empty table asks for one.
        query: idCnpj === null ? SEM_EMPRESA : relogios,
        filterFields: ['numeroSerie', 'fabricante', 'modelo', 'localInstalacao'],
      }}
      table={table}
      filterPlaceholder="Filtrar por série, fabricante, modelo ou local"
      emptyMessage={idCnpj === null ? MSG.selecioneEmpresa : 'Nenhum relógio cadastrado nesta empresa.'}
      filteredEmptyMessage="Nenhum relógio encontrado para o filtro informado."
      rowLabel={(r) => `${r.fabricante} ${r.numeroSerie}`}
      deleteMessage={(r) => `Excluir o relógio ${r.fabricante} ${r.numeroSerie}?`}
      codes={{ create: PERM.RELOGIO_PONTO_NOVO, edit: PERM.RELOGIO_PONTO_EDITAR, remove: PERM.RELOGIO_PONTO_EXCLUIR }}
      onCreate={() => (idCnpj === null ? toastWarn(MSG.selecioneEmpresa) : dialog.openNew())}
      onEdit={dialog.openEdit}
      onDelete={(r) =>
        excluir.mutate({
          relogioPonto: { id: r.id, fabricante: r.fabricante, numeroSerie: r.numeroSerie },
          cnpj: { id: idCnpj! },
        })
      }
      toolbar={
        <div className="relogio-toolbar">
          <div className="form-field">
            <label htmlFor="relogio-token">Token da empresa</label>
            {token.data?.valor ? (
              <div className="p-inputgroup">
                <InputText id="relogio-token" value={token.data.valor} readOnly className="relogio-token" />
                <Button
                  type="button"
                  icon="pi pi-copy"
                  aria-label="Copiar token"
                  tooltip="Copiar token"
                  onClick={() => void copiar(token.data?.valor ?? '')}
                />
              </div>
            ) : (
              // A viewer sees that the token exists; its value is for who registers clocks (154/155).
              <InputText id="relogio-token" value="Gerado (visível para quem cadastra relógios)" readOnly disabled />
            )}
            {token.data?.data ? <small>Gerado em {formatDateTime(token.data.data)}</small> : null}
          </div>
          <EmpresaDropdown inputId="relogio-empresa" empresa={empresa} />
        </div>
      }
    >
      {idCnpj !== null ? (
        <SalvarRelogioPontoDialog visible={dialog.visible} row={dialog.row} idCnpj={idCnpj} onHide={dialog.close} />
      ) : null}
    </RegisterPage>
  );
}
