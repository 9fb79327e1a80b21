import { solicitacaoDocumentoApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { DOCUMENT_PRODUCERS } from '../documentos.js';
import { solicitacaoDocumentoService } from './solicitacao-documento.service.js';

export function solicitacaoDocumentoRoutes(r: EndpointRouter, deps: Deps): void {
  const svc = solicitacaoDocumentoService(deps, DOCUMENT_PRODUCERS);
  r.authed(api.criarSolicitacaoDocumento, ({ auth, body }) => svc.criar(auth, body));
  r.authed(api.listarSolicitacoesDocumento, ({ auth, body }) => svc.listar(auth, body));
  r.authed(api.listarSolicitacoesPorIds, ({ auth, body }) => svc.listarSolicitacoesPorIds(auth, body.ids));
  r.authed(api.buscarSolicitacaoDocumento, ({ auth, body }) => svc.buscar(auth, body.id, body.diferenteDe));
  r.signedDownload(api.baixarArquivo, ({ body }) => svc.baixar(body));
}
