import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import { z } from 'zod';
import { calendario, controlePontoApi } from '@jornada/contracts';
import { DayActionDialog } from '../../../components/ui/day-action-dialog';
import { CheckControl } from '../../../components/ui/form-controls';
import { TimeControl } from '../../../components/ui/masked-control';
import { SelectControl } from '../../../components/ui/select-control';
import { listarEdicaoMarcacoes, salvarEdicaoMarcacoes } from '../api/controle-ponto-api';
import type { DialogoDoDia } from './acoes-dia';

type MarcacoesDoDia = controlePontoApi.MarcacoesDoDia;
const A = controlePontoApi.ACOES_DIA_MSG;

/** The fonte as the dialog names it (Portaria 671: REP, pre-assigned, inserted). */
const FONTE: Record<string, string> = { R: 'REP', P: 'Pré-assinalada', I: 'Inserida' };

/** 'HH:MM' with hours 00–23 and minutes 00–59; anything else is sent as empty (seed 002 §5). */
const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

const editarSchema = z.object({
  reps: z.array(
    z
      .object({ id: z.number(), descartado: z.boolean(), justificativa: z.number().nullable() })
      .refine((r) => !r.descartado || r.justificativa !== null, {
        message: A.justificativaDescartar,
        path: ['justificativa'],
      }),
  ),
  inseridas: z.array(
    z
      .object({
        id: z.number().nullable(),
        data: z.string(),
        hora: z.string(),
        excluir: z.boolean(),
        justificativa: z.number().nullable(),
      })
      .refine((r) => r.id !== null || r.excluir || HORA.test(r.hora), {
        message: A.informeHoraInserida,
        path: ['hora'],
      })
      .refine((r) => r.id !== null || r.excluir || r.justificativa !== null, {
        message: A.justificativaInserir,
        path: ['justificativa'],
      }),
  ),
});
type Valores = z.input<typeof editarSchema>;

/**
 * Editar marcações (seed 002 §2, 55 vw; Portaria 671 art. 82): tab 'Marcações
 * REP/Pré-assinaladas' discards an original with a reason (or takes it back);
 * tab 'Marcações inseridas' adds punches with a reason and deletes inserted
 * ones. The originals are never changed: what is saved is their treatment.
 */
export function EditarMarcacoesDialog({ mes, dia, onHide, onSaved }: DialogoDoDia) {
  const alvo = { cnpj: mes.cnpj, funcionario: mes.funcionario, data: dia ?? '' };
  const load = listarEdicaoMarcacoes.useQuery(alvo, { enabled: dia !== null, staleTime: 0 });
  const salvar = salvarEdicaoMarcacoes.useMutation({ invalidates: [controlePontoApi.listar] });
  return (
    <DayActionDialog
      header={`Editar marcações · ${dia ? calendario.diaMesAno(dia) : ''}`}
      visible={dia !== null}
      onHide={onHide}
      schema={editarSchema}
      load={load}
      values={(l) => ({
        reps: (l?.marcacoesREPP ?? []).map((m) => ({
          id: m.id,
          descartado: m.descartado,
          justificativa: m.justificativa?.id ?? null,
        })),
        inseridas: (l?.marcacoesInseridas ?? []).map((m) => ({
          id: m.id,
          data: m.data,
          hora: m.hora,
          excluir: false,
          justificativa: m.justificativa.id,
        })),
      })}
      save={salvar}
      toInput={(v) => ({
        ...alvo,
        marcacoesREPP: v.reps.map((r) => ({ id: r.id, descartado: r.descartado, justificativa: r.justificativa })),
        marcacoesInseridas: v.inseridas
          .filter((i) => i.id === null || i.excluir)
          .map((i) => ({
            id: i.id,
            nova: i.id === null,
            excluir: i.excluir,
            data: i.data,
            hora: HORA.test(i.hora) ? i.hora : '',
            justificativa: i.justificativa,
          })),
      })}
      onSaved={onSaved}
      width="55vw"
    >
      {(form, l) => (l ? <Abas form={form} l={l} dia={dia ?? ''} /> : null)}
    </DayActionDialog>
  );
}

function Abas({ form, l, dia }: { form: UseFormReturn<Valores>; l: MarcacoesDoDia; dia: string }) {
  const { control } = form;
  // keyName: the rows carry their own `id` (the inserted punch's), which useFieldArray would overwrite.
  const inseridas = useFieldArray({ control, name: 'inseridas', keyName: 'chave' });
  const reps = useWatch({ control, name: 'reps' });
  const porTipo = (tipo: number) =>
    l.justificativas.filter((j) => j.tipo === tipo).map((j) => ({ label: j.descricao, value: j.id }));
  // A new punch is the day's or, for a night shift's exit, the next day's.
  const dias = [dia, calendario.addDays(dia, 1)];
  return (
    <TabView>
      <TabPanel header="Marcações REP/Pré-assinaladas">
        {l.marcacoesREPP.length === 0 ? (
          <p className="empty-inline">Nenhuma marcação do relógio neste dia.</p>
        ) : (
          <ul className="edicao-marcacoes" aria-label="Marcações REP/Pré-assinaladas">
            {l.marcacoesREPP.map((m, i) => (
              <li key={m.id} className="edicao-marcacao">
                <span className="edicao-marcacao-hora">
                  {calendario.diaMesAno(m.data)} {m.hora}
                </span>
                <span className="edicao-marcacao-fonte">{FONTE[m.fonte]}</span>
                <CheckControl
                  control={control}
                  name={`reps.${i}.descartado`}
                  id={`rep-${m.id}-descartar`}
                  label={`Descartar ${m.hora}`}
                />
                <SelectControl
                  control={control}
                  name={`reps.${i}.justificativa`}
                  id={`rep-${m.id}-justificativa`}
                  label="Justificativa"
                  options={porTipo(5)}
                  disabled={reps?.[i]?.descartado !== true}
                  emptyMessage="Nenhuma justificativa do tipo Desconsiderar marcação"
                />
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
      <TabPanel header="Marcações inseridas">
        <ul className="edicao-marcacoes" aria-label="Marcações inseridas">
          {inseridas.fields.map((f, i) => {
            const existente = l.marcacoesInseridas.find((m) => m.id === f.id);
            return (
              <li key={f.chave} className="edicao-marcacao">
                {existente ? (
                  <>
                    <span className="edicao-marcacao-hora">
                      {calendario.diaMesAno(existente.data)} {existente.hora}
                    </span>
                    <span className="edicao-marcacao-fonte">
                      {existente.justificativa.descricao} · {existente.usuario}
                    </span>
                    <CheckControl
                      control={control}
                      name={`inseridas.${i}.excluir`}
                      id={`inserida-${existente.id}-excluir`}
                      label={`Excluir ${existente.hora}`}
                    />
                  </>
                ) : (
                  <>
                    <span className="edicao-marcacao-fonte">Nova</span>
                    <SelectControl
                      control={control}
                      name={`inseridas.${i}.data`}
                      id={`nova-${i}-data`}
                      label="Data"
                      options={dias.map((d) => ({ label: calendario.diaMesAno(d), value: d }))}
                    />
                    <TimeControl control={control} name={`inseridas.${i}.hora`} id={`nova-${i}-hora`} label="Hora" />
                    <SelectControl
                      control={control}
                      name={`inseridas.${i}.justificativa`}
                      id={`nova-${i}-justificativa`}
                      label="Justificativa"
                      options={porTipo(4)}
                      emptyMessage="Nenhuma justificativa do tipo Inclusão de marcação"
                    />
                    <Button
                      type="button"
                      icon="pi pi-times"
                      rounded
                      text
                      severity="secondary"
                      aria-label={`Remover a nova marcação ${i + 1}`}
                      onClick={() => inseridas.remove(i)}
                    />
                  </>
                )}
              </li>
            );
          })}
        </ul>
        <Button
          type="button"
          label="Incluir marcação"
          icon="pi pi-plus"
          outlined
          onClick={() => inseridas.append({ id: null, data: dia, hora: '', excluir: false, justificativa: null })}
        />
      </TabPanel>
    </TabView>
  );
}
