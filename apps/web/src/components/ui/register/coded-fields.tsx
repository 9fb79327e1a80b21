import type { UseFormReturn } from 'react-hook-form';
import { SwitchControl, TextControl } from '../form-controls';

/** The fields of a coded register's form (contracts codedRegisterForm). */
type CodedValues = {
  id?: number | string | null | undefined;
  codigo?: string | number | null | undefined;
  nome: string;
  gerarCodogioEmSequencia?: boolean | undefined;
};

/**
 * Code and name of a coded register (seed 000 §5: Cargo, Centro de custo): a
 * new record may take the next code automatically ('Gerar código em
 * sequência', on by default, the code field disabled); an edited one always
 * shows its code, which is then required. The first field takes the focus.
 */
export function CodedFields<T extends CodedValues>({
  form,
  editing,
  idPrefix,
  codigoMax,
  nomeMax,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  editing: boolean;
  idPrefix: string;
  codigoMax: number;
  nomeMax: number;
}) {
  // The form's type is generic; its fields are those of CodedValues.
  const f = form as unknown as UseFormReturn<CodedValues>;
  const auto = !editing && f.watch('gerarCodogioEmSequencia') === true;
  return (
    <>
      {editing ? null : (
        <SwitchControl
          control={f.control}
          name="gerarCodogioEmSequencia"
          id={`${idPrefix}-gerar-codigo`}
          label="Gerar código em sequência"
          onToggle={(on) => on && f.setValue('codigo', '', { shouldValidate: f.formState.isSubmitted })}
        />
      )}
      <TextControl
        control={f.control}
        name="codigo"
        id={`${idPrefix}-codigo`}
        label="Código"
        maxLength={codigoMax}
        disabled={auto}
        placeholder={auto ? 'Gerado automaticamente' : undefined}
        autoFocus={editing}
      />
      <TextControl
        control={f.control}
        name="nome"
        id={`${idPrefix}-nome`}
        label="Nome"
        maxLength={nomeMax}
        autoFocus={!editing}
      />
    </>
  );
}
