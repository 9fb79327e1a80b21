import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { z } from 'zod';
import { calendario, controlePontoApi } from '@jornada/contracts';
import { DayActionDialog } from '../../../components/ui/day-action-dialog';
import { TextControl } from '../../../components/ui/form-controls';
import { SelectControl } from '../../../components/ui/select-control';
import { listarEventosJustificativa, salvarEventosJustificativa } from '../api/controle-ponto-api';
import type { DialogoDoDia } from './acoes-dia';

const A = controlePontoApi.ACOES_DIA_MSG;
const { EVENTO_DEBITO_ROTULO, JUSTIFICAR_LIMITS } = controlePontoApi;
type EventosJustificacao = controlePontoApi.EventosJustificacao;
type EventoDebito = controlePontoApi.EventoDebito;

const novo = z.object({
  codigo: z.enum(controlePontoApi.EVENTOS_DEBITO),
  justificativa: z.number(),
  descricaoJustificativa: z.string(),
  observacao: z.string(),
});
type Novo = z.infer<typeof novo>;

const schema = z.object({
  /** What is being justified: the event chosen, its justification and observation (moved with 'Justificar'). */
  evento: z.enum(controlePontoApi.EVENTOS_DEBITO).nullable(),
  justificativa: z.number().nullable(),
  observacao: z.string().max(JUSTIFICAR_LIMITS.observacao, A.observacaoLonga),
  /** The events moved to the justified list in this opening, not saved yet (each can be undone). */
  novos: z.array(novo).min(1, A.nenhumEvento),
});
type Valores = z.input<typeof schema>;

/**
 * Justificar (seed 002 §2 "Day dialogs", §3, §5; spec §14.1): two lists, the
 * day's events not justified and those justified. An event moved across with a
 * justification and an observation is new until Salvar and can be undone;
 * what was saved before is shown as it is (Excluir ocorrências undoes it).
 */
export function JustificarDialog({ mes, dia, onHide, onSaved }: DialogoDoDia) {
  const alvo = { cnpj: mes.cnpj, funcionario: mes.funcionario, data: dia ?? '' };
  const load = listarEventosJustificativa.useQuery(alvo, { enabled: dia !== null, staleTime: 0 });
  const salvar = salvarEventosJustificativa.useMutation({ invalidates: [controlePontoApi.listar] });
  return (
    <DayActionDialog
      header={`Justificar · ${dia ? calendario.diaMesAno(dia) : ''}`}
      visible={dia !== null}
      onHide={onHide}
      schema={schema}
      load={load}
      values={(l) => ({
        evento: l?.naoJustificados.length === 1 ? l.naoJustificados[0]!.codigo : null,
        justificativa: null,
        observacao: '',
        novos: [],
      })}
      save={salvar}
      toInput={(v) => ({
        ...alvo,
        eventos: v.novos.map((n) => ({ codigo: n.codigo, justificativa: n.justificativa, observacao: n.observacao })),
      })}
      onSaved={onSaved}
      width="52rem"
    >
      {(form, l) => <Listas form={form} l={l} />}
    </DayActionDialog>
  );
}

function Listas({
  form,
  l,
}: {
  form: UseFormReturn<Valores, unknown, z.output<typeof schema>>;
  l: EventosJustificacao | undefined;
}) {
  const novos = useWatch({ control: form.control, name: 'novos' });
  const evento = useWatch({ control: form.control, name: 'evento' });
  const [erro, setErro] = useState<string | null>(null);
  const naoJustificados = (l?.naoJustificados ?? []).filter((e) => !novos.some((n) => n.codigo === e.codigo));
  const justificativas = l?.justificativas ?? [];
  const erroNovos = form.formState.errors.novos?.message;

  const justificar = () => {
    const { evento: codigo, justificativa, observacao } = form.getValues();
    const j = justificativas.find((x) => x.id === justificativa);
    if (!codigo || !j) return setErro(A.selecioneEventoJustificativa);
    if (observacao.length > JUSTIFICAR_LIMITS.observacao) return setErro(A.observacaoLonga);
    setErro(null);
    const item: Novo = { codigo, justificativa: j.id, descricaoJustificativa: j.descricao, observacao };
    form.setValue('novos', [...novos, item], { shouldValidate: form.formState.isSubmitted });
    form.setValue('evento', null);
    form.setValue('observacao', '');
  };
  const desfazer = (codigo: EventoDebito) =>
    form.setValue(
      'novos',
      novos.filter((n) => n.codigo !== codigo),
      { shouldValidate: form.formState.isSubmitted },
    );

  return (
    <div className="justificar">
      <div className="justificar-listas">
        <fieldset className="justificar-lista">
          <legend>Eventos não justificados</legend>
          {naoJustificados.length === 0 ? (
            <p className="justificar-vazio">Nenhum evento a justificar</p>
          ) : (
            naoJustificados.map((e) => (
              <div key={e.codigo} className="form-radio">
                <RadioButton
                  inputId={`justificar-${e.codigo}`}
                  name="justificar-evento"
                  checked={evento === e.codigo}
                  onChange={() => form.setValue('evento', e.codigo)}
                />
                <label htmlFor={`justificar-${e.codigo}`}>{e.descricaoEventoReal}</label>
              </div>
            ))
          )}
        </fieldset>
        <section className="justificar-lista" aria-label="Eventos justificados">
          <h3>Eventos justificados</h3>
          {(l?.justificados ?? []).length === 0 && novos.length === 0 ? (
            <p className="justificar-vazio">Nenhum evento justificado</p>
          ) : null}
          <ul>
            {(l?.justificados ?? []).map((e) => (
              <li key={`${e.id}-${e.codigo}`}>
                <strong>{e.descricaoEventoReal}</strong> · {e.justificativa.descricao}
                {e.observacao ? ` · ${e.observacao}` : ''}
                <small> (por {e.usuarioJustificativa})</small>
              </li>
            ))}
            {novos.map((n) => (
              <li key={n.codigo} className="justificar-novo">
                <strong>{EVENTO_DEBITO_ROTULO[n.codigo]}</strong> · {n.descricaoJustificativa}
                {n.observacao ? ` · ${n.observacao}` : ''} <em>(novo)</em>
                <Button
                  type="button"
                  icon="pi pi-undo"
                  text
                  size="small"
                  label="Desfazer"
                  aria-label={`Desfazer ${EVENTO_DEBITO_ROTULO[n.codigo]}`}
                  onClick={() => desfazer(n.codigo)}
                />
              </li>
            ))}
          </ul>
        </section>
      </div>
      <SelectControl
        control={form.control}
        name="justificativa"
        id="justificar-justificativa"
        label="Justificativa"
        options={justificativas.map((j) => ({ label: j.descricao, value: j.id }))}
        filter
      />
      <TextControl
        control={form.control}
        name="observacao"
        id="justificar-observacao"
        label="Observação"
        maxLength={JUSTIFICAR_LIMITS.observacao}
      />
      <div className="justificar-mover">
        <Button
          type="button"
          label="Justificar"
          icon="pi pi-arrow-right"
          iconPos="right"
          outlined
          onClick={justificar}
        />
        {erro || erroNovos ? (
          <small className="p-error" role="alert">
            {erro ?? erroNovos}
          </small>
        ) : null}
      </div>
    </div>
  );
}
