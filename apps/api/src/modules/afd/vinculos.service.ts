import type { Tx } from '../../db/tenant-tx.js';
import { afdRepository as repo, type MarcacaoSemVinculo } from './afd.repository.js';
import { camposDaPessoa, leiturasDoCampo } from './identificadores.js';
import { PeriodosFechados } from './periodos-fechados.js';
import { Vinculador } from './vinculador.js';

/** A unit of work's transaction and tenant (a use case's TenantWork, or a job's). */
export interface NoTenant {
  tx: Tx;
  tenantId: number;
}

/**
 * Links the company's 'sem vínculo' punches whose identifier is one of
 * `campos` to whom they belong now (issue 11 §1, §4): the employees of the
 * company holding any reading of the field, with the import's own rule for
 * bonds and ambiguities (Vinculador). Under the company's linking lock, so
 * an import's last pass and an employee saved at the same moment cannot
 * each miss what the other is committing. A punch on a day of its
 * employee's closed period stays 'sem vínculo' until the period opens
 * (decision 0075: Abrir período links it). Answers the links written.
 */
export async function vincularSemVinculo(w: NoTenant, cnpjId: number, campos: readonly string[]): Promise<number> {
  if (campos.length === 0) return 0;
  await repo.travarVinculos(w.tx, cnpjId);
  const marcacoes = await repo.marcacoesSemVinculo(w.tx, w.tenantId, cnpjId, [...new Set(campos)]);
  if (marcacoes.length === 0) return 0;
  const cpfs = new Set<string>();
  const piss = new Set<string>();
  for (const campo of new Set(marcacoes.map((m) => m.identificador))) {
    for (const l of leiturasDoCampo(campo)) (l.tipo === 'cpf' ? cpfs : piss).add(l.numero);
  }
  const vinculador = new Vinculador(
    await repo.funcionariosPorDocumentos(w.tx, w.tenantId, cnpjId, [...cpfs], [...piss]),
  );
  const vinculos: { marcacao: MarcacaoSemVinculo; funcionarioId: number }[] = [];
  let de = '9999-12-31';
  let ate = '0000-01-01';
  for (const m of marcacoes) {
    const dia = m.dataHora.slice(0, 10);
    const v = vinculador.vincular(m.identificador, dia);
    if (v.tipo !== 'funcionario') continue;
    vinculos.push({ marcacao: m, funcionarioId: v.funcionarioId });
    if (dia < de) de = dia;
    if (dia > ate) ate = dia;
  }
  const fechados = new PeriodosFechados(
    await repo.periodosFechados(w.tx, w.tenantId, [...new Set(vinculos.map((v) => v.funcionarioId))], de, ate),
  );
  return repo.inserirVinculos(
    w.tx,
    w.tenantId,
    vinculos.filter((v) => !fechados.contem(v.funcionarioId, v.marcacao.dataHora.slice(0, 10))),
  );
}

/**
 * The hook of the employee registers (Novo/Editar funcionário, the CSV import,
 * Update-Funcionarios): after employees were written, in the same
 * transaction, their company's punches that carry their CPF or PIS and were
 * kept 'sem vínculo' are linked to them.
 */
export async function vincularMarcacoesSemVinculo(w: NoTenant, funcionarioIds: readonly number[]): Promise<number> {
  if (funcionarioIds.length === 0) return 0;
  const porEmpresa = new Map<number, string[]>();
  for (const f of await repo.documentosDe(w.tx, w.tenantId, funcionarioIds)) {
    const campos = porEmpresa.get(f.cnpjId) ?? [];
    campos.push(...camposDaPessoa(f.cpf, f.pis));
    porEmpresa.set(f.cnpjId, campos);
  }
  let n = 0;
  for (const [cnpjId, campos] of [...porEmpresa].sort(([a], [b]) => a - b))
    n += await vincularSemVinculo(w, cnpjId, campos);
  return n;
}
