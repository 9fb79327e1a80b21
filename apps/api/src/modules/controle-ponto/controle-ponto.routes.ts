import { controlePontoApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { controlePontoService } from './controle-ponto.service.js';

export function controlePontoRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = controlePontoService(deps);
  r.authed(api.listar, ({ auth, body }) => svc.listar(auth, body));
  r.authed(api.quantidadeFuncionarios, ({ auth, body }) => svc.quantidadeFuncionarios(auth, body));
  r.authed(api.buscarCalcularPonto, ({ auth, body }) => svc.buscarCalcularPonto(auth, body));
  r.authed(api.buscarCalcularMarcacoesFuncionario, ({ auth, body }) =>
    svc.buscarCalcularMarcacoesFuncionario(auth, body),
  );
  r.authed(api.buscarResumoFuncionario, ({ auth, body }) => svc.buscarResumoFuncionario(auth, body));
  r.authed(api.explicarDia, ({ auth, body }) => svc.explicarDia(auth, body));
  r.authed(api.concluirFecharPeriodo, ({ auth, body }) => svc.concluirFecharPeriodo(auth, body));
  r.authed(api.abrirPeriodo, ({ auth, body }) => svc.abrirPeriodo(auth, body));
  r.authed(api.concluirPeriodoEmLote, ({ auth, body }) => svc.concluirPeriodoEmLote(auth, body));
  // Day actions (decision 0074).
  r.authed(api.buscarFolgaPontoDia, ({ auth, body }) => svc.buscarFolgaPontoDia(auth, body));
  r.authed(api.lancarFolgaPontoDia, ({ auth, body }) => svc.lancarFolgaPontoDia(auth, body));
  r.authed(api.excluirFolgaPontoDia, ({ auth, body }) => svc.excluirFolgaPontoDia(auth, body));
  r.authed(api.buscarFeriadoDia, ({ auth, body }) => svc.buscarFeriadoDia(auth, body));
  r.authed(api.salvarFeriadoExcluido, ({ auth, body }) => svc.salvarFeriadoExcluido(auth, body));
  r.authed(api.marcarExcluirOcorrencia, ({ auth, body }) => svc.marcarExcluirOcorrencia(auth, body));
  r.authed(api.listarEdicaoMarcacoes, ({ auth, body }) => svc.listarEdicaoMarcacoes(auth, body));
  r.authed(api.salvarEdicaoMarcacoes, ({ auth, body }) => svc.salvarEdicaoMarcacoes(auth, body));
  r.authed(api.buscarMudancaHorarioDia, ({ auth, body }) => svc.buscarMudancaHorarioDia(auth, body));
  r.authed(api.salvarMudancaHorarioDia, ({ auth, body }) => svc.salvarMudancaHorarioDia(auth, body));
  r.authed(api.excluirMudancaHorarioDia, ({ auth, body }) => svc.excluirMudancaHorarioDia(auth, body));
  r.authed(api.buscarMarcacoesMover, ({ auth, body }) => svc.buscarMarcacoesMover(auth, body));
  r.authed(api.salvarMoverMarcacoes, ({ auth, body }) => svc.salvarMoverMarcacoes(auth, body));
  r.authed(api.buscarAjusteParcial, ({ auth, body }) => svc.buscarAjusteParcial(auth, body));
  r.authed(api.salvarAjusteParcial, ({ auth, body }) => svc.salvarAjusteParcial(auth, body));
  r.authed(api.alterarAjusteParcial, ({ auth, body }) => svc.alterarAjusteParcial(auth, body));
  r.authed(api.excluirAjusteParcial, ({ auth, body }) => svc.excluirAjusteParcial(auth, body));
  r.authed(api.listarEventosJustificativa, ({ auth, body }) => svc.listarEventosJustificativa(auth, body));
  r.authed(api.salvarEventosJustificativa, ({ auth, body }) => svc.salvarEventosJustificativa(auth, body));
  // Duplicate punches, in a support session (decision 0076).
  r.authed(api.buscarQuantidadeFuncionariosDuplicados, ({ auth, body }) =>
    svc.buscarQuantidadeFuncionariosDuplicados(auth, body),
  );
  r.authed(api.analisarPontoDuplicado, ({ auth, body }) => svc.analisarPontoDuplicado(auth, body));
  r.authed(api.buscarMarcacoesDuplicadas, ({ auth, body }) => svc.buscarMarcacoesDuplicadas(auth, body));
  r.authed(api.resolverPontoDuplicado, ({ auth, body }) => svc.resolverPontoDuplicado(auth, body));
}
