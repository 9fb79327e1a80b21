import { calendario, feriadoApi, type ParsedBodyOf } from '@jornada/contracts';
import type { AuthContext } from '../../shared/auth-context.js';
import { checkPlace, resumo, type FeriadosContexto } from './feriados-contexto.service.js';
import { feriadosRepository as repo, type FeriadoColumns } from './feriados.repository.js';

type IncluirNacionais = ParsedBodyOf<typeof feriadoApi.incluirFeriadosNacionais>;
const { ABRANGENCIA, usaCidade, usaEstado } = feriadoApi;

/**
 * 'Incluir feriados nacionais': the year's federal holidays and, if
 * ticked, Carnaval (Monday and Tuesday), Sexta-feira Santa and Corpus
 * Christi in the scope chosen for them. Existing ones are skipped.
 */
export async function incluirFeriadosNacionais(ctx: FeriadosContexto, auth: AuthContext, body: IncluirNacionais) {
  return ctx.run(auth, async (w) => {
    const abr = body.abrangenciaOpcionais;
    const estadoId = usaEstado(abr) ? body.estado!.id! : null;
    const cidadeId = usaCidade(abr) ? body.cidade!.id! : null;
    const escolhidos = (['carnaval', 'sextaFeiraSanta', 'corpusChristi'] as const).filter((k) => body[k]);
    if (escolhidos.length) await checkPlace(w, estadoId, cidadeId);
    const rows: FeriadoColumns[] = [
      ...calendario.feriadosNacionais(body.ano).map((f) => ({
        data: f.data,
        descricao: f.descricao,
        abrangencia: ABRANGENCIA.FEDERAL,
        fixo: true,
        regraPascoa: null,
        estadoId: null,
        cidadeId: null,
      })),
      ...calendario.feriadosOpcionais(body.ano, escolhidos).map((f) => ({
        data: f.data,
        descricao: f.descricao,
        abrangencia: abr,
        fixo: false,
        regraPascoa: f.regraPascoa,
        estadoId,
        cidadeId,
      })),
    ];
    const inserted = await repo.insertMissing(w.tx, w.tenantId, rows);
    const out = resumo(`Feriados nacionais de ${body.ano}`, inserted.length, rows.length - inserted.length, 0);
    await w.audit({ acao: 'Cadastrar', descricao: out.mensagem });
    return out;
  });
}
