import { Dropdown } from 'primereact/dropdown';
import {
  CHARSETS_IMPORTACAO,
  COLUNAS_IMPORTACAO,
  FORMATOS_DATA_IMPORTACAO,
  LIMITS,
  MSG_IMPORTACAO,
  POSICOES_PADRAO,
  problemasColunas,
  type CampoImportacao,
  type JsonColunas,
} from '@jornada/contracts';
import { FormField } from '../../../components/ui/form-field';
import '../funcionarios-importacao.css';

/** The column layout as the form holds it, with the notices of the required columns reset to 1. */
export interface EstadoColunas {
  valor: JsonColunas;
  /** 'Campo obrigatório' where the user chose 'Selecione' for a required column (seed 001 §5). */
  avisos: Partial<Record<CampoImportacao, string>>;
}

export const COLUNAS_INICIAIS: EstadoColunas = {
  valor: { ...POSICOES_PADRAO, charset: 'ISO-8859-1', formatoData: 'dd/MM/yyyy' },
  avisos: {},
};

/**
 * A position chosen for a field. 'Selecione' (null) means no column; for a
 * required column it resets to 1 and says 'Campo obrigatório' (seed 001 §5).
 */
export function escolherColuna(estado: EstadoColunas, campo: CampoImportacao, posicao: number | null): EstadoColunas {
  const obrigatoria = COLUNAS_IMPORTACAO.find((c) => c.campo === campo)!.obrigatoria;
  const reset = posicao === null && obrigatoria;
  const avisos = { ...estado.avisos };
  if (reset) avisos[campo] = MSG_IMPORTACAO.campoObrigatorio;
  else delete avisos[campo];
  return { valor: { ...estado.valor, [campo]: reset ? 1 : posicao }, avisos };
}

/** The layout can be sent: no two columns on one position (the server says the same). */
export const colunasValidas = (estado: EstadoColunas) => Object.keys(problemasColunas(estado.valor)).length === 0;

const SELECIONE = 0;
const POSICOES = [
  { label: 'Selecione', value: SELECIONE },
  ...Array.from({ length: LIMITS.importacaoColunaMax }, (_, i) => ({ label: String(i + 1), value: i + 1 })),
];
const CHARSETS = CHARSETS_IMPORTACAO.map((c) => ({ label: c, value: c }));
const FORMATOS = FORMATOS_DATA_IMPORTACAO.map((f) => ({ label: f, value: f }));

/**
 * The column positions of the employee fields (1 to 20, seed 001 §5 and §9),
 * the charset (ISO-8859-1 by default) and the date format (dd/MM/yyyy by
 * default). 'Coluna X igual a coluna Y' shows as soon as two columns meet.
 */
export function ColunasForm({
  estado,
  onChange,
  disabled = false,
}: {
  estado: EstadoColunas;
  onChange: (e: EstadoColunas) => void;
  disabled?: boolean;
}) {
  const problemas = problemasColunas(estado.valor);
  return (
    <div className="importacao-colunas">
      <fieldset className="importacao-fieldset">
        <legend>Posição das colunas no arquivo</legend>
        <div className="form-columns importacao-posicoes">
          {COLUNAS_IMPORTACAO.map((c) => {
            const id = `coluna-${c.campo}`;
            const erro = [estado.avisos[c.campo], problemas[c.campo]].filter(Boolean).join(' · ') || undefined;
            return (
              <FormField key={c.campo} id={id} label={c.obrigatoria ? `${c.rotulo} *` : c.rotulo} error={erro}>
                <Dropdown
                  inputId={id}
                  value={estado.valor[c.campo] ?? SELECIONE}
                  options={POSICOES}
                  optionLabel="label"
                  optionValue="value"
                  onChange={(e) =>
                    onChange(escolherColuna(estado, c.campo, e.value === SELECIONE ? null : Number(e.value)))
                  }
                  disabled={disabled}
                  invalid={erro !== undefined && problemas[c.campo] !== undefined}
                  aria-describedby={erro ? `${id}-erro` : undefined}
                  className="w-full"
                />
              </FormField>
            );
          })}
        </div>
      </fieldset>
      <div className="form-columns">
        <FormField id="importacao-charset" label="Codificação do arquivo">
          <Dropdown
            inputId="importacao-charset"
            value={estado.valor.charset}
            options={CHARSETS}
            optionLabel="label"
            optionValue="value"
            onChange={(e) =>
              onChange({ ...estado, valor: { ...estado.valor, charset: e.value as JsonColunas['charset'] } })
            }
            disabled={disabled}
            className="w-full"
          />
        </FormField>
        <FormField id="importacao-formato-data" label="Formato das datas">
          <Dropdown
            inputId="importacao-formato-data"
            value={estado.valor.formatoData}
            options={FORMATOS}
            optionLabel="label"
            optionValue="value"
            onChange={(e) =>
              onChange({ ...estado, valor: { ...estado.valor, formatoData: e.value as JsonColunas['formatoData'] } })
            }
            disabled={disabled}
            className="w-full"
          />
        </FormField>
      </div>
    </div>
  );
}
