import type { CompiledPolicy } from '../model/policy.js';
import { LEGAL_TOLERANCE } from '../policy/compile.js';
import type { RawDay } from '../raw/raw.js';
import { hm, type Trace } from '../model/trace.js';

export interface Counted {
  atraso: number;
  saida: number;
  excesso: number;
  credit: number;
}

/**
 * Art. 58 §1 and Súmula 366 (spec §7): variations up to the tolerance are
 * neither discounted nor paid; once exceeded, the whole value counts — never
 * "minus the tolerance". Only on days with planned minutes (§7.3).
 */
export function applyTolerance(raw: RawDay, policy: CompiledPolicy, tr: Trace | null): Counted {
  if (raw.planned === 0) {
    if (tr && raw.credit > 0)
      tr.add(
        'credito',
        raw.credit,
        '§7.3',
        `Dia sem horas previstas: ${raw.credit} min trabalhados são todos crédito, sem tolerância`,
      );
    return { atraso: 0, saida: 0, excesso: 0, credit: raw.credit };
  }
  const sum = raw.atraso + raw.saida + raw.excesso;
  const overCeiling = sum > LEGAL_TOLERANCE.perDay;
  const atraso = overCeiling || raw.atraso > policy.tolAtraso ? raw.atraso : 0;
  const saida = overCeiling || raw.saida > policy.tolSaida ? raw.saida : 0;
  const excesso = overCeiling || raw.excesso > policy.tolExcesso ? raw.excesso : 0;
  if (tr) {
    debitReason(tr, 'atraso', 'Atraso', raw.atraso, atraso, policy.tolAtraso, overCeiling, sum);
    debitReason(tr, 'saidaAntecipada', 'Saída antecipada', raw.saida, saida, policy.tolSaida, overCeiling, sum);
    debitReason(
      tr,
      'excessoIntervalo',
      'Excesso no intervalo',
      raw.excesso,
      excesso,
      policy.tolExcesso,
      overCeiling,
      sum,
    );
  }
  const cI = policy.horaExtraRefeicao ? raw.cI : 0;
  const maxMarking = raw.singleVariation ? raw.credit : Math.max(raw.cE, raw.cL, cI);
  const T = policy.tolOvertime;
  const counted = raw.credit > T || maxMarking > LEGAL_TOLERANCE.perMarking;
  const credit = counted ? raw.credit : 0;
  if (tr && raw.credit > 0) {
    tr.add(
      'credito',
      credit,
      '§7.2 / art. 58 §1',
      counted
        ? raw.credit > T
          ? `Crédito de ${raw.credit} min acima da tolerância de ${T} min: conta inteiro (Súmula 366)`
          : `Uma marcação com ${maxMarking} min (> 5) conta como hora extra inteira (art. 58 §1)`
        : `Crédito de ${raw.credit} min dentro da tolerância de ${T} min: não é pago`,
    );
  }
  return { atraso, saida, excesso, credit };
}

function debitReason(
  tr: Trace,
  q: string,
  label: string,
  raw: number,
  counted: number,
  tol: number,
  overCeiling: boolean,
  sum: number,
): void {
  if (raw === 0) return;
  if (counted > 0 && overCeiling && raw <= tol)
    tr.add(
      q,
      counted,
      '§7.1 / art. 58 §1',
      `${label} de ${raw} min conta: total do dia ${sum} min passa o teto de 10 min`,
    );
  else if (counted > 0)
    tr.add(
      q,
      counted,
      '§7.1 / Súmula 366',
      `${label} de ${raw} min acima da tolerância de ${tol} min: conta inteiro (Súmula 366)`,
    );
  else tr.add(q, 0, '§7.1 / art. 58 §1', `${label} de ${raw} min dentro da tolerância de ${tol} min (${hm(raw)})`);
}
