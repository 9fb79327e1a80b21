import type { Deps } from '../../deps.js';
import { withContext } from '../../shared/use-cases.js';
import {
  listarHistoricoAfastamentos,
  listarMotivosAfastamentoFuncionario,
} from './afastamentos-funcionario.service.js';
import { buscarFuncionario } from './buscar-funcionario.service.js';
import { exportarCsvFuncionarios } from './exportar-funcionarios.service.js';
import { alterarFotoPerfil, buscarFotoPerfil, excluirFotoPerfil } from './foto-funcionario.service.js';
import { funcionariosContexto } from './funcionarios-contexto.service.js';
import {
  alterarDataInicioContrato,
  salvarFuncionarioCargo,
  trocarContrato,
  trocarExcluirContrato,
} from './historicos-funcionario.service.js';
import { listarFuncionarios } from './listar-funcionarios.service.js';
import { alterarDataAtivacao, alterarFuncionario, salvarFuncionario } from './salvar-funcionario.service.js';
import { senhasTecladoParaRelogio } from './senhas-teclado-funcionario.service.js';

/** What other modules use: the plan's limit and the after-write of the CSV import, the count of Centros de Custos. */
export {
  contarFuncionariosNoCentroCusto,
  funcionariosGravados,
  garantirLimiteFuncionarios,
} from './funcionarios-contexto.service.js';

/**
 * Funcionários (seed 001 §2.5–2.7, §4, §5, §7; issue 10 §5, §6), one file a
 * use case (decision 0068); their shared checks and the transaction are in
 * funcionarios-contexto.service.ts. This is the service object the routes use.
 */
export function funcionariosService(deps: Deps) {
  const ctx = funcionariosContexto(deps);
  return {
    listar: listarFuncionarios(ctx),
    ...withContext(ctx, {
      exportarCsvFuncionarios,
      buscar: buscarFuncionario,
      salvar: salvarFuncionario,
      alterar: alterarFuncionario,
      alterarDataAtivacao,
      trocarContrato,
      trocarExcluirContrato,
      alterarDataInicioContrato,
      salvarFuncionarioCargo,
      listarMotivosAfastamentoFuncionario,
      listarHistoricoAfastamentos,
      alterarFotoPerfil,
      excluirFotoPerfil,
      senhasTecladoParaRelogio,
      buscarFotoPerfil,
    }),
  };
}
