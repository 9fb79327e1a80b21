import type { Tx } from '../../db/tenant-tx.js';
import { fusoHorarioEmpresa } from '../../db/fuso-horario-empresa.js';
import { localDate } from '../../shared/clock.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import {
  IMAGENS_POR_COMANDO,
  TIPO_COMANDO,
  USUARIOS_POR_COMANDO,
  alterarUsuariosRep,
  cadastrarGrupos,
  cadastrarUsuarios,
  enviarImagens,
  excluirUsuarios,
  excluirUsuariosRep,
  incluirUsuariosRep,
  lotes,
  type UsuarioRep,
} from './comandos.js';
import {
  relogioPushRepository as repo,
  type FuncionarioDispositivo,
  type NovoComando,
} from './relogio-push.repository.js';

/**
 * The commands that register employees on an access-line device (spec/devices.md §4(a)): users in chunks of 100,
 * each with the default group, then their photos in chunks of 10. A full sync and an employee's change share it.
 */
export async function cadastroNoDispositivo(
  tx: Tx,
  tenantId: number,
  relogioId: number,
  funcionarios: readonly FuncionarioDispositivo[],
): Promise<NovoComando[]> {
  const comandos: NovoComando[] = [];
  for (const lote of lotes(funcionarios, USUARIOS_POR_COMANDO)) {
    const ids = lote.map((f) => f.id);
    comandos.push(
      { relogioId, tipo: TIPO_COMANDO.cadastrarUsuarios, payload: cadastrarUsuarios(lote), funcionarioIds: ids },
      { relogioId, tipo: TIPO_COMANDO.cadastrarGrupos, payload: cadastrarGrupos(ids), funcionarioIds: ids },
    );
  }
  const comFoto = funcionarios.filter((f) => f.temFoto).map((f) => f.id);
  for (const ids of lotes(comFoto, IMAGENS_POR_COMANDO)) {
    const fotos = await repo.fotos(tx, tenantId, ids);
    comandos.push({ relogioId, tipo: TIPO_COMANDO.enviarImagens, payload: enviarImagens(fotos), funcionarioIds: ids });
  }
  return comandos;
}

/** A Push device: whoever changed is removed (their groups and photo with them), and whoever belongs is registered again. */
async function noDispositivo(w: TenantWork, relogioId: number, deles: readonly FuncionarioDispositivo[]) {
  const comandos: NovoComando[] = lotes(
    deles.map((f) => f.id),
    USUARIOS_POR_COMANDO,
  ).map((ids) => ({
    relogioId,
    tipo: TIPO_COMANDO.excluirAlgunsUsuarios,
    payload: excluirUsuarios(ids),
    funcionarioIds: ids,
  }));
  return [
    ...comandos,
    ...(await cadastroNoDispositivo(
      w.tx,
      w.tenantId,
      relogioId,
      deles.filter((f) => f.noRelogio),
    )),
  ];
}

/**
 * A REP of a Coletor Local (decision 0083): it records every inclusion, change and removal in its AFD, so each
 * employee becomes exactly one of add, update or remove, as `relogio_usuarios` says what it holds; an employee
 * without the identifier the REP keys by (CPF under 671, PIS under 1510) cannot be on it.
 */
async function noRep(
  w: TenantWork,
  relogio: { id: number; portaria: string | null },
  deles: readonly FuncionarioDispositivo[],
) {
  const registrados = await repo.usuariosNoRep(
    w.tx,
    w.tenantId,
    relogio.id,
    deles.map((f) => f.id),
  );
  const incluir: (UsuarioRep & { id: number })[] = [];
  const alterar: (UsuarioRep & { id: number })[] = [];
  const excluir: { id: number; identificador: string }[] = [];
  for (const f of deles) {
    const identificador = relogio.portaria === '1510' ? f.pis : f.cpf;
    const antes = registrados.get(f.id);
    const fica = f.noRelogio && identificador !== null && identificador !== '';
    if (antes !== undefined && (!fica || antes !== identificador)) excluir.push({ id: f.id, identificador: antes });
    if (!fica) continue;
    const u = { id: f.id, nome: f.nome, cracha: f.cracha, identificador: identificador! };
    (antes === identificador ? alterar : incluir).push(u);
  }
  const comandos: NovoComando[] = [];
  const fila = <T extends { id: number }>(itens: T[], tipo: string, payload: (lote: T[]) => unknown) => {
    for (const lote of lotes(itens, USUARIOS_POR_COMANDO))
      comandos.push({ relogioId: relogio.id, tipo, payload: payload(lote), funcionarioIds: lote.map((u) => u.id) });
  };
  // Removals first: a CPF that moved from one employee to another is free on the REP before it is added again.
  fila(excluir, TIPO_COMANDO.repExcluir, (l) =>
    excluirUsuariosRep(
      relogio.portaria,
      l.map((u) => u.identificador),
    ),
  );
  fila(incluir, TIPO_COMANDO.repIncluir, (l) => incluirUsuariosRep(relogio.portaria, l));
  fila(alterar, TIPO_COMANDO.repAlterar, (l) => alterarUsuariosRep(relogio.portaria, l));
  const incluidos = new Set(incluir.map((u) => u.id));
  await repo.anotarUsuariosNoRep(
    w.tx,
    w.tenantId,
    relogio.id,
    [...incluir, ...alterar],
    excluir.map((u) => u.id).filter((id) => !incluidos.has(id)),
  );
  return comandos;
}

/**
 * Day-to-day employee changes reach the clocks (spec/devices.md §4(a) 'Day-to-day employee edits enqueue
 * incremental … commands'; decision 0083): after employees are saved, imported or get a new photo, in the same
 * transaction, each clock of their company that takes commands gets theirs queued (Funcionários para
 * Sincronizar counts them until the device runs them). Costs one query when the tenant has no such clock.
 */
export async function relogiosSeguemFuncionarios(w: TenantWork, funcionarioIds: readonly number[]): Promise<void> {
  if (funcionarioIds.length === 0) return;
  const relogios = await repo.relogiosComFila(w.tx, w.tenantId);
  if (relogios.length === 0) return;
  const hoje = localDate(w.now, await fusoHorarioEmpresa(w.tx, w.tenantId));
  const funcionarios = await repo.funcionariosParaDispositivo(w.tx, w.tenantId, { ids: funcionarioIds }, hoje);
  const comandos: NovoComando[] = [];
  for (const r of relogios) {
    const deles = funcionarios.filter((f) => f.cnpjId === r.cnpjId);
    comandos.push(...(r.tipoServico === 'Push' ? await noDispositivo(w, r.id, deles) : await noRep(w, r, deles)));
  }
  await repo.enfileirar(w.tx, w.tenantId, null, comandos);
}
