import { MSG, SUPORTE, type AutorizacaoSuporte } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { fusoHorarioEmpresa } from '../../db/fuso-horario-empresa.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { addDays, brDate, localDate } from '../../shared/clock.js';
import { tenantWork } from '../../shared/unit-of-work.js';
import { autorizacaoSuporteRepository as repo } from './autorizacao-suporte.repository.js';

/**
 * Autorização de Suporte, the customer's side (seed 000 §2.6, §4; decision
 * 0016): any logged-in user of the customer (code 0) opens one for six more
 * days or deletes an open one; at most one is open at a time. A support
 * session itself may do neither — it cannot extend or hide its own access:
 * the contracts declare both calls `suporte: 'negado'` (decision 0064).
 */
export function autorizacaoSuporteService(deps: Deps) {
  const work = tenantWork(deps);
  const closed = (a: { fechado: boolean; dataFinal: string }, today: string) => a.fechado || a.dataFinal < today;

  return {
    salvarAutorizacaoSuporte(auth: AuthContext): Promise<{ mensagem: string; dataFinal: string }> {
      return work(auth, async ({ tx, tenantId, now, audit }) => {
        const today = localDate(now, await fusoHorarioEmpresa(tx, tenantId));
        await repo.lockCreation(tx, tenantId);
        const open = await repo.findOpen(tx, tenantId, today);
        if (open) throw badRequest(MSG.autorizacaoJaAberta(brDate(open.dataFinal)));
        const dataFinal = addDays(today, SUPORTE.diasAutorizacao);
        const id = await repo.insert(tx, {
          tenantId,
          usuarioId: auth.userId,
          autorizaPor: auth.nome.slice(0, 100),
          email: auth.email,
          dataCadastro: now,
          dataFinal,
        });
        await audit({ acao: 'Cadastrar', descricao: `Autorização de suporte ${id} até ${brDate(dataFinal)}` });
        return { mensagem: MSG.autorizacaoCriada, dataFinal };
      });
    },

    excluirAutorizacaoSuporte(auth: AuthContext, id: number): Promise<{ mensagem: string }> {
      return work(auth, async ({ tx, tenantId, now, audit }) => {
        const today = localDate(now, await fusoHorarioEmpresa(tx, tenantId));
        const row = await repo.lock(tx, tenantId, id);
        if (!row) throw notFound(MSG.naoEncontrado);
        if (closed(row, today)) throw badRequest(MSG.autorizacaoFechada);
        // The support sessions of this authorisation end with it: the session check joins it.
        await repo.remove(tx, tenantId, id);
        await audit({ acao: 'Excluir', descricao: `Autorização de suporte ${id} (até ${brDate(row.dataFinal)})` });
        return { mensagem: MSG.autorizacaoExcluida };
      });
    },

    listarAutorizacoesSuporte(
      auth: AuthContext,
      q: { idEmp?: number | undefined; a: number; m: number },
    ): Promise<AutorizacaoSuporte[]> {
      return work(auth, async ({ tx, tenantId, now }) => {
        // idEmp names the company (seed 000 §7): one main company per tenant, so another id lists nothing.
        if (q.idEmp !== undefined && q.idEmp !== (await repo.mainCompanyId(tx, tenantId))) return [];
        const zone = await fusoHorarioEmpresa(tx, tenantId);
        const today = localDate(now, zone);
        const rows = await repo.listMonth(tx, tenantId, zone, `${q.a}-${String(q.m).padStart(2, '0')}`);
        return rows.map((r) => ({
          id: r.id,
          autorizaPor: r.autorizaPor,
          email: r.email,
          dataCadastro: r.dataCadastro.toISOString(),
          dataFinal: r.dataFinal,
          fechado: closed(r, today),
        }));
      });
    },
  };
}
