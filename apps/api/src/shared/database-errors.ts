import {
  MSG,
  clienteAppApi,
  escalaApi,
  feriadoApi,
  funcionarioApi,
  justificativaApi,
  motivoAfastamentoApi,
  relogioPontoApi,
} from '@jornada/contracts';
import { AppError } from './app-error.js';

/** What PostgreSQL (pg and PGlite alike) says about a failed statement. */
export interface DatabaseErrorInfo {
  code: string;
  constraint?: string | undefined;
  table?: string | undefined;
  column?: string | undefined;
  message: string;
}

/**
 * The PostgreSQL error under whatever wrapped it (Drizzle wraps the driver's
 * error as `cause`).
 */
export function databaseErrorOf(err: unknown): DatabaseErrorInfo | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; constraint?: unknown; table?: unknown; column?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
        table: typeof e.table === 'string' ? e.table : undefined,
        column: typeof e.column === 'string' ? e.column : undefined,
        // The primary message names no values; `detail` ("Key (codigo)=(…)")
        // and the statement's parameters are never kept.
        message: typeof e.message === 'string' ? e.message.slice(0, 300) : '',
      };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A unique index's name → what the user is told when a save collides with
 * another (e.g. two operators saving the same code at once). Each register
 * adds its own line here; an unlisted index gets the generic message.
 */
const UNIQUE_MESSAGES: Readonly<Record<string, string>> = {
  cargos_tenant_codigo_uq: MSG.cargoCodigoEmUso,
  justificativas_tenant_descricao_uq: justificativaApi.JUSTIFICATIVA_MSG.descricaoEmUso,
  motivos_afastamento_tenant_descricao_uq: motivoAfastamentoApi.MOTIVO_MSG.descricaoEmUso,
  feriados_tenant_data_descricao_uq: feriadoApi.FERIADO_MSG.duplicado,
  usuarios_email_uq: MSG.emailJaCadastrado,
  cnpjs_tenant_numero_uq: MSG.empresaDocumentoEmUso,
  centros_custo_tenant_codigo_uq: MSG.centroCustoCodigoEmUso,
  perfis_tenant_nome_uq: MSG.perfilNomeEmUso,
  planos_nome_uq: MSG.planoNomeEmUso,
  escalas_tenant_descricao_uq: escalaApi.ESCALA_MSG.descricaoEmUso,
  funcionarios_cnpj_cpf_ativo_uq: funcionarioApi.FUNCIONARIO_MSG.cpfJaCadastrado,
  funcionarios_cnpj_cracha_ativo_uq: funcionarioApi.FUNCIONARIO_MSG.crachaJaCadastrado,
  relogios_ponto_serie_uq: relogioPontoApi.RELOGIO_PONTO_MSG.numeroSerieEmUso,
  relogios_ponto_id_cloud_uq: relogioPontoApi.RELOGIO_PONTO_MSG.idCloudEmUso,
  usuarios_app_funcionario_uq: clienteAppApi.CLIENTE_APP_MSG.funcionarioJaTemUsuario,
};

/**
 * A foreign key's name → what the user is told when a delete hits rows that
 * still point at the record (e.g. a position in employees' histories). An
 * unlisted key gets the generic message.
 */
const FOREIGN_KEY_MESSAGES: Readonly<Record<string, string>> = {
  funcionario_cargos_cargo_id_cargos_id_fk: funcionarioApi.FUNCIONARIO_MSG.cargoEmUso,
  funcionario_escalas_escala_id_escalas_id_fk: escalaApi.ESCALA_MSG.escalaEmUso,
};

/**
 * What the closed-period triggers raise (db/periodo-fechado.ts, decision 0075): a write to a day of a closed
 * period, refused by the database whatever path tried it.
 */
export const PERIODO_FECHADO_SQLSTATE = 'JF001';

/**
 * Expected database refusals as the client should see them: a collision is a
 * 409 in Portuguese, text the database cannot store or a day of a closed
 * period is a 400. Anything else stays an unexpected error (500).
 */
export function appErrorFromDatabase(info: DatabaseErrorInfo): AppError | undefined {
  switch (info.code) {
    case '23505':
      return new AppError(409, (info.constraint && UNIQUE_MESSAGES[info.constraint]) || MSG.registroDuplicado);
    case '23503':
      return new AppError(409, (info.constraint && FOREIGN_KEY_MESSAGES[info.constraint]) || MSG.registroVinculado);
    case '22021': // character_not_in_repertoire (a NUL byte)
    case '22P05': // untranslatable_character
    case '22P02': // invalid_text_representation
      return new AppError(400, MSG.textoInvalido);
    case '22001': // string_data_right_truncation
      return new AppError(400, MSG.textoLongoDemais);
    case '22003': // numeric_value_out_of_range
      return new AppError(400, MSG.numeroForaDoIntervalo);
    case PERIODO_FECHADO_SQLSTATE:
      return new AppError(400, MSG.periodoFechadoCongelado);
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      return new AppError(409, MSG.conflitoConcorrente);
    default:
      return undefined;
  }
}
