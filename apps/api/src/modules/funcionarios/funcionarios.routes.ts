import { funcionarioApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { funcionariosService } from './funcionarios.service.js';

export function funcionariosRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = funcionariosService(deps);
  r.authed(api.listarFuncionarios, ({ auth, body }) => svc.listar(auth, body));
  r.download(api.exportarCsvFuncionarios, async ({ auth, body }) => ({
    ...(await svc.exportarCsvFuncionarios(auth, body)),
    contentType: 'text/csv; charset=ISO-8859-1',
  }));
  r.authed(api.buscarFuncionario, ({ auth, body }) => svc.buscar(auth, body.idFuncionario));
  r.authed(api.salvarFuncionario, ({ auth, body }) => svc.salvar(auth, body));
  r.authed(api.alterarFuncionario, ({ auth, body }) => svc.alterar(auth, body));
  r.authed(api.alterarDataAtivacao, ({ auth, body }) =>
    svc.alterarDataAtivacao(auth, body.idFuncionario, body.dataAtivacao),
  );
  r.authed(api.trocarContrato, ({ auth, body }) =>
    svc.trocarContrato(auth, body.funcionario.id, body.contrato.id, body.dataInicio),
  );
  r.authed(api.trocarExcluirContrato, ({ auth, body }) =>
    svc.trocarExcluirContrato(
      auth,
      body.funcionario.id,
      body.funcionarioContratoAtual.id,
      body.funcionarioContratoNovo?.contrato.id,
    ),
  );
  r.authed(api.alterarDataInicioContrato, ({ auth, body }) =>
    svc.alterarDataInicioContrato(auth, body.funcionario.id, body.funcionarioContrato.id, body.dataInicio),
  );
  r.authed(api.salvarFuncionarioCargo, ({ auth, body }) => svc.salvarFuncionarioCargo(auth, body));
  r.authed(api.listarMotivosAfastamentoFuncionario, ({ auth }) => svc.listarMotivosAfastamentoFuncionario(auth));
  r.authed(api.listarHistoricoAfastamentos, ({ auth, body }) => svc.listarHistoricoAfastamentos(auth, body.idf));
  r.authed(api.alterarFotoPerfil, ({ auth, body }) =>
    svc.alterarFotoPerfil(auth, body.funcionario.id, body.imagemPerfilBase64),
  );
  r.authed(api.excluirFotoPerfil, ({ auth, body }) => svc.excluirFotoPerfil(auth, body.funcionario.id));
  r.download(api.buscarFotoPerfil, async ({ auth, body }) => ({
    nomeArquivo: `funcionario-${body.id}.jpg`,
    contentType: 'image/jpeg',
    body: await svc.buscarFotoPerfil(auth, body.id),
  }));
}
