import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { LIMITS, onlyDigits } from '@jornada/contracts';
import { DateControl } from '../../../components/ui/date-controls';
import { Field, SwitchControl, TextControl, text } from '../../../components/ui/form-controls';
import { MaskedControl } from '../../../components/ui/masked-control';

/**
 * The fields Novo and Editar share (seed 001 §2.6, §2.7, §3, §5), under
 * `funcionario.` in both forms. They read the form from its provider, so each
 * page keeps its own schema (the contract's) and its own extra fields.
 */

/** Panel 'Dados do Funcionário' without the photo: nome, nome reduzido, nascimento, PIS, CPF, e-mail. */
export function CamposPessoa({ autoFocus = false }: { autoFocus?: boolean }) {
  const { control, setValue, formState } = useFormContext();
  const semPis = useWatch({ control, name: 'funcionario.semPis' }) === true;
  return (
    <div className="form-columns">
      <div className="form-span-2">
        <TextControl
          control={control}
          name="funcionario.nome"
          id="funcionario-nome"
          label="Nome"
          maxLength={LIMITS.funcionarioNome}
          autoFocus={autoFocus}
        />
      </div>
      <TextControl
        control={control}
        name="funcionario.nomeCurto"
        id="funcionario-nome-curto"
        label="Nome reduzido"
        maxLength={LIMITS.funcionarioNomeCurto}
      />
      <DateControl
        control={control}
        name="funcionario.dataNascimento"
        id="funcionario-nascimento"
        label="Data de nascimento"
      />
      <div className="campo-pis">
        <MaskedControl
          control={control}
          name="funcionario.pis"
          id="funcionario-pis"
          label="PIS"
          mask="pis"
          disabled={semPis}
        />
        <Controller
          control={control}
          name="funcionario.semPis"
          render={({ field }) => (
            <div className="form-checkbox">
              <Checkbox
                inputId="funcionario-sem-pis"
                inputRef={field.ref}
                checked={field.value === true}
                onChange={(e) => {
                  field.onChange(e.checked === true);
                  // Without a PIS the field is emptied: a half-typed number must not travel.
                  if (e.checked) setValue('funcionario.pis', '', { shouldValidate: formState.isSubmitted });
                }}
              />
              <label htmlFor="funcionario-sem-pis">Sem PIS (primeiro emprego)</label>
            </div>
          )}
        />
      </div>
      <MaskedControl control={control} name="funcionario.cpf" id="funcionario-cpf" label="CPF" mask="cpf" />
      <div className="form-span-2">
        <TextControl
          control={control}
          name="funcionario.email"
          id="funcionario-email"
          label="E-mail"
          type="email"
          maxLength={LIMITS.funcionarioEmail}
        />
      </div>
    </div>
  );
}

/** Crachá, registro and data de admissão ('Relação com a Empresa'). */
export function CamposVinculo() {
  const { control } = useFormContext();
  return (
    <>
      <TextControl
        control={control}
        name="funcionario.cracha"
        id="funcionario-cracha"
        label="Crachá"
        maxLength={LIMITS.funcionarioCracha}
      />
      <TextControl
        control={control}
        name="funcionario.registro"
        id="funcionario-registro"
        label="Registro"
        maxLength={LIMITS.funcionarioRegistro}
      />
      <DateControl
        control={control}
        name="funcionario.dataAdmissao"
        id="funcionario-admissao"
        label="Data de admissão"
      />
    </>
  );
}

/**
 * The keypad password (4 digits, typed as digits only) and 'Dupla verificação'.
 * On the edit (`possuiSenha` known) the stored PIN is never shown — the server
 * does not send it (decision 0065): the field says whether one is set, blank
 * keeps it, a new one replaces it, and 'Remover' clears it.
 */
export function CamposRelogio({ possuiSenha }: { possuiSenha?: boolean } = {}) {
  const { control, setValue } = useFormContext();
  const remover = useWatch({ control, name: 'funcionario.removerSenhaTeclado' }) === true;
  return (
    <>
      <div className="campo-senha-teclado">
        <Field
          control={control}
          name="funcionario.senhaTecladoSemBio"
          id="funcionario-senha-teclado"
          label="Senha do teclado"
          hint={(v) => (
            <>
              {possuiSenha ? (
                <span id="funcionario-senha-teclado-situacao" className="muted-text">
                  {remover ? 'Será removida ao salvar.' : 'Senha cadastrada: deixe em branco para mantê-la.'}
                </span>
              ) : null}
              <span className="field-counter" aria-live="polite">
                {text(v).length}/{LIMITS.funcionarioSenhaTeclado}
              </span>
            </>
          )}
          render={(field, state, a11y) => (
            <InputText
              id="funcionario-senha-teclado"
              ref={field.ref}
              name={field.name}
              value={text(field.value)}
              onChange={(e) => field.onChange(onlyDigits(e.target.value).slice(0, LIMITS.funcionarioSenhaTeclado))}
              onBlur={field.onBlur}
              inputMode="numeric"
              autoComplete="off"
              maxLength={LIMITS.funcionarioSenhaTeclado}
              placeholder={possuiSenha ? '••••' : '4 dígitos'}
              disabled={remover}
              invalid={state.invalid}
              {...a11y}
            />
          )}
        />
        {possuiSenha ? (
          <Controller
            control={control}
            name="funcionario.removerSenhaTeclado"
            render={({ field }) => (
              <div className="form-checkbox">
                <Checkbox
                  inputId="funcionario-remover-senha"
                  inputRef={field.ref}
                  checked={field.value === true}
                  onChange={(e) => {
                    field.onChange(e.checked === true);
                    // Removing wins over a new PIN: a half-typed one must not travel.
                    if (e.checked) setValue('funcionario.senhaTecladoSemBio', '');
                  }}
                />
                <label htmlFor="funcionario-remover-senha">Remover a senha do teclado</label>
              </div>
            )}
          />
        ) : null}
      </div>
      <div className="form-field form-field-switch">
        <SwitchControl
          control={control}
          name="funcionario.duplaVerificacao"
          id="funcionario-dupla"
          label="Dupla verificação"
        />
      </div>
    </>
  );
}
