import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { funcionarioApi, type FuncionarioLinha } from '@jornada/contracts';
import { DateInput } from '../../../components/ui/date-controls';
import { formatDate, toWireDate } from '../../../shared/format';
import { alterarDataAtivacao, listarFuncionarios } from '../api/funcionarios-api';

/** Today in the browser's calendar, as the wire writes days. */
export const hoje = (): string => toWireDate(new Date());

/** Inside the activation window (seed 001 §5: tomorrow to 6 days ahead, inclusive). */
export function dentroDaJanela(data: string | null, dia: string): boolean {
  const { de, ate } = funcionarioApi.janelaAtivacao(dia);
  return data !== null && data >= de && data <= ate;
}

/**
 * The activation day (seed 001 §2.6, §5): a calendar and the window's limits
 * below it. A day outside the window turns the limits text to danger (the
 * seed's signal; nothing is saved then); `erro` says what else is wrong
 * (no day at all).
 */
export function DataAtivacaoCampo({
  id,
  value,
  onChange,
  dia,
  erro,
  autoFocus,
}: {
  id: string;
  value: string | null;
  onChange: (data: string | null) => void;
  /** Today (the window starts tomorrow). */
  dia: string;
  erro?: string | undefined;
  autoFocus?: boolean;
}) {
  const { de, ate } = funcionarioApi.janelaAtivacao(dia);
  const fora = value !== null && !dentroDaJanela(value, dia);
  return (
    <div className="form-field">
      <label htmlFor={id}>Data para ativação</label>
      <DateInput
        id={id}
        value={value}
        onChange={onChange}
        autoFocus={autoFocus}
        invalid={fora || erro !== undefined}
        aria-describedby={`${id}-limites`}
      />
      <small id={`${id}-limites`} className={fora ? 'p-error limites-ativacao' : 'limites-ativacao'} role="status">
        De {formatDate(de)} até {formatDate(ate)}
      </small>
      {erro && !fora ? (
        <small className="p-error" role="alert">
          {erro}
        </small>
      ) : null}
    </div>
  );
}

/**
 * 'Editar Data para Ativação' (seed 001 §2.5, §4): the day an employee who is
 * awaiting activation starts, moved inside the window. Outside it, or without
 * a day, nothing is sent.
 */
export function DataAtivacaoDialog({
  funcionario,
  onHide,
}: {
  /** The row whose date is edited; null = closed. */
  funcionario: Pick<FuncionarioLinha, 'id' | 'nome' | 'dataAtivacao'> | null;
  onHide: () => void;
}) {
  return (
    <Dialog
      header="Editar Data para Ativação"
      visible={funcionario !== null}
      onHide={onHide}
      modal
      draggable={false}
      resizable={false}
      style={{ width: '26rem' }}
      breakpoints={{ '640px': '95vw' }}
      className="app-dialog"
    >
      {funcionario ? <DataAtivacaoForm key={funcionario.id} funcionario={funcionario} onHide={onHide} /> : null}
    </Dialog>
  );
}

function DataAtivacaoForm({
  funcionario,
  onHide,
}: {
  funcionario: Pick<FuncionarioLinha, 'id' | 'nome' | 'dataAtivacao'>;
  onHide: () => void;
}) {
  const dia = hoje();
  const [data, setData] = useState<string | null>(funcionario.dataAtivacao);
  const [tentou, setTentou] = useState(false);
  const alterar = alterarDataAtivacao.useMutation({ invalidates: [listarFuncionarios.endpoint] });

  return (
    <form
      className="form-grid"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTentou(true);
        if (data === null || !dentroDaJanela(data, dia)) return;
        alterar.mutate({ idFuncionario: funcionario.id, dataAtivacao: data }, { onSuccess: onHide });
      }}
    >
      <p className="muted-text">{funcionario.nome}</p>
      <DataAtivacaoCampo
        id="data-ativacao-dialogo"
        value={data}
        onChange={setData}
        dia={dia}
        erro={tentou && data === null ? funcionarioApi.FUNCIONARIO_MSG.informeDataAtivacao : undefined}
      />
      <div className="dialog-actions">
        <Button
          type="button"
          label="Cancelar"
          icon="pi pi-times"
          outlined
          onClick={onHide}
          disabled={alterar.isPending}
        />
        <Button type="submit" label="Salvar" icon="pi pi-check" loading={alterar.isPending} />
      </div>
    </form>
  );
}
