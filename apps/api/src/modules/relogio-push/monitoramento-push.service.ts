import { FABRICANTES_RELOGIO, monitoramentoPushApi, type MonitoramentoPush } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/tenant-tx.js';
import { fusoHorarioEmpresa } from '../../db/fuso-horario-empresa.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { localDate } from '../../shared/clock.js';
import { tenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import { TIPO_COMANDO, coletarMarcacoes, excluirTodosUsuarios, listarImagens } from './comandos.js';
import { cadastroNoDispositivo } from './funcionarios-nos-relogios.service.js';
import {
  relogioPushRepository as repo,
  type EstadoPushRow,
  type FuncionarioDispositivo,
  type NovoComando,
} from './relogio-push.repository.js';

const M = monitoramentoPushApi.MONITORAMENTO_PUSH_MSG;
const IDFACE: (typeof FABRICANTES_RELOGIO)[number] = 'ControlId IdFace';

/**
 * The status rule of the monitoring screen (spec/devices.md §4(a); seed 001
 * §4): Parado when an admin stopped it; Erro when a command failed for good
 * or the device has been silent longer than `semContatoMs` (or never
 * called); Autenticado otherwise.
 */
export function statusDoRelogio(r: EstadoPushRow, now: Date, semContatoMs: number, fuso: string): MonitoramentoPush {
  let status: MonitoramentoPush['status'] = 'Autenticado';
  let mensagem: string | null = r.erroMensagem;
  if (!r.monitoramentoAtivo) status = 'Parado';
  else if (r.erroMensagem !== null) status = 'Erro';
  else if (r.ultimaConexao === null) [status, mensagem] = ['Erro', M.semContato];
  else if (now.getTime() - r.ultimaConexao.getTime() > semContatoMs) {
    const hora = new Intl.DateTimeFormat('pt-BR', { timeZone: fuso, dateStyle: 'short', timeStyle: 'short' });
    [status, mensagem] = ['Erro', M.semContatoDesde(hora.format(r.ultimaConexao))];
  }
  return {
    id: r.id,
    modelo: r.modelo,
    numeroSerie: r.numeroSerie,
    localInstalacao: r.localInstalacao,
    funcionariosSincronizar: r.funcionariosSincronizar,
    dataUltimaConexao: r.ultimaConexao?.toISOString() ?? null,
    dataUltimaSincronizacao: r.ultimaSincronizacao?.toISOString() ?? null,
    status,
    mensagem,
    nsr: r.nsr,
    fabricante: r.fabricante,
    idCloud: r.idCloud,
  };
}

/**
 * The commands of a full sync of one device (seed 001 §7: "deletes all
 * employees and images, registers employees, then registers images";
 * devices.md §4(a) 'What the sync tasks enqueue').
 */
async function comandosDeSincronizacao(
  tx: Tx,
  tenantId: number,
  relogioId: number,
  funcionarios: readonly FuncionarioDispositivo[],
): Promise<NovoComando[]> {
  return [
    { relogioId, tipo: TIPO_COMANDO.excluirUsuarios, payload: excluirTodosUsuarios(), funcionarioIds: [] },
    ...(await cadastroNoDispositivo(tx, tenantId, relogioId, funcionarios)),
  ];
}

/**
 * Monitoramento Serviço Push (seed 001 §2.12; issue 25 §4; codes 173/174):
 * the company's Push clocks with their state, the cursor ('NSR'), monitoring
 * on and off, and the sync tasks, whose commands wait in each clock's queue
 * for its next poll.
 */
export function monitoramentoPushService(deps: Deps) {
  const run = tenantWork(deps);
  const cfg = deps.config.dispositivos;

  async function linhas(w: TenantWork, filtro: { cnpjId: number } | { id: number }) {
    const rows = await repo.estado(w.tx, w.tenantId, filtro);
    const fuso = await fusoHorarioEmpresa(w.tx, w.tenantId);
    return rows.map((r) => ({ row: r, tela: statusDoRelogio(r, w.now, cfg.semContatoMs, fuso) }));
  }

  async function relogioVisivel(w: TenantWork, id: number) {
    const [r] = await linhas(w, { id });
    if (!r) throw notFound(M.naoEncontrado);
    (await w.scope()).requireCnpj(r.row.cnpjId);
    return r;
  }

  async function funcionariosDaEmpresa(w: TenantWork, cnpjId: number): Promise<FuncionarioDispositivo[]> {
    const fuso = await fusoHorarioEmpresa(w.tx, w.tenantId);
    const todos = await repo.funcionariosParaDispositivo(w.tx, w.tenantId, { cnpjId }, localDate(w.now, fuso));
    if (todos.length === 0) throw badRequest(M.semFuncionarios);
    return todos;
  }

  /** A full sync of each clock: what it still had queued (but a punch collection) is replaced. */
  async function sincronizar(w: TenantWork, cnpjId: number, relogioIds: readonly number[], tipo: string) {
    const funcionarios = await funcionariosDaEmpresa(w, cnpjId);
    const tarefaId = await repo.criarTarefa(w.tx, w.tenantId, cnpjId, tipo, w.auth.suporte ? null : w.auth.userId);
    for (const id of relogioIds) {
      await repo.descartarAbertos(w.tx, w.tenantId, id, w.now);
      await repo.enfileirar(
        w.tx,
        w.tenantId,
        tarefaId,
        await comandosDeSincronizacao(w.tx, w.tenantId, id, funcionarios),
      );
    }
    await w.audit({
      acao: 'Cadastrar',
      descricao: `Sincronização de funcionários e imagens (${tipo}) em ${relogioIds.length} equipamento(s)`,
      alvo: { cnpjId },
    });
    return { mensagem: M.tarefaCriada(relogioIds.length) };
  }

  return {
    listar(auth: AuthContext, cnpjId: number): Promise<MonitoramentoPush[]> {
      return run(auth, async (w) => {
        (await w.scope()).requireCnpj(cnpjId);
        return (await linhas(w, { cnpjId })).map((l) => l.tela);
      });
    },

    buscar(auth: AuthContext, id: number): Promise<MonitoramentoPush> {
      return run(auth, async (w) => (await relogioVisivel(w, id)).tela);
    },

    /** The cursor, and a collection from it: the seed's NSR is where punches are read from (§2.12). */
    atualizarNsr(auth: AuthContext, id: number, nsr: number) {
      return run(auth, async (w) => {
        const r = await relogioVisivel(w, id);
        await repo.atualizarNsr(w.tx, w.tenantId, id, nsr);
        await repo.enfileirar(w.tx, w.tenantId, null, [
          { relogioId: id, tipo: TIPO_COMANDO.coletarMarcacoes, payload: coletarMarcacoes(nsr), funcionarioIds: [] },
        ]);
        await w.audit({
          acao: 'Editar',
          descricao: `NSR do equipamento ${r.row.numeroSerie}: ${r.row.nsr ?? '-'} → ${nsr}`,
          alvo: { cnpjId: r.row.cnpjId },
        });
        return { mensagem: M.nsrAtualizado };
      });
    },

    monitorar(auth: AuthContext, id: number, ativo: boolean) {
      return run(auth, async (w) => {
        const r = await relogioVisivel(w, id);
        await repo.monitorar(w.tx, w.tenantId, id, ativo);
        await w.audit({
          acao: 'Editar',
          descricao: `Monitoramento do equipamento ${r.row.numeroSerie} ${ativo ? 'iniciado' : 'parado'}`,
          alvo: { cnpjId: r.row.cnpjId },
        });
        return { mensagem: ativo ? M.monitoramentoAtivado : M.monitoramentoParado };
      });
    },

    sincronizarTodos(auth: AuthContext, cnpj: number) {
      return run(auth, async (w) => {
        const cnpjId = cnpj;
        (await w.scope()).requireCnpj(cnpjId);
        const ids = (await linhas(w, { cnpjId })).map((l) => l.row.id);
        if (ids.length === 0) throw badRequest(M.selecioneEquipamento);
        return sincronizar(w, cnpjId, ids, 'SINCRONIZAR_GERAL');
      });
    },

    sincronizarSelecionados(auth: AuthContext, selecionados: readonly { id: number }[], cnpj: number) {
      return run(auth, async (w) => {
        const cnpjId = cnpj;
        (await w.scope()).requireCnpj(cnpjId);
        const ids = [...new Set(selecionados.map((s) => s.id))];
        for (const id of ids) if ((await relogioVisivel(w, id)).row.cnpjId !== cnpjId) throw badRequest(M.outraEmpresa);
        return sincronizar(w, cnpjId, ids, 'SINCRONIZAR_GERAL_SELECIONADOS');
      });
    },

    /** Exactly one device (seed 001 §5): the photos come from one face reader. */
    importarImagens(auth: AuthContext, relogio: { id: number } | null | undefined, cnpj: number) {
      return run(auth, async (w) => {
        if (!relogio) throw badRequest(M.selecioneEquipamento);
        const cnpjId = cnpj;
        const r = await relogioVisivel(w, relogio.id);
        if (r.row.cnpjId !== cnpjId) throw badRequest(M.outraEmpresa);
        if (r.row.fabricante !== IDFACE) throw badRequest(M.semFace);
        const tarefaId = await repo.criarTarefa(
          w.tx,
          w.tenantId,
          cnpjId,
          'IMPORTAR_IMAGENS_FACE',
          w.auth.suporte ? null : w.auth.userId,
        );
        await repo.enfileirar(w.tx, w.tenantId, tarefaId, [
          { relogioId: r.row.id, tipo: TIPO_COMANDO.listarImagens, payload: listarImagens(), funcionarioIds: [] },
        ]);
        await w.audit({
          acao: 'Cadastrar',
          descricao: `Importação de imagens de face do equipamento ${r.row.numeroSerie}`,
          alvo: { cnpjId },
        });
        return { mensagem: M.importacaoCriada };
      });
    },
  };
}
