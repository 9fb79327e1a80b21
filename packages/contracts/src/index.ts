export * from './endpoint.js';
export * from './common.js';
export * from './messages.js';
export * from './limits.js';
export * from './permissions.js';
export * from './routes.js';
export * from './menu.js';
export * from './endpoints.js';
export * as loginApi from './api/login.js';
export * as cargoApi from './api/cargo.js';
export * as noticiasApi from './api/noticias.js';
export * as empresaApi from './api/empresa.js';
export * as centroCustoApi from './api/centro-custo.js';
export * from './documents.js';
export * from './closing-period.js';
export type { Sessao } from './api/login.js';
export type { Cargo, CargoForm } from './api/cargo.js';
export { isStrongPassword } from './api/login.js';
export type {
  Cidade,
  CnpjForm,
  CnpjLinha,
  CnpjOpcao,
  EmpresaForm,
  EmpresaPrincipal,
  EnderecoForm,
  Estado,
  PeriodoFechamentoForm,
  TipoLocal,
  TipoNumeroDocumento,
} from './api/empresa.js';
export type { CentroCusto, CentroCustoForm, NivelCentroCusto } from './api/centro-custo.js';
