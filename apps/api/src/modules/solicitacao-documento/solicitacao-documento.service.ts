import {
  MSG,
  MSG_SOLICITACAO,
  SEPARADOR_MENSAGEM,
  TOKEN_ERROS,
  emAndamento,
  versaoSolicitacao,
  type SolicitacaoDocumento,
  type StatusSolicitacao,
  type solicitacaoDocumentoApi,
} from '@jornada/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { fusoHorarioEmpresa } from '../../db/fuso-horario-empresa.js';
import { withTenant, type Tx } from '../../db/tenant-tx.js';
import type { Readable } from 'node:stream';
import { AppError, badRequest, forbidden, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { fileNameOfKey, tenantOfKey } from '../../shared/file-storage.js';
import { defineJob, type JobDefinition, type TenantJobData } from '../../shared/job-definition.js';
import type { JobInfo, JobSendOptions, JobWorkOptions } from '../../shared/job-queue.js';
import { tenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import {
  solicitacaoDocumentoRepository as repo,
  type RequestVisibility,
  type SolicitacaoRow,
} from './solicitacao-documento.repository.js';

/**
 * The document queue (issue 11 §3; seed 002 §3, §4, §7; decisions 0041–0043).
 * A request is born FILA together with its job (one transaction), goes
 * PROCESSANDO when a process takes the job, and ends PROCESSADO (with the
 * file's storage key and the link's validity) or ERRO (with the
 * '#'-separated messages). A finished request never changes again.
 *
 * Other modules (afd, calculo, the reports) call the functions exported here,
 * never the repository: `criarSolicitacao` in their use case's transaction,
 * and `documentJob` for the job that produces the file, or the single steps
 * (`iniciarSolicitacao`, `progressoSolicitacao`, `concluirSolicitacao`,
 * `falharSolicitacao`) when the job manages its own transactions.
 */

/** How long a produced file's link stays valid (decision 0042). */
export const VALIDADE_LINK_DIAS = 7;

/** What a request names and keeps. */
export interface NovaSolicitacao {
  /** The Item column (e.g. 'AFD', 'Espelho de Ponto'). */
  nome: string;
  /** The producer (e.g. 'arquivoAFD', 'espelhoPonto'). */
  servico: string;
  cnpjId: number | null;
  nomeDocumento?: string | null | undefined;
  nomeArquivo?: string | null | undefined;
  tipoDocumento?: string | null | undefined;
  /** The request as received (kept for the job and for support). */
  parametros?: unknown;
}

/** The job's data of a request: which request (the tenant is stamped by the database). */
export interface SolicitacaoJobData extends TenantJobData {
  solicitacaoId: number;
}

/** A request as the job steps name it. */
export interface SolicitacaoRef {
  tenantId: number;
  solicitacaoId: number;
}

/**
 * Creates the request (FILA) in the caller's unit of work and enqueues its
 * job in the same transaction: both exist or neither does. `job.data` is
 * extended with `solicitacaoId`.
 */
export async function criarSolicitacao(
  deps: Pick<Deps, 'jobs'>,
  w: Pick<TenantWork, 'tx' | 'tenantId' | 'now'> & { auth: Pick<TenantWork['auth'], 'userId'> },
  nova: NovaSolicitacao,
  job: { name: string; data?: object; options?: Omit<JobSendOptions, 'tx'> },
): Promise<{ id: number; status: 'FILA' }> {
  const id = await repo.insert(w.tx, {
    tenantId: w.tenantId,
    usuarioId: w.auth.userId,
    cnpjId: nova.cnpjId,
    nome: nova.nome.slice(0, 100),
    servico: nova.servico.slice(0, 60),
    nomeDocumento: nova.nomeDocumento?.slice(0, 200) ?? null,
    nomeArquivo: nova.nomeArquivo?.slice(0, 255) ?? null,
    tipoDocumento: nova.tipoDocumento?.slice(0, 10) ?? null,
    parametros: nova.parametros ?? {},
    solicitadoEm: w.now,
  });
  await deps.jobs.send(job.name, { ...job.data, solicitacaoId: id }, { ...job.options, tx: w.tx });
  return { id, status: 'FILA' };
}

type Steps = Pick<Deps, 'db' | 'clock'>;

/** Runs `fn` in the given transaction, or in a new one of the request's tenant. */
function inTenant<T>(deps: Steps, ref: SolicitacaoRef, tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return tx ? fn(tx) : withTenant(deps.db, ref.tenantId, fn);
}

/**
 * FILA → PROCESSANDO (also PROCESSANDO again: a retry after a process died).
 * Answers the request's parameters, or undefined when it is already finished
 * (the job has nothing left to do).
 */
export async function iniciarSolicitacao(
  deps: Steps,
  ref: SolicitacaoRef,
  tx?: Tx,
): Promise<{ parametros: unknown } | undefined> {
  return inTenant(deps, ref, tx, async (t) => {
    const started = await repo.transition(t, ref.tenantId, ref.solicitacaoId, ['FILA', 'PROCESSANDO'], {
      status: 'PROCESSANDO',
      progresso: 0,
      inicioProcessamento: deps.clock.now(),
    });
    return started ? { parametros: await repo.parametros(t, ref.tenantId, ref.solicitacaoId) } : undefined;
  });
}

/** Progress 0..100 of a request being processed (ignored once it has finished). */
export async function progressoSolicitacao(deps: Steps, ref: SolicitacaoRef, percent: number, tx?: Tx): Promise<void> {
  const progresso = Math.max(0, Math.min(100, Math.round(percent)));
  await inTenant(deps, ref, tx, (t) =>
    repo.transition(t, ref.tenantId, ref.solicitacaoId, ['PROCESSANDO'], { progresso }),
  );
}

/** What a finished request keeps. */
export interface ResultadoSolicitacao {
  /** The storage key of the produced file (deps.storage.put), if the request produces one. */
  arquivo?: string | undefined;
  /** The name shown (default: the one asked for, else the key's). */
  nomeArquivo?: string | undefined;
  /** Notes shown by the message button of a PROCESSADO request, one per item. */
  mensagens?: readonly string[] | undefined;
}

/** The messages as the column keeps them: '#'-separated (a '#' inside one would split it). */
function joinMessages(mensagens: readonly string[]): string {
  return mensagens.map((m) => m.replaceAll(SEPARADOR_MENSAGEM, ' ').trim()).join(SEPARADOR_MENSAGEM);
}

/** PROCESSANDO → PROCESSADO. Answers false when the request was not being processed. */
export async function concluirSolicitacao(
  deps: Steps,
  ref: SolicitacaoRef,
  resultado: ResultadoSolicitacao,
  tx?: Tx,
): Promise<boolean> {
  const now = deps.clock.now();
  return inTenant(deps, ref, tx, (t) =>
    repo.transition(t, ref.tenantId, ref.solicitacaoId, ['PROCESSANDO'], {
      status: 'PROCESSADO',
      progresso: 100,
      fimProcessamento: now,
      mensagem: resultado.mensagens?.length ? joinMessages(resultado.mensagens) : null,
      ...(resultado.arquivo
        ? {
            arquivo: resultado.arquivo,
            dataValidadeLink: new Date(now.getTime() + VALIDADE_LINK_DIAS * 86_400_000),
            ...(resultado.nomeArquivo ? { nomeArquivo: resultado.nomeArquivo.slice(0, 255) } : {}),
          }
        : {}),
    }),
  );
}

/**
 * FILA | PROCESSANDO → ERRO with the messages (seed 002 §4: the screens show
 * what follows the first '#', so the column reads 'ERROS#m1#m2').
 */
export async function falharSolicitacao(
  deps: Steps,
  ref: SolicitacaoRef,
  mensagens: readonly string[],
  tx?: Tx,
): Promise<boolean> {
  return inTenant(deps, ref, tx, (t) =>
    repo.transition(t, ref.tenantId, ref.solicitacaoId, ['FILA', 'PROCESSANDO'], {
      status: 'ERRO',
      fimProcessamento: deps.clock.now(),
      mensagem: joinMessages([TOKEN_ERROS, ...(mensagens.length ? mensagens : [MSG.oops])]),
    }),
  );
}

/** What a document job's producer receives. */
export interface DocumentoContexto<T> extends SolicitacaoRef {
  data: T & SolicitacaoJobData;
  /** The request body as received (NovaSolicitacao.parametros). */
  parametros: unknown;
  job: JobInfo;
  progresso(percent: number): Promise<void>;
}

/**
 * The job of a document request: starts it, runs the producer, finishes it
 * with the producer's result. An AppError of the producer is the request's
 * ERRO message (an expected refusal, not retried); any other error is
 * retried while attempts are left, then the request ends ERRO with the
 * generic message (details only in the log).
 */
export function documentJob<T extends object = object>(
  name: string,
  produce: (deps: Deps, ctx: DocumentoContexto<T>) => Promise<ResultadoSolicitacao>,
  options: JobWorkOptions,
): JobDefinition<T & SolicitacaoJobData> {
  return defineJob<T & SolicitacaoJobData>({
    name,
    options,
    async handler(deps, data, job) {
      const ref = { tenantId: data.tenantId, solicitacaoId: data.solicitacaoId };
      const started = await iniciarSolicitacao(deps, ref);
      if (!started) return;
      let resultado: ResultadoSolicitacao;
      try {
        resultado = await produce(deps, {
          ...ref,
          data,
          parametros: started.parametros,
          job,
          progresso: (p) => progressoSolicitacao(deps, ref, p),
        });
      } catch (e) {
        if (e instanceof AppError) {
          await falharSolicitacao(deps, ref, [e.mensagem]);
          return;
        }
        if (job.lastAttempt) await falharSolicitacao(deps, ref, [MSG.oops]);
        throw e;
      }
      await concluirSolicitacao(deps, ref, resultado);
    },
  });
}

/** A producer the history's POST can queue (modules/documentos.ts). */
export interface DocumentProducer {
  servico: string;
  /** The Item column. */
  nome: string;
  /** The code the caller needs for this servico (the contract admits 129 or 130). */
  permission: number;
  /** Its job (a documentJob in modules/jobs.ts). */
  jobName: string;
  /** The company is required (reports are per company). */
  requiresCnpj: boolean;
  /**
   * In the request's unit of work: checks the body in the caller's scope
   * (who, which month) and answers what the job keeps, e.g. the employees
   * resolved while the caller's walls are known — the job runs without them.
   * Without it the body is kept as sent.
   */
  preparar?: (w: TenantWork, body: CriarBody, cnpjId: number | undefined) => Promise<object>;
}

export type CriarBody = z.output<typeof solicitacaoDocumentoApi.criarSolicitacaoDocumento.body>;

/** A request as the contract answers it: the link is signed when read, and only while valid. */
function toWire(deps: Pick<Deps, 'storage'>, row: SolicitacaoRow, now: Date): SolicitacaoDocumento {
  const valid =
    row.status === 'PROCESSADO' &&
    row.arquivo !== null &&
    row.dataValidadeLink !== null &&
    row.dataValidadeLink.getTime() > now.getTime();
  return {
    id: row.id,
    status: row.status as StatusSolicitacao,
    nome: row.nome,
    servico: row.servico,
    nomeDocumento: row.nomeDocumento,
    nomeArquivo: row.nomeArquivo,
    tipoDocumento: row.tipoDocumento,
    mensagem: row.mensagem,
    progresso: row.progresso,
    link: valid ? deps.storage.signedLink(row.arquivo!, row.dataValidadeLink!) : null,
    dataValidadeLink: row.dataValidadeLink?.toISOString() ?? null,
    linkExpirado: row.status === 'PROCESSADO' && row.arquivo !== null && !valid,
    dataSolicitacao: row.solicitadoEm.toISOString(),
    dataInicioProcessamento: row.inicioProcessamento?.toISOString() ?? null,
    dataFinalProcessamento: row.fimProcessamento?.toISOString() ?? null,
    idCnpj: row.cnpjId,
    usuario: row.usuario ?? null,
  };
}

/** The first day of a month and of the next, yyyy-mm-dd. */
function monthRange(ano: number, mes: number): { inicio: string; fim: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = mes === 12 ? { ano: ano + 1, mes: 1 } : { ano, mes: mes + 1 };
  return { inicio: `${ano}-${pad(mes)}-01`, fim: `${next.ano}-${pad(next.mes)}-01` };
}

export function solicitacaoDocumentoService(deps: Deps, producers: readonly DocumentProducer[]) {
  const work = tenantWork(deps);

  /**
   * Decision 0043: a user sees the requests they made, in the companies they
   * still see; a support session (the provider acting as the customer's
   * administrator) sees every request of the tenant's companies.
   */
  async function visibility(w: TenantWork): Promise<RequestVisibility> {
    const scope = await w.scope();
    return w.auth.suporte || w.auth.provedorNoCliente
      ? { cnpjIds: scope.cnpjIds }
      : { usuarioId: w.auth.userId, cnpjIds: scope.cnpjIds };
  }

  return {
    async criar(auth: AuthContext, body: CriarBody): Promise<{ id: number; status: StatusSolicitacao }> {
      const producer = producers.find((p) => p.servico === body.servico);
      if (!producer) throw badRequest(MSG_SOLICITACAO.servicoIndisponivel(body.servico));
      if (!auth.permissoes.has(producer.permission)) throw forbidden(MSG.semPermissao);
      const cnpjId = typeof body.cnpj === 'object' ? body.cnpj.id : body.cnpj;
      if (producer.requiresCnpj && cnpjId === undefined) throw badRequest(MSG.selecioneEmpresa);
      return work(auth, async (w) => {
        if (cnpjId !== undefined) (await w.scope()).requireCnpj(cnpjId);
        const { usuarioRequisicao: _ignored, ...enviado } = body;
        const parametros = producer.preparar ? await producer.preparar(w, body, cnpjId) : enviado;
        return criarSolicitacao(
          deps,
          w,
          {
            nome: producer.nome,
            servico: producer.servico,
            cnpjId: cnpjId ?? null,
            nomeDocumento: body.nomeDocumento,
            nomeArquivo: body.nomeArquivo,
            tipoDocumento: body.tipoDocumento,
            parametros,
          },
          { name: producer.jobName },
        );
      });
    },

    listar(auth: AuthContext, q: { idCnpj: number; mes: number; ano: number }): Promise<SolicitacaoDocumento[]> {
      return work(auth, async (w) => {
        (await w.scope()).requireCnpj(q.idCnpj);
        const zone = await fusoHorarioEmpresa(w.tx, w.tenantId);
        const rows = await repo.listMonth(
          w.tx,
          w.tenantId,
          q.idCnpj,
          { ...monthRange(q.ano, q.mes), zone },
          await visibility(w),
        );
        return rows.map((r) => toWire(deps, r, w.now));
      });
    },

    listarSolicitacoesPorIds(auth: AuthContext, ids: readonly number[]): Promise<SolicitacaoDocumento[]> {
      return work(auth, async (w) => {
        const rows = await repo.listByIds(w.tx, w.tenantId, [...new Set(ids)], await visibility(w));
        return rows.map((r) => toWire(deps, r, w.now));
      });
    },

    /**
     * One request; with `diferenteDe` (decision 0080), a long poll: while the
     * request is in progress in that very state, the answer waits for its
     * change (or the server's long-poll time). The subscription comes before
     * the read, so a change committed in between wakes it at once.
     */
    async buscar(auth: AuthContext, id: number, diferenteDe?: string): Promise<SolicitacaoDocumento> {
      const ler = () =>
        work(auth, async (w) => {
          const [row] = await repo.listByIds(w.tx, w.tenantId, [id], await visibility(w));
          if (!row) throw notFound(MSG.naoEncontrado);
          return toWire(deps, row, w.now);
        });
      if (diferenteDe === undefined) return ler();
      const inscricao = await deps.solicitacoesMudando.inscrever(id);
      try {
        const agora = await ler();
        if (!emAndamento(agora.status) || versaoSolicitacao(agora) !== diferenteDe) return agora;
        // Read again after the time out too: a change whose notice was lost (a dropped LISTEN) still shows.
        return (await inscricao.ate(deps.config.http.longPollMs)) === 'encerrado' ? agora : await ler();
      } finally {
        inscricao.cancelar();
      }
    },

    /** The file behind a signed link (decision 0042): the link is the credential. */
    async baixar(q: {
      chave: string;
      exp: string;
      sig: string;
    }): Promise<{ nomeArquivo: string; contentType: string; body: Readable; inline: boolean }> {
      const now = deps.clock.now();
      if (!deps.storage.verify(q.chave, q.exp, q.sig, now)) throw forbidden(MSG_SOLICITACAO.linkInvalido);
      // The signature alone is not enough (decision 0064, amending 0042): the
      // request must still exist, processed, its link in date — a deleted or
      // expired request takes its links with it. Its tenant is the key's.
      const tenantId = tenantOfKey(q.chave);
      const vigente = await withTenant(deps.db, tenantId, (tx) => repo.linkVigente(tx, tenantId, q.chave, now));
      if (!vigente) throw forbidden(MSG_SOLICITACAO.linkInvalido);
      const file = await deps.storage.get(q.chave);
      if (!file) throw notFound(MSG_SOLICITACAO.arquivoNaoEncontrado);
      const nomeArquivo = fileNameOfKey(q.chave);
      const contentType = contentTypeOf(nomeArquivo);
      // A PDF is shown by the history's viewer; other files are saved.
      return { nomeArquivo, contentType, body: file.stream, inline: contentType === 'application/pdf' };
    },
  };
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  xls: 'application/vnd.ms-excel',
  txt: 'text/plain',
  csv: 'text/csv',
};

function contentTypeOf(nome: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(nome)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
