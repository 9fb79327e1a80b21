import { funcionarioApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The activation day of an employee awaiting activation. */
export const alterarDataAtivacao = endpointApi(funcionarioApi.alterarDataAtivacao);

/** Schedule history: the current entry's start date. */
export const alterarDataInicioContrato = endpointApi(funcionarioApi.alterarDataInicioContrato);

/** Saves an employee's photo. */
export const alterarFotoPerfil = endpointApi(funcionarioApi.alterarFotoPerfil);

/** Editar funcionário: data, status, situação, demission and cost centre. */
export const alterarFuncionario = endpointApi(funcionarioApi.alterarFuncionario);

/** One employee with its company, histories and the company's cost centres (edit). */
export const buscarFuncionario = endpointApi(funcionarioApi.buscarFuncionario);

/** Removes an employee's photo (the placeholder comes back). */
export const excluirFotoPerfil = endpointApi(funcionarioApi.excluirFotoPerfil);

/** The employee list, one page at a time (server paging). */
export const listarFuncionarios = endpointApi(funcionarioApi.listarFuncionarios);

/** An employee's absence history (the lazy tab). */
export const listarHistoricoAfastamentos = endpointApi(funcionarioApi.listarHistoricoAfastamentos);

/** The absence reasons (the edit's situação). */
export const listarMotivosAfastamento = endpointApi(funcionarioApi.listarMotivosAfastamentoFuncionario);

/** Position history: a new position from a date, or the current entry's position. */
export const salvarFuncionarioCargo = endpointApi(funcionarioApi.salvarFuncionarioCargo);

/** Novo funcionário: the employee with its first schedule and position. */
export const salvarFuncionario = endpointApi(funcionarioApi.salvarFuncionario);

/** Schedule history: a new schedule from a date. */
export const trocarContrato = endpointApi(funcionarioApi.trocarContrato);

/** Schedule history: change the current entry's schedule, or delete the entry. */
export const trocarExcluirContrato = endpointApi(funcionarioApi.trocarExcluirContrato);
