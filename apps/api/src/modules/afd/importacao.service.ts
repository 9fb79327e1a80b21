import { AFD, MSG, milhar, type OcorrenciaAfd, type PortariaAfd } from '@jornada/contracts';
import type { AfdLayout } from '@jornada/fiscal';
import { anotarDiaDeVinculo, marcarPendenciasDeVinculos, semPendenciasDosVinculos } from '../../db/pendencias.js';
import type { Tx } from '../../db/tenant-tx.js';
import { brDate } from '../../shared/clock.js';
import { afdRepository as repo, type ImportacaoRow } from './afd.repository.js';
import { seriesCadastradas } from '../relogio-ponto/relogio-ponto.service.js';
import { AfdRecusado, lerAfd, type EmpresaAfd, type Lote } from './leitura.js';
import { PeriodosFechados } from './periodos-fechados.js';
import { Vinculador, type FuncionarioDocumentos } from './vinculador.js';
import { vincularSemVinculo } from './vinculos.service.js';

/**
 * Punches per transaction: each commits its progress, so a crash costs at most one batch. A file in time order
 * touches about every employee in every batch, and each batch pays the dirty-day check once per employee
 * touched (db/pendencias.ts): 1,000,000 punches of 5,000 employees took 53–55 s in batches of 5,000, 47 s of
 * 20,000, 40 s of 50,000 (session 10). 20,000 keeps two batches in memory small and the progress bar moving.
 */
export const TAMANHO_LOTE = 20_000;

/** The result kept in afd_importacoes.resultado and summed up in the request's message. */
export interface ResultadoImportacao {
  layout: AfdLayout | null;
  portaria: string;
  linhas: number;
  marcacoesNoArquivo: number;
  marcacoesNoPeriodo: number;
  /** Punches this import stored (the first run's too, after a resume). */
  novas: number;
  /** In the period but already stored (the same or an overlapping file, or twice in this one). */
  jaGravadas: number;
  /** New punches linked to an employee, and those kept 'sem vínculo'. */
  vinculadas: number;
  semVinculo: number;
  ocorrencias: OcorrenciaAfd[];
}

/** Where and how one import runs. */
export interface ContextoImportacao {
  tenantId: number;
  imp: ImportacaoRow;
  /**
   * Runs one step in a transaction of the tenant: a new one per batch for the
   * job (its progress survives a crash), the demo seed's own transaction.
   */
  transacao<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  fonte: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /** The file's size, for the progress. */
  bytes: number;
  /** Called in each batch's transaction with the part of the file read (0..1). */
  aoGravar?(tx: Tx, fracao: number): Promise<void>;
  tamanhoLote?: number;
  /** The clock the file was collected from (the Coletor Local's upload): see ParametrosLeitura.relogio. */
  relogio?: string;
  /** Batches read ahead of the one being stored (default LOTES_EM_VOO; see lerAfd). One is stored at a time. */
  emParalelo?: number;
}

/** One batch stored while the next is read: the file's parsing (this process) beside the writes (the database's). */
export const LOTES_EM_VOO = 2;

export function gravarLote(tx: Tx, tenantId: number, empresa: EmpresaAfd, importacaoId: number | null, l: Lote) {
  return repo.inserirLote(
    tx,
    tenantId,
    { cnpjId: empresa.id, fuso: empresa.fuso, importacaoId, relogio: l.relogio },
    l.marcacoes,
  );
}

/**
 * Who an import's punches may belong to: the company's employees, and their closed periods that meet the
 * import's period (decision 0075); and the company's registered clocks (issue 25 §2), read in the caller's
 * transaction.
 */
export async function funcionariosDaImportacao(tx: Tx, tenantId: number, imp: ImportacaoRow) {
  const funcionarios = await repo.funcionariosDaEmpresa(tx, tenantId, imp.cnpjId);
  const fechados = await repo.periodosFechados(
    tx,
    tenantId,
    funcionarios.map((f) => f.id),
    imp.dataInicio,
    imp.dataFinal,
  );
  const relogios = await seriesCadastradas(tx, tenantId, imp.cnpjId);
  return { funcionarios, fechados: new PeriodosFechados(fechados), relogios };
}

/** What the reader needs of an import: its company, portaria and period, and who its punches may belong to. */
export function leituraDe(
  imp: ImportacaoRow,
  empresa: EmpresaAfd,
  quem: { funcionarios: readonly FuncionarioDocumentos[]; fechados: PeriodosFechados; relogios: ReadonlySet<string> },
) {
  return {
    empresa,
    portaria: imp.portaria as PortariaAfd,
    dataInicio: imp.dataInicio,
    dataFinal: imp.dataFinal,
    nomeArquivo: imp.arquivo,
    vinculador: new Vinculador(quem.funcionarios),
    fechados: quem.fechados,
    relogiosCadastrados: quem.relogios,
  };
}

const conta = (v: number, um: string, varios: string) => `${milhar(v)} ${v === 1 ? um : varios}`;

function resumo(r: ResultadoImportacao, periodo: string): string {
  return (
    `AFD (leiaute ${r.layout ?? '?'}) processado: ${conta(r.marcacoesNoArquivo, 'marcação', 'marcações')} no arquivo, ` +
    `${milhar(r.marcacoesNoPeriodo)} no período ${periodo}; ${conta(r.novas, 'nova gravada', 'novas gravadas')}, ` +
    `${conta(r.jaGravadas, 'já estava gravada', 'já estavam gravadas')}; ` +
    `${conta(r.vinculadas, 'vinculada a funcionário', 'vinculadas a funcionários')}, ${milhar(r.semVinculo)} sem vínculo.`
  );
}

/**
 * One AFD import, start to end (issue 11 §4; decision 0047). Streams the
 * file through the reader; each batch of punches is stored with the
 * import's progress (`linhas_processadas`, and the punches and links it
 * added) in one transaction, so a process killed mid-import resumes after
 * the last committed batch, and the unique key makes whatever is replayed
 * add nothing. A last pass links the punches left 'sem vínculo' to employees
 * saved while the file was read. Answers the result and the request's
 * messages (the summary, then each finding, '#'-joined by the queue).
 *
 * The batches' links mark no dirty days (each batch re-locked the dirty row
 * of every employee it touched): each batch answers the days it linked, and
 * the last pass marks them all at once; a resumed run adds the days of the punches the earlier
 * run may have stored, and a failed run marks what it stored before failing
 * (decision 0060).
 *
 * A punch of a day of its employee's closed period is stored without its
 * link, and reported (decision 0075); Abrir período links it. A period
 * closed while the file is read makes the batch that meets it fail (the
 * database refuses the link): the job's retry reads the closed periods again
 * and resumes after the last committed batch.
 */
export async function importarConteudo(
  c: ContextoImportacao,
): Promise<{ resultado: ResultadoImportacao; mensagens: string[]; ultimoNsr: number | null }> {
  const { tenantId, imp } = c;
  const { empresa, quem } = await c.transacao(async (tx) => {
    const empresa = await repo.findEmpresa(tx, tenantId, imp.cnpjId);
    if (!empresa) throw new AfdRecusado(MSG.naoEncontrado);
    return { empresa, quem: await funcionariosDaImportacao(tx, tenantId, imp) };
  });
  let anterior: Promise<void> = Promise.resolve();
  /** The days of the links this import stored, per employee: marked dirty at the end. */
  const dias = new Map<number, Set<string>>();
  const anotar = (funcionarioId: number, dia: string) => anotarDiaDeVinculo(dias, funcionarioId, dia);
  const lendo = lerAfd(c.fonte, {
    ...leituraDe(imp, empresa, quem),
    ...(c.relogio === undefined ? {} : { relogio: c.relogio }),
    linhasGravadas: imp.linhasProcessadas,
    jaGravada: anotar,
    tamanhoLote: c.tamanhoLote ?? TAMANHO_LOTE,
    emParalelo: c.emParalelo ?? LOTES_EM_VOO,
    gravar: (l) => {
      // The next batch is read while this one is stored, but its transaction opens only once this one has
      // committed: with two writing at once, the later one, after its insert, held a row the earlier one's
      // insert then waited for, while it waited in this process for the earlier to commit (the progress
      // moves in file order): a deadlock PostgreSQL cannot see (seen on 1,000,000 punches). A batch after a
      // failed one never runs, so a resume never skips a batch.
      const feito = anterior.then(() =>
        c.transacao(async (tx) => {
          const g = await semPendenciasDosVinculos(tx, () => gravarLote(tx, tenantId, empresa, imp.id, l));
          for (const [funcionarioId, doLote] of g.dias) for (const dia of doLote) anotar(funcionarioId, dia);
          await repo.registrarProgresso(tx, tenantId, imp.id, l.linhaFinal, g);
          if (c.bytes > 0) await c.aoGravar?.(tx, l.bytesLidos / c.bytes);
        }),
      );
      anterior = feito;
      return feito;
    },
  });
  let leitura: Awaited<typeof lendo>;
  try {
    leitura = await lendo;
  } catch (e) {
    // The batches committed before the failure keep their punches: their days are marked now (once every batch
    // in flight has settled), or a retry that never comes would leave them uncalculated.
    await anterior.catch(() => undefined);
    await c.transacao((tx) => marcarPendenciasDeVinculos(tx, tenantId, dias)).catch(() => undefined);
    throw e;
  }
  return c.transacao(async (tx) => {
    const tardias = await vincularSemVinculo({ tx, tenantId }, empresa.id, [...leitura.camposSemVinculo]);
    await marcarPendenciasDeVinculos(tx, tenantId, dias);
    const gravadas = ((await repo.importacao(tx, tenantId, imp.id))?.resultado ?? {}) as {
      novas?: number;
      vinculadas?: number;
    };
    const novas = gravadas.novas ?? 0;
    const vinculadas = (gravadas.vinculadas ?? 0) + tardias;
    const ocorrencias = leitura.ocorrencias.lista();
    const resultado: ResultadoImportacao = {
      layout: leitura.layout,
      portaria: imp.portaria,
      linhas: leitura.linhas,
      marcacoesNoArquivo: leitura.marcacoesNoArquivo,
      marcacoesNoPeriodo: leitura.marcacoesNoPeriodo,
      novas,
      jaGravadas: leitura.marcacoesNoPeriodo - novas,
      vinculadas,
      semVinculo: Math.max(0, novas - vinculadas),
      ocorrencias,
    };
    // `novas` and `vinculadas` stay where registrarProgresso adds to them: a replay after this point adds nothing.
    await repo.registrarResultado(tx, tenantId, imp.id, resultado);
    const mensagens = [
      resumo(resultado, `${brDate(imp.dataInicio)} a ${brDate(imp.dataFinal)}`),
      ...leitura.ocorrencias
        .lista(20)
        .slice(0, AFD.ocorrenciasNaMensagem)
        .map((o) => (o.linha > 1 ? `Linha ${o.linha}: ${o.mensagem}` : o.mensagem)),
    ];
    if (ocorrencias.length > AFD.ocorrenciasNaMensagem) {
      mensagens.push(
        `… e mais ${milhar(ocorrencias.length - AFD.ocorrenciasNaMensagem)} ocorrências (lista completa na importação ${imp.id}).`,
      );
    }
    return { resultado, mensagens, ultimoNsr: leitura.ultimoNsr };
  });
}

/** The period of a collected file: every punch of the REP is kept (a legally recorded punch is never dropped). */
const PERIODO_COLETA = { inicio: '2000-01-01', fim: '2099-12-31' } as const;

/**
 * A file collected from a known clock (the Coletor Local's upload, decision 0082), in the caller's transaction:
 * its own import row (no document request), every punch of the file whatever its date, `relogio` standing in
 * for a missing header and refusing a header of another REP.
 */
export async function importarColeta(
  tx: Tx,
  tenantId: number,
  c: { cnpjId: number; portaria: PortariaAfd; arquivo: string; conteudo: Buffer; relogio: string; now: Date },
) {
  const importacaoId = await repo.criarImportacao(tx, {
    tenantId,
    cnpjId: c.cnpjId,
    solicitacaoId: null,
    portaria: c.portaria,
    dataInicio: PERIODO_COLETA.inicio,
    dataFinal: PERIODO_COLETA.fim,
    arquivo: c.arquivo.slice(0, 300),
    now: c.now,
  });
  const imp = (await repo.importacao(tx, tenantId, importacaoId))!;
  return importarConteudo({
    tenantId,
    imp,
    transacao: (fn) => fn(tx),
    fonte: [c.conteudo],
    bytes: c.conteudo.length,
    relogio: c.relogio,
  });
}
