import { useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { MSG, onlyDigits } from '@jornada/contracts';
import { FormField } from '../../../components/ui/form-field';
import { ArquivoInput, ehCsv } from './arquivo-input';
import { COLUNAS_INICIAIS, ColunasForm, colunasValidas, type EstadoColunas } from './colunas-form';

export interface EmpresaOpcao {
  id: number;
  numero: string;
  rotulo: string;
}

export interface Configuracao {
  arquivo: File | null;
  cnpj: number | null;
  colunas: EstadoColunas;
}

export const CONFIGURACAO_INICIAL: Configuracao = { arquivo: null, cnpj: null, colunas: COLUNAS_INICIAIS };

/** What stops the upload, by field (shown once the user tried to go on). */
export function problemasConfiguracao(c: Configuracao): { arquivo?: string; cnpj?: string; colunas?: true } {
  return {
    ...(c.arquivo === null ? { arquivo: MSG.selecioneArquivo(['.csv']) } : {}),
    ...(c.cnpj === null ? { cnpj: MSG.selecioneEmpresa } : {}),
    ...(colunasValidas(c.colunas) ? {} : { colunas: true as const }),
  };
}

/** The company whose number names the file (the intro asks for it), if there is one. */
function empresaDoArquivo(f: File, empresas: readonly EmpresaOpcao[]): number | undefined {
  return empresas.find((e) => e.numero === onlyDigits(f.name.replace(/\.csv$/i, '')))?.id;
}

/**
 * The configuration with its company filled in when the user has not chosen
 * one: the only company there is, or the one the file is named after (the
 * list may arrive after the file was chosen).
 */
export function comEmpresaSugerida(c: Configuracao, empresas: readonly EmpresaOpcao[]): Configuracao {
  if (c.cnpj !== null) return c;
  const sugerida =
    empresas.length === 1 ? empresas[0]!.id : c.arquivo ? empresaDoArquivo(c.arquivo, empresas) : undefined;
  return sugerida === undefined ? c : { ...c, cnpj: sugerida };
}

/**
 * Configurar (seed 001 §2.8, §5): the file, the company the employees join
 * and the column layout. The intro asks for the file to be named after the
 * company's number: a file so named picks its company.
 */
export function ConfigurarFormView({
  valor,
  onChange,
  empresas,
  mostrarErros,
  disabled,
}: {
  valor: Configuracao;
  onChange: (c: Configuracao) => void;
  empresas: readonly EmpresaOpcao[];
  mostrarErros: boolean;
  disabled: boolean;
}) {
  const [arquivoRecusado, setArquivoRecusado] = useState(false);
  const problemas = problemasConfiguracao(valor);
  const escolherArquivo = (f: File | null) => {
    if (f === null) return;
    if (!ehCsv(f)) {
      setArquivoRecusado(true);
      onChange({ ...valor, arquivo: null });
      return;
    }
    setArquivoRecusado(false);
    onChange({ ...valor, arquivo: f, cnpj: empresaDoArquivo(f, empresas) ?? valor.cnpj });
  };
  return (
    <div className="form-grid">
      <div className="form-columns">
        <ArquivoInput
          arquivo={valor.arquivo}
          onChange={escolherArquivo}
          error={arquivoRecusado || mostrarErros ? problemas.arquivo : undefined}
          disabled={disabled}
        />
        <FormField id="importacao-empresa" label="Empresa" error={mostrarErros ? problemas.cnpj : undefined}>
          <Dropdown
            inputId="importacao-empresa"
            value={valor.cnpj}
            options={empresas.map((e) => ({ label: e.rotulo, value: e.id }))}
            optionLabel="label"
            optionValue="value"
            placeholder="Selecione"
            filter={empresas.length > 8}
            filterPlaceholder="Buscar"
            emptyMessage="Nenhuma empresa disponível"
            onChange={(e) => onChange({ ...valor, cnpj: (e.value as number | undefined) ?? null })}
            disabled={disabled}
            invalid={mostrarErros && problemas.cnpj !== undefined}
            aria-describedby={mostrarErros && problemas.cnpj ? 'importacao-empresa-erro' : undefined}
            className="w-full"
          />
        </FormField>
      </div>
      <ColunasForm estado={valor.colunas} onChange={(colunas) => onChange({ ...valor, colunas })} disabled={disabled} />
    </div>
  );
}
