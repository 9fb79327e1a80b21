import { MSG, PERM, calendario, feriadoApi, type Feriado, type ParsedBodyOf } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, forbidden, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { tenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import { funcionariosVisiveis } from '../funcionario-pesquisa/funcionario-pesquisa.service.js';
import {
  feriadosRepository as repo,
  type FeriadoColumns,
  type FeriadoLinks,
  type FeriadoRow,
  type ItemLista,
} from './feriados.repository.js';

type Form = ParsedBodyOf<typeof feriadoApi.salvarFeriado>['feriado'];
type IncluirNacionais = ParsedBodyOf<typeof feriadoApi.incluirFeriadosNacionais>;
const M = feriadoApi.FERIADO_MSG;
const { ABRANGENCIA, usaCidade, usaEstado } = feriadoApi;

const unique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);
const sameIds = (a: readonly number[], b: readonly number[]) => {
  const x = unique(a);
  const y = unique(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};
const nomeAbrangencia = feriadoApi.descricaoAbrangencia;
/** How the operation log names a holiday: '25/12/2026 - Natal (Federal)'. */
const rotulo = (f: { data: string; descricao: string; abrangencia: number }) =>
  `${calendario.diaMesAno(f.data)} - ${f.descricao} (${nomeAbrangencia(f.abrangencia)})`;
const TIPO_CENTRO = ['', 'Departamento', 'Setor', 'Seção'];
/** A cost centre as seed 000 §2.6 lists them: 'codigo - nome (tipo)'. */
const rotuloCentro = (c: { codigo: string; nome: string; tipo: number }) =>
  `${c.codigo} - ${c.nome} (${TIPO_CENTRO[c.tipo] ?? c.tipo})`;
const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;

/** What a bulk insert says: how many went in, how many were there already, how many had no date to compute. */
function resumo(titulo: string, incluidos: number, existentes: number, semData: number) {
  const partes = [plural(incluidos, 'incluído', 'incluídos')];
  if (existentes) partes.push(plural(existentes, 'já existia', 'já existiam'));
  if (semData) partes.push(plural(semData, 'móvel sem data calculável', 'móveis sem data calculável'));
  return { mensagem: `${titulo}: ${partes.join(', ')}.`, incluidos, existentes, semData };
}

/** A holiday as the calculation reads it: its scope, place, scope lists and exceptions (issue 11 §5). */
export interface FeriadoCalculo {
  id: number;
  data: string;
  descricao: string;
  abrangencia: number;
  fixo: boolean;
  estadoId: number | null;
  cidadeId: number | null;
  links: FeriadoLinks;
}

/**
 * The tenant's holidays that can fall in [de, ate] (fixed ones of any year
 * included) with their scope lists and 'Exceção da Regra', for the
 * calculation's own unit of work (a job has no caller: no scope applies).
 */
export async function feriadosParaCalculo(
  w: Pick<TenantWork, 'tx' | 'tenantId'>,
  de: string,
  ate: string,
): Promise<FeriadoCalculo[]> {
  const rows = await repo.paraCalculo(w.tx, w.tenantId, de, ate);
  const links = await repo.links(
    w.tx,
    w.tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, links: links.get(r.id)! }));
}

/**
 * Feriados (seed 000 §2.5, §3–§7). Holidays belong to the tenant; their
 * cost-centre ties follow the caller's scope: ties outside it are not shown,
 * and a holiday that has any is read-only for that caller (`restrito`).
 * Exceptions ('Exceção da Regra') change only with code 152.
 */
export function feriadosService(deps: Deps) {
  const run = tenantWork(deps);

  /** The caller's cost centres (labels for the lists) and a membership test. */
  async function scopeOf(w: TenantWork) {
    const centros = (await repo.centrosCustoNoEscopo(w.tx, w.tenantId, await w.scope())).map((c) => ({
      ...c,
      nome: rotuloCentro(c),
    }));
    const byId = new Map(centros.map((c) => [c.id, c]));
    return { centros, byId, has: (id: number) => byId.has(id) };
  }

  const restrictedBy = (links: FeriadoLinks, inScope: (id: number) => boolean) =>
    [...links.centrosCustos, ...links.excecoes.centrosCustos].some((id) => !inScope(id));

  /** Holidays as the contract answers them, for this caller. */
  async function present(w: TenantWork, rows: readonly FeriadoRow[]): Promise<Feriado[]> {
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
  async function changeable(w: TenantWork, id: number) {
    const row = await repo.find(w.tx, w.tenantId, id);
    if (!row) throw notFound(MSG.naoEncontrado);
    const links = (await repo.links(w.tx, w.tenantId, [id])).get(id)!;
    if (restrictedBy(links, (await scopeOf(w)).has)) throw forbidden(M.restrito);
    return { row, links };
  }

  /** The place of a scope (state, city) or of the optional national holidays: it must exist. */
  async function checkPlace(w: TenantWork, estadoId: number | null, cidadeId: number | null) {
    if (estadoId !== null && !(await repo.estadoExiste(w.tx, estadoId))) throw badRequest(M.estadoNaoEncontrado);
    if (cidadeId !== null && !(await repo.cidadeNoEstado(w.tx, cidadeId, estadoId ?? 0))) {
      throw badRequest(M.cidadeForaDoEstado);
    }
  }

  async function checkLists(w: TenantWork, cargoIds: readonly number[], centroIds: readonly number[]) {
    if ((await repo.cargosByIds(w.tx, w.tenantId, cargoIds)).length !== cargoIds.length) {
      throw badRequest(M.cargoNaoEncontrado);
    }
    const scope = await scopeOf(w);
    // A cost centre outside the caller's scope is, to the caller, one that does not exist.
    if (!centroIds.every(scope.has)) throw badRequest(M.centroCustoNaoEncontrado);
  }

  return {
    async list(auth: AuthContext, ano: number): Promise<Feriado[]> {
      return run(auth, async (w) => present(w, await repo.listYear(w.tx, w.tenantId, ano)));
    },

    async get(auth: AuthContext, id: number) {
      return run(auth, async (w) => {
        const row = await repo.find(w.tx, w.tenantId, id);
        if (!row) throw notFound(MSG.naoEncontrado);
        const [feriado] = await present(w, [row]);
        return {
          feriado: feriado!,
          estados: await repo.estados(w.tx),
          cidades: row.estadoId === null ? [] : await repo.cidades(w.tx, row.estadoId),
        };
      });
    },

    /** Create (34) or, with an id, edit (35); exceptions only with 152. */
    async save(auth: AuthContext, form: Form): Promise<{ mensagem: string }> {
      const editing = form.id !== null && form.id !== undefined;
      if (!auth.permissoes.has(editing ? PERM.FERIADOS_EDITAR : PERM.FERIADOS_NOVO)) throw forbidden(MSG.semPermissao);
      return run(auth, async (w) => {
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
          excecoes.funcionarios = unique([
            ...excecoes.funcionarios,
            ...old.funcionarios.filter((id) => !vistos.has(id)),
          ]);
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
    },

    async remove(auth: AuthContext, id: number): Promise<{ mensagem: string }> {
      return run(auth, async (w) => {
        const { row } = await changeable(w, id);
        if (!(await repo.delete(w.tx, w.tenantId, id))) throw notFound(MSG.naoEncontrado);
        await w.audit({ acao: 'Excluir', descricao: `Feriado ${rotulo(row)}` });
        return { mensagem: M.excluido };
      });
    },

    /**
     * Copies a year's holidays to another: fixed ones on the same day and
     * month (29/02 only into a leap year), Easter ones recomputed from their
     * rule; movable ones without a rule have no date to compute. Holidays the
     * target year already has are skipped (the unique index decides), so a
     * copy run twice, or two at once, never doubles one. Lists and exceptions
     * go along.
     */
    async copy(auth: AuthContext, anoDe: number, anoPara: number) {
      if (anoDe === anoPara) throw badRequest(M.anosIguais);
      return run(auth, async (w) => {
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
    },

    /**
     * 'Incluir feriados nacionais': the year's federal holidays and, if
     * ticked, Carnaval (Monday and Tuesday), Sexta-feira Santa and Corpus
     * Christi in the scope chosen for them. Existing ones are skipped.
     */
    async includeNational(auth: AuthContext, body: IncluirNacionais) {
      return run(auth, async (w) => {
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
    },

    async estados(auth: AuthContext) {
      return run(auth, (w) => repo.estados(w.tx));
    },

    async cidades(auth: AuthContext, idEstado: number) {
      return run(auth, async (w) => {
        if (!(await repo.estadoExiste(w.tx, idEstado))) throw notFound(M.estadoNaoEncontrado);
        return repo.cidades(w.tx, idEstado);
      });
    },

    /** The cost centres the caller may pick, labelled as seed 000 §2.6 lists them. */
    async centrosCustos(auth: AuthContext) {
      return run(auth, async (w) => (await scopeOf(w)).centros);
    },
  };
}
