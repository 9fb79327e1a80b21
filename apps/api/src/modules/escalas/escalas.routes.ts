import { escalaApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { escalasService } from './escalas.service.js';

export function escalasRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = escalasService(deps);
  r.authed(api.listarEscalas, ({ auth }) => svc.listarEscalas(auth));
  r.authed(api.buscarEscala, ({ auth, body }) => svc.buscarEscala(auth, body.idContrato, body.data ?? null));
  r.authed(api.salvarEscala, ({ auth, body }) => svc.salvarEscala(auth, body.configuracao));
  r.authed(api.alterarEscala, ({ auth, body }) =>
    svc.alterarEscala(auth, body.idContrato, body.configuracao, body.aPartirDe ?? null),
  );
  r.authed(api.excluirEscala, ({ auth, body }) => svc.excluirEscala(auth, body.idContrato));
  r.authed(api.listarCiclos, ({ auth }) => svc.listarCiclos(auth));
  r.authed(api.detalhesCiclos, ({ auth, body }) => svc.detalhesCiclos(auth, body.idCiclo));
  r.authed(api.salvarCiclos, ({ auth, body }) => svc.salvarCiclos(auth, body.descricaoCiclos, body.ciclos));
  r.authed(api.excluirCiclo, ({ auth, body }) => svc.excluirCiclo(auth, body.ciclo.id));
  r.authed(api.sequenciaCiclosEscala, ({ auth, body }) =>
    svc.sequenciaCiclosEscala(auth, body.idCiclo, body.dataInicio ?? null, body.dias),
  );
}
