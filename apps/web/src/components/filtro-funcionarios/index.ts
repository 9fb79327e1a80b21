export { FiltroFuncionarios } from './filtro-funcionarios';
export { filtroFuncionariosVazio, type FiltroFuncionariosValue } from './selecao';
