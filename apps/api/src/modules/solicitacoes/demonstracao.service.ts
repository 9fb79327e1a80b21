import type { SeededTenant } from '../../db/seed/tenancy.js';
import type { Tx } from '../../db/tenant-tx.js';
import { solicitacoesRepository as repo } from './solicitacoes.repository.js';

/**
 * The demo's pending requests (decision 0086), after its months are
 * calculated: at the main company, in the last calculated month, the longest
 * lateness asks to be justified (a medical appointment) and the employee with
 * a web device asks to include a forgotten lunch return, so Solicitações,
 * Controle's icon and Marcações' bold days have something to show.
 */
export async function seedSolicitacoesDemonstracao(tx: Tx, tenants: SeededTenant[]): Promise<void> {
  const demo = tenants.find((t) => t.key === 'demo');
  const cnpjId = demo?.cnpjIds[0];
  if (!demo || cnpjId === undefined) return;
  const t = demo.tenantId;
  const [abono, inclusao] = [await repo.justificativaDoTipo(tx, t, 1), await repo.justificativaDoTipo(tx, t, 4)];
  const atraso = await repo.atrasoDoUltimoMes(tx, t, cnpjId);
  if (atraso && abono)
    await repo.criar(tx, t, {
      cnpjId,
      funcionarioId: atraso.funcionario,
      dispositivoId: null,
      clientId: null,
      origem: 'CTRL_JUSTIFICAR',
      dataPonto: atraso.dia,
      itens: { eventos: [{ codigo: 'atraso', justificativa: abono }] },
      observacao: 'Consulta médica pela manhã; levo o atestado.',
    });
  const web = await repo.diaDeDispositivoWeb(tx, t, cnpjId);
  if (web && inclusao)
    await repo.criar(tx, t, {
      cnpjId,
      funcionarioId: web.funcionario,
      dispositivoId: web.dispositivo,
      clientId: null,
      origem: 'CTRL_EDITAR_MARCACAO',
      dataPonto: web.dia,
      itens: { marcacoes: [{ data: web.dia, hora: '13:00' }], justificativa: inclusao },
      observacao: 'Esqueci de marcar a volta do almoço.',
    });
}
