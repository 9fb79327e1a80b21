import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { escalaApi, type Ciclo, type CicloForm, type ListaCiclosResumo } from '@jornada/contracts';
import { confirmAction } from '../../../components/ui/confirm';
import { FormField } from '../../../components/ui/form-field';
import { formatDate, toWireDate } from '../../../shared/format';
import { detalhesCiclos, excluirCiclo, listarCiclos, salvarCiclos, sequenciaCiclosEscala } from '../api/escalas-api';
import { HORARIO_LABEL } from '../model/dias';
import { HoraInput } from './hora-input';

const { ESCALA_LIMITS: L } = escalaApi;

/** A list as the pickers name it: 'Turno 6x1 (2 ciclos)'. */
export const rotuloLista = (l: ListaCiclosResumo) =>
  `${l.descricao} (${l.quantidade} ${l.quantidade === 1 ? 'ciclo' : 'ciclos'})`;

const DIALOG = {
  modal: true,
  draggable: false,
  resizable: false,
  closeOnEscape: true,
  breakpoints: { '960px': '95vw' },
  className: 'app-dialog',
} as const;

// ---------------------------------------------------------------- list of lists

/**
 * The cycle lists (seed 001 §2.4: description and quantity) with details,
 * delete after a confirm, the choice of one for the schedule, and Nova lista.
 */
export function ListasCiclosDialog({
  visible,
  onHide,
  onNova,
  onDetalhes,
  onSelecionar,
  onExcluida,
}: {
  visible: boolean;
  onHide: () => void;
  onNova: () => void;
  onDetalhes: (id: number) => void;
  onSelecionar: (id: number) => void;
  onExcluida: (id: number) => void;
}) {
  const listas = listarCiclos.useQuery({}, { enabled: visible });
  const excluir = excluirCiclo.useMutation({ invalidates: [listarCiclos.endpoint] });
  const linhas = listas.data ?? [];
  return (
    <Dialog
      {...DIALOG}
      header="Listas de ciclos"
      visible={visible}
      onHide={onHide}
      style={{ width: '44rem' }}
      footer={
        <div className="dialog-actions">
          <Button type="button" label="Fechar" icon="pi pi-times" outlined onClick={onHide} />
          <Button type="button" label="Nova lista de ciclos" icon="pi pi-plus" onClick={onNova} />
        </div>
      }
    >
      {listas.isPending ? (
        <p className="muted-text">Carregando…</p>
      ) : linhas.length === 0 ? (
        <p className="empty-state">Nenhuma lista de ciclos cadastrada.</p>
      ) : (
        <table className="grid-table grid-table-lista" aria-label="Listas de ciclos">
          <thead>
            <tr>
              <th scope="col">Descrição</th>
              <th scope="col">Quantidade</th>
              <th scope="col">
                <span className="sr-only">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {linhas.map((l) => (
              <tr key={l.id}>
                <th scope="row">{l.descricao}</th>
                <td>{l.quantidade}</td>
                <td>
                  <div className="row-actions">
                    <Button
                      type="button"
                      icon="pi pi-check"
                      rounded
                      text
                      aria-label={`Usar ${l.descricao} nesta escala`}
                      tooltip="Usar nesta escala"
                      tooltipOptions={{ position: 'top' }}
                      onClick={() => onSelecionar(l.id)}
                    />
                    <Button
                      type="button"
                      icon="pi pi-eye"
                      rounded
                      text
                      severity="secondary"
                      aria-label={`Detalhes de ${l.descricao}`}
                      tooltip="Detalhes"
                      tooltipOptions={{ position: 'top' }}
                      onClick={() => onDetalhes(l.id)}
                    />
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      rounded
                      text
                      severity="danger"
                      aria-label={`Excluir ${l.descricao}`}
                      tooltip="Excluir"
                      tooltipOptions={{ position: 'top' }}
                      onClick={() =>
                        confirmAction({
                          message: `Excluir a lista de ciclos ${l.descricao} ?`,
                          header: 'Excluir lista de ciclos',
                          danger: true,
                          onAccept: () =>
                            excluir.mutate({ ciclo: { id: l.id } }, { onSuccess: () => onExcluida(l.id) }),
                        })
                      }
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}

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
export function NovaListaCiclosDialog({
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
      {...DIALOG}
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

// ---------------------------------------------------------------- details and sequence

const par = (e: string | null | undefined, s: string | null | undefined) => (e || s ? `${e ?? ''}–${s ?? ''}` : '');

/** The cycles of a list, read-only. */
export function CiclosTable({ ciclos }: { ciclos: readonly Ciclo[] }) {
  return (
    <div className="grid-table-wrapper">
      <table className="grid-table grid-table-lista" aria-label="Ciclos da lista">
        <thead>
          <tr>
            <th scope="col">Posição</th>
            <th scope="col">Dias trabalhados</th>
            <th scope="col">Dias de folga</th>
            <th scope="col">Fator de repetição</th>
            <th scope="col">Horários</th>
          </tr>
        </thead>
        <tbody>
          {[...ciclos]
            .sort((a, b) => (a.posicao ?? 0) - (b.posicao ?? 0))
            .map((c, i) => (
              <tr key={c.id ?? i}>
                <th scope="row">{c.posicao}</th>
                <td>{c.diasTrabalhados}</td>
                <td>{c.diasFolgas}</td>
                <td>{c.fatorRepeticao}</td>
                <td>
                  {[par(c.entrada1, c.saida1), par(c.entrada2, c.saida2), par(c.entrada3, c.saida3)]
                    .filter(Boolean)
                    .join('  ')}
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}

const SEMANA = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];
const diaDaSemana = (wire: string) => {
  const [y, m, d] = wire.split('-').map(Number);
  return SEMANA[new Date(y!, m! - 1, d!).getDay()] ?? '';
};

/**
 * The next days of a list's sequence (calculation-rules §15.1), from today as
 * if an employee started on it: a work day with its times, or Folga.
 */
export function SequenciaCiclos({ idCiclo }: { idCiclo: number }) {
  const hoje = toWireDate(new Date());
  const seq = sequenciaCiclosEscala.useQuery({ idCiclo, dataInicio: hoje, dias: L.diasSequencia });
  if (!seq.data)
    return <p className="muted-text">{seq.isError ? 'Sequência indisponível.' : 'Carregando a sequência…'}</p>;
  const { comprimento, regime12x36, dias } = seq.data;
  return (
    <section className="sequencia" aria-label="Sequência dos próximos dias">
      <h3>Sequência dos próximos dias</h3>
      <p className="muted-text">
        Começando hoje, como para um funcionário que inicia a escala hoje. A sequência se repete a cada {comprimento}{' '}
        {comprimento === 1 ? 'dia' : 'dias'}
        {regime12x36 ? ' (regime 12x36)' : ''}.
      </p>
      <ol className="sequencia-dias">
        {dias.map((d) => (
          <li key={d.dia} className={d.trabalho ? 'seq-trabalho' : 'seq-folga'}>
            <span className="seq-data">
              {d.data ? `${formatDate(d.data).slice(0, 5)} ${diaDaSemana(d.data)}` : `Dia ${d.dia}`}
            </span>
            <span className="seq-horarios">
              {!d.trabalho
                ? 'Folga'
                : d.horarios.length === 0
                  ? 'Trabalho'
                  : d.horarios.map(([e, s]) => <span key={e + s} className="seq-par">{`${e}–${s}`}</span>)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Details of one list: its cycles and the sequence preview. */
export function DetalhesCiclosDialog({ idCiclo, onHide }: { idCiclo: number | null; onHide: () => void }) {
  const detalhes = detalhesCiclos.useQuery({ idCiclo: idCiclo ?? 0 }, { enabled: idCiclo !== null });
  return (
    <Dialog
      {...DIALOG}
      header={detalhes.data ? `Lista de ciclos: ${detalhes.data.descricao}` : 'Lista de ciclos'}
      visible={idCiclo !== null}
      onHide={onHide}
      style={{ width: '56rem' }}
    >
      {detalhes.data && idCiclo !== null ? (
        <div className="form-grid">
          <CiclosTable ciclos={detalhes.data.ciclos} />
          <SequenciaCiclos idCiclo={idCiclo} />
        </div>
      ) : (
        <p className="muted-text">{detalhes.isError ? 'Lista de ciclos indisponível.' : 'Carregando…'}</p>
      )}
    </Dialog>
  );
}
