import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { escalaApi, type FaixaHoraExtra } from '@jornada/contracts';
import { COLUNA_FAIXA_LABEL, faixaVazia, type TipoFaixa } from '../model/faixas';
import { PercentInput } from './percent-input';
import '../escalas.css';

const NOMES: Record<TipoFaixa, string> = { 1: 'Faixa normal', 2: 'Faixa noturna' };

/**
 * The overtime bands of one type (seed 001 §3 'Overtime band'): 'Até' in
 * hours of the day's overtime, then the percentage of each day type (in
 * percent: the form converts). Bands are added and removed here; the form
 * checks them on save.
 */
export function FaixasTable({
  tipo,
  linhas,
  onChange,
  invalid = false,
}: {
  tipo: TipoFaixa;
  linhas: readonly FaixaHoraExtra[];
  onChange: (linhas: FaixaHoraExtra[]) => void;
  /** The save found a band of this type incomplete: empty cells are marked. */
  invalid?: boolean;
}) {
  const nome = NOMES[tipo];
  const set = (i: number, patch: Partial<FaixaHoraExtra>) =>
    onChange(linhas.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <fieldset className="faixas">
      <legend>{nome}</legend>
      {linhas.length === 0 ? (
        <p className="muted-text">Nenhuma faixa {tipo === 1 ? 'normal' : 'noturna'}.</p>
      ) : (
        <div className="grid-table-wrapper">
          <table className="grid-table" aria-label={nome}>
            <thead>
              <tr>
                <th scope="col">Até (horas)</th>
                {escalaApi.COLUNAS_FAIXA.map((c) => (
                  <th scope="col" key={c}>
                    {COLUNA_FAIXA_LABEL[c]}
                  </th>
                ))}
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {linhas.map((l, i) => {
                const linha = `${nome} ${i + 1}`;
                return (
                  <tr key={i}>
                    <td>
                      <InputNumber
                        value={l.ate}
                        onValueChange={(e) => set(i, { ate: typeof e.value === 'number' ? e.value : null })}
                        onChange={(e) => {
                          const v = typeof e.value === 'number' ? e.value : null;
                          if (v !== l.ate) set(i, { ate: v });
                        }}
                        min={0}
                        max={99}
                        maxFractionDigits={2}
                        locale="pt-BR"
                        useGrouping={false}
                        allowEmpty
                        aria-label={`Até (horas) da ${linha}`}
                        invalid={invalid && l.ate === null}
                        className="percent-input"
                        inputClassName="percent-input-field"
                      />
                    </td>
                    {escalaApi.COLUNAS_FAIXA.map((c) => (
                      <td key={c}>
                        <PercentInput
                          value={l[c]}
                          onChange={(v) => set(i, { [c]: v })}
                          ariaLabel={`${COLUNA_FAIXA_LABEL[c]} da ${linha}`}
                          invalid={invalid && l[c] === null}
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
                        aria-label={`Remover ${linha}`}
                        tooltip="Remover"
                        tooltipOptions={{ position: 'top' }}
                        onClick={() => onChange(linhas.filter((_, j) => j !== i))}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Button
        type="button"
        label={`Adicionar ${nome.toLowerCase()}`}
        icon="pi pi-plus"
        outlined
        size="small"
        onClick={() => onChange([...linhas, faixaVazia(tipo)])}
      />
    </fieldset>
  );
}
