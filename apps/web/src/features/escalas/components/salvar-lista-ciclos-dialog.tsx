import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { escalaApi, type CicloForm } from '@jornada/contracts';
import { FormField } from '../../../components/ui/form-field';
import { listarCiclos, salvarCiclos } from '../api/escalas-api';
import { HORARIO_LABEL } from '../model/dias';
import { HoraInput } from './hora-input';
import { DIALOG_CICLOS } from './ciclos';
import '../escalas.css';
const { ESCALA_LIMITS: L } = escalaApi;

// ---------------------------------------------------------------- new list

const novoCiclo = (posicao: number): CicloForm => ({
  posicao,
  diasTrabalhados: null,
  diasFolgas: null,
  fatorRepeticao: 1,
  entrada1: null,
  saida1: null,
  entrada2: null,
  saida2: null,
  entrada3: null,
  saida3: null,
});

/**
 * Nova lista de ciclos (seed 001 §2.4, §3, §5): the description and the
 * cycles — work days, days off, repetitions, position and up to three pairs.
 * The contract's rules give the messages ('Informe a descrição da lista de
 * ciclos', 'Nenhum ciclo criado', 'Dados inválidos no ciclo {n}').
 */
export function SalvarListaCiclosDialog({
  visible,
  onHide,
  onCriada,
}: {
  visible: boolean;
  onHide: () => void;
  onCriada: (idCiclo: number) => void;
}) {
  // A fresh draft per opening.
  const [abertura, setAbertura] = useState(0);
  const [estavaVisivel, setEstavaVisivel] = useState(visible);
  if (visible !== estavaVisivel) {
    setEstavaVisivel(visible);
    if (visible) setAbertura((n) => n + 1);
  }
  const salvar = salvarCiclos.useMutation({ invalidates: [listarCiclos.endpoint] });
  return (
    <Dialog
      {...DIALOG_CICLOS}
      header="Nova lista de ciclos"
      visible={visible}
      onHide={() => {
        if (!salvar.isPending) onHide();
      }}
      style={{ width: '72rem' }}
    >
      <NovaListaForm
        key={abertura}
        pending={salvar.isPending}
        onCancel={onHide}
        onSave={(body) =>
          salvar.mutate(body, {
            onSuccess: (r) => {
              onCriada(r.idCiclo);
              onHide();
            },
          })
        }
      />
    </Dialog>
  );
}

function NovaListaForm({
  pending,
  onCancel,
  onSave,
}: {
  pending: boolean;
  onCancel: () => void;
  onSave: (body: { descricaoCiclos: string; ciclos: CicloForm[] }) => void;
}) {
  const [descricao, setDescricao] = useState('');
  const [ciclos, setCiclos] = useState<CicloForm[]>([novoCiclo(1)]);
  const [tentou, setTentou] = useState(false);
  const erros = tentou ? escalaApi.errosListaCiclos({ descricaoCiclos: descricao, ciclos }) : [];
  const set = (i: number, patch: Partial<CicloForm>) =>
    setCiclos((cs) => cs.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  return (
    <form
      noValidate
      className="form-grid"
      onSubmit={(e) => {
        // This dialog sits inside the schedule form: its submit must not reach that one.
        e.preventDefault();
        e.stopPropagation();
        setTentou(true);
        if (escalaApi.errosListaCiclos({ descricaoCiclos: descricao, ciclos }).length > 0) return;
        onSave({ descricaoCiclos: descricao.trim(), ciclos });
      }}
    >
      <FormField
        id="ciclos-descricao"
        label="Descrição"
        error={
          erros.includes(escalaApi.ESCALA_MSG.informeDescricaoCiclos)
            ? escalaApi.ESCALA_MSG.informeDescricaoCiclos
            : undefined
        }
        hint={
          <span className="field-counter" aria-live="polite">
            {descricao.length}/{L.cicloListaDescricao}
          </span>
        }
      >
        <InputText
          id="ciclos-descricao"
          value={descricao}
          onChange={(e) => setDescricao(e.target.value)}
          maxLength={L.cicloListaDescricao}
          autoComplete="off"
          autoFocus
        />
      </FormField>
      <div className="grid-table-wrapper">
        <table className="grid-table" aria-label="Ciclos">
          <thead>
            <tr>
              <th scope="col">Ciclo</th>
              <th scope="col">Posição</th>
              <th scope="col">Dias trabalhados</th>
              <th scope="col">Dias de folga</th>
              <th scope="col">Fator de repetição</th>
              {escalaApi.HORARIOS.map((h) => (
                <th scope="col" key={h}>
                  {HORARIO_LABEL[h]}
                </th>
              ))}
              <th scope="col">
                <span className="sr-only">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {ciclos.map((c, i) => {
              const n = i + 1;
              const inteiro = (
                campo: 'posicao' | 'diasTrabalhados' | 'diasFolgas' | 'fatorRepeticao',
                label: string,
                max: number,
              ) => (
                <InputNumber
                  value={c[campo] ?? null}
                  onChange={(e) => {
                    const v = typeof e.value === 'number' ? e.value : null;
                    if (v !== c[campo]) set(i, { [campo]: v });
                  }}
                  onValueChange={(e) => {
                    const v = typeof e.value === 'number' ? e.value : null;
                    if (v !== c[campo]) set(i, { [campo]: v });
                  }}
                  min={0}
                  max={max}
                  useGrouping={false}
                  allowEmpty
                  aria-label={`${label} do ciclo ${n}`}
                  className="numero-input"
                  inputClassName="numero-input-field"
                />
              );
              return (
                <tr key={i}>
                  <th scope="row">{n}</th>
                  <td>{inteiro('posicao', 'Posição', L.ciclosPorLista * 10)}</td>
                  <td>{inteiro('diasTrabalhados', 'Dias trabalhados', L.diasCiclo)}</td>
                  <td>{inteiro('diasFolgas', 'Dias de folga', L.diasCiclo)}</td>
                  <td>{inteiro('fatorRepeticao', 'Fator de repetição', L.fatorRepeticao)}</td>
                  {escalaApi.HORARIOS.map((h) => (
                    <td key={h}>
                      <HoraInput
                        value={c[h] ?? ''}
                        onChange={(v) => set(i, { [h]: v || null })}
                        ariaLabel={`${HORARIO_LABEL[h]} do ciclo ${n}`}
                      />
                    </td>
                  ))}
                  <td>
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      rounded
                      text
                      severity="danger"
                      aria-label={`Remover o ciclo ${n}`}
                      tooltip="Remover"
                      tooltipOptions={{ position: 'top' }}
                      onClick={() => setCiclos((cs) => cs.filter((_, j) => j !== i))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div>
        <Button
          type="button"
          label="Adicionar ciclo"
          icon="pi pi-plus"
          outlined
          size="small"
          disabled={ciclos.length >= L.ciclosPorLista}
          onClick={() => setCiclos((cs) => [...cs, novoCiclo(Math.max(0, ...cs.map((c) => c.posicao ?? 0)) + 1)])}
        />
      </div>
      {erros.length > 0 ? (
        <ul className="escala-erros" role="alert">
          {erros.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <div className="dialog-actions">
        <Button type="button" label="Cancelar" icon="pi pi-times" outlined onClick={onCancel} disabled={pending} />
        <Button type="submit" label="Salvar" icon="pi pi-check" loading={pending} />
      </div>
    </form>
  );
}
