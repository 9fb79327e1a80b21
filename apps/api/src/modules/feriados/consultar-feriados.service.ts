import { MSG, type Feriado } from '@jornada/contracts';
import { notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { M, present, scopeOf, type FeriadosContexto } from './feriados-contexto.service.js';
import { feriadosRepository as repo } from './feriados.repository.js';

/** 'Feriados' (seed 000 §2.5): the year's holidays. */
export async function listarFeriados(ctx: FeriadosContexto, auth: AuthContext, ano: number): Promise<Feriado[]> {
  return ctx.run(auth, async (w) => present(w, await repo.listYear(w.tx, w.tenantId, ano)));
}

/** A holiday opened for editing, with the states and the cities of its state. */
export async function buscarFeriado(ctx: FeriadosContexto, auth: AuthContext, id: number) {
  return ctx.run(auth, async (w) => {
    const row = await repo.find(w.tx, w.tenantId, id);
    if (!row) throw notFound(MSG.naoEncontrado);
    const [feriado] = await present(w, [row]);
    return {
      feriado: feriado!,
      estados: await repo.estados(w.tx),
      cidades: row.estadoId === null ? [] : await repo.cidades(w.tx, row.estadoId),
    };
  });
}

export async function listarEstados(ctx: FeriadosContexto, auth: AuthContext) {
  return ctx.run(auth, (w) => repo.estados(w.tx));
}

export async function listarCidades(ctx: FeriadosContexto, auth: AuthContext, idEstado: number) {
  return ctx.run(auth, async (w) => {
    if (!(await repo.estadoExiste(w.tx, idEstado))) throw notFound(M.estadoNaoEncontrado);
    return repo.cidades(w.tx, idEstado);
  });
}

/** The cost centres the caller may pick, labelled as seed 000 §2.6 lists them. */
export async function listarCentrosCustosFeriado(ctx: FeriadosContexto, auth: AuthContext) {
  return ctx.run(auth, async (w) => (await scopeOf(w)).centros);
}
