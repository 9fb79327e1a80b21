import {
  LIMITS,
  centroCustoApi,
  type CentroCusto,
  type CentroCustoForm,
  type NivelCentroCusto,
} from '@jornada/contracts';
import { CodedFields } from '../../../components/ui/register/coded-fields';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import {
  alterarCentroCusto,
  listarDepartamentos,
  listarSecoes,
  listarSetores,
  salvarDepartamento,
  salvarSetorSecao,
} from '../api/centros-custos-api';

/** What the dialog saves: a new cost centre of a level under its parent, or an existing one. */
export type CentroCustoTarget =
  | { nivel: NivelCentroCusto; row: null; idCnpj: number; idPai: number | null }
  | { nivel: NivelCentroCusto; row: CentroCusto; idCnpj: number; idPai: number | null };

/** The list each level reloads after a change (seed 000 §2.5). */
export const LISTA_DO_NIVEL = {
  Departamento: listarDepartamentos.endpoint,
  Setor: listarSetores.endpoint,
  Seção: listarSecoes.endpoint,
} as const;

const emptyForm: CentroCustoForm = { id: null, codigo: '', nome: '', gerarCodogioEmSequencia: true };

/**
 * 'Novo {level}' / 'Editar {level}' (seed 000 §2.5, §3, §5): code ≤ 12 and
 * name ≤ 50; a new one takes the next code automatically unless the switch is
 * turned off; on edit the code is always required. Closing resets the form.
 */
export function SalvarCentroCustoDialog({
  visible,
  target,
  onHide,
}: {
  visible: boolean;
  target: CentroCustoTarget | null;
  onHide: () => void;
}) {
  const invalidates = target ? [LISTA_DO_NIVEL[target.nivel]] : [];
  const departamento = salvarDepartamento.useMutation({ invalidates });
  const setorSecao = salvarSetorSecao.useMutation({ invalidates });
  const alterar = alterarCentroCusto.useMutation({ invalidates });
  const editing = target?.row != null;
  const nivel = target?.nivel ?? 'Departamento';
  const pending = departamento.isPending || setorSecao.isPending || alterar.isPending;

  return (
    <FormDialog
      schema={centroCustoApi.centroCustoForm}
      visible={visible}
      header={editing ? `Editar ${nivel}` : centroCustoApi.novoNivel(nivel)}
      values={
        target?.row
          ? { id: target.row.id, codigo: target.row.codigo, nome: target.row.nome, gerarCodogioEmSequencia: false }
          : emptyForm
      }
      pending={pending}
      onHide={onHide}
      onSubmit={(values) => {
        if (!target) return;
        const done = { onSuccess: onHide };
        if (target.row) {
          alterar.mutate({ centroCusto: { ...values, id: target.row.id } }, done);
          return;
        }
        // With the automatic sequence the server chooses the code: send none.
        const centroCusto = values.gerarCodogioEmSequencia ? { ...values, codigo: null } : values;
        if (target.idPai === null) departamento.mutate({ idCnpj: target.idCnpj, centroCusto }, done);
        else setorSecao.mutate({ idCnpj: target.idCnpj, idCentroCustoPai: target.idPai, centroCusto }, done);
      }}
    >
      {(form) => (
        <CodedFields
          form={form}
          editing={editing}
          idPrefix="centro-custo"
          codigoMax={LIMITS.centroCustoCodigo}
          nomeMax={LIMITS.centroCustoNome}
        />
      )}
    </FormDialog>
  );
}
