import { useEffect, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { TabPanel, TabView } from 'primereact/tabview';
import {
  PERM,
  calendario,
  feriadoApi,
  type Feriado,
  type FeriadoForm,
  type FuncionarioResumo,
} from '@jornada/contracts';
import { TextControl } from '../../../components/ui/form-controls';
import { DateControl } from '../../../components/ui/date-controls';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { SelectControl } from '../../../components/ui/select-control';
import { useHasCode } from '../../../shared/session';
import { listarCentrosCustos, listarFeriados, salvarFeriado } from '../api/feriados-api';
import { EstadoCidadeFields, FixoControl } from './feriado-fields';
import { FuncionariosExcecao } from './funcionarios-excecao';
import { ListPicker } from './list-picker';
import { listarCargos } from '../../../shared/lookups-api';
import '../feriados.css';

const { ABRANGENCIA, ABRANGENCIAS, FERIADO_LIMITS, usaCidade, usaEstado } = feriadoApi;
type Form = UseFormReturn<FeriadoForm>;

/** A picked id as the form holds it (the contract also accepts decimal text). */
const idOf = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? null : Number(v));

const semExcecoes = () => ({ centrosCustos: [], cargos: [], funcionarios: [] });

function formOf(row: Feriado | null, withExceptions: boolean): FeriadoForm {
  return {
    id: row?.id ?? null,
    data: row?.data ?? null,
    descricao: row?.descricao ?? '',
    abrangencia: row?.abrangencia ?? null,
    fixo: row?.fixo ?? true,
    regraPascoa: row?.regraPascoa ?? null,
    estado: { id: row?.estado?.id ?? null },
    cidade: { id: row?.cidade?.id ?? null },
    cargos: row?.cargos.map((c) => ({ id: c.id })) ?? [],
    centrosCustos: row?.centrosCustos.map((c) => ({ id: c.id })) ?? [],
    ...(withExceptions ? { excecoes: row ? { ...row.excecoes } : semExcecoes() } : {}),
  };
}

const REGRAS = calendario.REGRAS_PASCOA.map((r) => ({ label: r.descricao, value: r.regra }));

/**
 * Create/edit a holiday (seed 000 §2.5, §3–§5): tab 'Feriado' and, with code
 * 152, tab 'Exceção da Regra' (the cost centres and positions the holiday
 * does not apply to). Scopes 4 and 5 pick a list; the others disable it;
 * changing the scope clears the picked list and what the scope no longer uses.
 */
export function SalvarFeriadoDialog({
  visible,
  row,
  ano,
  onHide,
}: {
  visible: boolean;
  row: Feriado | null;
  /** The year on screen: a new holiday tied to Easter takes its date in it. */
  ano: number;
  onHide: () => void;
}) {
  const editing = row !== null;
  const excecao = useHasCode(PERM.FERIADOS_EXCECAO_REGRA);
  const salvar = salvarFeriado.useMutation({ invalidates: [listarFeriados.endpoint] });
  return (
    <FormDialog
      schema={feriadoApi.feriadoForm}
      visible={visible}
      header={editing ? 'Editar Feriado' : 'Novo Feriado'}
      values={formOf(row, excecao)}
      pending={salvar.isPending}
      onHide={onHide}
      width="50rem"
      onSubmit={(values) => {
        // Without 152 the exceptions are never sent: the server keeps what it has.
        const { excecoes, ...rest } = values;
        salvar.mutate({ feriado: excecao ? { ...rest, excecoes } : rest }, { onSuccess: onHide });
      }}
    >
      {(form) => (
        <FeriadoTabs
          form={form as unknown as Form}
          ano={ano}
          excecao={excecao}
          funcionarios={row?.funcionariosExcecao ?? []}
        />
      )}
    </FormDialog>
  );
}

function FeriadoTabs({
  form,
  ano,
  excecao,
  funcionarios,
}: {
  form: Form;
  ano: number;
  excecao: boolean;
  funcionarios: readonly FuncionarioResumo[];
}) {
  const [tab, setTab] = useState(0);
  const { errors, submitCount } = form.formState;
  // A refused save shows the first tab, where every validated field is.
  useEffect(() => {
    if (submitCount > 0 && Object.keys(errors).length > 0) setTab(0);
  }, [submitCount, errors]);
  const fields = <FeriadoTab form={form} ano={ano} />;
  if (!excecao) return fields;
  return (
    <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)} className="feriado-tabs">
      <TabPanel header="Feriado">{fields}</TabPanel>
      <TabPanel header="Exceção da Regra">
        <ExcecaoTab form={form} funcionarios={funcionarios} />
      </TabPanel>
    </TabView>
  );
}

function FeriadoTab({ form, ano }: { form: Form; ano: number }) {
  const { control, watch, setValue, formState } = form;
  const abrangencia = watch('abrangencia');
  const fixo = watch('fixo');
  const estadoId = idOf(watch('estado')?.id);
  const revalidate = { shouldValidate: formState.isSubmitted };
  const cargos = listarCargos.useQuery({}, { enabled: abrangencia === ABRANGENCIA.CARGO });
  const centros = listarCentrosCustos.useQuery({}, { enabled: abrangencia === ABRANGENCIA.CENTRO_CUSTO });
  const lista = abrangencia === ABRANGENCIA.CENTRO_CUSTO ? 'centrosCustos' : 'cargos';

  return (
    <div className="form-grid">
      <TextControl
        control={control}
        name="descricao"
        id="feriado-descricao"
        label="Descrição"
        maxLength={FERIADO_LIMITS.descricao}
        autoFocus
      />
      <div className="form-row">
        <DateControl control={control} name="data" id="feriado-data" label="Data" />
        <SelectControl
          control={control}
          name="abrangencia"
          id="feriado-abrangencia"
          label="Abrangência"
          options={ABRANGENCIAS.map((a) => ({ label: a.descricao, value: a.abrangencia }))}
          onValueChange={(a) => {
            // Seed 000 §4: changing the scope clears the picked list (and what the scope no longer uses).
            setValue('cargos', [], revalidate);
            setValue('centrosCustos', [], revalidate);
            if (!usaEstado(a)) setValue('estado', { id: null }, revalidate);
            if (!usaCidade(a)) setValue('cidade', { id: null }, revalidate);
          }}
        />
      </div>
      <div className="form-row">
        <FixoControl
          control={control}
          name="fixo"
          id="feriado-fixo"
          onToggle={(f) => f && setValue('regraPascoa', null)}
        />
        <SelectControl
          control={control}
          name="regraPascoa"
          id="feriado-regra"
          label="Data ligada à Páscoa"
          placeholder="Nenhuma"
          showClear
          options={REGRAS}
          disabled={fixo !== false}
          onValueChange={(regra) => {
            if (!regra) return;
            const data = watch('data');
            const year = data ? Number(data.slice(0, 4)) : ano;
            setValue('data', calendario.dataDaRegra(regra, year), revalidate);
          }}
        />
      </div>
      <EstadoCidadeFields
        control={control}
        prefix="feriado"
        estadoId={estadoId}
        estadoEnabled={usaEstado(abrangencia)}
        cidadeEnabled={usaCidade(abrangencia)}
        onEstadoChange={() => setValue('cidade', { id: null }, revalidate)}
      />
      <Controller
        key={lista}
        control={control}
        name={lista}
        render={({ field, fieldState }) => (
          <ListPicker
            id="feriado-lista"
            label={lista === 'centrosCustos' ? 'Centros de Custos' : 'Cargos'}
            options={
              lista === 'centrosCustos'
                ? (centros.data ?? [])
                : (cargos.data ?? []).map((c) => ({ id: c.id, nome: `${c.codigo} - ${c.nome}` }))
            }
            value={(field.value ?? []).map((v) => Number(v.id))}
            onChange={(ids) => field.onChange(ids.map((id) => ({ id })))}
            disabled={abrangencia !== ABRANGENCIA.CENTRO_CUSTO && abrangencia !== ABRANGENCIA.CARGO}
            error={fieldState.error?.message}
            emptyMessage={
              abrangencia === ABRANGENCIA.CENTRO_CUSTO || abrangencia === ABRANGENCIA.CARGO
                ? 'Nenhum item escolhido.'
                : 'A abrangência escolhida não usa lista.'
            }
          />
        )}
      />
    </div>
  );
}

/**
 * Tab 'Exceção da Regra' (code 152): the cost centres, positions and
 * employees the holiday does not apply to. Employees are picked with the
 * shared employee filter; the server keeps those outside the caller's scope.
 */
function ExcecaoTab({ form, funcionarios }: { form: Form; funcionarios: readonly FuncionarioResumo[] }) {
  const cargos = listarCargos.useQuery({});
  const centros = listarCentrosCustos.useQuery({});
  return (
    <div className="form-grid">
      <p className="form-note-block">
        O feriado não vale para os centros de custo, cargos e funcionários destas listas, qualquer que seja a
        abrangência.
      </p>
      <Controller
        control={form.control}
        name="excecoes.centrosCustos"
        render={({ field }) => (
          <ListPicker
            id="excecao-centros"
            label="Centros de Custos"
            options={centros.data ?? []}
            value={(field.value ?? []).map(Number)}
            onChange={field.onChange}
            emptyMessage="Nenhum centro de custo na exceção."
          />
        )}
      />
      <Controller
        control={form.control}
        name="excecoes.cargos"
        render={({ field }) => (
          <ListPicker
            id="excecao-cargos"
            label="Cargos"
            options={(cargos.data ?? []).map((c) => ({ id: c.id, nome: `${c.codigo} - ${c.nome}` }))}
            value={(field.value ?? []).map(Number)}
            onChange={field.onChange}
            emptyMessage="Nenhum cargo na exceção."
          />
        )}
      />
      <Controller
        control={form.control}
        name="excecoes.funcionarios"
        render={({ field }) => (
          <FuncionariosExcecao
            value={(field.value ?? []).map(Number)}
            onChange={field.onChange}
            conhecidos={funcionarios}
          />
        )}
      />
    </div>
  );
}
