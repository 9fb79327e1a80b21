import type { TenantWork } from '../../shared/unit-of-work.js';
import { feriadosRepository as repo, type FeriadoLinks } from './feriados.repository.js';

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
