import { funcionarioImportacaoApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { funcionariosImportacaoService } from './funcionarios-importacao.service.js';

/** Importar funcionários (seed 001 §2.8, §7): the file in, the employees out. */
export function funcionariosImportacaoRoutes(r: EndpointRouter, deps: Deps): void {
  const s = funcionariosImportacaoService(deps);
  r.upload(api.processar, ({ auth, body, file }) => s.processar(auth, body, file));
  r.authed(api.salvar, ({ auth, body }) => s.salvar(auth, body));
}
