import { Transform } from 'node:stream';
import type { z } from 'zod';
import {
  afdApi,
  LIMITE_SEM_FUNCIONARIO,
  MSG,
  MSG_AFD,
  OCORRENCIAS_NO_RESUMO,
  milhar,
  type JsonRequisicaoAfd,
  type MarcacaoSemFuncionario,
  type ResultadoImportacaoAfd,
  type PortariaAfd,
  type RespostaUploadAfd,
} from '@jornada/contracts';
import { AfdStreamParser, type AfdHeader, type AfdLayout } from '@jornada/fiscal';
import type { Deps } from '../../deps.js';
import { withTenant, type Tx } from '../../db/tenant-tx.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { brDate } from '../../shared/clock.js';
import { tenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import type { UploadedFile } from '../../shared/uploaded-file.js';
import {
  criarSolicitacao,
  documentJob,
  falharSolicitacao,
  progressoSolicitacao,
  type SolicitacaoRef,
} from '../solicitacao-documento/solicitacao-documento.service.js';
import { afdRepository as repo } from './afd.repository.js';
import { leiturasDoCampo } from './identificadores.js';
import {
  funcionariosDaImportacao,
  gravarLote,
  importarConteudo,
  leituraDe,
  type ResultadoImportacao,
} from './importacao.service.js';
import {
  AfdRecusado,
  empregadorRecusado,
  lerAfd,
  portariaDoLeiaute,
  rotuloEmpresa,
  type EmpresaAfd,
  type Lote,
} from './leitura.js';
import { vincularSemVinculo } from './vinculos.service.js';

/** The Item and the producer of an AFD request (seed 002 §3: nome 'AFD', servico 'arquivoAFD'). */
export const SOLICITACAO_AFD = { nome: 'AFD', servico: 'arquivoAFD' } as const;
export const IMPORTAR_AFD_QUEUE = 'afd-importar';

/** The head of the file read while it is stored: enough for the header and the 20 lines the reader needs. */
const CABECA_BYTES = 64 * 1024;

export interface UploadAfd {
  portaria: PortariaAfd;
  cnpjId: number;
  numCnpjRelogio: string | null | undefined;
  dataInicio: string;
  dataFinal: string;
  nomeDocumento: string | null | undefined;
}

/** What the head of the file tells before anything is imported. */
interface Cabeca {
  naoAfd: string | null;
  layout: AfdLayout | null;
  header: AfdHeader | null;
}

/** Reads the complete lines of the file's head (the last, cut line is left out). */
function lerCabeca(head: Buffer, inteiro: boolean): Cabeca {
  let naoAfd: string | null = null;
  let header: AfdHeader | null = null;
  const parser = new AfdStreamParser({
    onRecord: (r) => {
      if (r.type === 1 && !header) header = r;
    },
    onIssue: (i) => {
      if (i.code === 'NOT_AFD') naoAfd = i.mensagem;
    },
  });
  const fim = inteiro ? head.length : head.lastIndexOf(10) + 1;
  parser.push(head.subarray(0, fim));
  const resumo = parser.end();
  return { naoAfd, layout: resumo.layout, header };
}

/**
 * Arquivo AFD (issue 11 §4; seed 002; decisions 0045–0048). The upload
 * stores the file through the storage port while its head is read: a file
 * that is not an AFD, or whose header names another employer, answers ERRO
 * at once (the request is kept, already finished); otherwise the request
 * (FILA), the import and the job are created in one transaction.
 */
export function afdService(deps: Deps) {
  const work = tenantWork(deps);

  async function empresaVisivel(w: TenantWork, cnpjId: number): Promise<EmpresaAfd> {
    (await w.scope()).requireCnpj(cnpjId);
    const empresa = await repo.findEmpresa(w.tx, w.tenantId, cnpjId);
    if (!empresa) throw notFound(MSG.naoEncontrado);
    return empresa;
  }

  return {
    async enviarAfd(auth: AuthContext, u: UploadAfd, file: UploadedFile): Promise<RespostaUploadAfd> {
      const empresa = await work(auth, (w) => empresaVisivel(w, u.cnpjId));
      if (u.numCnpjRelogio && u.numCnpjRelogio !== empresa.numero) {
        throw badRequest(MSG_AFD.cnpjRelogioDiferente(u.numCnpjRelogio, rotuloEmpresa(empresa)));
      }

      // The head is kept as the file goes by on its way to the storage.
      const partes: Buffer[] = [];
      let guardados = 0;
      let bytes = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          if (guardados < CABECA_BYTES) {
            partes.push(chunk);
            guardados += chunk.length;
          }
          done(null, chunk);
        },
      });
      file.stream.on('error', (e) => tap.destroy(e));
      const arquivo = await deps.storage.put(auth.tenantId, file.nomeArquivo, file.stream.pipe(tap));
      const cabeca = lerCabeca(Buffer.concat(partes), bytes <= CABECA_BYTES);
      const recusa =
        cabeca.naoAfd ??
        (bytes === 0 ? 'O arquivo está vazio: não é um AFD.' : null) ??
        (cabeca.header ? empregadorRecusado(cabeca.header, empresa) : null);
      const aviso =
        cabeca.layout && portariaDoLeiaute(cabeca.layout) !== u.portaria
          ? MSG_AFD.leiauteDiferente(cabeca.layout, u.portaria)
          : null;

      const registrar = () =>
        work(auth, async (w) => {
          await empresaVisivel(w, u.cnpjId);
          const parametros = {
            numeroPortaria: u.portaria,
            cnpj: { id: u.cnpjId },
            dataInicio: u.dataInicio,
            dataFinal: u.dataFinal,
            nomeArquivo: file.nomeArquivo,
          };
          const s = await criarSolicitacao(
            deps,
            w,
            {
              ...SOLICITACAO_AFD,
              cnpjId: u.cnpjId,
              nomeDocumento: u.nomeDocumento ?? 'AFD',
              nomeArquivo: file.nomeArquivo,
              tipoDocumento: 'txt',
              parametros,
            },
            { name: IMPORTAR_AFD_QUEUE, options: { retryLimit: 3, retryDelaySeconds: 5 } },
          );
          await w.audit({
            acao: 'Cadastrar',
            descricao:
              `Arquivo AFD ${file.nomeArquivo} (${milhar(bytes)} bytes) enviado para a empresa ` +
              `${rotuloEmpresa(empresa)} - ${empresa.razaoSocial}, período ${brDate(u.dataInicio)} a ${brDate(u.dataFinal)}` +
              (recusa ? `: recusado (${recusa})` : ''),
            alvo: { cnpjId: u.cnpjId },
          });
          const ref = { tenantId: w.tenantId, solicitacaoId: s.id };
          if (recusa) {
            await falharSolicitacao(deps, ref, [recusa], w.tx);
            return {
              id: s.id,
              status: 'ERRO' as const,
              nome: SOLICITACAO_AFD.nome,
              mensagem: `ERROS#${recusa}`,
              aviso,
            };
          }
          await repo.criarImportacao(w.tx, {
            tenantId: w.tenantId,
            cnpjId: u.cnpjId,
            solicitacaoId: s.id,
            portaria: u.portaria,
            dataInicio: u.dataInicio,
            dataFinal: u.dataFinal,
            arquivo,
            now: w.now,
          });
          return { id: s.id, status: 'FILA' as const, nome: SOLICITACAO_AFD.nome, mensagem: null, aviso };
        });
      let resposta: RespostaUploadAfd;
      try {
        resposta = await registrar();
      } catch (e) {
        // No request holds the file: nothing will ever read it.
        await deps.storage.delete(arquivo);
        throw e;
      }
      // A refused file is not kept either.
      if (resposta.status === 'ERRO') await deps.storage.delete(arquivo);
      return resposta;
    },

    /**
     * The legacy paging (seed 002 §4, §9; decision 0046): the punches on the
     * given lines (0-based indexes) of an AFD uploaded before, imported now in
     * one transaction with that upload's company and period.
     */
    async paginacao(
      auth: AuthContext,
      b: { arquivo: number | string; indexs: number[]; numCnpjRelogio?: string | null | undefined },
    ) {
      const solicitacaoId = Number(b.arquivo);
      const { imp, empresa, quem } = await work(auth, async (w) => {
        const imp = await repo.importacaoDaSolicitacao(w.tx, w.tenantId, solicitacaoId);
        if (!imp) throw notFound(MSG_AFD.arquivoNaoEncontrado);
        const empresa = await empresaVisivel(w, imp.cnpjId);
        return { imp, empresa, quem: await funcionariosDaImportacao(w.tx, w.tenantId, imp) };
      });
      if (b.numCnpjRelogio && b.numCnpjRelogio !== empresa.numero) {
        throw badRequest(MSG_AFD.cnpjRelogioDiferente(b.numCnpjRelogio, rotuloEmpresa(empresa)));
      }
      const stored = await deps.storage.get(imp.arquivo);
      if (!stored) throw notFound(MSG_AFD.arquivoNaoEncontrado);
      const lotes: Lote[] = [];
      let leitura;
      try {
        leitura = await lerAfd(stored.stream, {
          ...leituraDe(imp, empresa, quem),
          somenteLinhas: new Set(b.indexs.map((i) => i + 1)),
          tamanhoLote: Infinity,
          gravar: async (l) => void lotes.push(l),
        });
      } catch (e) {
        if (e instanceof AfdRecusado) throw badRequest(e.message);
        throw e;
      } finally {
        stored.stream.destroy();
      }
      const novas = await work(auth, async (w) => {
        let n = 0;
        for (const l of lotes) n += (await gravarLote(w.tx, w.tenantId, empresa, imp.id, l)).novas;
        await vincularSemVinculo(w, empresa.id, [...leitura.camposSemVinculo]);
        return n;
      });
      return {
        mensagem: `${milhar(novas)} ${novas === 1 ? 'marcação importada' : 'marcações importadas'}.`,
        marcacoesNovas: novas,
        ocorrencias: leitura.ocorrencias.lista(),
      };
    },

    /** The summary of an AFD request's import (issue 24 §4); null until the import has ended. */
    resultado(auth: AuthContext, solicitacaoId: number): Promise<ResultadoImportacaoAfd | null> {
      return work(auth, async (w) => {
        const imp = await repo.importacaoDaSolicitacao(w.tx, w.tenantId, solicitacaoId);
        if (!imp) throw notFound(MSG_AFD.arquivoNaoEncontrado);
        await empresaVisivel(w, imp.cnpjId);
        return resumoDaImportacao(imp.resultado);
      });
    },

    /**
     * Punches of the company in the period whose CPF/PIS matches no employee
     * (issue 24 §5), per identifier, with the readings to register someone
     * by and whoever already holds one of them.
     */
    marcacoesSemFuncionario(
      auth: AuthContext,
      q: { idCnpj: number; dataInicio: string; dataFinal: string },
    ): Promise<MarcacaoSemFuncionario[]> {
      return work(auth, async (w) => {
        await empresaVisivel(w, q.idCnpj);
        const grupos = await repo.semVinculoPorIdentificador(w.tx, w.tenantId, q.idCnpj, q, LIMITE_SEM_FUNCIONARIO);
        const leituras = new Map(grupos.map((g) => [g.identificador, leiturasDoCampo(g.identificador)]));
        const todas = [...leituras.values()].flat();
        const funcionarios = await repo.funcionariosPorDocumentos(
          w.tx,
          w.tenantId,
          q.idCnpj,
          todas.filter((l) => l.tipo === 'cpf').map((l) => l.numero),
          todas.filter((l) => l.tipo === 'pis').map((l) => l.numero),
        );
        return grupos.map((g) => {
          const doCampo = leituras.get(g.identificador) ?? [];
          const numero = (tipo: 'cpf' | 'pis') => doCampo.find((l) => l.tipo === tipo)?.numero ?? null;
          const cpf = numero('cpf');
          const pis = numero('pis');
          return {
            ...g,
            relogios: g.relogios.filter((r) => r !== ''),
            cpf,
            pis,
            funcionarios: funcionarios
              .filter((f) => (cpf !== null && f.cpf === cpf) || (pis !== null && f.pis === pis))
              .map((f) => ({ id: f.id, nome: f.nome })),
          };
        });
      });
    },
  };
}

/**
 * The stored result as the screen shows it. While the import runs the column
 * holds only its running counts (registrarProgresso): no summary yet.
 */
function resumoDaImportacao(guardado: unknown): ResultadoImportacaoAfd | null {
  const r = guardado as Partial<ResultadoImportacao> | null;
  if (!r || r.marcacoesNoArquivo === undefined || r.marcacoesNoPeriodo === undefined) return null;
  const ocorrencias = r.ocorrencias ?? [];
  return {
    layout: r.layout ?? null,
    linhas: r.linhas ?? 0,
    marcacoesNoArquivo: r.marcacoesNoArquivo,
    marcacoesNoPeriodo: r.marcacoesNoPeriodo,
    foraDoPeriodo: r.marcacoesNoArquivo - r.marcacoesNoPeriodo,
    novas: r.novas ?? 0,
    jaGravadas: r.jaGravadas ?? 0,
    vinculadas: r.vinculadas ?? 0,
    semVinculo: r.semVinculo ?? 0,
    ocorrencias: ocorrencias.slice(0, OCORRENCIAS_NO_RESUMO),
    totalOcorrencias: ocorrencias.length,
  };
}

/** jsonRequisicao → the upload's input. */
export function uploadDeJson(j: JsonRequisicaoAfd): UploadAfd {
  return {
    portaria: j.numeroPortaria,
    cnpjId: j.cnpj.id,
    numCnpjRelogio: j.numCnpjRelogio,
    dataInicio: j.dataInicio,
    dataFinal: j.dataFinal,
    nomeDocumento: j.nomeDocumento,
  };
}

type CorpoV1 = z.output<typeof afdApi.enviarAfdV1.body>;

/** The legacy upload's fields: those beside jsonRequisicao win over the ones inside it (seed 002 §7). */
export function uploadDeV1(b: CorpoV1): UploadAfd {
  const j = b.jsonRequisicao;
  const portaria = b.numeroPortaria ?? j.numeroPortaria;
  const dataInicio = b.dtInicio ?? j.dataInicio;
  const dataFinal = b.dtFinal ?? j.dataFinal;
  if (!portaria) throw badRequest(MSG_AFD.selecionePortaria);
  if (!dataInicio || !dataFinal) throw badRequest(MSG_AFD.informePeriodo);
  if (dataInicio > dataFinal) throw badRequest(MSG.periodoInvertido);
  return {
    portaria,
    cnpjId: j.cnpj.id,
    numCnpjRelogio: b.numCnpjRelogio ?? j.numCnpjRelogio,
    dataInicio,
    dataFinal,
    nomeDocumento: j.nomeDocumento,
  };
}

/**
 * The import job (decision 0047): the stored file of the request's import,
 * through `importarConteudo`, one transaction per batch, each moving the
 * request's progress bar.
 */
export async function importarAfd(deps: Deps, ref: SolicitacaoRef): Promise<{ mensagens: string[] }> {
  const inTenant = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(deps.db, ref.tenantId, fn);
  const imp = await inTenant((tx) => repo.importacaoDaSolicitacao(tx, ref.tenantId, ref.solicitacaoId));
  if (!imp) throw new AfdRecusado(MSG_AFD.arquivoNaoEncontrado);
  const stored = await deps.storage.get(imp.arquivo);
  if (!stored) throw new AfdRecusado(MSG_AFD.arquivoNaoEncontrado);
  try {
    const { mensagens } = await importarConteudo({
      tenantId: ref.tenantId,
      imp,
      transacao: inTenant,
      fonte: stored.stream,
      bytes: stored.bytes,
      aoGravar: (tx, fracao) => progressoSolicitacao(deps, ref, 95 * fracao, tx),
    });
    return { mensagens };
  } finally {
    stored.stream.destroy();
  }
}

/** The job of an AFD request (modules/jobs.ts): an AfdRecusado ends it ERRO with its message. */
export const importarAfdJob = documentJob(IMPORTAR_AFD_QUEUE, (deps, ctx) => importarAfd(deps, ctx), {
  // 1,000,000 punches took two minutes here (decision 0047); a file at the upload's limit, on a busy
  // machine, many times that.
  expireInSeconds: 2 * 3600,
});
