import { calendario, escalaApi, type controlePontoApi, type ParsedBodyOf, type ResponseOf } from '@jornada/contracts';
import type { DayResult, PeriodInput } from '@jornada/engine';
import { badRequest } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { calcularComRastro } from '../calculo/calculo.service.js';
import { M, funcionarioDoEscopo, type ControlePontoContexto } from './controle-ponto-contexto.service.js';
import { controlePontoRepository as repo } from './controle-ponto.repository.js';
import { horaDoDia } from './dia-ponto.js';

type Api = typeof controlePontoApi;
type Explicacao = ResponseOf<Api['explicarDia']>;

const TIPO_DIA: Record<DayResult['dayType'], string> = {
  weekday: 'Dia útil',
  saturday: 'Sábado',
  sunday: 'Domingo',
  holiday: 'Feriado',
  dayoff: 'Folga',
};

/** The engine's quantity names (packages/engine, Trace) as the screen says them. */
const QUANTIDADE: Record<string, string> = {
  planned: 'Horas previstas',
  marcacoes: 'Marcações',
  worked: 'Trabalhado',
  bruto: 'Trabalhado bruto',
  normal: 'Horas normais',
  falta: 'Falta',
  atraso: 'Atraso',
  saida: 'Saída antecipada',
  excesso: 'Excesso de intervalo',
  fm: 'Falta de marcação',
  faltaMarcacao: 'Falta de marcação',
  faltaMarcacaoFlag: 'Marcação ímpar',
  credito: 'Crédito',
  nightReal: 'Noturno (relógio)',
  nightReduced: 'Noturno (hora reduzida)',
  abono: 'Abono',
  bankCredit: 'Banco de horas: crédito',
  bankDebit: 'Banco de horas: débito',
  interjornadaShortfall: 'Interjornada',
  intervaloSuprimido: 'Intervalo suprimido',
};

export function nomeDaQuantidade(q: string): string {
  const faixa = /^(overtime|overtimeNight)\.(.+)$/.exec(q);
  if (faixa) return `Horas extras${faixa[1] === 'overtimeNight' ? ' noturnas' : ''} ${faixa[2]}%`;
  return QUANTIDADE[q] ?? q;
}

/** The version in force: its start date, or 'versão original' for the one a schedule was created with. */
const versao = (desde: string | null) =>
  !desde
    ? ''
    : desde <= VERSAO_ORIGINAL
      ? ' (versão original)'
      : ` (versão em vigor desde ${calendario.diaMesAno(desde)})`;
/** The date the first version of every schedule starts at (valid since always). */
const VERSAO_ORIGINAL = escalaApi.VALIDA_DESDE_INICIAL;

/** The engine's reasons are Portuguese but for the day type's code. */
const motivo = (reason: string) =>
  reason.replace(
    /tipo de dia (weekday|saturday|sunday|holiday|dayoff)/,
    (_, t: DayResult['dayType']) => `tipo de dia ${TIPO_DIA[t].toLowerCase()}`,
  );

/** The overtime band column (spec §10.2) as the schedule's screen names it; the engine's keys are the contract's. */
const COLUNA_HE: Record<DayResult['column'], string> = escalaApi.COLUNA_FAIXA_ROTULO;

const cobre = (dia: string, de: string, ate?: string | null) => de <= dia && (ate == null || ate >= dia);

/** What ruled the day, from the engine's own input: holiday, day off, leave, schedule change, occurrences. */
function contextoDaEntrada(input: PeriodInput, dia: string): { rotulo: string; valor: string }[] {
  const out: { rotulo: string; valor: string }[] = [];
  const feriado = input.holidays?.find((h) => h.date === dia);
  if (feriado) out.push({ rotulo: 'Feriado', valor: feriado.description ?? 'Feriado' });
  if (input.holidayExclusions?.includes(dia))
    out.push({ rotulo: 'Feriado', valor: 'Desconsiderado neste dia (Não é Feriado): regras de dia normal' });
  if (input.daysOff?.includes(dia)) out.push({ rotulo: 'Folga', valor: 'Folga lançada neste dia' });
  const afastamento = input.leaves?.find((l) => cobre(dia, l.start, l.end));
  if (afastamento)
    out.push({
      rotulo: 'Afastamento',
      valor: `${afastamento.reason ?? 'Afastado'} (${calendario.diaMesAno(afastamento.start)} a ${calendario.diaMesAno(afastamento.end)})`,
    });
  if (input.scheduleChanges?.some((c) => c.date === dia))
    out.push({ rotulo: 'Mudança de horário', valor: 'O horário do dia foi mudado para este dia' });
  const ocorrencias = input.occurrences?.filter((o) => cobre(dia, o.start, o.end)).length ?? 0;
  if (ocorrencias > 0) out.push({ rotulo: 'Ocorrências', valor: `${ocorrencias} cobrindo o dia` });
  const ajustes = input.partialAdjustments?.filter((a) => a.date === dia).length ?? 0;
  if (ajustes > 0) out.push({ rotulo: 'Ajustes parciais', valor: `${ajustes} neste dia` });
  return out;
}

/**
 * "Por quê?" (issue 23 §2, decision 0071): one day of one employee,
 * recalculated with the engine's trace on from the same stored inputs the
 * stored result came from; nothing is written. The steps say, in the
 * engine's words, which rule produced each number; the context says which
 * schedule (and the version in force), which day type and what else ruled it.
 */
export function explicarDia(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['explicarDia']>,
): Promise<Explicacao> {
  return ctx.run(auth, async (w) => {
    const f = await funcionarioDoEscopo(w, b.cnpj, b.funcionario);
    const r = await calcularComRastro(w, f.id, b.data);
    const d = r?.resultado.days.find((x) => x.date === b.data);
    if (!r || !d) throw badRequest(M.dataForaDoPeriodo);
    const [gravado] = await repo.dias(w.tx, w.tenantId, f.id, b.data, b.data);
    const escala =
      gravado?.escalaId == null ? undefined : await repo.escalaNoDia(w.tx, w.tenantId, gravado.escalaId, b.data);
    const contexto = [
      {
        rotulo: 'Período',
        valor: `${calendario.diaMesAno(r.periodo.inicio)} a ${calendario.diaMesAno(r.periodo.fim)}`,
      },
      { rotulo: 'Tipo do dia', valor: TIPO_DIA[d.dayType] },
      ...(escala && gravado
        ? [
            {
              rotulo: 'Escala',
              valor: `${gravado.escalaId} - ${escala.descricao}${versao(escala.validaDesde)}`,
            },
          ]
        : [{ rotulo: 'Escala', valor: 'Nenhuma escala no dia' }]),
      ...contextoDaEntrada(r.input, b.data),
      { rotulo: 'Coluna de horas extras', valor: COLUNA_HE[d.column] },
      {
        rotulo: 'Marcações consideradas',
        valor: d.effectivePunches.map((t) => horaDoDia(t, b.data)).join(' ') || 'Nenhuma',
      },
    ];
    return {
      dia: b.data,
      contexto,
      passos: (d.trace ?? []).map((s) => ({
        regra: s.rule,
        quantidade: nomeDaQuantidade(s.quantity),
        minutos: s.minutes,
        motivo: motivo(s.reason),
      })),
    };
  });
}
