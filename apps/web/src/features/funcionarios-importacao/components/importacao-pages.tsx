import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { LIMITS, PERM, PERMISSIONS, formatCnpj } from '@jornada/contracts';
import { Page } from '../../../components/ui/page';
import { usePodeChamar } from '../../../shared/session';
import { processarImportacao, salvarImportacao } from '../api/funcionarios-importacao-api';
import {
  configuracaoLembrada,
  encerrarImportacao,
  entregarImportacao,
  lembrarConfiguracao,
  receberImportacao,
  type ImportacaoEmAndamento,
} from '../importacao-state';
import {
  CONFIGURACAO_INICIAL,
  ConfigurarFormView,
  comEmpresaSugerida,
  problemasConfiguracao,
  type Configuracao,
} from './configurar-form';
import { ConfirmarFormView } from './confirmar-form';
import { ErrosImportacao } from './erros-importacao';
import { EtapasImportacao } from './etapas-importacao';
import { Progresso } from './progresso';
import { ResultadoImportacaoView } from './resultado-importacao';
import { listarCnpjs } from '../../../shared/lookups-api';
import '../funcionarios-importacao.css';

const LISTA = '/cadastros/funcionarios';
const BASE = '/cadastros/funcionarios/importar';
const TITULO = 'Importar funcionários';

/** Cancelar and close leave the wizard for the employee list (seed 001 §2.8). */
function useSair() {
  const navigate = useNavigate();
  return () => {
    encerrarImportacao();
    void navigate(LISTA);
  };
}

function Fechar() {
  const sair = useSair();
  return <Button icon="pi pi-times" text rounded aria-label="Fechar" title="Fechar" onClick={sair} />;
}

function Acoes({ children }: { children: ReactNode }) {
  return <div className="form-page-actions importacao-acoes">{children}</div>;
}

function Cancelar({ disabled = false }: { disabled?: boolean }) {
  const sair = useSair();
  return <Button type="button" label="Cancelar" severity="secondary" outlined onClick={sair} disabled={disabled} />;
}

/**
 * Whether the user may send the file (processar) or import its lines (salvar): both ask code 26. The steps' routes
 * open with the seed's schedule codes too (70/71/72, routes.ts), so a profile that only views schedules (Consulta)
 * reaches the first steps: it reads them, but no button takes it to a call the server refuses (issue 24 §11).
 */
const usePodeEnviar = () => usePodeChamar(processarImportacao.endpoint);
const usePodeImportar = () => usePodeChamar(salvarImportacao.endpoint);

const NOME_PERMISSAO = PERMISSIONS.find((p) => p.codigo === PERM.FUNCIONARIOS_EDITAR)!.nome;

/** Said where the wizard's way on is hidden for want of the code. */
function SemPermissao() {
  return (
    <Message
      severity="info"
      className="w-full importacao-nota"
      text={`Importar funcionários exige a permissão '${NOME_PERMISSAO}', que o seu perfil não tem.`}
    />
  );
}

/** A step opened without an import handed to it (a reload, a link): the wizard starts over. */
function SemImportacao({ etapa }: { etapa: 1 | 2 | 3 }) {
  const navigate = useNavigate();
  const podeEnviar = usePodeEnviar();
  return (
    <Page title={TITULO} actions={<Fechar />}>
      <EtapasImportacao atual={etapa} />
      <div className="empty-state" role="alert">
        <i className="pi pi-file-import empty-state-icon" aria-hidden />
        <h2>Nenhuma importação em andamento</h2>
        <p>Selecione o arquivo e configure as colunas para começar.</p>
        {podeEnviar ? (
          <Button
            label="Iniciar importação"
            icon="pi pi-arrow-right"
            onClick={() => void navigate(`${BASE}/configurar`)}
          />
        ) : null}
      </div>
    </Page>
  );
}

/** The import handed to this step, read once (importacao-state.ts). */
function useImportacaoRecebida(): ImportacaoEmAndamento | undefined {
  const [importacao] = useState(receberImportacao);
  return importacao;
}

/** /importar (26): 'Antes de iniciar a configuração' (seed 001 §2.8). */
export function ImportarPage() {
  const navigate = useNavigate();
  const podeEnviar = usePodeEnviar();
  const L = LIMITS;
  return (
    <Page title={TITULO} actions={<Fechar />}>
      <div className="importacao-intro">
        <h2>Antes de iniciar a configuração</h2>
        <ul>
          <li>
            O arquivo deve ser do tipo <strong>.csv</strong>, com os campos separados por ponto e vírgula (
            <strong>;</strong>) e <strong>sem linha de cabeçalho</strong> (o cabeçalho do arquivo exportado pelo Jornada
            é reconhecido e pulado).
          </li>
          <li>
            O nome do arquivo deve ser o número do CNPJ da empresa, somente os dígitos (por exemplo,
            11222333000181.csv).
          </li>
          <li>
            Tamanho máximo dos campos: nome {L.funcionarioNome} caracteres, crachá {L.funcionarioCracha}, registro{' '}
            {L.funcionarioRegistro}, senha biométrica {L.funcionarioSenhaTeclado} e e-mail {L.funcionarioEmail}.
          </li>
          <li>
            Os cargos e os centros de custo do arquivo devem estar cadastrados antes da importação; no arquivo, use o
            código ou o nome deles.
          </li>
          <li>
            A codificação pode ser ISO-8859-1 (a do Excel) ou UTF-8, e as datas dd/MM/yyyy ou yyyy-MM-dd. A coluna do
            PIS é obrigatória, mas o PIS pode ficar vazio para quem ainda não tem.
          </li>
          <li>Um CPF já cadastrado na empresa é indicado como já cadastrado e não é alterado.</li>
        </ul>
      </div>
      {podeEnviar ? null : <SemPermissao />}
      <Acoes>
        <Cancelar />
        {podeEnviar ? (
          <Button
            label="Iniciar configuração"
            icon="pi pi-arrow-right"
            iconPos="right"
            autoFocus
            onClick={() => void navigate(`${BASE}/configurar`)}
          />
        ) : null}
      </Acoes>
    </Page>
  );
}

/** /configurar: the file, the company and the columns; Avançar sends the file (with its progress). */
export function ConfigurarPage() {
  const navigate = useNavigate();
  const [config, setConfig] = useState<Configuracao>(() => configuracaoLembrada() ?? CONFIGURACAO_INICIAL);
  const [tentou, setTentou] = useState(false);
  const cnpjs = listarCnpjs.useQuery({});
  const empresas = (cnpjs.data ?? []).map((c) => ({
    id: c.id,
    numero: c.numero,
    rotulo: c.cnpjNome || `${formatCnpj(c.numero)} - ${c.razaoSocial}`,
  }));
  const valor = comEmpresaSugerida(config, empresas);
  const enviar = processarImportacao.useMutation();
  const podeEnviar = usePodeEnviar();

  const avancar = () => {
    setTentou(true);
    if (Object.keys(problemasConfiguracao(valor)).length > 0 || !valor.arquivo || valor.cnpj === null) return;
    enviar.mutate(
      {
        fields: { jsonRequisicao: { cnpj: { id: valor.cnpj } }, jsonColunas: valor.colunas.valor },
        file: valor.arquivo,
      },
      {
        onSuccess: (resumo) => {
          lembrarConfiguracao(valor);
          entregarImportacao({ resumo });
          void navigate(`${BASE}/validar`);
        },
      },
    );
  };

  return (
    <Page title={TITULO} actions={<Fechar />}>
      <EtapasImportacao atual={0} />
      <ConfigurarFormView
        valor={valor}
        onChange={setConfig}
        empresas={empresas}
        mostrarErros={tentou}
        disabled={enviar.isPending}
      />
      {enviar.isPending ? <Progresso enviado={enviar.progresso} texto="Conferindo as linhas do arquivo…" /> : null}
      {podeEnviar ? null : <SemPermissao />}
      <Acoes>
        <Button
          type="button"
          label="Voltar"
          icon="pi pi-arrow-left"
          outlined
          disabled={enviar.isPending}
          onClick={() => void navigate(BASE)}
        />
        <Cancelar disabled={enviar.isPending} />
        {podeEnviar ? (
          <Button
            type="button"
            label="Avançar"
            icon="pi pi-arrow-right"
            iconPos="right"
            loading={enviar.isPending}
            onClick={avancar}
          />
        ) : null}
      </Acoes>
    </Page>
  );
}

/** /validar: 'Linhas com erros: N' and each line's reason. */
export function ValidarPage() {
  const navigate = useNavigate();
  const importacao = useImportacaoRecebida();
  const podeImportar = usePodeImportar();
  if (!importacao) return <SemImportacao etapa={1} />;
  const { resumo } = importacao;
  return (
    <Page title={TITULO} actions={<Fechar />}>
      <EtapasImportacao atual={1} />
      <p className="form-note-block importacao-nota">
        Empresa: {formatCnpj(resumo.cnpj.numero)} - {resumo.cnpj.razaoSocial}
      </p>
      <ErrosImportacao resumo={resumo} />
      <Acoes>
        <Button
          type="button"
          label="Voltar"
          icon="pi pi-arrow-left"
          outlined
          onClick={() => void navigate(`${BASE}/configurar`)}
        />
        <Cancelar />
        {podeImportar ? (
          <Button
            type="button"
            label="Avançar"
            icon="pi pi-arrow-right"
            iconPos="right"
            disabled={resumo.qtdFuncionarios === 0}
            onClick={() => {
              entregarImportacao(importacao);
              void navigate(`${BASE}/confirmar`);
            }}
          />
        ) : null}
      </Acoes>
    </Page>
  );
}

/** /confirmar: the schedule and its start date; Importar writes every valid line at once. */
export function ConfirmarPage() {
  const navigate = useNavigate();
  const importacao = useImportacaoRecebida();
  const salvar = salvarImportacao.useMutation();
  const podeImportar = usePodeImportar();
  if (!importacao) return <SemImportacao etapa={2} />;
  const { resumo } = importacao;
  return (
    <Page title={TITULO} actions={<Fechar />}>
      <EtapasImportacao atual={2} />
      <p className="form-note-block importacao-nota">
        {resumo.qtdFuncionarios === 1
          ? '1 funcionário será importado'
          : `${resumo.qtdFuncionarios} funcionários serão importados`}{' '}
        em {formatCnpj(resumo.cnpj.numero)} - {resumo.cnpj.razaoSocial}.
      </p>
      <ConfirmarFormView
        id="importacao-confirmar"
        escalas={resumo.escalas}
        disabled={salvar.isPending}
        onConfirm={(v) =>
          salvar.mutate(
            { id: resumo.id, ...v },
            {
              onSuccess: (resultado) => {
                entregarImportacao({ resumo, resultado });
                void navigate(`${BASE}/finalizar`);
              },
            },
          )
        }
      />
      {salvar.isPending ? <Progresso enviado={null} texto="Cadastrando os funcionários…" /> : null}
      <Acoes>
        <Button
          type="button"
          label="Voltar"
          icon="pi pi-arrow-left"
          outlined
          disabled={salvar.isPending}
          onClick={() => {
            entregarImportacao(importacao);
            void navigate(`${BASE}/validar`);
          }}
        />
        <Cancelar disabled={salvar.isPending} />
        {podeImportar ? (
          <Button
            type="submit"
            form="importacao-confirmar"
            label="Importar"
            icon="pi pi-check"
            loading={salvar.isPending}
          />
        ) : null}
      </Acoes>
    </Page>
  );
}

/** /finalizar: what was imported. */
export function FinalizarPage() {
  const navigate = useNavigate();
  const importacao = useImportacaoRecebida();
  const sair = useSair();
  const podeEnviar = usePodeEnviar();
  if (!importacao?.resultado) return <SemImportacao etapa={3} />;
  return (
    <Page title={TITULO} actions={<Fechar />}>
      <EtapasImportacao atual={3} />
      <ResultadoImportacaoView resultado={importacao.resultado} />
      <Acoes>
        {podeEnviar ? (
          <Button
            type="button"
            label="Importar outro arquivo"
            icon="pi pi-file-import"
            outlined
            onClick={() => {
              encerrarImportacao();
              void navigate(`${BASE}/configurar`);
            }}
          />
        ) : null}
        <Button type="button" label="Ir para Funcionários" icon="pi pi-users" autoFocus onClick={sair} />
      </Acoes>
    </Page>
  );
}
