import { escalaApi, type Ciclo, type ListaCiclosResumo } from '@jornada/contracts';
import { formatDate, hojeNaEmpresa } from '../../../shared/format';
import { sequenciaCiclosEscala } from '../api/escalas-api';
import '../escalas.css';

const { ESCALA_LIMITS: L } = escalaApi;

/** A list as the pickers name it: 'Turno 6x1 (2 ciclos)'. */
export const rotuloLista = (l: ListaCiclosResumo) =>
  `${l.descricao} (${l.quantidade} ${l.quantidade === 1 ? 'ciclo' : 'ciclos'})`;

export const DIALOG_CICLOS = {
  modal: true,
  draggable: false,
  resizable: false,
  closeOnEscape: true,
  breakpoints: { '960px': '95vw' },
  className: 'app-dialog',
} as const;

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
  const hoje = hojeNaEmpresa();
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
