import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Panel } from 'primereact/panel';
import { SelectButton } from 'primereact/selectbutton';
import {
  LIMITS,
  empresaApi,
  type Cidade,
  type EmpresaForm,
  type Estado,
  type ResponseOf,
  type TipoNumeroDocumento,
} from '@jornada/contracts';
import { TextControl } from '../../../components/ui/form-controls';
import { FormField } from '../../../components/ui/form-field';
import { MaskedControl } from '../../../components/ui/masked-control';
import { Page } from '../../../components/ui/page';
import { ListError } from '../../../components/ui/list-table';
import { SelectControl } from '../../../components/ui/select-control';
import { toastSuccessAfterNavigation } from '../../../shared/toast';
import { buscarCnpj, listarCidades, listarEmpresas, listarEstados, salvarCnpj } from '../api/empresas-api';

type Schema = typeof empresaApi.empresaForm;
type Loaded = ResponseOf<typeof empresaApi.buscarCnpj>;

const LIST = '/cadastros/empresas';

const TIPOS_DOCUMENTO: { label: string; value: TipoNumeroDocumento }[] = [
  { label: 'CNPJ', value: 'cnpj' },
  { label: 'CPF', value: 'cpf' },
];
const TIPOS_LOCAL = empresaApi.TIPOS_LOCAL.map((t) => ({ label: t, value: t }));

const EMPTY: EmpresaForm = {
  cnpj: {
    id: null,
    tipoNumeroDocumento: 'cnpj',
    numero: '',
    razaoSocial: '',
    telefone1: '',
    telefone2: '',
    celular: '',
    codigoContabil: '',
    codigoFilial: '',
  },
  endereco: {
    // The form starts without a choice; the schema answers 'Selecione um tipo de local'.
    tipoLocal: null as never,
    rua: '',
    numero: '',
    complemento: '',
    cep: '',
    bairro: '',
    cidade: { id: null as never },
  },
};

function fromLoaded(d: Loaded): EmpresaForm {
  const c = d.cnpj;
  const e = d.endereco;
  return {
    cnpj: {
      id: c.id,
      tipoNumeroDocumento: c.tipoNumeroDocumento,
      numero: c.numero,
      razaoSocial: c.razaoSocial,
      telefone1: c.telefone1 ?? '',
      telefone2: c.telefone2 ?? '',
      celular: c.celular ?? '',
      codigoContabil: c.codigoContabil ?? '',
      codigoFilial: c.codigoFilial ?? '',
    },
    endereco: {
      tipoLocal: (e.tipoLocal ?? null) as never,
      rua: e.rua ?? '',
      numero: e.numero ?? '',
      complemento: e.complemento ?? '',
      cep: e.cep ?? '',
      bairro: e.bairro ?? '',
      cidade: { id: (e.cidade?.id ?? null) as never },
    },
  };
}

/**
 * The company form (seed 000 §2.5, §3, §5; routes /nova — 30 — and
 * /{id}/editar — 32): panels 'Informações gerais' and 'Endereço'. The
 * contract's empresaForm validates here and on the server (every message of
 * seed 000 §5, CNPJ/CPF check digits). The state only filters the cities; the
 * server takes the company's time zone from the city.
 */
export function EmpresaFormPage() {
  const { id } = useParams();
  const idCnpj = id !== undefined && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : undefined;
  const editing = id !== undefined;
  const loaded = buscarCnpj.useQuery({ idCnpj: idCnpj ?? 0 }, { enabled: idCnpj !== undefined, staleTime: 0 });
  const estados = listarEstados.useQuery({}, { enabled: !editing, staleTime: Infinity });

  // Another tenant's, out of the user's scope or gone: the server answers 404 (decision 0020).
  if (editing && (idCnpj === undefined || loaded.error?.status === 404)) return <EmpresaNaoEncontrada />;
  if (editing && loaded.isError && !loaded.data) {
    return (
      <Page title="Editar empresa">
        <ListError onRetry={() => void loaded.refetch()} retrying={loaded.isFetching} />
      </Page>
    );
  }
  const data = editing ? loaded.data : undefined;
  if (editing && !data) return <Page title="Editar empresa">Carregando…</Page>;
  return (
    <EmpresaForm
      // A fresh form per record: the previous one's draft never leaks.
      key={data?.cnpj.id ?? 'nova'}
      loaded={data}
      estados={data?.estados ?? estados.data ?? []}
    />
  );
}

function EmpresaNaoEncontrada() {
  const navigate = useNavigate();
  return (
    <Page title="Editar empresa">
      <div className="empty-state" role="alert">
        <p>Empresa não encontrada.</p>
        <Button label="Voltar para Empresas" icon="pi pi-arrow-left" outlined onClick={() => navigate(LIST)} />
      </div>
    </Page>
  );
}

function EmpresaForm({ loaded, estados }: { loaded: Loaded | undefined; estados: readonly Estado[] }) {
  const navigate = useNavigate();
  const editing = loaded !== undefined;
  const [idEstado, setIdEstado] = useState<number | null>(loaded?.idEstado ?? null);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(empresaApi.empresaForm as never) as never,
    defaultValues: (loaded ? fromLoaded(loaded) : EMPTY) as DefaultValues<z.input<Schema>>,
  });
  const { control, handleSubmit, setValue, watch, formState } = form;
  // The edit answer carries its state's cities; another state's come from the API.
  const cidadesDoEstado = listarCidades.useQuery(
    { idEstado: idEstado ?? 0 },
    { enabled: idEstado !== null && idEstado !== loaded?.idEstado, staleTime: Infinity },
  );
  const cidades: readonly Cidade[] =
    idEstado === null ? [] : idEstado === loaded?.idEstado ? loaded.cidades : (cidadesDoEstado.data ?? []);
  const salvar = salvarCnpj.useMutation({ invalidates: [listarEmpresas.endpoint, buscarCnpj.endpoint] });
  const tipo = watch('cnpj.tipoNumeroDocumento') ?? 'cnpj';

  const onSubmit = handleSubmit((values) => {
    salvar.mutate(values, {
      onSuccess: (r) => {
        // The route change clears the toasts (seed 000 §2.4): the OK is shown again after it.
        toastSuccessAfterNavigation(r.mensagem);
        void navigate(LIST);
      },
    });
  });

  return (
    <Page title={editing ? 'Editar empresa' : 'Nova empresa'}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="form-grid">
        <Panel header="Informações gerais">
          <div className="form-columns">
            {editing ? (
              <FormField id="empresa-codigo" label="Código">
                <InputText id="empresa-codigo" value={empresaApi.codigoEmpresa(loaded.cnpj.id)} readOnly disabled />
              </FormField>
            ) : null}
            <FormField id="empresa-tipo-documento" label="Tipo de documento">
              <SelectButton
                id="empresa-tipo-documento"
                value={tipo}
                options={TIPOS_DOCUMENTO}
                allowEmpty={false}
                onChange={(e) => {
                  if (e.value === tipo || (e.value !== 'cnpj' && e.value !== 'cpf')) return;
                  setValue('cnpj.tipoNumeroDocumento', e.value);
                  // A CNPJ's digits are not a CPF: the number starts over.
                  setValue('cnpj.numero', '', { shouldValidate: formState.isSubmitted });
                }}
              />
            </FormField>
            <MaskedControl
              control={control}
              name="cnpj.numero"
              id="empresa-numero"
              label={tipo === 'cpf' ? 'CPF' : 'CNPJ'}
              mask={tipo === 'cpf' ? 'cpf' : 'cnpj'}
              autoFocus
            />
            <div className="form-span-2">
              <TextControl
                control={control}
                name="cnpj.razaoSocial"
                id="empresa-razao-social"
                label="Razão social"
                maxLength={LIMITS.empresaRazaoSocial}
              />
            </div>
            <MaskedControl
              control={control}
              name="cnpj.telefone1"
              id="empresa-telefone1"
              label="Telefone 1"
              mask="telefone"
            />
            <MaskedControl
              control={control}
              name="cnpj.telefone2"
              id="empresa-telefone2"
              label="Telefone 2"
              mask="telefone"
            />
            <MaskedControl control={control} name="cnpj.celular" id="empresa-celular" label="Celular" mask="celular" />
            <TextControl
              control={control}
              name="cnpj.codigoContabil"
              id="empresa-codigo-contabil"
              label="Código contábil"
              maxLength={LIMITS.empresaCodigoContabil}
            />
            <TextControl
              control={control}
              name="cnpj.codigoFilial"
              id="empresa-codigo-filial"
              label="Código da filial"
              maxLength={LIMITS.empresaCodigoFilial}
            />
          </div>
        </Panel>
        <Panel header="Endereço">
          <div className="form-columns">
            <SelectControl
              control={control}
              name="endereco.tipoLocal"
              id="endereco-tipo-local"
              label="Tipo de local"
              options={TIPOS_LOCAL}
            />
            <div className="form-span-2">
              <TextControl
                control={control}
                name="endereco.rua"
                id="endereco-rua"
                label="Descrição"
                placeholder="Nome da rua, avenida…"
                maxLength={LIMITS.enderecoRua}
              />
            </div>
            <TextControl
              control={control}
              name="endereco.numero"
              id="endereco-numero"
              label="Número"
              maxLength={LIMITS.enderecoNumero}
            />
            <TextControl
              control={control}
              name="endereco.complemento"
              id="endereco-complemento"
              label="Complemento"
              maxLength={LIMITS.enderecoComplemento}
            />
            <MaskedControl control={control} name="endereco.cep" id="endereco-cep" label="CEP" mask="cep" />
            <TextControl
              control={control}
              name="endereco.bairro"
              id="endereco-bairro"
              label="Bairro"
              maxLength={LIMITS.enderecoBairro}
            />
            <FormField id="endereco-estado" label="Estado">
              <Dropdown
                inputId="endereco-estado"
                value={idEstado}
                options={[...estados]}
                optionLabel="uf"
                optionValue="id"
                itemTemplate={(e: Estado) => `${e.uf} - ${e.nome}`}
                filter
                filterBy="uf,nome"
                filterPlaceholder="Buscar"
                emptyFilterMessage="Nenhum resultado encontrado"
                placeholder="Selecione"
                className="w-full"
                onChange={(e) => {
                  const next = typeof e.value === 'number' ? e.value : null;
                  if (next === idEstado) return;
                  setIdEstado(next);
                  // The state only filters the cities: the chosen city belonged to the old one.
                  setValue('endereco.cidade.id', null as never, { shouldValidate: formState.isSubmitted });
                }}
              />
            </FormField>
            <SelectControl
              control={control}
              name="endereco.cidade.id"
              id="endereco-cidade"
              label="Cidade"
              options={cidades.map((c) => ({ label: c.nome, value: c.id }))}
              filter
              disabled={idEstado === null}
              placeholder={idEstado === null ? 'Selecione o estado' : 'Selecione'}
              loading={cidadesDoEstado.isFetching}
              emptyMessage="Nenhuma cidade"
            />
          </div>
        </Panel>
        <div className="form-page-actions">
          <Button
            type="button"
            label="Cancelar"
            icon="pi pi-times"
            outlined
            disabled={salvar.isPending}
            onClick={() => navigate(LIST)}
          />
          <Button type="submit" label="Salvar" icon="pi pi-check" loading={salvar.isPending} />
        </div>
      </form>
    </Page>
  );
}
