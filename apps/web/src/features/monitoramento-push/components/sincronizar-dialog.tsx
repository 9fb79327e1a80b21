import { z } from 'zod';
import { Controller } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import {
  MONITORAMENTO_PUSH_MSG as M,
  OPCOES_SINCRONIZACAO,
  type MonitoramentoPush,
  type OpcaoSincronizacao,
} from '@jornada/contracts';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { SelectControl } from '../../../components/ui/select-control';
import {
  importarImagens,
  listarMonitoramento,
  sincronizarSelecionados,
  sincronizarTodos,
} from '../api/monitoramento-push-api';

const VALORES = OPCOES_SINCRONIZACAO.map((o) => o.valor) as [OpcaoSincronizacao, ...OpcaoSincronizacao[]];

/** Seed 001 §5 'Push monitoring': what each option needs of the device list. */
const schema = z
  .object({
    opcao: z.enum(VALORES).nullable(),
    relogios: z.array(z.number()),
  })
  .superRefine((v, ctx) => {
    const erro = (path: 'opcao' | 'relogios', message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.opcao === null) return erro('opcao', M.selecioneOpcao);
    if (v.opcao === 'SINCRONIZAR_GERAL') return;
    if (v.relogios.length === 0) return erro('relogios', M.selecioneEquipamento);
    if (v.opcao === 'IMPORTAR_IMAGENS_FACE' && v.relogios.length > 1) erro('relogios', M.selecioneSomenteUm);
  });
type Valores = z.output<typeof schema>;

const VAZIO: z.input<typeof schema> = { opcao: null, relogios: [] };

/** How a device is named in the list (seed 001 §2.12: model / serial / location). */
export const rotuloEquipamento = (r: MonitoramentoPush): string =>
  [r.modelo ?? '—', r.numeroSerie, r.localInstalacao ?? '—'].join(' / ');

/**
 * Sincronizar Funcionários e Imagens (seed 001 §2.12, §5, §7): all of the
 * company's devices, the chosen ones (all of them chosen is a sync of all),
 * or the face images of exactly one. The server queues the commands; its
 * message says so, the dialog closes and the list reloads.
 */
export function SincronizarDialog({
  visible,
  idCnpj,
  relogios,
  onHide,
}: {
  visible: boolean;
  idCnpj: number;
  relogios: readonly MonitoramentoPush[];
  onHide: () => void;
}) {
  const opcoes = { invalidates: [listarMonitoramento.endpoint] } as const;
  const todos = sincronizarTodos.useMutation(opcoes);
  const selecionados = sincronizarSelecionados.useMutation(opcoes);
  const imagens = importarImagens.useMutation(opcoes);
  const cnpj = { id: idCnpj };
  const depois = { onSuccess: onHide };

  const enviar = ({ opcao, relogios: ids }: Valores) => {
    // Every device chosen is the sync of all (seed 001 §5): one task for the company, not a list.
    const todosEscolhidos = relogios.length > 0 && relogios.every((r) => ids.includes(r.id));
    if (opcao === 'SINCRONIZAR_GERAL' || (opcao === 'SINCRONIZAR_GERAL_SELECIONADOS' && todosEscolhidos)) {
      todos.mutate({ cnpj }, depois);
    } else if (opcao === 'SINCRONIZAR_GERAL_SELECIONADOS') {
      selecionados.mutate({ relogiosSelecionados: ids.map((id) => ({ id })), cnpj }, depois);
    } else if (opcao === 'IMPORTAR_IMAGENS_FACE') {
      imagens.mutate({ relogioPonto: { id: ids[0]! }, cnpj }, depois);
    }
  };

  return (
    <FormDialog
      schema={schema}
      visible={visible}
      header="Sincronizar Funcionários e Imagens"
      values={VAZIO}
      pending={todos.isPending || selecionados.isPending || imagens.isPending}
      onHide={onHide}
      width="40rem"
      submitLabel="Sincronizar"
      submitIcon="pi pi-sync"
      onSubmit={enviar}
    >
      {({ control, watch, setValue, clearErrors }) => {
        const geral = watch('opcao') === 'SINCRONIZAR_GERAL';
        return (
          <>
            <SelectControl
              control={control}
              name="opcao"
              id="sincronizar-opcao"
              label="Opção"
              options={OPCOES_SINCRONIZACAO.map((o) => ({ value: o.valor, label: o.rotulo }))}
              placeholder="Selecione"
              autoFocus
              onValueChange={(v) => {
                // 'Todos' takes no device: a choice left from another option would only mislead.
                if (v === 'SINCRONIZAR_GERAL') setValue('relogios', []);
                clearErrors('relogios');
              }}
            />
            <Controller
              control={control}
              name="relogios"
              render={({ field, fieldState }) => {
                const marcados = new Set(field.value);
                const alternar = (id: number, marcar: boolean) =>
                  field.onChange(relogios.map((r) => r.id).filter((x) => (x === id ? marcar : marcados.has(x))));
                return (
                  // A fieldset of boxes: the seed's multi-select, each device one Tab stop and one Space away.
                  <fieldset
                    className="push-equipamentos"
                    disabled={geral}
                    aria-describedby={fieldState.error ? 'sincronizar-equipamentos-erro' : undefined}
                  >
                    <legend>Equipamentos</legend>
                    {geral ? <p className="push-dica">Todos os equipamentos da empresa.</p> : null}
                    <div className="push-equipamentos-lista">
                      {relogios.map((r, i) => (
                        <div key={r.id} className="push-equipamento">
                          <Checkbox
                            inputId={`sincronizar-equipamento-${r.id}`}
                            inputRef={i === 0 ? field.ref : undefined}
                            checked={marcados.has(r.id)}
                            onChange={(e) => alternar(r.id, e.checked === true)}
                            disabled={geral}
                            invalid={fieldState.invalid}
                          />
                          <label htmlFor={`sincronizar-equipamento-${r.id}`}>{rotuloEquipamento(r)}</label>
                        </div>
                      ))}
                    </div>
                    {fieldState.error ? (
                      <small id="sincronizar-equipamentos-erro" className="p-error" role="alert">
                        {fieldState.error.message}
                      </small>
                    ) : null}
                  </fieldset>
                );
              }}
            />
          </>
        );
      }}
    </FormDialog>
  );
}
