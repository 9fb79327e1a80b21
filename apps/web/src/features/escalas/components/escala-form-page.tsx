import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { TabPanel, TabView } from 'primereact/tabview';
import {
  PERM,
  escalaApi,
  type AbaEscala,
  type ConfiguracaoEscala,
  type ErroEscala,
  type ResponseOf,
  type TipoEscala,
} from '@jornada/contracts';
import { FormField } from '../../../components/ui/form-field';
import { Page } from '../../../components/ui/page';
import { ListError } from '../../../components/ui/list-table';
import { formatDate } from '../../../shared/format';
import { useHeldCodes } from '../../../shared/session';
import { toastForError } from '../../../shared/toast';
import { alterarEscala, buscarEscala, listarEscalas, salvarEscala } from '../api/escalas-api';
import { paresDe, type Pares } from '../model/dias';
import { paraEnvio, paraFormulario, validarEscala, type EscalaForm } from '../model/form-model';
import { AlterarEscalaDialog } from './alterar-escala-dialog';
import { BancoHorasTab } from './banco-horas-tab';
import { LISTA_ESCALAS } from './escalas-page';
import { HorasExtrasTab } from './horas-extras-tab';
import { AtrasosTab, ContratualTab, DsrTab } from './politicas-tabs';
import { QuadroTab } from './quadro-tab';
import { RevezamentoTab } from './revezamento-tab';
import '../escalas.css';

type Buscada = ResponseOf<typeof escalaApi.buscarEscala>;
const { ESCALA_MSG: M, ESCALA_LIMITS: L } = escalaApi;

/**
 * Nova / Editar Escala de Horários (seed 001 §2.2, §4, §5, §9; routes /novo —
 * 71 — and /{id}/editar — 72). Loads the latest version on edit; a schedule
 * in employees' histories is changed from a date ('A partir de'), which
 * creates a version (issue 10 §2).
 */
export function EscalaFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const editing = id !== undefined;
  const idContrato = editing && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : undefined;
  const titulo = editing ? 'Editar Escala de Horários' : 'Nova Escala de Horários';
  const loaded = buscarEscala.useQuery(
    { idContrato: idContrato ?? 0 },
    { enabled: idContrato !== undefined, staleTime: 0 },
  );

  if (editing && (idContrato === undefined || loaded.error?.status === 404)) {
    return (
      <Page title={titulo}>
        <div className="empty-state" role="alert">
          <p>{M.escalaNaoEncontrada}</p>
          <Button
            label="Voltar para Escalas de Horários"
            icon="pi pi-arrow-left"
            outlined
            onClick={() => navigate(LISTA_ESCALAS)}
          />
        </div>
      </Page>
    );
  }
  if (editing && loaded.isError && !loaded.data) {
    return (
      <Page title={titulo}>
        <ListError onRetry={() => void loaded.refetch()} retrying={loaded.isFetching} />
      </Page>
    );
  }
  if (editing && !loaded.data) return <Page title={titulo}>Carregando…</Page>;
  return (
    <Page title={titulo}>
      <EscalaFormulario key={loaded.data?.idContrato ?? 'nova'} loaded={loaded.data} />
    </Page>
  );
}

const TITULO_ABA: Record<Exclude<AbaEscala, 'descricao'>, string> = {
  quadro: 'Quadro de Horários',
  revezamento: 'Revezamento',
  contratual: 'Contratual',
  dsr: 'DSR',
  atrasos: 'Atrasos',
  horasExtras: 'Horas Extras',
  bancoHoras: 'Banco de Horas',
};

function EscalaFormulario({ loaded }: { loaded: Buscada | undefined }) {
  const navigate = useNavigate();
  const held = useHeldCodes();
  const editing = loaded !== undefined;
  const inicial = useMemo(() => paraFormulario(loaded?.configuracao), [loaded]);
  const form = useForm<EscalaForm>({ defaultValues: inicial });
  const { control, setValue, handleSubmit } = form;
  const [pares, setPares] = useState<Pares>(() => paresDe(inicial.quadroHorario.diasDaSemana));
  /** Empty until the first Salvar: the messages appear then and follow the edits afterwards. */
  const [tentou, setTentou] = useState(false);
  const [erros, setErros] = useState<ErroEscala[]>([]);
  const [abaAtiva, setAbaAtiva] = useState(0);
  const pendente = useRef<ConfiguracaoEscala | null>(null);
  const [perguntarData, setPerguntarData] = useState(false);
  const tipo: TipoEscala = useWatch({ control, name: 'tipoEscala' }) ?? 'EQH';

  const salvar = salvarEscala.useMutation({ invalidates: [listarEscalas.endpoint], toast: false });
  const alterar = alterarEscala.useMutation({
    invalidates: [listarEscalas.endpoint, buscarEscala.endpoint],
    toast: false,
  });
  const saving = salvar.isPending || alterar.isPending;

  // Seed 001 §4: editing a schedule that has history and no bank policy hides the bank tab.
  const bancoOculto = editing && loaded.temHistorico && !loaded.configuracao.incluirBancoHoras;
  const mostrarBanco = held.has(PERM.ESCALAS_HORARIOS_BANCO_HORAS) && !bancoOculto;
  const podeRevezamento = held.has(PERM.ESCALAS_HORARIOS_REVEZAMENTO);

  const comErro = (aba: AbaEscala) => erros.some((e) => e.aba === aba);
  const mensagens = (aba: AbaEscala) => erros.filter((e) => e.aba === aba).map((e) => e.mensagem);

  const abas: { chave: Exclude<AbaEscala, 'descricao'>; conteudo: ReactNode }[] = [
    tipo === 'EQH'
      ? { chave: 'quadro', conteudo: <QuadroTab form={form} pares={pares} onPares={setPares} /> }
      : { chave: 'revezamento', conteudo: <RevezamentoTab form={form} /> },
    { chave: 'contratual', conteudo: <ContratualTab form={form} /> },
    { chave: 'dsr', conteudo: <DsrTab form={form} /> },
    { chave: 'atrasos', conteudo: <AtrasosTab form={form} /> },
    { chave: 'horasExtras', conteudo: <HorasExtrasTab form={form} mensagens={mensagens('horasExtras')} /> },
    ...(mostrarBanco
      ? [{ chave: 'bancoHoras' as const, conteudo: <BancoHorasTab form={form} erro={comErro('bancoHoras')} /> }]
      : []),
  ];

  const concluir = () => void navigate(`${LISTA_ESCALAS}?sc=t`);
  const enviar = (configuracao: ConfiguracaoEscala, aPartirDe?: string) => {
    if (!editing) {
      salvar.mutate({ configuracao }, { onSuccess: concluir, onError: toastForError });
      return;
    }
    alterar.mutate(
      { configuracao, idContrato: loaded.idContrato, ...(aPartirDe ? { aPartirDe } : {}) },
      {
        onSuccess: () => {
          setPerguntarData(false);
          concluir();
        },
        onError: toastForError,
      },
    );
  };

  const onSubmit = handleSubmit((v) => {
    setTentou(true);
    const envio = paraEnvio(v, pares);
    const falhas = validarEscala(envio);
    setErros(falhas);
    if (falhas.length > 0) {
      // The first tab with a problem comes to the front (the description sits above the tabs).
      const i = abas.findIndex((a) => falhas.some((f) => f.aba === a.chave));
      if (i >= 0 && !falhas.some((f) => f.aba === abas[abaAtiva]?.chave)) setAbaAtiva(i);
      return;
    }
    if (editing && loaded.temHistorico) {
      pendente.current = envio;
      setPerguntarData(true);
      return;
    }
    enviar(envio);
  });

  const trocarTipo = (novo: TipoEscala) => {
    if (novo === tipo) return;
    setValue('tipoEscala', novo);
    setAbaAtiva(0);
  };

  const erroDescricao = mensagens('descricao')[0];
  return (
    <>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="escala-form">
        <div className="escala-topo">
          <Controller
            control={control}
            name="descricao"
            render={({ field }) => (
              <FormField
                id="escala-descricao"
                label="Descrição"
                error={erroDescricao}
                hint={
                  <span className="field-counter" aria-live="polite">
                    {field.value.length}/{L.descricao}
                  </span>
                }
              >
                <InputText
                  id="escala-descricao"
                  ref={field.ref}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  maxLength={L.descricao}
                  autoComplete="off"
                  autoFocus
                  invalid={erroDescricao !== undefined}
                  aria-invalid={erroDescricao !== undefined}
                  aria-describedby={erroDescricao ? 'escala-descricao-erro' : undefined}
                />
              </FormField>
            )}
          />
          <div className="escala-tipo" role="group" aria-label="Tipo da escala">
            <Button
              type="button"
              label="Quadro de Horários"
              icon="pi pi-table"
              outlined={tipo !== 'EQH'}
              aria-pressed={tipo === 'EQH'}
              onClick={() => trocarTipo('EQH')}
            />
            {podeRevezamento ? (
              <Button
                type="button"
                label="Revezamento"
                icon="pi pi-sync"
                outlined={tipo !== 'ERC'}
                aria-pressed={tipo === 'ERC'}
                onClick={() => trocarTipo('ERC')}
              />
            ) : null}
          </div>
        </div>
        {editing ? <Versoes loaded={loaded} /> : null}
        {tentou ? <Revalidar control={control} pares={pares} onErros={setErros} /> : null}
        {erros.length > 0 ? (
          <div className="escala-erros" role="alert">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" />
            <ul aria-label="Erros da escala">
              {erros.map((e) => (
                <li key={`${e.aba}-${e.mensagem}`}>{e.mensagem}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <TabView
          activeIndex={Math.min(abaAtiva, abas.length - 1)}
          onTabChange={(e) => setAbaAtiva(e.index)}
          className="edit-tabs escala-tabs"
        >
          {abas.map((a) => (
            <TabPanel
              key={a.chave}
              header={
                comErro(a.chave) ? (
                  <span className="aba-com-erro">
                    {TITULO_ABA[a.chave]} <i className="pi pi-exclamation-circle" aria-label="com erro" />
                  </span>
                ) : (
                  TITULO_ABA[a.chave]
                )
              }
            >
              {a.conteudo}
            </TabPanel>
          ))}
        </TabView>
        <div className="form-page-actions">
          <Button
            type="button"
            label="Cancelar"
            icon="pi pi-times"
            outlined
            disabled={saving}
            onClick={() => navigate(LISTA_ESCALAS)}
          />
          <Button type="submit" label="Salvar" icon="pi pi-check" loading={saving && !perguntarData} />
        </div>
      </form>
      {/* Outside the form: a dialog's submit would bubble (through the portal) into this form's. */}
      {editing ? (
        <AlterarEscalaDialog
          visible={perguntarData}
          ultimaVersao={loaded.versoes.at(-1)?.validaDesde ?? loaded.validaDesde}
          pending={alterar.isPending}
          onHide={() => setPerguntarData(false)}
          onConfirm={(aPartirDe) => {
            if (pendente.current) enviar(pendente.current, aPartirDe);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * After the first Salvar the messages follow the edits. Watching the whole
 * document here, not in the form, keeps a keystroke from re-rendering every
 * tab: the form re-renders only when the list of messages changes.
 */
function Revalidar({
  control,
  pares,
  onErros,
}: {
  control: Control<EscalaForm>;
  pares: Pares;
  onErros: (erros: ErroEscala[]) => void;
}) {
  const valores = useWatch({ control }) as EscalaForm;
  const chave = JSON.stringify(validarEscala(paraEnvio(valores, pares)));
  useEffect(() => onErros(JSON.parse(chave) as ErroEscala[]), [chave, onErros]);
  return null;
}

/** When a version starts, as the screen says it: the first one covers any history ('desde o início'). */
export const desde = (validaDesde: string) =>
  validaDesde === escalaApi.VALIDA_DESDE_INICIAL ? 'desde o início' : `a partir de ${formatDate(validaDesde)}`;

/** The versions of the schedule (issue 10 §2): each applies from its date until the next one's. */
function Versoes({ loaded }: { loaded: Buscada }) {
  return (
    <section className="escala-versoes" aria-label="Versões da escala">
      <span className="escala-versoes-titulo">Versões:</span>
      <ol>
        {loaded.versoes.map((v) => (
          <li key={v.id} className={v.validaDesde === loaded.validaDesde ? 'versao-editada' : undefined}>
            {desde(v.validaDesde)} ({escalaApi.TIPO_ESCALA_DESCRICAO[v.tipoEscala]})
            {v.validaDesde === loaded.validaDesde ? ' — em edição' : ''}
          </li>
        ))}
      </ol>
      {loaded.temHistorico ? (
        <span className="muted-text">Em uso por funcionários: ao salvar, informe a data a partir da qual vale.</span>
      ) : null}
    </section>
  );
}
