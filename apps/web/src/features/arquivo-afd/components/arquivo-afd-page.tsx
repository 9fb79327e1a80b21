import { useEffect, useRef, useState } from 'react';
import { ProgressBar } from 'primereact/progressbar';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import {
  MSG,
  MSG_AFD,
  PORTARIAS_AFD,
  formatCnpj,
  formularioAfd,
  mensagensDaSolicitacao,
  type FormularioAfd,
  type ResultadoImportacaoAfd,
} from '@jornada/contracts';
import { Page } from '../../../components/ui/page';
import { DateControl } from '../../../components/ui/date-controls';
import { SelectControl } from '../../../components/ui/select-control';
import { formatDate } from '../../../shared/format';
import { listarCnpjs } from '../../../shared/lookups-api';
import { enviarAfd, resultadoImportacao } from '../api/arquivo-afd-api';
import { useAcompanhamento } from '../use-acompanhamento';
import { MarcacoesSemFuncionario, type ConsultaSemFuncionario } from './marcacoes-sem-funcionario';
import { ResumoImportacao } from './resumo-importacao';
import '../arquivo-afd.css';

/** Seed 002 §2: '.txt only'. */
const ehTxt = (f: File) => f.name.toLowerCase().endsWith('.txt');

/** What the screen says after an upload: the outcome, or the error (seed 002 §4). */
type Desfecho = { tipo: 'sucesso' | 'erro'; texto: string } | null;

/** Seed 002 §4: an ERRO shows what follows the first '#'; its parts read as one text. */
function textoDoErro(mensagem: string | null | undefined): string {
  return mensagensDaSolicitacao(mensagem).join(' ') || MSG.oops;
}

/** An upload being followed: its request and what it was sent for. */
interface Envio extends ConsultaSemFuncionario {
  id: number;
}

/**
 * Arquivo AFD (seed 002 §2, §4, §7; issue 11 §4; issue 24 §4, §5; code 134):
 * the company, the period and the portaria, the info and the warning, the
 * clock's file ('Selecionar AFD...', .txt only). Enviar uploads it; the
 * request answered is followed (the button hidden meanwhile, a bar with the
 * percentage) until the import ends, learnt of at once (decision 0080); then
 * the import's summary is shown here. An immediate ERRO is shown without
 * following. The layout comes from the file: the server warns when it is not
 * the chosen portaria's. 'Marcações sem funcionário' lists, for the form's
 * company and period, the punches whose CPF/PIS matches no employee.
 */
export function ArquivoAfdPage() {
  const cnpjs = listarCnpjs.useQuery({});
  const empresas = (cnpjs.data ?? []).map((c) => ({
    value: c.id,
    label: c.cnpjNome || `${formatCnpj(c.numero)} - ${c.razaoSocial}`,
  }));
  const { control, handleSubmit, getValues, setValue, trigger } = useForm<FormularioAfd>({
    resolver: zodResolver(formularioAfd),
    defaultValues: { idCnpj: undefined, dataInicio: '', dataFinal: '', numeroPortaria: PORTARIAS_AFD[0].valor },
  });
  // The only company there is comes chosen.
  const unica = empresas.length === 1 ? empresas[0]!.value : undefined;
  useEffect(() => {
    if (unica !== undefined && getValues('idCnpj') === undefined) setValue('idCnpj', unica);
  }, [unica, getValues, setValue]);

  const seletor = useRef<HTMLInputElement>(null);
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [erroArquivo, setErroArquivo] = useState<string | null>(null);
  const [monitorando, setMonitorando] = useState<Envio | null>(null);
  const [desfecho, setDesfecho] = useState<Desfecho>(null);
  const [resumo, setResumo] = useState<{ dados: ResultadoImportacaoAfd; envio: Envio } | null>(null);
  const [semFuncionario, setSemFuncionario] = useState<ConsultaSemFuncionario | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const enviar = enviarAfd.useMutation({ toast: false });

  const andamento = useAcompanhamento(
    monitorando?.id ?? null,
    (s) => {
      const envio = monitorando!;
      setMonitorando(null);
      if (s.status !== 'PROCESSADO') {
        setDesfecho({ tipo: 'erro', texto: textoDoErro(s.mensagem) });
        return;
      }
      setDesfecho({ tipo: 'sucesso', texto: MSG_AFD.sucesso });
      resultadoImportacao.fetch({ id: envio.id, fdb: 'f' }).then(
        (dados) => dados && setResumo({ dados, envio }),
        // The import is done; only its summary could not be read: Histórico still has it.
        () => undefined,
      );
    },
    (mensagem) => {
      setMonitorando(null);
      setDesfecho({ tipo: 'erro', texto: mensagem });
    },
  );

  /** The list of §5 for the form's company and period (validated like Enviar's). */
  const consultarSemFuncionario = async () => {
    if (!(await trigger(['idCnpj', 'dataInicio', 'dataFinal']))) return;
    const v = getValues();
    setSemFuncionario({ idCnpj: Number(v.idCnpj), dataInicio: v.dataInicio, dataFinal: v.dataFinal });
  };

  const escolher = (f: File | null) => {
    if (!f) return;
    setDesfecho(null);
    setResumo(null);
    if (!ehTxt(f)) {
      setArquivo(null);
      setErroArquivo(MSG.selecioneArquivo(['.txt']));
      return;
    }
    setErroArquivo(null);
    setArquivo(f);
  };

  const submeter = handleSubmit((v) => {
    if (!arquivo) {
      setErroArquivo(MSG_AFD.selecioneArquivoAfd);
      return;
    }
    setDesfecho(null);
    setResumo(null);
    setAviso(null);
    const empresa = cnpjs.data?.find((c) => c.id === Number(v.idCnpj));
    enviar.mutate(
      {
        fields: {
          jsonRequisicao: {
            numeroPortaria: v.numeroPortaria,
            numCnpjRelogio: empresa?.numero ?? null,
            cnpj: { id: Number(v.idCnpj) },
            dataInicio: v.dataInicio,
            dataFinal: v.dataFinal,
            nomeDocumento: 'AFD',
            nomeArquivo: arquivo.name,
            servico: 'arquivoAFD',
            tipoDocumento: 'txt',
          },
        },
        file: arquivo,
      },
      {
        onSuccess: (s) => {
          setAviso(s.aviso);
          if (s.status === 'ERRO') setDesfecho({ tipo: 'erro', texto: textoDoErro(s.mensagem) });
          else
            setMonitorando({
              id: s.id,
              idCnpj: Number(v.idCnpj),
              dataInicio: v.dataInicio,
              dataFinal: v.dataFinal,
            });
        },
        onError: (e) => setDesfecho({ tipo: 'erro', texto: e.mensagem }),
      },
    );
  });

  const ocupado = monitorando !== null || enviar.isPending;
  return (
    <Page title="Arquivo AFD">
      <form className="form-grid arquivo-afd" onSubmit={(e) => void submeter(e)} noValidate aria-label="Arquivo AFD">
        <Message severity="info" text={MSG_AFD.info} className="w-full arquivo-afd-info" />
        <div className="form-columns">
          <SelectControl
            control={control}
            name="idCnpj"
            id="afd-empresa"
            label="Empresa"
            options={empresas}
            filter={empresas.length > 8}
            disabled={ocupado}
            emptyMessage="Nenhuma empresa disponível"
          />
          <SelectControl
            control={control}
            name="numeroPortaria"
            id="afd-portaria"
            label="Portaria"
            options={PORTARIAS_AFD.map((p) => ({ value: p.valor, label: p.rotulo }))}
            disabled={ocupado}
          />
          <DateControl
            control={control}
            name="dataInicio"
            id="afd-data-inicio"
            label="Data inicial"
            disabled={ocupado}
          />
          <DateControl control={control} name="dataFinal" id="afd-data-final" label="Data final" disabled={ocupado} />
        </div>
        <Message severity="warn" text={MSG_AFD.aviso} className="w-full arquivo-afd-aviso" />
        <div className="arquivo-afd-arquivo">
          <input
            ref={seletor}
            type="file"
            accept=".txt,text/plain"
            hidden
            data-testid="afd-arquivo-input"
            onChange={(e) => {
              escolher(e.target.files?.[0] ?? null);
              // The same file chosen again must fire a change too.
              e.target.value = '';
            }}
          />
          <Button
            type="button"
            id="afd-arquivo"
            label={MSG_AFD.selecionarAfd}
            icon="pi pi-folder-open"
            outlined
            disabled={ocupado}
            onClick={() => seletor.current?.click()}
            aria-describedby="afd-arquivo-nome"
          />
          <span id="afd-arquivo-nome" aria-live="polite">
            {arquivo ? arquivo.name : 'Nenhum arquivo selecionado'}
          </span>
          {!monitorando ? (
            <Button
              type="submit"
              label={MSG_AFD.enviar}
              icon="pi pi-upload"
              loading={enviar.isPending}
              disabled={enviar.isPending}
            />
          ) : null}
          <Button
            type="button"
            label="Marcações sem funcionário"
            icon="pi pi-user-minus"
            text
            onClick={() => void consultarSemFuncionario()}
          />
        </div>
        {erroArquivo ? (
          <small className="p-error" role="alert">
            {erroArquivo}
          </small>
        ) : null}
        {enviar.isPending && enviar.progresso !== null ? (
          <p className="arquivo-afd-progresso" aria-live="polite">
            Enviando o arquivo: {Math.round(enviar.progresso * 100)}%
          </p>
        ) : null}
        {aviso ? <Message severity="warn" text={aviso} className="w-full" role="alert" /> : null}
        {monitorando !== null ? (
          <div className="arquivo-afd-monitorando" role="status">
            {andamento?.status === 'PROCESSANDO' ? (
              <>
                <span>{MSG_AFD.importando}</span>
                <ProgressBar value={andamento.progresso} className="arquivo-afd-barra" aria-label="Progresso" />
              </>
            ) : (
              <>
                <ProgressSpinner style={{ width: '1.5rem', height: '1.5rem' }} strokeWidth="6" />
                <span>{MSG_AFD.monitorando}</span>
              </>
            )}
          </div>
        ) : null}
        {desfecho ? (
          <Message
            severity={desfecho.tipo === 'sucesso' ? 'success' : 'error'}
            text={desfecho.texto}
            className="w-full"
            role={desfecho.tipo === 'erro' ? 'alert' : 'status'}
          />
        ) : null}
        {resumo ? (
          <ResumoImportacao
            resumo={resumo.dados}
            periodo={`${formatDate(resumo.envio.dataInicio)} a ${formatDate(resumo.envio.dataFinal)}`}
            verSemFuncionario={() => {
              const { idCnpj, dataInicio, dataFinal } = resumo.envio;
              setSemFuncionario({ idCnpj, dataInicio, dataFinal });
            }}
          />
        ) : null}
      </form>
      {semFuncionario ? <MarcacoesSemFuncionario consulta={semFuncionario} /> : null}
    </Page>
  );
}
