import { escalaApi, funcionarioPesquisaApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** Changes a schedule; in use, from the date 'A partir de' (a new version). */
export const alterarEscala = endpointApi(escalaApi.alterarEscala);

/** One schedule's latest version, whether employees use it (temHistorico) and its versions. */
export const buscarEscala = endpointApi(escalaApi.buscarEscala);

/** The cycles of one list. */
export const detalhesCiclos = endpointApi(escalaApi.detalhesCiclos);

/** Deletes a cycle list (saved schedules keep their copy of its cycles). */
export const excluirCiclo = endpointApi(escalaApi.excluirCiclo);

/** Deletes a schedule no employee uses (the server refuses otherwise, with its reason). */
export const excluirEscala = endpointApi(escalaApi.excluirEscala);

/** The rotation cycle lists (descrição, quantidade). */
export const listarCiclos = endpointApi(escalaApi.listarCiclos);

/** The schedules (id, descrição, tipo): the API answers them all and the list filters and pages them. */
export const listarEscalas = endpointApi(escalaApi.listarEscalas);

/** The mass move of the tab 'Funcionário/Escala' (code 26). */
export const trocarContratoFuncionarios = endpointApi(funcionarioPesquisaApi.trocarContratoFuncionarios);

/** Creates a cycle list. */
export const salvarCiclos = endpointApi(escalaApi.salvarCiclos);

/** Creates a schedule. */
export const salvarEscala = endpointApi(escalaApi.salvarEscala);

/** The sequence of work and off days of a cycle list, for the preview. */
export const sequenciaCiclosEscala = endpointApi(escalaApi.sequenciaCiclosEscala);
