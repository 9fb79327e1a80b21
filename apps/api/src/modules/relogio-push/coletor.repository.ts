import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import type { Tx } from '../../db/tenant-tx.js';

/** A desktop Cliente App user as the collector's login finds it (any tenant: the login is unique). */
export interface UsuarioColetor {
  id: number;
  tenantId: number;
  senhaHash: string | null;
}

/** What a collector's token stands for. */
export interface SessaoColetor {
  tenantId: number;
  usuarioAppId: number;
  cnpjId: number;
  /** The serials it may collect, as the admin typed them (comma-separated). */
  detalhes: string;
}

/** A clock as the collector sees it. */
export interface RelogioColetor {
  id: number;
  cnpjId: number;
  numeroSerie: string;
  modelo: string | null;
  fabricante: string;
  portaria: string | null;
  monitoramentoAtivo: boolean;
  fuso: string;
  proximoNsr: number | null;
  comandosPendentes: number;
}

/** A command of the queue as the collector gets it. */
export interface ComandoColetor {
  id: number;
  relogioId: number;
  tipo: string;
  payload: unknown;
  status: 'PENDENTE' | 'ENVIADO' | 'OK' | 'ERRO';
  tentativas: number;
}

/**
 * A clock's next NSR to collect (the screen's NSR): the number 'Atualizar NSR' or the last upload set, or past
 * the highest punch of the clock stored, whichever is higher (relogio-push.repository.ts CURSOR).
 */
const CURSOR = sql.raw(`NULLIF(GREATEST(coalesce(r.proximo_nsr, 0), coalesce((
  SELECT max(m.nsr) + 1 FROM marcacoes m
   WHERE m.tenant_id = r.tenant_id AND coalesce(m.relogio, '#' || m.cnpj_id::text) = r.numero_serie), 0)), 0)`);

/** SQL only: the Coletor Local's sessions, clocks and command hand-out (spec/devices.md §4(b); decision 0082). */
export const coletorRepository = {
  /** System path: the desktop user of `login` in an active customer. */
  async usuarioDoLogin(tx: Tx, login: string): Promise<UsuarioColetor | undefined> {
    const [u] = await queryRows<UsuarioColetor>(
      tx,
      sql`SELECT u.id, u.tenant_id AS "tenantId", u.senha_hash AS "senhaHash"
            FROM usuarios_app u JOIN tenants t ON t.id = u.tenant_id AND t.ativo
           WHERE u.login = ${login} AND u.tipo = 'desktop'`,
    );
    return u;
  },

  /** System path: a new token, bound to the password hash it was issued under. */
  async criarToken(
    tx: Tx,
    v: { tenantId: number; usuarioAppId: number; hash: string; maquina: string; now: Date; expiraEm: Date },
  ): Promise<void> {
    await tx.execute(
      sql`INSERT INTO coletor_tokens (tenant_id, usuario_app_id, hash, senha_marca, maquina, criado_em, expira_em)
          SELECT ${v.tenantId}, u.id, ${v.hash}, md5(u.senha_hash), ${v.maquina}, ${v.now}, ${v.expiraEm}
            FROM usuarios_app u WHERE u.id = ${v.usuarioAppId} AND u.senha_hash IS NOT NULL`,
    );
  },

  /**
   * System path: the session of a token — live (not expired nor revoked), its user still a desktop one with the
   * password it was issued under, its customer active.
   */
  async sessao(tx: Tx, hash: string, now: Date): Promise<SessaoColetor | undefined> {
    const [s] = await queryRows<SessaoColetor>(
      tx,
      sql`SELECT k.tenant_id AS "tenantId", u.id AS "usuarioAppId", u.cnpj_id AS "cnpjId", u.detalhes
            FROM coletor_tokens k
            JOIN usuarios_app u ON u.id = k.usuario_app_id AND u.tenant_id = k.tenant_id AND u.tipo = 'desktop'
                               AND md5(u.senha_hash) = k.senha_marca
            JOIN tenants t ON t.id = k.tenant_id AND t.ativo
           WHERE k.hash = ${hash} AND k.revogado_em IS NULL AND k.expira_em > ${now}`,
    );
    return s;
  },

  /** The tenant's clocks with their cursor and open commands (the caller keeps those of the collector's list). */
  relogios(tx: Tx, tenantId: number): Promise<RelogioColetor[]> {
    return queryRows<RelogioColetor>(
      tx,
      sql`SELECT r.id, r.cnpj_id AS "cnpjId", r.numero_serie AS "numeroSerie", r.modelo, r.fabricante, r.portaria,
                 r.monitoramento_ativo AS "monitoramentoAtivo", c.fuso_horario AS fuso,
                 ${CURSOR}::int8 AS "proximoNsr",
                 (SELECT count(*)::int FROM relogio_comandos q
                   WHERE q.tenant_id = r.tenant_id AND q.relogio_id = r.id AND q.status IN ('PENDENTE','ENVIADO'))
                   AS "comandosPendentes"
            FROM relogios_ponto r JOIN cnpjs c ON c.id = r.cnpj_id
           WHERE r.tenant_id = ${tenantId}
           ORDER BY r.numero_serie, r.id`,
    ).then((rows) => rows.map((r) => ({ ...r, proximoNsr: r.proximoNsr === null ? null : Number(r.proximoNsr) })));
  },

  /** Moves the clock's cursor past `ultimoNsr` (never back): records that are not punches are not read again. */
  async avancarNsr(tx: Tx, tenantId: number, relogioId: number, ultimoNsr: number): Promise<void> {
    await tx.execute(
      sql`UPDATE relogios_ponto SET proximo_nsr = GREATEST(coalesce(proximo_nsr, 0), ${ultimoNsr + 1}::bigint)
           WHERE tenant_id = ${tenantId} AND id = ${relogioId}`,
    );
  },

  /**
   * The heartbeat's error (prefixed, so a heartbeat without one clears only what a heartbeat set: a failed
   * command's error stays until monitoring is started again, as for a push clock).
   */
  async anotarErroDoColetor(
    tx: Tx,
    tenantId: number,
    relogioId: number,
    prefixo: string,
    erro: string | null,
  ): Promise<void> {
    await tx.execute(
      sql`UPDATE relogios_ponto
             SET erro_mensagem = CASE WHEN ${erro}::text IS NOT NULL THEN ${erro}::text
                                      WHEN starts_with(coalesce(erro_mensagem, ''), ${prefixo}::text) THEN NULL
                                      ELSE erro_mensagem END
           WHERE tenant_id = ${tenantId} AND id = ${relogioId}`,
    );
  },

  /** The clock's open commands in queue order, locked (two collectors of one clock never get the same one). */
  abertos(tx: Tx, tenantId: number, relogioId: number, limite: number): Promise<ComandoColetor[]> {
    return queryRows<ComandoColetor>(
      tx,
      sql`SELECT id::int8 AS id, relogio_id AS "relogioId", tipo, payload, status, tentativas FROM relogio_comandos
           WHERE tenant_id = ${tenantId} AND relogio_id = ${relogioId} AND status IN ('PENDENTE','ENVIADO')
           ORDER BY id LIMIT ${limite}
           FOR UPDATE SKIP LOCKED`,
    ).then((rows) => rows.map((c) => ({ ...c, id: Number(c.id) })));
  },

  /** One command of the tenant, locked. */
  async comando(tx: Tx, tenantId: number, id: number): Promise<ComandoColetor | undefined> {
    const [c] = await queryRows<ComandoColetor>(
      tx,
      sql`SELECT id::int8 AS id, relogio_id AS "relogioId", tipo, payload, status, tentativas FROM relogio_comandos
           WHERE tenant_id = ${tenantId} AND id = ${id}
           FOR UPDATE`,
    );
    return c ? { ...c, id: Number(c.id) } : undefined;
  },
};
