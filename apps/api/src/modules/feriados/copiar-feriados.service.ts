import { calendario } from '@jornada/contracts';
import { badRequest } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { M, resumo, type FeriadosContexto } from './feriados-contexto.service.js';
import { feriadosRepository as repo, type FeriadoColumns } from './feriados.repository.js';

/**
 * Copies a year's holidays to another: fixed ones on the same day and
 * month (29/02 only into a leap year), Easter ones recomputed from their
 * rule; movable ones without a rule have no date to compute. Holidays the
 * target year already has are skipped (the unique index decides), so a
 * copy run twice, or two at once, never doubles one. Lists and exceptions
 * go along.
 */
export async function copiarFeriados(ctx: FeriadosContexto, auth: AuthContext, anoDe: number, anoPara: number) {
  if (anoDe === anoPara) throw badRequest(M.anosIguais);
  return ctx.run(auth, async (w) => {
    const source = await repo.listYear(w.tx, w.tenantId, anoDe);
    const targets: { from: number; values: FeriadoColumns }[] = [];
    let semData = 0;
    for (const f of source) {
      const data = f.regraPascoa
        ? calendario.dataDaRegra(f.regraPascoa, anoPara)
        : f.fixo && calendario.isCivilDate(`${String(anoPara).padStart(4, '0')}${f.data.slice(4)}`)
          ? `${String(anoPara).padStart(4, '0')}${f.data.slice(4)}`
          : null;
      if (data === null) {
        semData++;
        continue;
      }
      const { id, estado: _e, cidade: _c, ...columns } = f;
      targets.push({ from: id, values: { ...columns, data } });
    }
    const inserted = await repo.insertMissing(
      w.tx,
      w.tenantId,
      targets.map((t) => t.values),
    );
    const key = (v: FeriadoColumns) =>
      [v.data, v.descricao.toLowerCase(), v.abrangencia, v.estadoId ?? 0, v.cidadeId ?? 0].join('|');
    const fromByKey = new Map(targets.map((t) => [key(t.values), t.from]));
    for (const row of inserted) await repo.copyLinks(w.tx, w.tenantId, fromByKey.get(key(row))!, row.id);
    const out = resumo(
      `Feriados copiados de ${anoDe} para ${anoPara}`,
      inserted.length,
      targets.length - inserted.length,
      semData,
    );
    await w.audit({ acao: 'Cadastrar', descricao: out.mensagem });
    return out;
  });
}
