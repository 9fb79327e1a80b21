import { useRef } from 'react';
import { Button } from 'primereact/button';
import { FormField } from '../../../components/ui/form-field';
import '../funcionarios-importacao.css';

const tamanho = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;

/** Seed 001 §5: only one .csv file is accepted. */
export const ehCsv = (f: File) => f.name.toLowerCase().endsWith('.csv');

/**
 * The CSV to import: one file, .csv only (seed 001 §5). The button (labelled
 * by the field, described by the chosen file's name) opens the hidden native
 * picker.
 */
export function ArquivoInput({
  arquivo,
  onChange,
  error,
  disabled = false,
}: {
  arquivo: File | null;
  onChange: (f: File | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <FormField id="importacao-arquivo" label="Arquivo (.csv)" error={error}>
      <div className="importacao-arquivo">
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          data-testid="importacao-arquivo-input"
          onChange={(e) => {
            onChange(e.target.files?.[0] ?? null);
            // The same file chosen again (after fixing it) must fire a change too.
            e.target.value = '';
          }}
        />
        <Button
          id="importacao-arquivo"
          type="button"
          label="Selecionar arquivo"
          icon="pi pi-upload"
          outlined
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-invalid={error !== undefined}
          aria-describedby={['importacao-arquivo-nome', error ? 'importacao-arquivo-erro' : ''].join(' ').trim()}
        />
        <span id="importacao-arquivo-nome" className="importacao-arquivo-nome" aria-live="polite">
          {arquivo ? `${arquivo.name} (${tamanho(arquivo.size)})` : 'Nenhum arquivo selecionado'}
        </span>
      </div>
    </FormField>
  );
}
