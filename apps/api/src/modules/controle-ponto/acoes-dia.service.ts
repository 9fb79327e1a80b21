import {
  calendario,
  controlePontoApi,
  periodoFechamentoDaData,
  type ParsedBodyOf,
  type ResponseOf,
} from '@jornada/contracts';
import { badRequest } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import {
  calcularPedidos,
  consumirPendenciasCalculadas,
  entradaDoMotor,
  fechamentoDoCliente,
  travarCalculo,
} from '../calculo/calculo.service.js';
import { addDays } from '../../shared/clock.js';
import { lerMes } from './buscar-marcacoes.service.js';
import { punchesDoDia } from './edicao-marcacoes.js';
import type { Autor } from './controle-ponto.repository.js';
import {
  autorDe,
  funcionarioDoEscopo,
  type ControlePontoContexto,
  type FuncionarioMes,
} from './controle-ponto-contexto.service.js';
import { controlePontoRepository as repo } from './controle-ponto.repository.js';

type Api = typeof controlePontoApi;
type AcaoDiaResposta = ResponseOf<Api['lancarFolgaPontoDia']>;

/** The employee's day an action works on, with the month that holds it. */
export interface DiaDaAcao extends FuncionarioMes {
  data: string;
}

const A = controlePontoApi.ACOES_DIA_MSG;

/**
 * The employee (in the caller's scope, else 404) and the day asked for, with
 * the closing period that holds it. With `travar`, the employee's calculation
 * lock is taken first (decision 0049): two operators treating one employee
 * queue, and the second recalculates with the first's change committed; then
 * a closed period is refused — after the lock, so a close that committed
 * meanwhile is seen.
 */
export async function diaDaAcao(
  w: TenantWork,
  b: { cnpj: number; funcionario: number; data: string },
  travar: boolean,
): Promise<DiaDaAcao> {
  const funcionario = await funcionarioDoEscopo(w, b.cnpj, b.funcionario);
  const fechamento = await fechamentoDoCliente(w);
  const p = periodoFechamentoDaData(fechamento.dias, b.data);
  if (travar) {
    await travarCalculo(w, [funcionario.id]);
    if ((await repo.periodo(w.tx, w.tenantId, funcionario.id, p.inicio))?.fechado) throw badRequest(A.periodoFechado);
  }
  return { funcionario, fechamento, periodo: { inicio: p.inicio, fim: p.fim }, data: b.data };
}

/**
 * The shape every day action shares (seed 002 §2 "Day dialogs"; decision
 * 0074), in one transaction: the day of an open period, locked; the change
 * (its writes mark their days dirty through the input tables' triggers);
 * the month recalculated in this request — the day, the week's DSR, the next
 * day's interjornada inside the month, the bank onward (calcularPedidos
 * chains the following stored periods) — and the dirty rows the change
 * marked inside the month consumed with it; the operation log; the month as
 * Marcações shows it. A change in the last days of a month that reaches into
 * the next is recalculated there by the dirty-row consumer.
 */
export function acaoNoDia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: { cnpj: number; funcionario: number; data: string },
  mudar: MudancaDoDia,
): Promise<AcaoDiaResposta> {
  return ctx.run(auth, (w) => acaoNoDiaEm(w, auth, b, mudar));
}

/** A day action's change: what it writes, and its message and log line. */
export type MudancaDoDia = (w: TenantWork, dia: DiaDaAcao) => Promise<{ mensagem: string; descricao: string }>;

/** acaoNoDia inside a transaction already open (an approved request: its row is read first, in the same one). */
export async function acaoNoDiaEm(
  w: TenantWork,
  auth: AuthContext,
  b: { cnpj: number; funcionario: number; data: string },
  mudar: MudancaDoDia,
): Promise<AcaoDiaResposta> {
  const dia = await diaDaAcao(w, b, true);
  const { mensagem, descricao } = await mudar(w, dia);
  await calcularPedidos(w, dia.fechamento, new Map([[dia.periodo.inicio, new Set([dia.funcionario.id])]]));
  await consumirPendenciasCalculadas(w, [dia.funcionario.id], dia.periodo);
  await w.audit({
    acao: 'Editar',
    descricao: `${descricao} em ${calendario.diaMesAno(dia.data)} de ${dia.funcionario.nome}`,
    alvo: { cnpjId: dia.funcionario.cnpjId, centroCustoId: dia.funcionario.centroCustoId },
  });
  return { mensagem, marcacoes: await lerMes(w, dia) };
}

/** Lançar/Excluir Folga: whether the day has a day off (the screen opens one dialog or the other). */
export function buscarFolgaPontoDia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['buscarFolgaPontoDia']>,
): Promise<ResponseOf<Api['buscarFolgaPontoDia']>> {
  return ctx.run(auth, async (w) => {
    const dia = await diaDaAcao(w, b, false);
    return { temFolga: await repo.temFolga(w.tx, w.tenantId, dia.funcionario.id, dia.data) };
  });
}

export function lancarFolgaPontoDia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['lancarFolgaPontoDia']>,
): Promise<AcaoDiaResposta> {
  return acaoNoDia(ctx, auth, b, async (w, dia) => {
    if (!(await repo.lancarFolga(w.tx, w.tenantId, dia.funcionario.id, dia.data, autorDe(auth))))
      throw badRequest(A.jaTemFolga);
    return { mensagem: A.folgaLancada, descricao: 'Lançar folga' };
  });
}

export function excluirFolgaPontoDia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['excluirFolgaPontoDia']>,
): Promise<AcaoDiaResposta> {
  return acaoNoDia(ctx, auth, b, async (w, dia) => {
    if (!(await repo.excluirFolga(w.tx, w.tenantId, dia.funcionario.id, dia.data))) throw badRequest(A.naoTemFolga);
    return { mensagem: A.folgaExcluida, descricao: 'Excluir folga' };
  });
}

/**
 * Feriado: the holidays registered for the date that apply to this employee
 * (scope and exceptions resolved as the calculation resolves them) and
 * whether 'Não é Feriado' is in force.
 */
export function buscarFeriadoDia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['buscarFeriadoDia']>,
): Promise<ResponseOf<Api['buscarFeriadoDia']>> {
  return ctx.run(auth, async (w) => {
    const dia = await diaDaAcao(w, b, false);
    const input = await entradaDoMotor(w, dia.funcionario.id, dia.periodo);
    const feriados = (input?.holidays ?? [])
      .filter((h) => h.date === dia.data)
      .map((h) => ({ descricao: h.description ?? 'Feriado' }));
    return { feriados, feriadoExcluido: await repo.feriadoExcluido(w.tx, w.tenantId, dia.funcionario.id, dia.data) };
  });
}

/** 'É Feriado' keeps the holiday; 'Não é Feriado' ignores it and the day follows a normal day's rules. */
export function salvarFeriadoExcluido(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['salvarFeriadoExcluido']>,
): Promise<AcaoDiaResposta> {
  return acaoNoDia(ctx, auth, b, async (w, dia) => {
    await repo.definirFeriadoExcluido(w.tx, w.tenantId, dia.funcionario.id, dia.data, b.excluido, autorDe(auth));
    return { mensagem: A.feriadoSalvo, descricao: b.excluido ? 'Não é feriado' : 'É feriado' };
  });
}

/** Excluir ocorrências do dia (seed 002 §7 ocorrencia/marcar-excluir): occurrences lose this day only. */
export function marcarExcluirOcorrencia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['marcarExcluirOcorrencia']>,
): Promise<AcaoDiaResposta> {
  const alvo = { cnpj: b.cnpj, funcionario: b.idFuncionario, data: b.diaPonto };
  return acaoNoDia(ctx, auth, alvo, async (w, dia) => {
    const n = await repo.excluirOcorrenciasDoDia(w.tx, w.tenantId, dia.funcionario.id, dia.data);
    if (n === 0) throw badRequest(A.semOcorrencias);
    return { mensagem: A.ocorrenciasExcluidas, descricao: `Excluir ${n === 1 ? 'ocorrência' : `${n} ocorrências`}` };
  });
}

/**
 * The window a day's punches are looked for in (the day before to the day after, for night shifts) and the
 * effective punches the stored days counted, by day (edicao-marcacoes.ts decides with them).
 */
async function emVoltaDoDia(w: TenantWork, dia: DiaDaAcao) {
  const f = dia.funcionario.id;
  const [de, ate] = [addDays(dia.data, -1), addDays(dia.data, 2)];
  const dias = await repo.dias(w.tx, w.tenantId, f, de, addDays(dia.data, 1));
  const efetivas = new Map(dias.map((d) => [d.dia, new Set(d.resultado.effectivePunches ?? [])]));
  return { f, de, ate, efetivas };
}

/** 'YYYY-MM-DD HH:MM' → its date and time as the dialog shows them. */
const partes = (dataHora: string) => ({ data: dataHora.slice(0, 10), hora: dataHora.slice(11, 16) });

/**
 * Editar marcações, what the dialog edits (seed 002 §2, §3 "Marking"): the
 * day's original punches with their state, its inserted punches, and the
 * justifications for each (type 5 discards, type 4 inserts). The day's punches
 * follow the calculation's day cut (edicao-marcacoes.ts).
 */
export function listarEdicaoMarcacoes(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['listarEdicaoMarcacoes']>,
): Promise<ResponseOf<Api['listarEdicaoMarcacoes']>> {
  return ctx.run(auth, async (w) => {
    const dia = await diaDaAcao(w, b, false);
    const v = await emVoltaDoDia(w, dia);
    const originais = punchesDoDia(dia.data, await repo.originaisEntre(w.tx, w.tenantId, v.f, v.de, v.ate), v.efetivas);
    const inseridas = punchesDoDia(dia.data, await repo.inseridasEntre(w.tx, w.tenantId, v.f, v.de, v.ate), v.efetivas);
    return {
      marcacoesREPP: originais.map((o) => ({
        id: o.id,
        ...partes(o.dataHora),
        fonte: o.fonte,
        descartado: o.descartado,
        justificativa: o.justificativaId === null ? null : { id: o.justificativaId, descricao: o.justificativa ?? '' },
      })),
      marcacoesInseridas: inseridas.map((i) => ({
        id: i.id,
        ...partes(i.dataHora),
        fonte: 'I' as const,
        justificativa: { id: i.justificativaId, descricao: i.justificativa },
        usuario: i.usuario,
        criadoEm: new Date(i.criadoEm).toISOString(),
      })),
      justificativas: await repo.justificativasDeMarcacao(w.tx, w.tenantId),
    };
  });
}

/**
 * Editar marcações, saved (Portaria 671 art. 82): an original punch is never
 * changed or deleted — it is discarded (treatment 'D', with a type-5
 * justification, who and when) or taken back; an inserted punch ('I', with a
 * type-4 justification, who and when) is added on the day or the next (a
 * night shift's exit), or deleted. Only what changed is written.
 */
export function salvarEdicaoMarcacoes(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['salvarEdicaoMarcacoes']>,
): Promise<AcaoDiaResposta> {
  return acaoNoDia(ctx, auth, b, (w, dia) => editarMarcacoesDoDia(w, dia, b, autorDe(auth)));
}

/** What Editar marcações changes on a day: the originals' states and the inserted punches to add or delete. */
export interface EdicaoDoDia {
  marcacoesREPP: readonly { id: number; descartado: boolean; justificativa?: number | null | undefined }[];
  marcacoesInseridas: readonly {
    id?: number | null | undefined;
    nova: boolean;
    excluir: boolean;
    data: string;
    hora: string;
    justificativa?: number | null | undefined;
  }[];
}

/** Editar marcações's writes (the dialog's, and an approved inclusion request's), with its message and log line. */
export async function editarMarcacoesDoDia(w: TenantWork, dia: DiaDaAcao, b: EdicaoDoDia, autor: Autor) {
  const f = dia.funcionario.id;
  const tipos = new Map((await repo.justificativasDeMarcacao(w.tx, w.tenantId)).map((j) => [j.id, j.tipo]));
  const exigir = (id: number | null | undefined, tipo: 4 | 5) => {
    if (!id || tipos.get(id) !== tipo) throw badRequest(A.justificativaInvalida);
    return id;
  };
  const atuais = new Map(
    (await repo.originaisEntre(w.tx, w.tenantId, f, addDays(dia.data, -1), addDays(dia.data, 2))).map((o) => [o.id, o]),
  );
  const feito: string[] = [];
  for (const m of b.marcacoesREPP) {
    const atual = atuais.get(m.id);
    if (!atual) throw badRequest(A.marcacaoNaoEncontrada);
    if (atual.descartado === m.descartado && (!m.descartado || atual.justificativaId === m.justificativa)) continue;
    const justificativa = m.descartado ? exigir(m.justificativa, 5) : null;
    await repo.tratarOriginal(w.tx, w.tenantId, f, m.id, m.descartado, justificativa, autor);
    feito.push(`${m.descartado ? 'descartar' : 'considerar'} ${partes(atual.dataHora).hora}`);
  }
  const permitidas = new Set([dia.data, addDays(dia.data, 1)]);
  for (const m of b.marcacoesInseridas) {
    if (m.excluir) {
      if (m.nova) continue;
      if (!(await repo.excluirInserida(w.tx, w.tenantId, f, m.id!))) throw badRequest(A.marcacaoNaoEncontrada);
      feito.push(`excluir inserida ${m.hora}`);
    } else if (m.nova) {
      if (!permitidas.has(m.data)) throw badRequest(A.dataInseridaForaDoDia);
      await repo.inserirMarcacao(w.tx, w.tenantId, f, `${m.data} ${m.hora}`, exigir(m.justificativa, 4), autor);
      feito.push(`inserir ${m.hora}`);
    }
  }
  if (feito.length === 0) throw badRequest(A.nadaMudou);
  return { mensagem: A.marcacoesSalvas, descricao: `Editar marcações (${feito.join(', ')})` };
}

/** Mudança de Horário of the day (seed 002 §2): the change if there is one (Excluir), else a new one (Salvar). */
export function buscarMudancaHorarioDia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['buscarMudancaHorarioDia']>,
): Promise<ResponseOf<Api['buscarMudancaHorarioDia']>> {
  return ctx.run(auth, async (w) => {
    const dia = await diaDaAcao(w, b, false);
    const m = await repo.mudancaDoDia(w.tx, w.tenantId, dia.funcionario.id, dia.data);
    return {
      horarioFlexivel: m
        ? {
            id: m.id,
            dia: m.dia,
            entrada1: m.entrada1,
            saida1: m.saida1,
            entrada2: m.entrada2,
            saida2: m.saida2,
            entrada3: m.entrada3,
            saida3: m.saida3,
          }
        : null,
      justificativa: m?.justificativaId ? { id: m.justificativaId, descricao: m.justificativa ?? '' } : null,
      justificativas: await repo.justificativas(w.tx, w.tenantId),
    };
  });
}

/** The day's times replace the schedule's for that day (spec §4: scheduleChanges); a justification is required. */
export function salvarMudancaHorarioDia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['salvarMudancaHorarioDia']>,
): Promise<AcaoDiaResposta> {
  return acaoNoDia(ctx, auth, b, async (w, dia) => {
    if (!(await repo.existeJustificativa(w.tx, w.tenantId, b.justificativa)))
      throw badRequest(A.selecioneJustificativa);
    await repo.gravarMudanca(
      w.tx,
      w.tenantId,
      dia.funcionario.id,
      dia.data,
      b.horarioFlexivel,
      b.justificativa,
      autorDe(auth),
    );
    const h = b.horarioFlexivel;
    const pares = [
      [h.entrada1, h.saida1],
      [h.entrada2, h.saida2],
      [h.entrada3, h.saida3],
    ]
      .filter(([a]) => a !== null)
      .map(([a, s]) => `${a}-${s}`);
    return { mensagem: A.mudancaSalva, descricao: `Mudança de horário (${pares.join(', ')})` };
  });
}

export function excluirMudancaHorarioDia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['excluirMudancaHorarioDia']>,
): Promise<AcaoDiaResposta> {
  return acaoNoDia(ctx, auth, b, async (w, dia) => {
    if (!(await repo.excluirMudanca(w.tx, w.tenantId, dia.funcionario.id, dia.data))) throw badRequest(A.semMudanca);
    return { mensagem: A.mudancaExcluida, descricao: 'Excluir mudança de horário' };
  });
}

/** The day's original punches (by the calculation's day cut), with their treatment. */
async function originaisDoDia(w: TenantWork, dia: DiaDaAcao) {
  const v = await emVoltaDoDia(w, dia);
  return punchesDoDia(dia.data, await repo.originaisEntre(w.tx, w.tenantId, v.f, v.de, v.ate), v.efetivas);
}

export function buscarMarcacoesMover(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['buscarMarcacoesMover']>,
): Promise<ResponseOf<Api['buscarMarcacoesMover']>> {
  return ctx.run(auth, async (w) => {
    const dia = await diaDaAcao(w, b, false);
    return (await originaisDoDia(w, dia))
      .filter((o) => !o.descartado)
      .map((o) => ({ id: o.id, dataHora: o.dataHora, selecionado: false }));
  });
}

/**
 * Mover Marcações (spec §14.4): the chosen originals count on the day before
 * or after — a treatment (−1/+1 from the day the rules give them), the
 * punches themselves unchanged. A punch moved back where the rules put it
 * loses its move.
 */
export function salvarMoverMarcacoes(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['salvarMoverMarcacoes']>,
): Promise<AcaoDiaResposta> {
  return acaoNoDia(ctx, auth, b, async (w, dia) => {
    const passo = b.dataDestino === addDays(dia.data, 1) ? 1 : b.dataDestino === addDays(dia.data, -1) ? -1 : 0;
    if (passo === 0) throw badRequest(A.dataMoverInvalida);
    const doDia = new Map((await originaisDoDia(w, dia)).map((o) => [o.id, o]));
    const horas: string[] = [];
    for (const m of b.marcacoes.filter((x) => x.selecionado)) {
      const o = doDia.get(m.id);
      if (!o || o.descartado) throw badRequest(A.marcacaoNaoEncontrada);
      const mover = o.moverDia + passo;
      if (mover < -1 || mover > 1) throw badRequest(A.dataMoverInvalida);
      await repo.moverOriginal(w.tx, w.tenantId, dia.funcionario.id, o.id, mover, autorDe(auth));
      horas.push(o.dataHora.slice(11, 16));
    }
    return {
      mensagem: A.marcacoesMovidas,
      descricao: `Mover marcações ${horas.join(', ')} para ${calendario.diaMesAno(b.dataDestino)}`,
    };
  });
}
