import { ESPELHO_PONTO, MSG_RELATORIO, PERM, periodoFechamento } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { withTenant } from '../../db/tenant-tx.js';
import { badRequest } from '../../shared/app-error.js';
import { localDate, zoneOffsetMinutes } from '../../shared/clock.js';
import { cpuTask } from '../../shared/cpu-pool.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import { fechamentoDoCliente } from '../calculo/calculo.service.js';
import { funcionariosDaSelecao } from '../funcionario-pesquisa/funcionario-pesquisa.service.js';
import type {
  CriarBody,
  DocumentoContexto,
  DocumentProducer,
  ResultadoSolicitacao,
} from '../solicitacao-documento/solicitacao-documento.service.js';
import type { EspelhoPonto } from './espelho-pdf.js';
import { espelhoPontoRepository as repo, type EscalaEspelhoRow } from './espelho-ponto.repository.js';
import { montarEspelho } from './montar-espelho.js';

/**
 * The espelho de ponto by the document queue (seed 002 §2 Espelho de Ponto,
 * Marcações' action, §7; issue 23 §5; Portaria 671 art. 84). The request
 * resolves who, in the caller's scope, and keeps the ids; the job reads the
 * stored month in batches, lays each batch out on the CPU pool while the next
 * is read, and joins the batches into one PDF there too: the HTTP thread only
 * reads and assembles plain data.
 */

/** What the request keeps for its job. */
export interface ParametrosEspelho {
  ano: number;
  mes: number;
  /** In the order they are printed (by name). */
  funcionarioIds: number[];
}

/** Employees per batch: a batch's layout is about 1 MB a page in pdfmake, and 50 keep a thread under 100 MB. */
export const LOTE_ESPELHOS = 50;

/**
 * Who and which month, checked while the caller's walls are known: the
 * company and cost centres in scope, every employee sent visible (else 404),
 * or with 'todos' every employee the filter finds.
 */
export async function prepararEspelho(
  w: TenantWork,
  body: CriarBody,
  cnpjId: number | undefined,
): Promise<ParametrosEspelho> {
  if (!body.mesSelecionado || !body.anoSelecionado) throw badRequest(MSG_RELATORIO.informeMes);
  if (cnpjId === undefined) throw badRequest(MSG_RELATORIO.selecioneEmpresa);
  if (!body.todos && !body.idsFuncionarios?.length) throw badRequest(MSG_RELATORIO.selecioneFuncionarios);
  const funcionarios = await funcionariosDaSelecao(w, {
    cnpj: cnpjId,
    idsCentrosCustos: body.idsCentrosCustos,
    funcionarios: body.todos ? null : body.idsFuncionarios,
    ativo: body.ativo,
  });
  if (!funcionarios.length) throw badRequest(MSG_RELATORIO.selecioneFuncionarios);
  return { ano: body.anoSelecionado, mes: body.mesSelecionado, funcionarioIds: funcionarios.map((f) => f.id) };
}

const renderizarLote = cpuTask<EspelhoPonto[], Uint8Array>(new URL('./renderizar-espelhos.task.ts', import.meta.url));
const juntarLotes = cpuTask<Uint8Array[], Uint8Array>(new URL('./juntar-pdfs.task.ts', import.meta.url));

const dois = (n: number) => String(n).padStart(2, '0');

/** 'dd/mm/aaaa HH:MM' of an instant on a zone's clock. */
function dataHoraLocal(instante: Date, fuso: string): string {
  const dia = localDate(instante, fuso);
  const minutos = Math.floor(instante.getTime() / 60_000) + zoneOffsetMinutes(instante.getTime(), fuso);
  const doDia = ((minutos % 1_440) + 1_440) % 1_440;
  return `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)} ${dois(Math.floor(doDia / 60))}:${dois(doDia % 60)}`;
}

/** Groups rows by employee. */
function porFuncionario<T extends { funcionarioId: number }>(rows: readonly T[]): Map<number, T[]> {
  const m = new Map<number, T[]>();
  for (const r of rows) {
    const lista = m.get(r.funcionarioId);
    if (lista) lista.push(r);
    else m.set(r.funcionarioId, [r]);
  }
  return m;
}

/** The job: every espelho of the request, in batches, as one PDF in the file store. */
export async function produzirEspelhos(deps: Deps, ctx: DocumentoContexto<object>): Promise<ResultadoSolicitacao> {
  const p = ctx.parametros as ParametrosEspelho;
  const { tenantId } = ctx;
  const { periodo, fuso } = await withTenant(deps.db, tenantId, async (tx) => {
    const fechamento = await fechamentoDoCliente({ tx, tenantId, now: deps.clock.now() });
    const pf = periodoFechamento(fechamento.dias, p.ano, p.mes);
    return { periodo: { inicio: pf.inicio, fim: pf.fim }, fuso: fechamento.fuso };
  });
  const emitidoEm = dataHoraLocal(deps.clock.now(), fuso);
  const escalas = new Map<number, EscalaEspelhoRow>();
  const lotes: Promise<Uint8Array>[] = [];
  const inicio = performance.now();
  let leitura = 0;
  let prontos = 0;
  let impressos = 0;
  for (let i = 0; i < p.funcionarioIds.length; i += LOTE_ESPELHOS) {
    const ids = p.funcionarioIds.slice(i, i + LOTE_ESPELHOS);
    const lido = performance.now();
    // Read in the tenant's walls, one statement per table for the batch; rendered while the next batch is read.
    const espelhos = await withTenant(deps.db, tenantId, async (tx) => {
      const [trabalhadores, dias, ocorrencias, marcacoes, resumos] = [
        await repo.trabalhadores(tx, tenantId, ids, periodo.inicio, periodo.fim),
        await repo.dias(tx, tenantId, ids, periodo.inicio, periodo.fim),
        await repo.ocorrencias(tx, tenantId, ids, periodo.inicio, periodo.fim),
        await repo.marcacoes(tx, tenantId, ids, periodo.inicio, periodo.fim),
        await repo.resumos(tx, tenantId, ids, periodo.inicio),
      ];
      const novas = [...new Set(dias.map((d) => d.escalaId))].filter((e): e is number => e !== null && !escalas.has(e));
      if (novas.length) for (const e of await repo.escalas(tx, tenantId, novas, periodo.fim)) escalas.set(e.id, e);
      const t = new Map(trabalhadores.map((r) => [r.id, r]));
      const d = porFuncionario(dias);
      const o = porFuncionario(ocorrencias);
      const m = porFuncionario(marcacoes);
      const r = new Map(resumos.map((x) => [x.funcionarioId, x.resumo]));
      // An employee deleted since the request has no espelho: the others are still printed, in order.
      return ids.flatMap((id) => {
        const trabalhador = t.get(id);
        if (!trabalhador) return [];
        return [
          montarEspelho({
            trabalhador,
            dias: d.get(id) ?? [],
            ocorrencias: o.get(id) ?? [],
            marcacoes: m.get(id) ?? [],
            resumo: r.get(id) ?? null,
            escalas,
            periodo,
            emitidoEm,
          }),
        ];
      });
    });
    leitura += performance.now() - lido;
    if (!espelhos.length) continue;
    impressos += espelhos.length;
    const total = p.funcionarioIds.length;
    const lote = deps.cpuDocumentos.run(renderizarLote, espelhos).then(async (pdf) => {
      prontos += espelhos.length;
      // Layout is the work; joining the batches is the last 5 %.
      await ctx.progresso((prontos / total) * 95);
      return pdf;
    });
    // Awaited below with the others; a failure while later batches are still read must not go unhandled.
    lote.catch(() => undefined);
    lotes.push(lote);
  }
  if (!impressos) throw badRequest(MSG_RELATORIO.funcionariosExcluidos);
  const partes = await Promise.all(lotes);
  const diagramado = performance.now();
  const pdf = await deps.cpuDocumentos.run(juntarLotes, partes);
  const nomeArquivo = `espelho-ponto-${dois(p.mes)}-${p.ano}.pdf`;
  const arquivo = await deps.storage.put(tenantId, nomeArquivo, Buffer.from(pdf));
  const ms = (t: number) => Math.round(t);
  deps.log.info(
    {
      solicitacao: ctx.solicitacaoId,
      funcionarios: impressos,
      leituraMs: ms(leitura),
      diagramacaoMs: ms(diagramado - inicio),
      juncaoMs: ms(performance.now() - diagramado),
      bytes: pdf.byteLength,
    },
    'Espelho de ponto gerado',
  );
  return { arquivo, nomeArquivo };
}

/** The history's POST line of the espelho (modules/documentos.ts). */
export const ESPELHO_PONTO_QUEUE = 'espelho-ponto';

export const espelhoPontoProducer: DocumentProducer = {
  servico: ESPELHO_PONTO.servico,
  nome: ESPELHO_PONTO.nome,
  permission: PERM.RELATORIO_ESPELHO_PONTO,
  jobName: ESPELHO_PONTO_QUEUE,
  requiresCnpj: true,
  preparar: prepararEspelho,
};
