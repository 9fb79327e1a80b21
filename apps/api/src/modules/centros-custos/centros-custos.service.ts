import {
  LIMITS,
  MSG,
  type CentroCusto,
  type CnpjOpcao,
  type NivelCentroCusto,
  type ParsedBodyOf,
  centroCustoApi,
  funcionarioApi,
} from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { scopedCentrosCusto } from '../../db/user-scope.js';
import { insertWithNextCode, type CodeSequence } from '../../db/sequences.js';
import { badRequest, conflict, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { tenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import { empresasService } from '../empresas/empresas.service.js';
import { contarFuncionariosNoCentroCusto } from '../funcionarios/funcionarios.service.js';
import { centrosCustosRepository as repo, type CentroCustoRow } from './centros-custos.repository.js';

type Form = ParsedBodyOf<typeof centroCustoApi.salvarDepartamento>['centroCusto'];

const DEPARTAMENTO = 1;
const SETOR = 2;
const SECAO = 3;

/** One sequence for every level: the code is unique in the tenant (seed 000 §3, gerarCodogioEmSequencia). */
const SEQUENCE: CodeSequence = { key: 'centros-custo', table: 'centros_custo', maxLength: LIMITS.centroCustoCodigo };

const nivel = (tipo: number): NivelCentroCusto => centroCustoApi.NIVEIS_CENTRO_CUSTO_POR_TIPO[tipo] ?? 'Departamento';

export function toCentroCusto(r: CentroCustoRow): CentroCusto {
  return {
    id: r.id,
    codigo: r.codigo,
    nome: r.nome,
    tipo: nivel(r.tipo),
    centroCustoPaiId: r.paiId,
    idCnpj: r.cnpjId,
  };
}

/** How the operation log names one: "Setor 12 - Financeiro". */
const label = (r: { tipo: number; codigo: string; nome: string }) => `${nivel(r.tipo)} ${r.codigo} - ${r.nome}`;

/**
 * Centros de Custos (seed 000 §2.5, §3, §5, §7): the chain company →
 * Departamento → Setor → Seção. The server checks the whole chain, whatever
 * the client sends: the parent belongs to the same company and tenant and is
 * one level up, and everything read or written is in the user's scope
 * (decision 0020) — ids of another tenant or outside the scope are 404.
 */
export function centrosCustosService(deps: Deps) {
  const run = tenantWork(deps);
  const empresas = empresasService(deps);

  /** Inserts with the typed code (friendly 409 when taken) or the next automatic one. */
  async function insert(w: TenantWork, form: Form, values: Omit<CentroCustoRow, 'id' | 'codigo'>) {
    if (form.id !== null && form.id !== undefined) throw badRequest(MSG.centroCustoSalvarSemId);
    if (form.gerarCodogioEmSequencia) {
      return insertWithNextCode(w.tx, w.tenantId, SEQUENCE, (codigo) =>
        repo.insertIfCodeFree(w.tx, w.tenantId, { ...values, codigo }),
      );
    }
    const codigo = form.codigo!;
    if (await repo.findByCodigo(w.tx, w.tenantId, codigo)) throw conflict(MSG.centroCustoCodigoDuplicado(codigo));
    return repo.insert(w.tx, w.tenantId, { ...values, codigo });
  }

  async function created(w: TenantWork, row: CentroCustoRow) {
    await w.audit({ acao: 'Cadastrar', descricao: label(row), alvo: { cnpjId: row.cnpjId, centroCustoId: row.id } });
    return { mensagem: MSG.centroCustoSalvo(nivel(row.tipo)) };
  }

  /** A cost centre of one level the user sees, or 404 (absent, another tenant's, another level, out of scope). */
  async function seen(w: TenantWork, id: number, tipo?: number): Promise<CentroCustoRow> {
    const row = (await w.scope()).requireVisibleCentroCusto(await repo.find(w.tx, w.tenantId, id));
    if (tipo !== undefined && row.tipo !== tipo) throw notFound(MSG.naoEncontrado);
    return row;
  }

  /** The children the user sees of a parent of level `paiTipo` (404 when it is not one, or not seen). */
  async function children(auth: AuthContext, idPai: number, paiTipo: number): Promise<CentroCusto[]> {
    return run(auth, async (w) => {
      const pai = await seen(w, idPai, paiTipo);
      return (await repo.listFilhos(w.tx, w.tenantId, pai.id, await w.scope())).map(toCentroCusto);
    });
  }

  /**
   * Every level of one company as far as the user may use it (pickers, filters); listarTodosCentrosCusto, the
   * seed's other call for the same list, answers with it too.
   */
  async function listarCentrosCustosUsuario(auth: AuthContext, idCnpj: number): Promise<CentroCusto[]> {
    return run(auth, async (w) => {
      const scope = await w.scope();
      scope.requireCnpj(idCnpj);
      return (await scopedCentrosCusto(w.tx, w.tenantId, scope, idCnpj)).map(toCentroCusto);
    });
  }

  return {
    listarCnpjsCentroCusto(auth: AuthContext): Promise<CnpjOpcao[]> {
      return empresas.listarCnpjs(auth);
    },

    listarDepartamentos(auth: AuthContext, idCnpj: number): Promise<CentroCusto[]> {
      return run(auth, async (w) => {
        const scope = await w.scope();
        scope.requireCnpj(idCnpj);
        return (await repo.listLevel(w.tx, w.tenantId, idCnpj, DEPARTAMENTO, scope)).map(toCentroCusto);
      });
    },

    listarSetores(auth: AuthContext, idDepartamento: number): Promise<CentroCusto[]> {
      return children(auth, idDepartamento, DEPARTAMENTO);
    },

    listarSecoes(auth: AuthContext, idSetor: number): Promise<CentroCusto[]> {
      return children(auth, idSetor, SETOR);
    },

    buscarCentroCusto(auth: AuthContext, id: number): Promise<CentroCusto> {
      return run(auth, async (w) => toCentroCusto(await seen(w, id)));
    },

    listarCentrosCustosUsuario,

    /** A department: only in a company the user sees whole (403 when limited to some of its cost centres). */
    salvarDepartamento(auth: AuthContext, idCnpj: number, form: Form): Promise<{ mensagem: string }> {
      return run(auth, async (w) => {
        (await w.scope()).requireWholeCnpj(idCnpj);
        return created(w, await insert(w, form, { cnpjId: idCnpj, paiId: null, tipo: DEPARTAMENTO, nome: form.nome }));
      });
    },

    /**
     * A sector under a department or a section under a sector. The parent must
     * be of this tenant (404), seen by the user (404), of the company sent
     * (400), able to have children (400) and the user's to change (403).
     */
    salvarSetorSecao(auth: AuthContext, idCnpj: number, idPai: number, form: Form): Promise<{ mensagem: string }> {
      return run(auth, async (w) => {
        const scope = await w.scope();
        scope.requireCnpj(idCnpj);
        const pai = scope.requireVisibleCentroCusto(await repo.find(w.tx, w.tenantId, idPai));
        if (pai.cnpjId !== idCnpj || pai.tipo >= SECAO) throw badRequest(MSG.centroCustoPaiInvalido);
        scope.requireWritableCentroCusto(pai);
        return created(
          w,
          await insert(w, form, { cnpjId: pai.cnpjId, paiId: pai.id, tipo: pai.tipo + 1, nome: form.nome }),
        );
      });
    },

    /** Code and name; the level, company and parent never change. */
    alterarCentroCusto(auth: AuthContext, form: Form): Promise<{ mensagem: string }> {
      return run(auth, async (w) => {
        const before = (await w.scope()).requireWritableCentroCusto(await repo.find(w.tx, w.tenantId, form.id!));
        const codigo = form.codigo!;
        const clash = await repo.findByCodigo(w.tx, w.tenantId, codigo);
        if (clash && clash.id !== before.id) throw conflict(MSG.centroCustoCodigoDuplicado(codigo));
        const after = await repo.update(w.tx, w.tenantId, before.id, { codigo, nome: form.nome });
        if (!after) throw notFound(MSG.naoEncontrado);
        await w.audit({
          acao: 'Editar',
          descricao: `${label(before)} ${before.tipo === SECAO ? 'alterada' : 'alterado'} para ${after.codigo} - ${after.nome}`,
          alvo: { cnpjId: before.cnpjId, centroCustoId: before.id },
        });
        return { mensagem: MSG.centroCustoAlterado(nivel(after.tipo)) };
      });
    },

    /**
     * Refused while it has children, and while it is assigned to a user:
     * removing a user's only cost centre in a company would widen that user's
     * scope to the whole company (decision 0020).
     */
    excluirCentroCusto(auth: AuthContext, id: number): Promise<{ mensagem: string }> {
      return run(auth, async (w) => {
        const row = (await w.scope()).requireWritableCentroCusto(await repo.find(w.tx, w.tenantId, id));
        if ((await repo.countChildren(w.tx, w.tenantId, row.id)) > 0) {
          throw conflict(MSG.centroCustoComFilhos(nivel(row.tipo), row.tipo === DEPARTAMENTO ? 'setores' : 'seções'));
        }
        const usuarios = await repo.countUsuariosAtribuidos(w.tx, w.tenantId, row.id);
        if (usuarios > 0) throw conflict(MSG.centroCustoAtribuido(usuarios));
        // Employees (active or not) keep their cost centre: refused with the count, before the foreign key's bare 409.
        const funcionarios = await contarFuncionariosNoCentroCusto(w, row.id);
        if (funcionarios > 0) throw conflict(funcionarioApi.FUNCIONARIO_MSG.centroCustoComFuncionarios(funcionarios));
        await repo.delete(w.tx, w.tenantId, row.id);
        // Its id stays in the entry: users of the whole company still read it, nobody limited does.
        await w.audit({ acao: 'Excluir', descricao: label(row), alvo: { cnpjId: row.cnpjId, centroCustoId: row.id } });
        return { mensagem: MSG.centroCustoExcluido(nivel(row.tipo)) };
      });
    },
  };
}
