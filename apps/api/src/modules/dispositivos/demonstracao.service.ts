import type { SeededTenant } from '../../db/seed/tenancy.js';
import type { Tx } from '../../db/tenant-tx.js';
import type { Clock } from '../../shared/clock.js';
import { cadastrarUsuariosAppDemonstracao } from '../cliente-app/cliente-app.service.js';
import { seriesCadastradas } from '../relogio-ponto/relogio-ponto.service.js';
import { dispositivosRepository as repo } from './dispositivos.repository.js';

/** Every permission granted, as a new device gets them. */
const TODAS = { registrarPonto: true, incluirMarcacao: true, justificarPonto: true, relatorioHoras: true };

/**
 * The demo's collecting devices (issue 25 §6), after its clocks and punches:
 * at the main company, the last three employees' phones (the last one also
 * on the web) and the app users — the desktop collector of the company's
 * clock and the last employee's mobile app, both with the demo password.
 */
export async function seedDispositivosDemonstracao(tx: Tx, tenants: SeededTenant[], clock: Clock): Promise<void> {
  const demo = tenants.find((t) => t.key === 'demo');
  const cnpjId = demo?.cnpjIds[0];
  if (!demo || cnpjId === undefined) return;
  const ultimos = await repo.ultimosFuncionarios(tx, demo.tenantId, cnpjId, 3);
  const agora = clock.now();
  await repo.inserir(tx, [
    ...ultimos.map((f) => ({
      tenantId: demo.tenantId,
      cnpjId,
      funcionarioId: f.id,
      tipo: 'Mob' as const,
      descricao: `Celular - ${f.nome}`,
      permissoes: TODAS,
      dataCadastro: agora,
    })),
    ...ultimos.slice(0, 1).map((f) => ({
      tenantId: demo.tenantId,
      cnpjId,
      funcionarioId: f.id,
      tipo: 'Web' as const,
      descricao: `Web - ${f.nome}`,
      permissoes: TODAS,
      dataCadastro: agora,
    })),
  ]);
  const [serie] = await seriesCadastradas(tx, demo.tenantId, cnpjId);
  await cadastrarUsuariosAppDemonstracao(tx, demo.tenantId, cnpjId, {
    serie: serie ?? null,
    funcionario: ultimos[0] ?? null,
  });
}
