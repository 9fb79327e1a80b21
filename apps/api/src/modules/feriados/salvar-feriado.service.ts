import { MSG, PERM, feriadoApi, type ParsedBodyOf } from '@jornada/contracts';
import { badRequest, forbidden, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import { funcionariosVisiveis } from '../funcionario-pesquisa/funcionario-pesquisa.service.js';
import {
  M,
  changeable,
  checkPlace,
  rotulo,
  scopeOf,
  unique,
  type FeriadosContexto,
} from './feriados-contexto.service.js';
import { feriadosRepository as repo, type FeriadoColumns } from './feriados.repository.js';

type Form = ParsedBodyOf<typeof feriadoApi.salvarFeriado>['feriado'];
const { ABRANGENCIA, usaCidade, usaEstado } = feriadoApi;

const sameIds = (a: readonly number[], b: readonly number[]) => {
  const x = unique(a);
  const y = unique(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

async function checkLists(w: TenantWork, cargoIds: readonly number[], centroIds: readonly number[]) {
  if ((await repo.cargosByIds(w.tx, w.tenantId, cargoIds)).length !== cargoIds.length) {
    throw badRequest(M.cargoNaoEncontrado);
  }
  const scope = await scopeOf(w);
  // A cost centre outside the caller's scope is, to the caller, one that does not exist.
  if (!centroIds.every(scope.has)) throw badRequest(M.centroCustoNaoEncontrado);
}

/** Create (34) or, with an id, edit (35); exceptions only with 152. */
export async function salvarFeriado(
  ctx: FeriadosContexto,
  auth: AuthContext,
  form: Form,
): Promise<{ mensagem: string }> {
  const editing = form.id !== null && form.id !== undefined;
  if (!auth.permissoes.has(editing ? PERM.FERIADOS_EDITAR : PERM.FERIADOS_NOVO)) throw forbidden(MSG.semPermissao);
  return ctx.run(auth, async (w) => {
    const before = editing ? await changeable(w, form.id!) : undefined;
    const abr = form.abrangencia;
    const values: FeriadoColumns = {
      data: form.data,
      descricao: form.descricao,
      abrangencia: abr,
      fixo: form.fixo,
      regraPascoa: form.regraPascoa ?? null,
      // Only what the scope uses is kept (seed 000 §4: changing the scope clears the rest).
      estadoId: usaEstado(abr) ? form.estado!.id! : null,
      cidadeId: usaCidade(abr) ? form.cidade!.id! : null,
    };
    const regra = feriadoApi.erroRegraPascoa(values);
    if (regra) throw badRequest(regra);
    const cargos = abr === ABRANGENCIA.CARGO ? unique(form.cargos.map((c) => c.id)) : [];
    const centrosCustos = abr === ABRANGENCIA.CENTRO_CUSTO ? unique(form.centrosCustos.map((c) => c.id)) : [];
    const excecoes = form.excecoes && {
      cargos: unique(form.excecoes.cargos),
      centrosCustos: unique(form.excecoes.centrosCustos),
      funcionarios: unique(form.excecoes.funcionarios),
    };
    if (excecoes) {
      const old = before?.links.excecoes ?? { cargos: [], centrosCustos: [], funcionarios: [] };
      // The employees sent must be ones the caller sees; those stored that the caller does not see stay.
      const enviados = await funcionariosVisiveis(w, excecoes.funcionarios);
      if (enviados.length !== excecoes.funcionarios.length) throw badRequest(M.funcionarioNaoEncontrado);
      const vistos = new Set((await funcionariosVisiveis(w, old.funcionarios)).map((f) => f.id));
      excecoes.funcionarios = unique([...excecoes.funcionarios, ...old.funcionarios.filter((id) => !vistos.has(id))]);
      const changed =
        !sameIds(old.cargos, excecoes.cargos) ||
        !sameIds(old.centrosCustos, excecoes.centrosCustos) ||
        !sameIds(old.funcionarios, excecoes.funcionarios);
      if (changed && !auth.permissoes.has(PERM.FERIADOS_EXCECAO_REGRA)) throw forbidden(M.semPermissaoExcecao);
    }
    await checkPlace(w, values.estadoId, values.cidadeId);
    await checkLists(w, unique([...cargos, ...(excecoes?.cargos ?? [])]), [
      ...centrosCustos,
      ...(excecoes?.centrosCustos ?? []),
    ]);
    let id: number;
    if (before) {
      id = before.row.id;
      if (!(await repo.update(w.tx, w.tenantId, id, values))) throw notFound(MSG.naoEncontrado);
    } else {
      id = await repo.insert(w.tx, w.tenantId, values);
    }
    await repo.replaceLinks(w.tx, w.tenantId, id, { cargos, centrosCustos, excecoes });
    await w.audit(
      before
        ? { acao: 'Editar', descricao: `Feriado ${rotulo(before.row)} alterado para ${rotulo(values)}` }
        : { acao: 'Cadastrar', descricao: `Feriado ${rotulo(values)}` },
    );
    return { mensagem: before ? M.alterado : M.salvo };
  });
}
