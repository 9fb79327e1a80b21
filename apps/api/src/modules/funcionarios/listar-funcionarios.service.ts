import { funcionarioApi as api, type FuncionarioLinha, type ParsedBodyOf, type ResponseOf } from '@jornada/contracts';
import { FUSO_HORARIO_PADRAO } from '../../db/fuso-horario-empresa.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { localDate } from '../../shared/clock.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import { VERSAO_FUNCIONARIOS, filtro, type FuncionariosContexto } from './funcionarios-contexto.service.js';
import { funcionariosRepository as repo, type FiltroFuncionarios } from './funcionarios.repository.js';

type ListarBody = ParsedBodyOf<typeof api.listarFuncionarios>;
const { aguardandoAtivacao } = api;

/** The list's cached result sets at most (`idsDoFiltro`): 5,000 lists and 4 million ids (16 MiB). */
const MAX_LISTAS = 5_000;
const MAX_IDS_LISTAS = 4_000_000;

/**
 * 'Funcionários' list (seed 001 §2.5; decision 0033). A factory: the result
 * sets it keeps live as long as the service (made once per app).
 */
export function listarFuncionarios(ctx: FuncionariosContexto) {
  /**
   * The list's result sets (decisions 0033 and 0059): per tenant, scope and
   * filter, the filter's employee ids in list order (name, then id), valid
   * while the tenant's employee version stands. The total is its length and a
   * page is a slice of it, so turning pages, and everyone looking at the same
   * list, costs no filter query until an employee changes: a deep page of a
   * word search read thousands of index entries on every call. Bounded by
   * entries and by ids held; the least recently used goes first.
   */
  const resultados = new Map<string, { versao: number; ids: Int32Array }>();
  let idsGuardados = 0;
  async function idsDoFiltro(w: TenantWork, f: FiltroFuncionarios, versao: number): Promise<Int32Array> {
    const scope = await w.scope();
    const escopo = scope.hasWholeCnpj(f.cnpjId) ? 'todos' : scope.allowedCentroCustoIds.sort((a, b) => a - b).join(',');
    const chave = `${w.tenantId}|${escopo}|${JSON.stringify(f)}`;
    const hit = resultados.get(chave);
    if (hit) {
      resultados.delete(chave);
      idsGuardados -= hit.ids.length;
      if (hit.versao === versao) {
        resultados.set(chave, hit);
        idsGuardados += hit.ids.length;
        return hit.ids;
      }
    }
    const ids = await repo.idsOrdenados(w.tx, w.tenantId, scope, f);
    while (resultados.size > 0 && (resultados.size >= MAX_LISTAS || idsGuardados + ids.length > MAX_IDS_LISTAS)) {
      const [velha, v] = resultados.entries().next().value!;
      resultados.delete(velha);
      idsGuardados -= v.ids.length;
    }
    resultados.set(chave, { versao, ids });
    idsGuardados += ids.length;
    return ids;
  }

  return async function listar(auth: AuthContext, b: ListarBody): Promise<ResponseOf<typeof api.listarFuncionarios>> {
    return ctx.run(auth, async (w) => {
      const f = await filtro(w, b);
      // Read before the result set: one is never cached under a newer version than its data.
      const lista = await repo.contextoLista(w.tx, w.tenantId, VERSAO_FUNCIONARIOS);
      const zona = lista.zona ?? FUSO_HORARIO_PADRAO;
      const hoje = localDate(w.now, zona);
      const todos = await idsDoFiltro(w, f, lista.versao);
      const deslocamento = b.numPagina * b.qtdLinhas;
      const pagina = [...todos.subarray(deslocamento, deslocamento + b.qtdLinhas)];
      const rows = pagina.length ? await repo.linhasDaPagina(w.tx, w.tenantId, pagina, zona) : [];
      const funcionarios: FuncionarioLinha[] = rows.map((r) => ({
        id: Number(r.id),
        cracha: r.cracha,
        nome: r.nome,
        pis: r.pis,
        cpf: r.cpf,
        cargo: r.cargo,
        centroCusto: r.centro_custo,
        escala: r.escala,
        dataCadastro: r.data_cadastro,
        dataAdmissao: r.data_admissao,
        dataAtivacao: r.data_ativacao,
        ativo: r.ativo,
        aguardandoAtivacao: r.ativo && aguardandoAtivacao(r.data_ativacao, hoje),
      }));
      return { qdtFuncionarios: todos.length, funcionarios };
    });
  };
}
