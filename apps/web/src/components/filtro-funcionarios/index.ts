export { FiltroFuncionarios } from './filtro-funcionarios';
export { emLotes, filtroFuncionariosVazio, type FiltroFuncionariosValue } from './selecao';
