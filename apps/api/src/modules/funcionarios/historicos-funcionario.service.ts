import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { addDays } from '../../shared/clock.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import {
  M,
  alvoDe,
  cargoExistente,
  escalaExistente,
  mudarFuncionario,
  rotulo,
  visivel,
  type FuncionariosContexto,
  type Mensagem,
} from './funcionarios-contexto.service.js';
import { funcionariosRepository as repo, type HistoricoRow } from './funcionarios.repository.js';

// The employee's schedule and position histories (seed 001 §4): at most one open entry each.

/** The current entry of a history and the one before it (newest first: [current, previous, …]). */
async function atualEAnterior(w: TenantWork, kind: 'escalas' | 'cargos', funcionarioId: number) {
  const lista = await repo[kind].list(w.tx, w.tenantId, funcionarioId);
  const atual = lista.find((h) => h.dataFinal === null);
  const anterior = atual ? lista.filter((h) => h.id !== atual.id && h.dataInicio < atual.dataInicio)[0] : undefined;
  return { atual, anterior };
}

/** A schedule history entry of this employee that is the current one (404 not theirs, 400 not current). */
async function entradaAtual(w: TenantWork, kind: 'escalas' | 'cargos', id: number, funcionarioId: number) {
  const h = await repo[kind].find(w.tx, w.tenantId, id);
  if (!h || h.funcionarioId !== funcionarioId) throw notFound(M.naoEncontrado);
  if (h.dataFinal !== null) throw badRequest(M.somenteAtual);
  return h;
}

/** A new entry from `dataInicio`: the current one ends the day before (its start must be earlier). */
async function novaEntrada(
  w: TenantWork,
  kind: 'escalas' | 'cargos',
  funcionarioId: number,
  atual: HistoricoRow | undefined,
  refId: number,
  dataInicio: string,
) {
  if (atual) {
    if (dataInicio <= atual.dataInicio) throw badRequest(M.dataInicioPosterior(atual.dataInicio));
    await repo[kind].update(w.tx, w.tenantId, atual.id, { dataFinal: addDays(dataInicio, -1) });
  }
  await repo[kind].insert(w.tx, w.tenantId, funcionarioId, refId, dataInicio);
}

/** A new schedule from a date; the current entry ends the day before (seed 001 §4). */
export async function trocarContrato(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  idFuncionario: number,
  idEscala: number,
  dataInicio: string,
): Promise<Mensagem> {
  return mudarFuncionario(ctx, auth, idFuncionario, async (w, f) => {
    const escala = await escalaExistente(w, idEscala);
    const { atual } = await atualEAnterior(w, 'escalas', f.id);
    if (atual?.refId === escala.id) throw badRequest(M.escalaIgual);
    await novaEntrada(w, 'escalas', f.id, atual, escala.id, dataInicio);
    await w.audit({
      acao: 'Editar',
      descricao: `${rotulo(f)}: escala ${escala.descricao} a partir de ${dataInicio}`,
      alvo: alvoDe(f),
    });
    return { mensagem: M.escalaTrocada };
  });
}

/**
 * The current schedule entry: another schedule on the same dates, or
 * removed (the previous entry becomes the current one again).
 */
export async function trocarExcluirContrato(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  idFuncionario: number,
  idEntrada: number,
  idEscalaNova: number | undefined,
): Promise<Mensagem> {
  return mudarFuncionario(ctx, auth, idFuncionario, async (w, f) => {
    const atual = await entradaAtual(w, 'escalas', idEntrada, f.id);
    if (idEscalaNova !== undefined) {
      const escala = await escalaExistente(w, idEscalaNova);
      if (atual.refId === escala.id) throw badRequest(M.escalaIgual);
      await repo.escalas.update(w.tx, w.tenantId, atual.id, { refId: escala.id });
      await w.audit({
        acao: 'Editar',
        descricao: `${rotulo(f)}: escala desde ${atual.dataInicio} trocada por ${escala.descricao}`,
        alvo: alvoDe(f),
      });
      return { mensagem: M.escalaTrocada };
    }
    const { anterior } = await atualEAnterior(w, 'escalas', f.id);
    if (!anterior) throw badRequest(M.unicaEscala);
    // The open entry goes first: at most one entry may be open (funcionario_escalas_atual_uq).
    await repo.escalas.delete(w.tx, w.tenantId, atual.id);
    await repo.escalas.update(w.tx, w.tenantId, anterior.id, { dataFinal: null });
    await w.audit({
      acao: 'Excluir',
      descricao: `${rotulo(f)}: escala desde ${atual.dataInicio} excluída do histórico`,
      alvo: alvoDe(f),
    });
    return { mensagem: M.escalaExcluida };
  });
}

/** The current schedule entry starts on another day; the previous one ends the day before. */
export async function alterarDataInicioContrato(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  idFuncionario: number,
  idEntrada: number,
  dataInicio: string,
): Promise<Mensagem> {
  return mudarFuncionario(ctx, auth, idFuncionario, async (w, f) => {
    const atual = await entradaAtual(w, 'escalas', idEntrada, f.id);
    const { anterior } = await atualEAnterior(w, 'escalas', f.id);
    if (anterior && dataInicio <= anterior.dataInicio) throw badRequest(M.dataInicioPosterior(anterior.dataInicio));
    await repo.escalas.update(w.tx, w.tenantId, atual.id, { dataInicio });
    if (anterior) await repo.escalas.update(w.tx, w.tenantId, anterior.id, { dataFinal: addDays(dataInicio, -1) });
    await w.audit({
      acao: 'Editar',
      descricao: `${rotulo(f)}: início da escala atual ${atual.dataInicio} → ${dataInicio}`,
      alvo: alvoDe(f),
    });
    return { mensagem: M.dataInicioAlterada };
  });
}

/** 'Novo cargo' from a date (ehHistorico) or 'Alterar cargo' of the current entry (seed 001 §4). */
export async function salvarFuncionarioCargo(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  b: { idCargoNovo: number; idCargoFuncionarioAntigo: number; dataInicio: string | null; ehHistorico: boolean },
): Promise<Mensagem> {
  return ctx.run(auth, async (w) => {
    const entrada = await repo.cargos.find(w.tx, w.tenantId, b.idCargoFuncionarioAntigo);
    if (!entrada) throw notFound(M.naoEncontrado);
    const f = await visivel(w, entrada.funcionarioId, true);
    // Read again under the employee's lock: another change may have closed it meanwhile.
    const atual = await entradaAtual(w, 'cargos', entrada.id, f.id);
    const cargo = await cargoExistente(w, b.idCargoNovo);
    if (atual.refId === cargo.id) throw badRequest(M.cargoIgual);
    if (b.ehHistorico) {
      await novaEntrada(w, 'cargos', f.id, atual, cargo.id, b.dataInicio!);
      await w.audit({
        acao: 'Editar',
        descricao: `${rotulo(f)}: cargo ${cargo.nome} a partir de ${b.dataInicio}`,
        alvo: alvoDe(f),
      });
    } else {
      await repo.cargos.update(w.tx, w.tenantId, atual.id, { refId: cargo.id });
      await w.audit({
        acao: 'Editar',
        descricao: `${rotulo(f)}: cargo desde ${atual.dataInicio} trocado por ${cargo.nome}`,
        alvo: alvoDe(f),
      });
    }
    return { mensagem: M.cargoAlterado };
  });
}
