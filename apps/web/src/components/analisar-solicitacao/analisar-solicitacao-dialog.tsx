import type { ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { RadioButton } from 'primereact/radiobutton';
import { Tag } from 'primereact/tag';
import type { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  SOLICITACAO_LIMITS,
  STATUS_PEDIDO_ROTULO,
  TIPO_SOLICITACAO_ROTULO,
  calendario,
  controlePontoApi,
  funcionarioApi,
  solicitacaoApi,
  type ItemPendente,
  type ItemSolicitacaoResponse,
  type OrigemSolicitacao,
  type ResolverResponse,
  type StatusPedido,
} from '@jornada/contracts';
import { DayActionDialog, type DayActionSave } from '../ui/day-action-dialog';
import { TextControl } from '../ui/form-controls';
import { ListError } from '../ui/list-table';
import type { InputOf } from '../../shared/endpoint';
import { formatDateTime } from '../../shared/format';
import { usePodeChamar } from '../../shared/session';
import { CHAMADAS } from './analisar-solicitacao-api';
import './analisar-solicitacao.css';

/** The request a dialog opens: its id, its origin (which calls answer it) and the status the list showed. */
export interface SolicitacaoAberta {
  id: number;
  origem: OrigemSolicitacao;
  status: StatusPedido;
}

/** The badge of a request's status (seed 002 §4): the seed's label. */
export const SEVERIDADE_STATUS: Record<StatusPedido, 'warning' | 'success' | 'danger'> = {
  PENDENTE: 'warning',
  APROVADO: 'success',
  NAO_APROVADO: 'danger',
};

export function StatusSolicitacaoTag({ status }: { status: StatusPedido }) {
  return <Tag value={STATUS_PEDIDO_ROTULO[status]} severity={SEVERIDADE_STATUS[status]} />;
}

/** Both resolutions take the same body: the contract's schema checks the form (the seed's messages). */
const respostaSchema = solicitacaoApi.resolverJustificar.body;
type Resposta = UseFormReturn<z.input<typeof respostaSchema>, unknown, z.output<typeof respostaSchema>>;

/**
 * What an answer changes elsewhere: the Solicitações list, Marcações' pending requests of the day, and the
 * Controle list's pending icon.
 */
const RECARREGA = {
  invalidates: [
    solicitacaoApi.pesquisar,
    solicitacaoApi.listar,
    solicitacaoApi.listarPendentesFuncionario,
    controlePontoApi.listar,
  ],
};

const ACAO_ROTULO: Record<ItemPendente['acao'], string> = { NOVO: 'Incluir', ATUALIZAR: 'Alterar', EXCLUIR: 'Excluir' };

/** A date an item carries, dd/mm/yyyy whether it came as the wire's yyyy-mm-dd or already so. */
const dataDoItem = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? calendario.diaMesAno(v) : (v ?? ''));

/**
 * Analisar solicitação (seed 002 §2 Solicitações, §4 "Request status";
 * decision 0086): the request (employee, day, type, when asked, the
 * employee's observation) and its items as the origin's lookup answers them.
 * A Pendente request, for a user with code 166, takes Aprovado or Não
 * Aprovado — the observation only, and then required, when not approving —
 * and is answered by its origin's resolution; otherwise it is shown as it
 * stands (status, observation, who answered). Shared by the Solicitações
 * screen and Marcações' 'Solicitações Pendentes'; `onResolvida` gets the
 * answer (on an approval it brings the month recalculated).
 */
export function AnalisarSolicitacaoDialog({
  solicitacao,
  onHide,
  onResolvida,
}: {
  /** The request the dialog is open for; null = closed. */
  solicitacao: SolicitacaoAberta | null;
  onHide: () => void;
  onResolvida?: (resposta: ResolverResponse) => void;
}) {
  const qc = useQueryClient();
  const origem = solicitacao?.origem ?? 'CTRL_JUSTIFICAR';
  const input = { idSolicitacao: solicitacao?.id ?? 0 };
  const aberta = (o: OrigemSolicitacao) => ({ enabled: solicitacao?.origem === o, staleTime: 0 });
  // One lookup and one resolution per origin, so the hooks stay the same whichever request is open.
  const lookups = {
    CTRL_JUSTIFICAR: CHAMADAS.CTRL_JUSTIFICAR.buscar.useQuery(input, aberta('CTRL_JUSTIFICAR')),
    CTRL_EDITAR_MARCACAO: CHAMADAS.CTRL_EDITAR_MARCACAO.buscar.useQuery(input, aberta('CTRL_EDITAR_MARCACAO')),
  };
  const resolucoes = {
    CTRL_JUSTIFICAR: CHAMADAS.CTRL_JUSTIFICAR.resolver.useMutation(RECARREGA),
    CTRL_EDITAR_MARCACAO: CHAMADAS.CTRL_EDITAR_MARCACAO.resolver.useMutation(RECARREGA),
  };
  const podeJustificar = usePodeChamar(CHAMADAS.CTRL_JUSTIFICAR.resolver.endpoint);
  const podeIncluir = usePodeChamar(CHAMADAS.CTRL_EDITAR_MARCACAO.resolver.endpoint);
  const pode = origem === 'CTRL_JUSTIFICAR' ? podeJustificar : podeIncluir;
  const load = lookups[origem];
  const resolver = resolucoes[origem];

  const salvar: DayActionSave<InputOf<typeof solicitacaoApi.resolverJustificar>, ResolverResponse> = {
    isPending: resolver.isPending,
    mutate: (body, { onSuccess }) =>
      resolver.mutate(body, {
        onSuccess,
        // Refused (e.g. answered meanwhile by someone else): the dialog shows the request as it now is.
        onError: () => void load.refetch(),
      }),
  };
  const fechar = () => {
    onHide();
    // The next opening reads the request as the server has it, never this copy.
    for (const o of Object.values(CHAMADAS)) void qc.resetQueries({ queryKey: o.buscar.key() });
  };
  const status = load.data?.solicitacao.status ?? solicitacao?.status;
  const header = `Solicitação · ${TIPO_SOLICITACAO_ROTULO[origem]}`;
  const visible = solicitacao !== null;

  if (!pode || status !== 'PENDENTE') {
    return (
      <Dialog
        header={header}
        visible={visible}
        onHide={fechar}
        modal
        draggable={false}
        resizable={false}
        style={{ width: '44rem' }}
        breakpoints={{ '640px': '95vw' }}
        className="app-dialog"
        footer={<Button type="button" label="Fechar" icon="pi pi-times" outlined onClick={fechar} autoFocus />}
      >
        {load.isError && load.data === undefined ? (
          <ListError onRetry={() => void load.refetch()} retrying={load.isFetching} />
        ) : load.data ? (
          <>
            <Resumo dados={load.data} />
            <Resolucao dados={load.data} />
          </>
        ) : (
          <p className="dialog-loading" role="status">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Carregando…
          </p>
        )}
      </Dialog>
    );
  }

  return (
    <DayActionDialog
      header={header}
      visible={visible}
      onHide={fechar}
      schema={respostaSchema}
      load={load}
      values={() => ({ idSolicitacao: solicitacao?.id ?? 0, observacao: '' })}
      save={salvar}
      toInput={(v) => ({
        idSolicitacao: v.idSolicitacao,
        status: v.status,
        observacao: v.status === 'NAO_APROVADO' ? v.observacao : null,
      })}
      onSaved={(r) => onResolvida?.(r)}
      width="44rem"
    >
      {(form, dados) => (
        <>
          {dados ? <Resumo dados={dados} /> : null}
          <Responder form={form} />
        </>
      )}
    </DayActionDialog>
  );
}

/** Aprovado / Não Aprovado, and the observation only when not approving. */
function Responder({ form }: { form: Resposta }) {
  const status = useWatch({ control: form.control, name: 'status' });
  return (
    <>
      <Controller
        control={form.control}
        name="status"
        render={({ field, fieldState }) => (
          <fieldset
            className="form-radios"
            aria-invalid={fieldState.invalid}
            aria-describedby={fieldState.error ? 'analisar-status-erro' : undefined}
          >
            <legend>Resposta</legend>
            {(
              [
                ['APROVADO', 'analisar-aprovado'],
                ['NAO_APROVADO', 'analisar-nao-aprovado'],
              ] as const
            ).map(([valor, id], i) => (
              <div key={id} className="form-radio">
                <RadioButton
                  inputId={id}
                  name={field.name}
                  inputRef={i === 0 ? field.ref : undefined}
                  checked={field.value === valor}
                  onChange={() => field.onChange(valor)}
                  autoFocus={i === 0}
                />
                <label htmlFor={id}>{STATUS_PEDIDO_ROTULO[valor]}</label>
              </div>
            ))}
            {fieldState.error ? (
              <small id="analisar-status-erro" className="p-error w-full" role="alert">
                {fieldState.error.message}
              </small>
            ) : null}
          </fieldset>
        )}
      />
      {status === 'NAO_APROVADO' ? (
        <TextControl
          control={form.control}
          name="observacao"
          id="analisar-observacao"
          label="Observação"
          maxLength={SOLICITACAO_LIMITS.observacao}
          autoFocus
        />
      ) : null}
    </>
  );
}

function Linha({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <>
      <dt>{rotulo}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The request and what it asks (seed 002 §3 "Request", "Request item"). */
function Resumo({ dados }: { dados: ItemSolicitacaoResponse }) {
  const s = dados.solicitacao;
  const justificar = s.origem === 'CTRL_JUSTIFICAR';
  const obsPorItem = dados.itens.some((i) => i.observacao && i.observacao !== s.observacao);
  return (
    <div className="analisar-resumo">
      <dl className="analisar-dados">
        <Linha rotulo="Funcionário">
          {s.funcionario.nome}
          <span className="analisar-secundario">
            {' '}
            · Crachá {funcionarioApi.crachaExibicao(s.funcionario.cracha)}
            {s.funcionario.centroCusto.nome ? ` · ${s.funcionario.centroCusto.nome}` : ''}
          </span>
        </Linha>
        <Linha rotulo="Data do Ponto">{calendario.diaMesAno(s.dataPonto)}</Linha>
        <Linha rotulo="Tipo da Solicitação">{s.tipo}</Linha>
        <Linha rotulo="Data da Solicitação">{formatDateTime(s.data)}</Linha>
        <Linha rotulo="Observação do funcionário">{s.observacao || '—'}</Linha>
      </dl>
      {/* An item's own observation only when it differs from the request's, shown above (no repeated text). */}
      <table className="analisar-itens" aria-label="Itens da solicitação">
        <thead>
          <tr>
            {justificar ? (
              <>
                <th scope="col">Evento</th>
                <th scope="col">Justificativa</th>
                {obsPorItem && <th scope="col">Observação</th>}
              </>
            ) : (
              <>
                <th scope="col">Ação</th>
                <th scope="col">Data</th>
                <th scope="col">Hora</th>
                <th scope="col">Justificativa</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {dados.itens.length === 0 ? (
            <tr>
              <td colSpan={justificar ? (obsPorItem ? 3 : 2) : 4}>Nenhum item nesta solicitação.</td>
            </tr>
          ) : (
            dados.itens.map((item, i) =>
              justificar ? (
                <tr key={i}>
                  <td>
                    {item.infoCampo1 ??
                      (item.codigoEventoPendente
                        ? controlePontoApi.EVENTO_DEBITO_ROTULO[item.codigoEventoPendente]
                        : '')}
                  </td>
                  <td>{item.justificativa?.descricao ?? item.infoCampo2 ?? '—'}</td>
                  {obsPorItem && <td>{item.observacao || '—'}</td>}
                </tr>
              ) : (
                <tr key={i}>
                  <td>{ACAO_ROTULO[item.acao]}</td>
                  <td>{dataDoItem(item.infoCampo1)}</td>
                  <td>{item.infoCampo2 ?? ''}</td>
                  <td>{item.justificativa?.descricao ?? '—'}</td>
                </tr>
              ),
            )
          )}
        </tbody>
      </table>
    </div>
  );
}

/** How the request stands: its status, the answer's observation and who answered (read-only). */
function Resolucao({ dados }: { dados: ItemSolicitacaoResponse }) {
  const s = dados.solicitacao;
  return (
    <dl className="analisar-dados analisar-resolucao">
      <Linha rotulo="Status">
        <StatusSolicitacaoTag status={s.status} />
      </Linha>
      {s.status !== 'PENDENTE' ? (
        <>
          <Linha rotulo="Observação">{s.observacaoAprovacao || '—'}</Linha>
          <Linha rotulo="Ação Realizada por">
            {s.usuarioAprovacao ?? '—'}
            {s.dataAprovacao ? (
              <span className="analisar-secundario"> em {formatDateTime(s.dataAprovacao)}</span>
            ) : null}
          </Linha>
        </>
      ) : null}
    </dl>
  );
}
