import {
  controlePontoApi as api,
  funcionarioApi,
  type ParsedBodyOf,
  type PeriodoControle,
  type ResponseOf,
} from '@jornada/contracts';
import type { AuthContext } from '../../shared/auth-context.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import type { ControlePontoContexto } from './controle-ponto-contexto.service.js';
import {
  controlePontoRepository as repo,
  type FiltroControle,
  type LinhaControleRow,
} from './controle-ponto.repository.js';

type ListarBody = ParsedBodyOf<typeof api.listar>;
type QuantidadeBody = ParsedBodyOf<typeof api.quantidadeFuncionarios>;

/** 'crachá/pis/cpf/nome' → its words, as the Funcionários list reads them (decision 0033): at most 10. */
const palavrasDaBusca = (texto: string | null | undefined): string[] =>
  funcionarioApi.normalizarCrachaNome(texto).split(' ').filter(Boolean).slice(0, 10);

/** The screen's filter, the company checked against the caller's scope (404 outside it, decision 0020). */
export async function filtroDe(
  w: TenantWork,
  b: Pick<ListarBody, 'cnpj' | 'ativo' | 'idsCentrosCustos' | 'crachaNome'>,
): Promise<FiltroControle> {
  (await w.scope()).requireCnpj(b.cnpj);
  return {
    cnpjId: b.cnpj,
    ativo: b.ativo,
    // A cost centre of another company, or out of the caller's scope, lists nobody: the rows are filtered by both.
    centroCustoIds: [...new Set(b.idsCentrosCustos)].sort((x, y) => x - y),
    palavras: palavrasDaBusca(b.crachaNome),
  };
}

const linha = (r: LinhaControleRow): PeriodoControle => ({
  funcionario: { id: Number(r.id), cracha: r.cracha ?? '', nome: r.nome ?? '' },
  temPendencias: r.tem_pendencias,
  qtdFaltas: Number(r.qtd_faltas),
  qtdAtrasos: Number(r.qtd_atrasos),
  qtdExcessoRefeicao: Number(r.qtd_excesso_refeicao),
  qtdSaidasAntecipadas: Number(r.qtd_saidas_antecipadas),
  qtdFaltaMarcacao: Number(r.qtd_falta_marcacao),
  qtdInterjornada: Number(r.qtd_interjornada),
  fechado: r.fechado,
  calculado: r.calculado,
});

/**
 * Controle do Ponto, tab Controle (seed 002 §2, §3, §7; decision 0070): the
 * month's stored divergence counters and period lock of a page of employees,
 * read in one statement; nothing recalculated.
 */
export function listarControlePonto(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ListarBody,
): Promise<ResponseOf<typeof api.listar>> {
  return ctx.run(auth, async (w) => {
    const filtro = await filtroDe(w, b);
    const rows = await repo.pagina(
      w.tx,
      w.tenantId,
      await w.scope(),
      filtro,
      { ano: b.ano, mes: b.mes },
      { linhas: b.qtdLinhas, deslocamento: b.numPagina * b.qtdLinhas },
    );
    return {
      qdtFuncionarios: Number(rows[0]?.total ?? 0),
      periodosControle: rows.filter((r) => r.id !== null).map(linha),
    };
  });
}

/** How many employees the Controle filter lists. */
export function quantidadeFuncionariosControle(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: QuantidadeBody,
): Promise<ResponseOf<typeof api.quantidadeFuncionarios>> {
  return ctx.run(auth, async (w) => ({
    totalFuncionarios: await repo.quantidade(w.tx, w.tenantId, await w.scope(), await filtroDe(w, b)),
  }));
}
