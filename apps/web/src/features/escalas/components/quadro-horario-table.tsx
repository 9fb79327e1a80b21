import { Checkbox } from 'primereact/checkbox';
import { escalaApi, type DiaSemana } from '@jornada/contracts';
import { DIA_LABEL, HORARIO_LABEL, type Pares } from '../model/dias';
import { HoraInput } from './hora-input';
import '../escalas.css';

/**
 * The week of a time table (seed 001 §3 day row): one row per weekday with
 * two or three entry/exit pairs and the flexible flag. Plain table cells, so
 * Tab walks the times in reading order.
 */
export function QuadroHorarioTable({
  linhas,
  pares,
  onChange,
}: {
  linhas: readonly DiaSemana[];
  pares: Pares;
  onChange: (linhas: DiaSemana[]) => void;
}) {
  const colunas = escalaApi.HORARIOS.slice(0, pares * 2);
  const set = (i: number, patch: Partial<DiaSemana>) =>
    onChange(linhas.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <div className="grid-table-wrapper">
      <table className="grid-table" aria-label="Horários da semana">
        <thead>
          <tr>
            <th scope="col">Dia</th>
            {colunas.map((h) => (
              <th scope="col" key={h}>
                {HORARIO_LABEL[h]}
              </th>
            ))}
            <th scope="col">Flexível</th>
          </tr>
        </thead>
        <tbody>
          {linhas.map((l, i) => {
            const dia = DIA_LABEL[l.dia] ?? String(l.dia);
            return (
              <tr key={l.dia}>
                <th scope="row">{dia}</th>
                {colunas.map((h) => (
                  <td key={h}>
                    <HoraInput
                      value={l[h] ?? ''}
                      onChange={(v) => set(i, { [h]: v || null })}
                      ariaLabel={`${HORARIO_LABEL[h]} de ${dia}`}
                    />
                  </td>
                ))}
                <td className="grid-table-center">
                  <Checkbox
                    inputId={`dia-${l.dia}-flexivel`}
                    checked={l.horarioFlexivel}
                    onChange={(e) => set(i, { horarioFlexivel: e.checked === true })}
                    aria-label={`Horário flexível de ${dia}`}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
