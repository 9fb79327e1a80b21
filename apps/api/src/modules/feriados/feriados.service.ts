import type { Deps } from '../../deps.js';
import { withContext } from '../../shared/use-cases.js';
import {
  buscarFeriado,
  listarCentrosCustosFeriado,
  listarCidades,
  listarEstados,
  listarFeriados,
} from './consultar-feriados.service.js';
import { copiarFeriados } from './copiar-feriados.service.js';
import { excluirFeriado } from './excluir-feriado.service.js';
import { feriadosContexto } from './feriados-contexto.service.js';
import { incluirFeriadosNacionais } from './incluir-feriados-nacionais.service.js';
import { salvarFeriado } from './salvar-feriado.service.js';

/** What the calculation reads of the holidays (calculo). */
export { feriadosParaCalculo, type FeriadoCalculo } from './feriados-calculo.service.js';

/**
 * Feriados (seed 000 §2.5, §3–§7), one file a use case (decision 0068); their
 * shared checks, the scope rule and the transaction are in
 * feriados-contexto.service.ts. This is the service object the routes use.
 */
export function feriadosService(deps: Deps) {
  return withContext(feriadosContexto(deps), {
    listarFeriados: listarFeriados,
    buscarFeriado: buscarFeriado,
    salvarFeriado: salvarFeriado,
    excluirFeriado: excluirFeriado,
    copiarFeriados,
    incluirFeriadosNacionais,
    listarEstados,
    listarCidades,
    listarCentrosCustosFeriado,
  });
}
