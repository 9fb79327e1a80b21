import { autorizacaoSuporteApi, funcionarioImportacaoApi, provedorApi as api } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { clientesService } from './clientes.service.js';
import { importacaoClienteService } from './importacao-cliente.service.js';
import { noticiasAdmService } from './noticias-adm.service.js';
import { planosService } from './planos.service.js';

/** The provider's area (code 99999, decision 0015): every call on the system path. */
export function clientesRoutes(r: EndpointRouter, deps: Deps): void {
  const clientes = clientesService(deps);
  const planos = planosService(deps);
  const noticias = noticiasAdmService(deps);
  const importacao = importacaoClienteService(deps);
  r.authed(api.listarClientes, ({ auth }) => clientes.listarClientes(auth));
  r.authed(api.salvarCliente, ({ auth, body }) => clientes.salvarCliente(auth, body.cliente));
  r.authed(api.alterarPlanoCliente, ({ auth, body }) =>
    clientes.alterarPlanoCliente(auth, body.idCliente, body.idPlano),
  );
  r.authed(api.suspenderCliente, ({ auth, body }) => clientes.suspenderCliente(auth, body.idCliente));
  r.authed(api.reativarCliente, ({ auth, body }) => clientes.reativarCliente(auth, body.idCliente));
  r.authed(autorizacaoSuporteApi.atualizarRefAcesso, ({ auth, body }) =>
    clientes.atualizarRefAcesso(auth, body.idCliente),
  );
  r.authed(api.listarPlanos, ({ auth }) => planos.listarPlanos(auth));
  r.authed(api.salvarPlano, ({ auth, body }) => planos.salvarPlano(auth, body.plano));
  r.authed(api.excluirPlano, ({ auth, body }) => planos.excluirPlano(auth, body.plano.id));
  r.authed(api.listarNoticiasAdm, ({ auth }) => noticias.listarNoticiasAdm(auth));
  r.authed(api.salvarNoticia, ({ auth, body }) => noticias.salvarNoticia(auth, body.noticia));
  r.authed(api.excluirNoticia, ({ auth, body }) => noticias.excluirNoticia(auth, body.noticia.id));
  r.authed(api.relatorioUsoPlanos, ({ auth }) => clientes.relatorioUsoPlanos(auth));
  r.download(api.relatorioUsoPlanosCsv, async ({ auth }) => ({
    nomeArquivo: 'uso-dos-planos.csv',
    contentType: 'text/csv; charset=utf-8',
    body: await clientes.relatorioUsoPlanosCsv(auth),
  }));
  // Update-Funcionarios: the customers' employee import, into a chosen customer (decision 0040).
  const imp = funcionarioImportacaoApi;
  r.authed(imp.listarCnpjsCliente, ({ auth, body }) => importacao.listarCnpjsCliente(auth, body.idCliente));
  r.upload(imp.processarCliente, ({ auth, body, file }) => importacao.processar(auth, body, file));
  r.authed(imp.salvarCliente, ({ auth, body }) => importacao.salvar(auth, body));
}
