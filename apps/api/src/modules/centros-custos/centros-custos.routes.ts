import { centroCustoApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { centrosCustosService } from './centros-custos.service.js';

export function centrosCustosRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = centrosCustosService(deps);
  r.authed(api.listarCnpjsCentroCusto, ({ auth }) => svc.listarCnpjsCentroCusto(auth));
  r.authed(api.listarDepartamentos, ({ auth, body }) => svc.listarDepartamentos(auth, body.idCnpj));
  r.authed(api.listarSetores, ({ auth, body }) => svc.listarSetores(auth, body.idDepartamento));
  r.authed(api.listarSecoes, ({ auth, body }) => svc.listarSecoes(auth, body.idSetor));
  r.authed(api.buscarCentroCusto, ({ auth, body }) => svc.buscarCentroCusto(auth, body.idCentroCusto));
  r.authed(api.listarTodosCentrosCusto, ({ auth, body }) =>
    svc.listarCentrosCustosUsuario(auth, (body.idCnpj ?? body.idCNPJ)!),
  );
  r.authed(api.listarCentrosCustosUsuario, ({ auth, body }) => svc.listarCentrosCustosUsuario(auth, body.idCnpj));
  r.authed(api.salvarDepartamento, ({ auth, body }) => svc.salvarDepartamento(auth, body.idCnpj, body.centroCusto));
  r.authed(api.salvarSetorSecao, ({ auth, body }) =>
    svc.salvarSetorSecao(auth, body.idCnpj, body.idCentroCustoPai, body.centroCusto),
  );
  r.authed(api.alterarCentroCusto, ({ auth, body }) => svc.alterarCentroCusto(auth, body.centroCusto));
  r.authed(api.excluirCentroCusto, ({ auth, body }) => svc.excluirCentroCusto(auth, body.centroCusto.id));
}
