import type { Deps } from '../../deps.js';
import { withContext } from '../../shared/use-cases.js';
import {
  buscarCalcularMarcacoesFuncionario,
  buscarCalcularPonto,
  buscarResumoFuncionario,
} from './buscar-marcacoes.service.js';
import {
  buscarFeriadoDia,
  buscarMarcacoesMover,
  buscarMudancaHorarioDia,
  excluirMudancaHorarioDia,
  salvarMoverMarcacoes,
  salvarMudancaHorarioDia,
  buscarFolgaPontoDia,
  excluirFolgaPontoDia,
  lancarFolgaPontoDia,
  listarEdicaoMarcacoes,
  marcarExcluirOcorrencia,
  salvarEdicaoMarcacoes,
  salvarFeriadoExcluido,
} from './acoes-dia.service.js';
import {
  alterarAjusteParcial,
  buscarAjusteParcial,
  excluirAjusteParcial,
  salvarAjusteParcial,
} from './ajuste-parcial.service.js';
import { listarEventosJustificativa, salvarEventosJustificativa } from './justificar.service.js';
import {
  analisarPontoDuplicado,
  buscarMarcacoesDuplicadas,
  buscarQuantidadeFuncionariosDuplicados,
  resolverPontoDuplicado,
} from './ponto-duplicado.service.js';
import { controlePontoContexto } from './controle-ponto-contexto.service.js';
import { explicarDia } from './explicar-dia.service.js';
import { listarControlePonto, quantidadeFuncionariosControle } from './listar-controle-ponto.service.js';
import { abrirPeriodo, concluirFecharPeriodo, concluirPeriodoEmLote } from './periodo-fechamento.service.js';

/**
 * The time sheet (seed 002 §2 Controle do Ponto and Marcações), one file a
 * use case (decision 0068); what they share is in
 * controle-ponto-contexto.service.ts. This is the service object the routes use.
 */
export function controlePontoService(deps: Deps) {
  return withContext(controlePontoContexto(deps), {
    listar: listarControlePonto,
    quantidadeFuncionarios: quantidadeFuncionariosControle,
    buscarCalcularPonto,
    buscarCalcularMarcacoesFuncionario,
    buscarResumoFuncionario,
    explicarDia,
    concluirFecharPeriodo,
    abrirPeriodo,
    concluirPeriodoEmLote,
    buscarFolgaPontoDia,
    lancarFolgaPontoDia,
    excluirFolgaPontoDia,
    buscarFeriadoDia,
    salvarFeriadoExcluido,
    marcarExcluirOcorrencia,
    listarEdicaoMarcacoes,
    salvarEdicaoMarcacoes,
    buscarMudancaHorarioDia,
    salvarMudancaHorarioDia,
    excluirMudancaHorarioDia,
    buscarMarcacoesMover,
    salvarMoverMarcacoes,
    buscarAjusteParcial,
    salvarAjusteParcial,
    alterarAjusteParcial,
    excluirAjusteParcial,
    listarEventosJustificativa,
    salvarEventosJustificativa,
    buscarQuantidadeFuncionariosDuplicados,
    analisarPontoDuplicado,
    buscarMarcacoesDuplicadas,
    resolverPontoDuplicado,
  });
}
