import { calendario, feriadoApi, MSG, type Feriado } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, forbidden, notFound } from '../../shared/app-error.js';
import { tenantWork, type RunTenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import { funcionariosVisiveis } from '../funcionario-pesquisa/funcionario-pesquisa.service.js';
import {
  feriadosRepository as repo,
  type FeriadoLinks,
  type FeriadoRow,
  type ItemLista,
} from './feriados.repository.js';

export const M = feriadoApi.FERIADO_MSG;

/**
 * What every use case of Feriados (seed 000 §2.5, §3–§7) works with, made
 * once per service (decision 0068). Holidays belong to the tenant; their
 * cost-centre ties follow the caller's scope: ties outside it are not shown,
 * and a holiday that has any is read-only for that caller (`restrito`).
 * Exceptions ('Exceção da Regra') change only with code 152.
 */
export interface FeriadosContexto {
  deps: Deps;
  run: RunTenantWork;
}

export function feriadosContexto(deps: Deps): FeriadosContexto {
  return { deps, run: tenantWork(deps) };
}

export const unique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);
const nomeAbrangencia = feriadoApi.descricaoAbrangencia;
/** How the operation log names a holiday: '25/12/2026 - Natal (Federal)'. */
export const rotulo = (f: { data: string; descricao: string; abrangencia: number }) =>
  `${calendario.diaMesAno(f.data)} - ${f.descricao} (${nomeAbrangencia(f.abrangencia)})`;
const TIPO_CENTRO = ['', 'Departamento', 'Setor', 'Seção'];
/** A cost centre as seed 000 §2.6 lists them: 'codigo - nome (tipo)'. */
const rotuloCentro = (c: { codigo: string; nome: string; tipo: number }) =>
  `${c.codigo} - ${c.nome} (${TIPO_CENTRO[c.tipo] ?? c.tipo})`;
const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;

/** What a bulk insert says: how many went in, how many were there already, how many had no date to compute. */
export function resumo(titulo: string, incluidos: number, existentes: number, semData: number) {
  const partes = [plural(incluidos, 'incluído', 'incluídos')];
  if (existentes) partes.push(plural(existentes, 'já existia', 'já existiam'));
  if (semData) partes.push(plural(semData, 'móvel sem data calculável', 'móveis sem data calculável'));
  return { mensagem: `${titulo}: ${partes.join(', ')}.`, incluidos, existentes, semData };
}

/** The caller's cost centres (labels for the lists) and a membership test. */
export async function scopeOf(w: TenantWork) {
  const centros = (await repo.centrosCustoNoEscopo(w.tx, w.tenantId, await w.scope())).map((c) => ({
    ...c,
    nome: rotuloCentro(c),
  }));
  const byId = new Map(centros.map((c) => [c.id, c]));
  return { centros, byId, has: (id: number) => byId.has(id) };
}

export const restrictedBy = (links: FeriadoLinks, inScope: (id: number) => boolean) =>
  [...links.centrosCustos, ...links.excecoes.centrosCustos].some((id) => !inScope(id));

/** Holidays as the contract answers them, for this caller. */
export async function present(w: TenantWork, rows: readonly FeriadoRow[]): Promise<Feriado[]> {
  const links = await repo.links(
    w.tx,
    w.tenantId,
    rows.map((r) => r.id),
  );
  const scope = await scopeOf(w);
  const cargoIds = unique([...links.values()].flatMap((l) => l.cargos));
  const cargosById = new Map((await repo.cargosByIds(w.tx, w.tenantId, cargoIds)).map((c) => [c.id, c]));
  // Employees outside the caller's scope are not shown (and are kept on save).
  const funcionarios = await funcionariosVisiveis(
    w,
    [...links.values()].flatMap((l) => l.excecoes.funcionarios),
  );
  const funcionarioPorId = new Map(funcionarios.map((f) => [f.id, f]));
  const item = (c: ItemLista): ItemLista => ({ id: c.id, codigo: c.codigo, nome: c.nome });
  return rows.map((r) => {
    const l = links.get(r.id)!;
    return {
      id: r.id,
      data: r.data,
      descricao: r.descricao,
      abrangencia: r.abrangencia,
      descricaoAbrangencia: nomeAbrangencia(r.abrangencia),
      fixo: r.fixo,
      regraPascoa: r.regraPascoa,
      estado: r.estado,
      cidade: r.cidade,
      cargos: l.cargos.flatMap((id) => (cargosById.has(id) ? [item(cargosById.get(id)!)] : [])),
      centrosCustos: l.centrosCustos.flatMap((id) => (scope.has(id) ? [item(scope.byId.get(id)!)] : [])),
      excecoes: {
        cargos: l.excecoes.cargos,
        centrosCustos: l.excecoes.centrosCustos.filter(scope.has),
        funcionarios: l.excecoes.funcionarios.filter((id) => funcionarioPorId.has(id)),
      },
      funcionariosExcecao: funcionarios.filter((f) => l.excecoes.funcionarios.includes(f.id)),
      restrito: restrictedBy(l, scope.has),
    };
  });
}

/** The stored holiday with its links, refused when the caller may not change it. */
export async function changeable(w: TenantWork, id: number) {
  const row = await repo.find(w.tx, w.tenantId, id);
  if (!row) throw notFound(MSG.naoEncontrado);
  const links = (await repo.links(w.tx, w.tenantId, [id])).get(id)!;
  if (restrictedBy(links, (await scopeOf(w)).has)) throw forbidden(M.restrito);
  return { row, links };
}

/** The place of a scope (state, city) or of the optional national holidays: it must exist. */
export async function checkPlace(w: TenantWork, estadoId: number | null, cidadeId: number | null) {
  if (estadoId !== null && !(await repo.estadoExiste(w.tx, estadoId))) throw badRequest(M.estadoNaoEncontrado);
  if (cidadeId !== null && !(await repo.cidadeNoEstado(w.tx, cidadeId, estadoId ?? 0))) {
    throw badRequest(M.cidadeForaDoEstado);
  }
}

export async function checkLists(w: TenantWork, cargoIds: readonly number[], centroIds: readonly number[]) {
  if ((await repo.cargosByIds(w.tx, w.tenantId, cargoIds)).length !== cargoIds.length) {
    throw badRequest(M.cargoNaoEncontrado);
  }
  const scope = await scopeOf(w);
  // A cost centre outside the caller's scope is, to the caller, one that does not exist.
  if (!centroIds.every(scope.has)) throw badRequest(M.centroCustoNaoEncontrado);
}
