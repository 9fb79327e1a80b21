import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { calendario, controlePontoApi } from '@jornada/contracts';
import { confirmAction } from '../../../components/ui/confirm';
import { DateControl } from '../../../components/ui/date-controls';
import { DayActionDialog } from '../../../components/ui/day-action-dialog';
import { TimeControl } from '../../../components/ui/masked-control';
import { SelectControl } from '../../../components/ui/select-control';
import {
  alterarAjusteParcial,
  buscarAjusteParcial,
  excluirAjusteParcial,
  salvarAjusteParcial,
} from '../api/controle-ponto-api';
import type { InputOf } from '../../../shared/endpoint';
import type { DialogoDoDia } from './acoes-dia';

const A = controlePontoApi.ACOES_DIA_MSG;
type AjusteParcialDia = controlePontoApi.AjusteParcialDia;
type EventoDebito = controlePontoApi.EventoDebito;
type AjusteInput = InputOf<typeof controlePontoApi.salvarAjusteParcial>;

/** HH:MM, 00:00–23:59; the seed clears an invalid time, so it counts as not typed. */
const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

const schema = z
  .object({
    /** The day's adjustment being edited ('Evento abonado'); null: a new one. */
    ajuste: z.number().nullable(),
    codigoEvento: z.enum(controlePontoApi.EVENTOS_DEBITO).nullable(),
    justificativa: z.number().nullable(),
    diaInicio: z.string().nullable(),
    horaInicio: z.string(),
    diaFinal: z.string().nullable(),
    horaFinal: z.string(),
  })
  .superRefine((v, ctx) => {
    const erro = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    // The seed's order: justification, event (on create), start time, end time.
    if (v.justificativa === null) erro('justificativa', A.selecioneJustificativa);
    if (v.ajuste === null && v.codigoEvento === null) erro('codigoEvento', A.selecioneEvento);
    if (!v.diaInicio) erro('diaInicio', A.informeDataInicio);
    if (!HORA.test(v.horaInicio)) erro('horaInicio', A.informeHoraInicio);
    if (!v.diaFinal) erro('diaFinal', A.informeDataFinal);
    if (!HORA.test(v.horaFinal)) erro('horaFinal', A.informeHoraFinal);
    else if (HORA.test(v.horaInicio) && `${v.diaFinal} ${v.horaFinal}` <= `${v.diaInicio} ${v.horaInicio}`)
      erro('horaFinal', A.ajusteFimAntesInicio);
  });
type Valores = z.input<typeof schema>;

/** The form for a new adjustment of the day, or for one of its adjustments. */
function valoresDe(dia: string, l: AjusteParcialDia | undefined, ajuste: number | null): Valores {
  const a = l?.eventosAjusteParcial.find((e) => e.id === ajuste);
  if (!a) {
    const unico = l?.eventosInjustificados.length === 1 ? l.eventosInjustificados[0]!.codigo : null;
    return {
      ajuste: null,
      codigoEvento: unico,
      justificativa: null,
      diaInicio: dia,
      horaInicio: '',
      diaFinal: dia,
      horaFinal: '',
    };
  }
  return {
    ajuste: a.id,
    codigoEvento: a.ajusteParcial.codigoEvento,
    justificativa: a.justificativa.id,
    diaInicio: a.ajusteParcial.diaInicio,
    horaInicio: a.ajusteParcial.horaInicio,
    diaFinal: a.ajusteParcial.diaFinal,
    horaFinal: a.ajusteParcial.horaFinal,
  };
}

/** The events the selector offers: the day's unjustified ones, and the edited adjustment's own (locked). */
function opcoesDeEvento(l: AjusteParcialDia | undefined, ajuste: number | null) {
  const opcoes = (l?.eventosInjustificados ?? []).map((e) => ({ label: e.descricaoEventoReal, value: e.codigo }));
  const a = l?.eventosAjusteParcial.find((e) => e.id === ajuste);
  const codigo: EventoDebito | undefined = a?.ajusteParcial.codigoEvento;
  if (codigo && !opcoes.some((o) => o.value === codigo))
    opcoes.push({ label: controlePontoApi.EVENTO_DEBITO_ROTULO[codigo], value: codigo });
  return opcoes;
}

/**
 * Ajuste parcial (seed 002 §2, 600 px; spec §14.3): justifies part of one
 * event of the day. 'Evento abonado' lists the day's adjustments (only when
 * there are some); choosing one loads it, locks its event and offers
 * Excluir; clearing it goes back to a new adjustment.
 */
export function AjusteParcialDialog({ mes, dia, onHide, onSaved }: DialogoDoDia) {
  const alvo = { cnpj: mes.cnpj, funcionario: mes.funcionario, data: dia ?? '' };
  const load = buscarAjusteParcial.useQuery(alvo, { enabled: dia !== null, staleTime: 0 });
  const opcoes = { invalidates: [controlePontoApi.listar] };
  const salvar = salvarAjusteParcial.useMutation(opcoes);
  const alterar = alterarAjusteParcial.useMutation(opcoes);
  const excluir = excluirAjusteParcial.useMutation(opcoes);
  const [editando, setEditando] = useState<number | null>(null);
  const fechar = () => {
    setEditando(null);
    onHide();
  };
  const pendente = salvar.isPending || alterar.isPending || excluir.isPending;
  const gravar = editando === null ? salvar : alterar;
  return (
    <DayActionDialog
      header={`Ajuste parcial · ${dia ? calendario.diaMesAno(dia) : ''}`}
      visible={dia !== null}
      onHide={fechar}
      schema={schema}
      load={load}
      values={(l) => valoresDe(alvo.data, l, null)}
      save={{ isPending: pendente, mutate: (i: AjusteInput, o) => gravar.mutate(i, o) }}
      toInput={(v) => ({
        ...alvo,
        ajusteParcial: {
          ...(v.ajuste === null ? { codigoEvento: v.codigoEvento } : { id: v.ajuste }),
          justificativa: v.justificativa ?? 0,
          diaInicio: v.diaInicio ?? '',
          horaInicio: v.horaInicio,
          diaFinal: v.diaFinal ?? '',
          horaFinal: v.horaFinal,
        },
      })}
      onSaved={onSaved}
      width="600px"
      extraAction={
        editando === null
          ? undefined
          : {
              label: 'Excluir',
              icon: 'pi pi-trash',
              danger: true,
              run: (onSuccess) =>
                confirmAction({
                  header: 'Excluir ajuste parcial',
                  message: A.confirmarExcluirAjuste,
                  danger: true,
                  onAccept: () => excluir.mutate({ ...alvo, ajusteParcial: { id: editando } }, { onSuccess }),
                }),
            }
      }
    >
      {(form, l) => <CamposAjuste form={form} l={l} dia={alvo.data} editando={editando} onEditar={setEditando} />}
    </DayActionDialog>
  );
}

function CamposAjuste({
  form,
  l,
  dia,
  editando,
  onEditar,
}: {
  form: UseFormReturn<Valores, unknown, z.output<typeof schema>>;
  l: AjusteParcialDia | undefined;
  dia: string;
  editando: number | null;
  onEditar: (id: number | null) => void;
}) {
  const ajustes = l?.eventosAjusteParcial ?? [];
  return (
    <>
      {ajustes.length > 0 && (
        <SelectControl
          control={form.control}
          name="ajuste"
          id="ajuste-existente"
          label="Evento abonado"
          placeholder="Novo ajuste"
          showClear
          options={ajustes.map((a) => ({ label: a.descricaoEventoReal, value: a.id }))}
          onValueChange={(id) => {
            onEditar(id);
            form.reset(valoresDe(dia, l, id));
          }}
        />
      )}
      <SelectControl
        control={form.control}
        name="justificativa"
        id="ajuste-justificativa"
        label="Justificativa"
        options={(l?.justificativas ?? []).map((j) => ({ label: j.descricao, value: j.id }))}
        filter
        autoFocus
      />
      <SelectControl
        control={form.control}
        name="codigoEvento"
        id="ajuste-evento"
        label="Evento"
        options={opcoesDeEvento(l, editando)}
        disabled={editando !== null}
        emptyMessage="Nenhum evento a justificar nesse dia"
      />
      <div className="ajuste-intervalo">
        <DateControl control={form.control} name="diaInicio" id="ajuste-dia-inicio" label="Data início" />
        <TimeControl control={form.control} name="horaInicio" id="ajuste-hora-inicio" label="Hora início" />
        <DateControl control={form.control} name="diaFinal" id="ajuste-dia-final" label="Data final" />
        <TimeControl control={form.control} name="horaFinal" id="ajuste-hora-final" label="Hora final" />
      </div>
    </>
  );
}
