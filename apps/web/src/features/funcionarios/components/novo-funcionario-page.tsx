import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Controller, FormProvider, useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from 'primereact/button';
import { Panel } from 'primereact/panel';
import { funcionarioApi, type SalvarFuncionarioForm } from '@jornada/contracts';
import { SwitchControl } from '../../../components/ui/form-controls';
import { Page } from '../../../components/ui/page';
import { SelectControl } from '../../../components/ui/select-control';
import { toastSuccessAfterNavigation } from '../../../shared/toast';
import { listarFuncionarios, salvarFuncionario } from '../api/funcionarios-api';
import { opcoesCentrosCustos } from '../../../shared/centros-custos';
import { base64DeDataUrl } from '../foto';
import { urlDaLista } from '../lista-estado';
import { CamposPessoa, CamposRelogio, CamposVinculo } from './campos-funcionario';
import { DataAtivacaoCampo, hoje } from './data-ativacao';
import { CampoEscala } from './selecionar-escala-dialog';
import { FotoFuncionario } from './foto-funcionario';
import '../funcionarios.css';
import { listarCargos, listarCentrosCustosUsuario, listarCnpjs } from '../../../shared/lookups-api';

type Schema = ReturnType<typeof funcionarioApi.salvarFuncionarioForm>;
type Valores = Omit<SalvarFuncionarioForm, 'usuarioRequisicao'>;

/** The form opens empty; the pickers start without a choice so the schema answers with the seed's words. */
const VAZIO: Valores = {
  funcionario: {
    nome: '',
    nomeCurto: '',
    dataNascimento: null,
    pis: '',
    semPis: false,
    cpf: '',
    email: '',
    cracha: '',
    registro: '',
    dataAdmissao: null,
    senhaTecladoSemBio: '',
    duplaVerificacao: false,
    agendarAtivacao: false,
    dataAtivacao: null,
  },
  dataInicioContrato: null,
  cnpj: { id: null as never },
  cargo: { id: null as never },
  centroCusto: { id: null as never },
  contrato: { id: null as never },
  imagemPerfilBase64: null,
};

/**
 * What the link of 'Marcações sem funcionário' fills in (issue 24 §5):
 * `?empresa=<id>&cpf=<11 digits>&pis=<11 digits>`. Anything else is ignored.
 */
export function valoresIniciais(q: URLSearchParams): Valores {
  const digitos = (v: string | null) => (v && /^\d{11}$/.test(v) ? v : '');
  const empresa = q.get('empresa');
  return {
    ...VAZIO,
    funcionario: { ...VAZIO.funcionario, cpf: digitos(q.get('cpf')), pis: digitos(q.get('pis')) },
    cnpj: empresa && /^[1-9]\d{0,9}$/.test(empresa) ? { id: Number(empresa) } : VAZIO.cnpj,
  };
}

/**
 * Novo funcionário (seed 001 §2.6, §4, §5; code 25): panels 'Dados do
 * Funcionário' (photo and the person) and 'Relação com a Empresa' (the bond:
 * company, badge, registration, admission, position, cost centre, schedule
 * picked in its dialog, keypad password, scheduled activation, double
 * check). The contract's schema validates here and on the server with the
 * seed's messages; PIS and CPF travel digits-only. Activation is today
 * unless 'Agendar ativação' picks a day from tomorrow to 6 days ahead.
 */
export function NovoFuncionarioPage() {
  const navigate = useNavigate();
  const [consulta] = useSearchParams();
  const dia = useMemo(() => hoje(), []);
  const [iniciais] = useState(() => valoresIniciais(consulta));
  const schema = useMemo(() => funcionarioApi.salvarFuncionarioForm(dia), [dia]);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: iniciais as DefaultValues<z.input<Schema>>,
  });
  const { control, handleSubmit, setValue, formState } = form;
  const [foto, setFoto] = useState<string | null>(null);
  const idCnpj = useWatch({ control, name: 'cnpj.id' }) as number | null;
  const agendar = useWatch({ control, name: 'funcionario.agendarAtivacao' }) === true;
  const nome = (useWatch({ control, name: 'funcionario.nome' }) as string | undefined) ?? '';

  const cnpjs = listarCnpjs.useQuery({});
  const cargos = listarCargos.useQuery({});
  const centros = listarCentrosCustosUsuario.useQuery({ idCnpj: idCnpj ?? 0 }, { enabled: idCnpj !== null });
  const opcoesCentros = useMemo(() => opcoesCentrosCustos(centros.data ?? []), [centros.data]);
  const salvar = salvarFuncionario.useMutation({ invalidates: [listarFuncionarios.endpoint] });
  const voltar = () => void navigate(urlDaLista());

  const onSubmit = handleSubmit((v) => {
    const { usuarioRequisicao: _ignorado, ...corpo } = v;
    salvar.mutate(
      { ...corpo, imagemPerfilBase64: foto ? base64DeDataUrl(foto) : null },
      {
        onSuccess: (r) => {
          // The route change clears the toasts (seed 000 §2.4): the OK is shown again after it.
          toastSuccessAfterNavigation(r.mensagem);
          voltar();
        },
      },
    );
  });

  return (
    <Page title="Novo funcionário">
      <FormProvider {...form}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="form-grid">
          <Panel header="Dados do Funcionário">
            <div className="dados-funcionario">
              <FotoFuncionario src={foto} nome={nome} onChange={setFoto} onRemove={() => setFoto(null)} />
              <CamposPessoa autoFocus />
            </div>
          </Panel>
          <Panel header="Relação com a Empresa">
            <div className="form-columns">
              <div className="form-span-2">
                <SelectControl
                  control={control}
                  name="cnpj.id"
                  id="funcionario-empresa"
                  label="Empresa"
                  options={(cnpjs.data ?? []).map((c) => ({ label: c.cnpjNome, value: c.id }))}
                  filter={(cnpjs.data?.length ?? 0) > 8}
                  placeholder={cnpjs.isPending ? 'Carregando…' : 'Selecione uma empresa'}
                  emptyMessage="Nenhuma empresa disponível"
                  onValueChange={() =>
                    // The cost centres are the company's: the old choice belonged to another one.
                    setValue('centroCusto.id', null as never, { shouldValidate: formState.isSubmitted })
                  }
                />
              </div>
              <CamposVinculo />
              <SelectControl
                control={control}
                name="cargo.id"
                id="funcionario-cargo"
                label="Cargo"
                options={(cargos.data ?? []).map((c) => ({ label: c.nome, value: c.id }))}
                filter
                placeholder="Selecione um cargo"
                emptyMessage="Nenhum cargo cadastrado"
              />
              <SelectControl
                control={control}
                name="centroCusto.id"
                id="funcionario-centro-custo"
                label="Centro de custo"
                options={opcoesCentros}
                filter
                disabled={idCnpj === null}
                placeholder={idCnpj === null ? 'Selecione a empresa' : 'Selecione um centro de custo'}
                emptyMessage={centros.isFetching ? 'Carregando…' : 'Nenhum centro de custo'}
              />
              <div className="form-span-2">
                <Controller
                  control={control}
                  name="contrato"
                  render={({ field, fieldState }) => (
                    <CampoEscala
                      id="funcionario-escala"
                      value={field.value?.id ? (field.value as { id: number; nomeRef: string }) : null}
                      onChange={(c) => field.onChange({ id: c.id, nomeRef: c.nomeRef })}
                      erro={
                        fieldState.error?.message ??
                        (fieldState.error as { id?: { message?: string } } | undefined)?.id?.message
                      }
                    />
                  )}
                />
              </div>
              <CamposRelogio />
              <div className="form-field form-field-switch">
                <SwitchControl
                  control={control}
                  name="funcionario.agendarAtivacao"
                  id="funcionario-agendar"
                  label="Agendar ativação"
                  onToggle={(on) => {
                    if (!on) setValue('funcionario.dataAtivacao', null);
                  }}
                />
              </div>
              {agendar ? (
                <Controller
                  control={control}
                  name="funcionario.dataAtivacao"
                  render={({ field, fieldState }) => (
                    <DataAtivacaoCampo
                      id="funcionario-data-ativacao"
                      value={(field.value as string | null | undefined) ?? null}
                      onChange={field.onChange}
                      dia={dia}
                      erro={fieldState.error?.message}
                    />
                  )}
                />
              ) : null}
            </div>
          </Panel>
          <div className="form-page-actions">
            <Button
              type="button"
              label="Cancelar"
              icon="pi pi-times"
              outlined
              disabled={salvar.isPending}
              onClick={voltar}
            />
            <Button type="submit" label="Salvar" icon="pi pi-check" loading={salvar.isPending} />
          </div>
        </form>
      </FormProvider>
    </Page>
  );
}
