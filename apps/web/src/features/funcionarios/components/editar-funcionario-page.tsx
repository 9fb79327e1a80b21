import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Controller, FormProvider, useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Panel } from 'primereact/panel';
import { SelectButton } from 'primereact/selectbutton';
import { TabPanel, TabView } from 'primereact/tabview';
import {
  PERM,
  funcionarioApi,
  motivoAfastamentoApi,
  type AlterarFuncionarioForm,
  type ResponseOf,
} from '@jornada/contracts';
import { confirmAction } from '../../../components/ui/confirm';
import { DateControl } from '../../../components/ui/date-controls';
import { FormField } from '../../../components/ui/form-field';
import { Page } from '../../../components/ui/page';
import { ListError } from '../../../components/ui/list-table';
import { SelectControl } from '../../../components/ui/select-control';
import { useFotoFuncionario } from '../../../shared/foto-funcionario';
import { formatDate } from '../../../shared/format';
import { useHeldCodes } from '../../../shared/session';
import { toastSuccessAfterNavigation } from '../../../shared/toast';
import {
  alterarFotoPerfil,
  alterarFuncionario,
  buscarFuncionario,
  excluirFotoPerfil,
  listarFuncionarios,
  listarMotivosAfastamento,
} from '../api/funcionarios-api';
import { opcoesCentrosCustos } from '../../../shared/centros-custos';
import { base64DeDataUrl } from '../foto';
import { urlDaLista } from '../lista-estado';
import { CamposPessoa, CamposRelogio, CamposVinculo } from './campos-funcionario';
import { hoje } from './data-ativacao';
import { FotoFuncionario } from './foto-funcionario';
import { HistoricoAfastamentos, HistoricoCargos, HistoricoEscalas } from './historicos';
import '../funcionarios.css';

type Dados = ResponseOf<typeof funcionarioApi.buscarFuncionario>;
type Schema = ReturnType<typeof funcionarioApi.alterarFuncionarioForm>;
type Valores = Omit<AlterarFuncionarioForm, 'usuarioRequisicao' | 'cnpj' | 'base64FotoPerfil'>;

const STATUS = [
  { label: 'Ativo', value: true },
  { label: 'Inativo', value: false },
];

const TITULO = 'Editar funcionário';

function valoresDe(d: Dados): Valores {
  const f = d.funcionario;
  return {
    funcionario: {
      id: f.id,
      nome: f.nome,
      nomeCurto: f.nomeCurto ?? '',
      dataNascimento: f.dataNascimento,
      pis: f.pis ?? '',
      semPis: f.semPis,
      cpf: f.cpf,
      email: f.email ?? '',
      cracha: f.cracha,
      registro: f.registro,
      dataAdmissao: f.dataAdmissao,
      // The stored PIN never comes back (decision 0065): blank keeps it.
      senhaTecladoSemBio: '',
      removerSenhaTeclado: false,
      duplaVerificacao: f.duplaVerificacao,
      ativo: f.ativo,
      dataDemissao: f.dataDemissao,
    },
    motivoAfastamento: d.motivoAfastamento ? { id: d.motivoAfastamento.id } : null,
    centroCusto: { id: d.centroCusto.id },
  };
}

/**
 * Editar funcionário (seed 001 §2.7; route /{id}/editar?at=true|false, code
 * 26): tabs Funcionário, Histórico de Escalas de Horários, Histórico de
 * Cargos and Histórico de Afastamentos. A history tab is drawn the first time
 * it opens (the absences are fetched then) and stays, so moving between tabs
 * never loses what was typed in the first one.
 */
export function EditarFuncionarioPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const idFuncionario = id !== undefined && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : undefined;
  const ativo = params.get('at') !== 'false';
  const query = buscarFuncionario.useQuery(
    { idFuncionario: idFuncionario ?? 0, ativo },
    { enabled: idFuncionario !== undefined, staleTime: 0 },
  );

  // Another tenant's, out of the user's scope or gone: the server answers 404.
  if (idFuncionario === undefined || query.error?.status === 404) return <NaoEncontrado />;
  if (query.isError && !query.data) {
    return (
      <Page title={TITULO}>
        <ListError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Page>
    );
  }
  if (!query.data) {
    return (
      <Page title={TITULO}>
        <p className="muted-text">Carregando…</p>
      </Page>
    );
  }
  // A fresh form per employee; a history change reloads the data, not the form being typed.
  return <EditarFuncionario key={query.data.funcionario.id} dados={query.data} />;
}

function NaoEncontrado() {
  const navigate = useNavigate();
  return (
    <Page title={TITULO}>
      <div className="empty-state" role="alert">
        <p>{funcionarioApi.FUNCIONARIO_MSG.naoEncontrado}</p>
        <Button
          label="Voltar para Funcionários"
          icon="pi pi-arrow-left"
          outlined
          onClick={() => navigate(urlDaLista())}
        />
      </div>
    </Page>
  );
}

function EditarFuncionario({ dados }: { dados: Dados }) {
  const held = useHeldCodes();
  const podeEditar = held.has(PERM.FUNCIONARIOS_EDITAR);
  const [aba, setAba] = useState(0);
  // Each history tab is drawn from its first opening on (seed 001 §2.7 'load lazily').
  const [abertas, setAbertas] = useState<ReadonlySet<number>>(() => new Set([0]));
  const f = dados.funcionario;

  return (
    <Page title={TITULO}>
      <TabView
        activeIndex={aba}
        onTabChange={(e) => {
          setAba(e.index);
          setAbertas((s) => (s.has(e.index) ? s : new Set([...s, e.index])));
        }}
        renderActiveOnly={false}
        className="edit-tabs"
      >
        <TabPanel header="Funcionário">
          <FormularioFuncionario dados={dados} />
        </TabPanel>
        <TabPanel header="Histórico de Escalas de Horários">
          {abertas.has(1) ? (
            <HistoricoEscalas idFuncionario={f.id} historico={dados.funcioContratos} podeEditar={podeEditar} />
          ) : null}
        </TabPanel>
        <TabPanel header="Histórico de Cargos">
          {abertas.has(2) ? <HistoricoCargos historico={dados.funcioCargos} podeEditar={podeEditar} /> : null}
        </TabPanel>
        <TabPanel header="Histórico de Afastamentos">
          {abertas.has(3) ? <HistoricoAfastamentos idFuncionario={f.id} /> : null}
        </TabPanel>
      </TabView>
    </Page>
  );
}

function FormularioFuncionario({ dados }: { dados: Dados }) {
  const navigate = useNavigate();
  const f = dados.funcionario;
  const dia = useMemo(() => hoje(), []);
  const schema = useMemo(() => funcionarioApi.alterarFuncionarioForm(dia), [dia]);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: valoresDe(dados) as DefaultValues<z.input<Schema>>,
  });
  const { control, handleSubmit } = form;
  const nome = (useWatch({ control, name: 'funcionario.nome' }) as string | undefined) ?? f.nome;
  const motivos = listarMotivosAfastamento.useQuery({});
  const opcoesCentros = useMemo(() => opcoesCentrosCustos(dados.centrosCustos), [dados.centrosCustos]);
  const alterar = alterarFuncionario.useMutation({
    invalidates: [listarFuncionarios.endpoint, buscarFuncionario.endpoint],
  });
  const recarregar = [buscarFuncionario.endpoint, listarFuncionarios.endpoint];
  const gravarFoto = alterarFotoPerfil.useMutation({ invalidates: recarregar });
  const apagarFoto = excluirFotoPerfil.useMutation({ invalidates: recarregar });
  const guardada = useFotoFuncionario(f.id, f.fotoPerfil);
  // What was just sent wins over the stored picture until the employee is read again.
  const [nova, setNova] = useState<string | null | undefined>(undefined);
  const foto = nova === undefined ? guardada : nova;
  const voltar = () => void navigate(urlDaLista());

  const onSubmit = handleSubmit((v) => {
    alterar.mutate(
      {
        funcionario: v.funcionario,
        motivoAfastamento: v.motivoAfastamento ?? null,
        centroCusto: v.centroCusto,
        cnpj: { id: dados.cnpj.id },
      },
      {
        onSuccess: (r) => {
          toastSuccessAfterNavigation(r.mensagem);
          voltar();
        },
      },
    );
  });

  // 'Trabalhando' (no absence) is 0 in the dropdown: PrimeReact shows a null value as no choice at all.
  const situacoes = [
    { label: 'Trabalhando', value: 0 },
    ...(motivos.data ?? []).map((m) => ({ label: motivoAfastamentoApi.rotuloMotivo(m), value: m.id })),
  ];

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="form-grid">
        <Panel header="Dados do Funcionário">
          <div className="dados-funcionario">
            <FotoFuncionario
              src={foto}
              nome={nome}
              pending={gravarFoto.isPending || apagarFoto.isPending}
              onChange={(dataUrl) =>
                gravarFoto.mutate(
                  {
                    funcionario: { id: f.id },
                    numeroCnpj: dados.cnpj.numero,
                    imagemPerfilBase64: base64DeDataUrl(dataUrl),
                  },
                  { onSuccess: () => setNova(dataUrl) },
                )
              }
              onRemove={() =>
                confirmAction({
                  header: 'Remover foto',
                  message: `Remover a foto de ${f.nome}?`,
                  danger: true,
                  onAccept: () => apagarFoto.mutate({ funcionario: { id: f.id } }, { onSuccess: () => setNova(null) }),
                })
              }
            />
            <CamposPessoa autoFocus />
          </div>
        </Panel>
        <Panel header="Relação com a Empresa">
          <div className="form-columns">
            <div className="form-span-2">
              <FormField id="funcionario-empresa" label="Empresa">
                <InputText id="funcionario-empresa" value={dados.cnpj.cnpjNome} readOnly disabled />
              </FormField>
            </div>
            <CamposVinculo />
            <FormField id="funcionario-cargo" label="Cargo">
              <InputText id="funcionario-cargo" value={f.cargo?.nome ?? ''} readOnly disabled />
            </FormField>
            <SelectControl
              control={control}
              name="centroCusto.id"
              id="funcionario-centro-custo"
              label="Centro de custo"
              options={opcoesCentros}
              filter
              placeholder="Selecione um centro de custo"
              emptyMessage="Nenhum centro de custo"
            />
            <div className="form-span-2">
              <FormField id="funcionario-escala" label="Escala de horários">
                <InputText id="funcionario-escala" value={f.escala?.nomeRef ?? ''} readOnly disabled />
              </FormField>
            </div>
            <CamposRelogio possuiSenha={f.possuiSenhaTeclado} />
          </div>
        </Panel>
        <Panel header="Situação">
          <div className="form-columns">
            <Controller
              control={control}
              name="funcionario.ativo"
              render={({ field }) => (
                <FormField id="funcionario-status" label="Status">
                  <SelectButton
                    id="funcionario-status"
                    value={field.value !== false}
                    options={STATUS}
                    allowEmpty={false}
                    onChange={(e) => {
                      if (typeof e.value === 'boolean') field.onChange(e.value);
                    }}
                  />
                </FormField>
              )}
            />
            <Controller
              control={control}
              name="motivoAfastamento"
              render={({ field }) => (
                <FormField id="funcionario-situacao" label="Situação">
                  <Dropdown
                    inputId="funcionario-situacao"
                    value={(field.value as { id?: number } | null | undefined)?.id ?? 0}
                    options={situacoes}
                    onChange={(e) =>
                      field.onChange(typeof e.value === 'number' && e.value > 0 ? { id: e.value } : null)
                    }
                    filter={situacoes.length > 8}
                    filterPlaceholder="Buscar"
                    emptyFilterMessage="Nenhum resultado encontrado"
                    className="w-full"
                  />
                </FormField>
              )}
            />
            <DateControl
              control={control}
              name="funcionario.dataDemissao"
              id="funcionario-demissao"
              label="Data de demissão"
            />
            <FormField id="funcionario-cadastro" label="Cadastro">
              <InputText
                id="funcionario-cadastro"
                value={`${formatDate(f.dataCadastro)}${f.aguardandoAtivacao ? ` — ativação em ${formatDate(f.dataAtivacao)}` : ''}`}
                readOnly
                disabled
              />
            </FormField>
          </div>
        </Panel>
        <div className="form-page-actions">
          <Button
            type="button"
            label="Cancelar"
            icon="pi pi-times"
            outlined
            disabled={alterar.isPending}
            onClick={voltar}
          />
          <Button type="submit" label="Salvar" icon="pi pi-check" loading={alterar.isPending} />
        </div>
      </form>
    </FormProvider>
  );
}
