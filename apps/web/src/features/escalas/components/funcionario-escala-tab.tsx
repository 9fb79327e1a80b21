import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { PERM, funcionarioPesquisaApi, type ContratoResumo } from '@jornada/contracts';
import {
  FiltroFuncionarios,
  filtroFuncionariosVazio,
  type FiltroFuncionariosValue,
} from '../../../components/filtro-funcionarios';
import { confirmAction } from '../../../components/ui/confirm';
import { FormField } from '../../../components/ui/form-field';
import { DateInput } from '../../../components/ui/date-controls';
import { formatDate } from '../../../shared/format';
import { useHasCode } from '../../../shared/session';
import { toastWarn } from '../../../shared/toast';
import { trocarContratoFuncionarios } from '../api/escalas-api';
import { listarContratos } from '../../../shared/lookups-api';

const rotulo = (contratos: readonly ContratoResumo[] | undefined, id: number | null) =>
  contratos?.find((c) => c.id === id)?.nomeRef ?? '';

/**
 * Tab 'Funcionário/Escala' of Escalas de Horários (seed 001 §2.3, §5, §7):
 * company and current schedule, the employees found by badge or name (the
 * shared employee filter), the new schedule and the date it starts. Salvar
 * (code 26) checks in the seed's order and with its words, asks for
 * confirmation, and moves the chosen employees: their current schedule ends
 * the day before.
 */
export function FuncionarioEscalaTab() {
  const podeSalvar = useHasCode(PERM.FUNCIONARIOS_EDITAR);
  const [filtro, setFiltro] = useState<FiltroFuncionariosValue>(() => filtroFuncionariosVazio());
  const [idNovoContrato, setIdNovoContrato] = useState<number | null>(null);
  const [dataInicio, setDataInicio] = useState<string | null>(null);
  const contratos = listarContratos.useQuery({});
  const trocar = trocarContratoFuncionarios.useMutation({
    invalidates: [
      funcionarioPesquisaApi.buscarFuncionariosContrato,
      funcionarioPesquisaApi.buscarFuncionariosContratoCrachaNome,
    ],
  });

  const salvar = () => {
    const form = {
      idCnpj: filtro.idCnpj,
      idAntigoContrato: filtro.idContrato,
      idNovoContrato,
      dataInicio,
      idsFuncionarios: filtro.funcionarios.map((f) => f.id),
    };
    const checked = funcionarioPesquisaApi.trocaEscalaForm.safeParse(form);
    if (!checked.success) {
      toastWarn(checked.error.issues[0]!.message);
      return;
    }
    const n = form.idsFuncionarios.length;
    confirmAction({
      message:
        `Trocar a escala de ${n} funcionário(s) de ${rotulo(contratos.data, filtro.idContrato)} ` +
        `para ${rotulo(contratos.data, idNovoContrato)} a partir de ${formatDate(dataInicio)}? ` +
        'A escala atual de cada um termina no dia anterior.',
      onAccept: () =>
        trocar.mutate(
          {
            idsFuncionarios: form.idsFuncionarios,
            idAntigoContrato: form.idAntigoContrato!,
            idNovoContrato: form.idNovoContrato!,
            dataInicio: form.dataInicio!,
          },
          {
            // The server's message is shown by the mutation's success toast. They are on the new schedule
            // now: the search (reloaded) no longer finds them.
            onSuccess: () => setFiltro((f) => ({ ...f, funcionarios: [], todos: false })),
          },
        ),
    });
  };

  return (
    <div className="form-grid funcionario-escala">
      <FiltroFuncionarios
        id="troca-escala"
        value={filtro}
        onChange={setFiltro}
        porEscala
        rotuloEscala="Escala atual"
        disabled={trocar.isPending}
      />
      <div className="form-row">
        <FormField id="troca-escala-nova" label="Nova escala">
          <Dropdown
            inputId="troca-escala-nova"
            value={idNovoContrato}
            options={(contratos.data ?? []).map((c) => ({ label: c.nomeRef, value: c.id }))}
            onChange={(e) => setIdNovoContrato((e.value as number | undefined) ?? null)}
            placeholder="Selecione"
            filter
            filterPlaceholder="Buscar"
            emptyMessage="Nenhuma escala cadastrada"
            emptyFilterMessage="Nenhum resultado encontrado"
            disabled={trocar.isPending}
            className="w-full"
          />
        </FormField>
        <FormField id="troca-escala-data" label="Data de início">
          <DateInput id="troca-escala-data" value={dataInicio} onChange={setDataInicio} disabled={trocar.isPending} />
        </FormField>
      </div>
      {podeSalvar ? (
        <div className="form-page-actions">
          <Button type="button" label="Salvar" icon="pi pi-check" loading={trocar.isPending} onClick={salvar} />
        </div>
      ) : null}
    </div>
  );
}
