import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import type { Tx } from '../../db/tenant-tx.js';

/** A clock's contact is written at most this often ('Última Conexão' is shown to the minute). */
export const TOQUE_MINIMO_MS = 10_000;

/** A push clock as the device routes see it. */
export interface RelogioPush {
  id: number;
  cnpjId: number;
  numeroSerie: string;
  fabricante: string;
  portaria: string | null;
  monitoramentoAtivo: boolean;
  fuso: string;
}

/** One punch bound for the store (already validated and matched to its employee, if any). */
export interface MarcacaoPush {
  relogioId: number;
  cnpjId: number;
  /** The clock identity in the punch store: the registered serial. */
  relogio: string;
  /** The device's access-log id: the punch's NSR in the store. */
  nsr: number;
  /** The company's wall clock, 'yyyy-mm-dd hh:mm:00'. */
  dataHora: string;
  /** The instant, ISO with its seconds. */
  instante: string;
  /** The company zone's offset then, '-0300'. */
  deslocamento: string;
  fuso: string;
  identificador: string;
  funcionarioId: number | null;
}

/** A command as it is handed to a device. */
export interface ComandoAberto {
  id: number;
  tipo: string;
  payload: unknown;
  tentativas: number;
  status: 'PENDENTE' | 'ENVIADO';
}

/** A command closed by its result. */
export interface ComandoFechado {
  id: number;
  tipo: string;
  tarefaId: number | null;
  payload: { queryString?: string; body?: unknown };
}

/** The state the monitoring screen shows, before the status rule is applied. */
export interface EstadoPushRow {
  id: number;
  cnpjId: number;
  modelo: string | null;
  numeroSerie: string;
  localInstalacao: string | null;
  fabricante: string;
  idCloud: string | null;
  monitoramentoAtivo: boolean;
  erroMensagem: string | null;
  ultimaConexao: Date | null;
  ultimaSincronizacao: Date | null;
  nsr: number | null;
  funcionariosSincronizar: number;
}

/** A device that polled with the company token and a deviceId no clock has (decision 0084). */
export interface DispositivoDesconhecido {
  deviceId: string;
  primeiraChamada: Date;
  ultimaChamada: Date;
  chamadas: number;
}

/** An employee as a clock registers them. */
export interface FuncionarioDispositivo {
  id: number;
  cnpjId: number;
  nome: string;
  cracha: string;
  cpf: string;
  pis: string | null;
  /** Active and not dismissed before today: belongs on the company's clocks. */
  noRelogio: boolean;
  temFoto: boolean;
}

/** A command to queue. */
export interface NovoComando {
  relogioId: number;
  tipo: string;
  payload: unknown;
  funcionarioIds: readonly number[];
}

const arr = <T>(xs: readonly T[]) => sql.param([...xs]);

/**
 * A clock's access-log cursor (the screen's NSR): the number 'Atualizar NSR' set, or past the highest punch of
 * the clock stored, whichever is higher. Read from the punch store's unique key (one index probe), so storing a
 * punch writes nothing on the clock's row.
 */
const CURSOR = sql.raw(`NULLIF(GREATEST(coalesce(r.proximo_nsr, 0), coalesce((
  SELECT max(m.nsr) + 1 FROM marcacoes m
   WHERE m.tenant_id = r.tenant_id AND coalesce(m.relogio, '#' || m.cnpj_id::text) = r.numero_serie), 0)), 0)`);

/** SQL only: push clocks, their command queue, their traffic and their punches. */
export const relogioPushRepository = {
  /** The tenant whose company token hashes to `hash` (an active customer only). System path. */
  async tenantDoToken(tx: Tx, hash: string): Promise<number | undefined> {
    const [r] = await queryRows<{ tenantId: number }>(
      tx,
      sql`SELECT t.tenant_id AS "tenantId" FROM relogio_tokens t JOIN tenants c ON c.id = t.tenant_id AND c.ativo
           WHERE t.hash = ${hash}`,
    );
    return r?.tenantId;
  },

  async relogioDoDispositivo(tx: Tx, tenantId: number, deviceId: string): Promise<RelogioPush | undefined> {
    const [r] = await queryRows<RelogioPush>(
      tx,
      sql`SELECT r.id, r.cnpj_id AS "cnpjId", r.numero_serie AS "numeroSerie", r.fabricante, r.portaria,
                 r.monitoramento_ativo AS "monitoramentoAtivo", c.fuso_horario AS fuso
            FROM relogios_ponto r JOIN cnpjs c ON c.id = r.cnpj_id
           WHERE r.tenant_id = ${tenantId} AND r.id_cloud = ${deviceId}`,
    );
    return r;
  },

  async registrarDesconhecido(tx: Tx, tenantId: number, deviceId: string, now: Date): Promise<void> {
    await tx.execute(
      sql`INSERT INTO relogio_dispositivos_desconhecidos (tenant_id, device_id, primeira_chamada, ultima_chamada)
          VALUES (${tenantId}, ${deviceId}, ${now}, ${now})
          ON CONFLICT (tenant_id, device_id)
          DO UPDATE SET ultima_chamada = EXCLUDED.ultima_chamada,
                        chamadas = relogio_dispositivos_desconhecidos.chamadas + 1`,
    );
  },

  /** The tenant's unknown devices (decision 0084), the ones heard from last first. */
  async desconhecidos(tx: Tx, tenantId: number, limite: number): Promise<DispositivoDesconhecido[]> {
    const rows = await queryRows<{
      deviceId: string;
      primeiraChamada: Date | string;
      ultimaChamada: Date | string;
      chamadas: number;
    }>(
      tx,
      sql`SELECT device_id AS "deviceId", primeira_chamada AS "primeiraChamada", ultima_chamada AS "ultimaChamada",
                 chamadas
            FROM relogio_dispositivos_desconhecidos
           WHERE tenant_id = ${tenantId}
           ORDER BY ultima_chamada DESC, device_id
           LIMIT ${limite}`,
    );
    return rows.map((r) => ({
      ...r,
      primeiraChamada: new Date(r.primeiraChamada),
      ultimaChamada: new Date(r.ultimaChamada),
    }));
  },

  /** Removes an unknown device; false when the tenant has no such entry (or another transaction just took it). */
  async excluirDesconhecido(tx: Tx, tenantId: number, deviceId: string): Promise<boolean> {
    const rows = await queryRows(
      tx,
      sql`DELETE FROM relogio_dispositivos_desconhecidos WHERE tenant_id = ${tenantId} AND device_id = ${deviceId}
          RETURNING device_id`,
    );
    return rows.length > 0;
  },

  /** Whether a clock of the tenant other than `exceto` already has this Id Cloud. */
  async idCloudEmUso(tx: Tx, tenantId: number, idCloud: string, exceto: number): Promise<boolean> {
    const rows = await queryRows(
      tx,
      sql`SELECT 1 FROM relogios_ponto WHERE tenant_id = ${tenantId} AND id_cloud = ${idCloud} AND id <> ${exceto}`,
    );
    return rows.length > 0;
  },

  async definirIdCloud(tx: Tx, tenantId: number, relogioId: number, idCloud: string): Promise<void> {
    await tx.execute(
      sql`UPDATE relogios_ponto SET id_cloud = ${idCloud} WHERE tenant_id = ${tenantId} AND id = ${relogioId}`,
    );
  },

  /**
   * Notes the clocks' contact at `now` and answers, for each, its contact
   * before this one and, for a clock silent since before `silencioAntesDe`
   * only, its access-log cursor (the caller asks a clock back from a silence
   * for its punches again). A contact within TOQUE_MINIMO_MS of the last one
   * writes nothing: 200 clocks punching and polling would otherwise rewrite
   * their rows hundreds of times a second. The cursor is read for the silent
   * ones only: read for every clock touched, it made this statement take
   * 100–165 ms every 10 s under a burst, and the tenant's punches waited for it.
   */
  async tocar(
    tx: Tx,
    tenantId: number,
    relogioIds: readonly number[],
    now: Date,
    silencioAntesDe: Date | null = null,
  ): Promise<{ id: number; anterior: Date | null; proximoNsr: number | null }[]> {
    if (relogioIds.length === 0) return [];
    return queryRows(
      tx,
      sql`WITH antes AS (
            SELECT id, ultima_conexao FROM relogios_ponto
             WHERE tenant_id = ${tenantId} AND id = ANY(${arr(relogioIds)}::int[])
               AND (ultima_conexao IS NULL OR ultima_conexao < ${new Date(now.getTime() - TOQUE_MINIMO_MS)}::timestamptz)
             ORDER BY id
             FOR UPDATE
          )
          UPDATE relogios_ponto r SET ultima_conexao = ${now}
            FROM antes a WHERE r.id = a.id
          RETURNING r.id, a.ultima_conexao AS anterior,
                    CASE WHEN a.ultima_conexao < ${silencioAntesDe}::timestamptz THEN ${CURSOR}::int8 END AS "proximoNsr"`,
    ).then((rows) =>
      (rows as { id: number; anterior: Date | string | null; proximoNsr: number | string | null }[]).map((r) => ({
        id: r.id,
        anterior: r.anterior === null ? null : new Date(r.anterior),
        proximoNsr: r.proximoNsr === null ? null : Number(r.proximoNsr),
      })),
    );
  },

  /**
   * The clock's next command, locked: the oldest open one. A command still
   * ENVIADO when its device polls again lost its result (a device polls only
   * after posting the last one, devices.md §1.4), so it goes again. A second
   * poll of the same device at once waits for the first and gets the same
   * head of the queue, never the command after it (decision 0083).
   */
  async proximoComando(tx: Tx, tenantId: number, relogioId: number): Promise<ComandoAberto | undefined> {
    const [c] = await queryRows<ComandoAberto>(
      tx,
      sql`SELECT id::int8 AS id, tipo, payload, tentativas, status FROM relogio_comandos
           WHERE tenant_id = ${tenantId} AND relogio_id = ${relogioId} AND status IN ('PENDENTE','ENVIADO')
           ORDER BY id LIMIT 1
           FOR UPDATE`,
    );
    return c ? { ...c, id: Number(c.id) } : undefined;
  },

  async marcarEnviado(tx: Tx, tenantId: number, comandoId: number, uuid: string, now: Date): Promise<void> {
    await tx.execute(
      sql`UPDATE relogio_comandos SET status = 'ENVIADO', uuid_envio = ${uuid}, enviado_em = ${now},
                 tentativas = tentativas + 1
           WHERE tenant_id = ${tenantId} AND id = ${comandoId}`,
    );
  },

  /** Closes the clock's command handed out with `uuid` (none when the result is a replay or unknown). */
  async fecharComando(
    tx: Tx,
    tenantId: number,
    relogioId: number,
    uuid: string,
    erro: string | null,
    now: Date,
  ): Promise<ComandoFechado | undefined> {
    const [c] = await queryRows<ComandoFechado>(
      tx,
      sql`UPDATE relogio_comandos SET status = ${erro === null ? 'OK' : 'ERRO'}, erro = ${erro}, concluido_em = ${now}
           WHERE tenant_id = ${tenantId} AND relogio_id = ${relogioId} AND uuid_envio = ${uuid} AND status = 'ENVIADO'
          RETURNING id::int8 AS id, tipo, tarefa_id::int8 AS "tarefaId", payload`,
    );
    return c ? { ...c, id: Number(c.id), tarefaId: c.tarefaId === null ? null : Number(c.tarefaId) } : undefined;
  },

  /** Fails a command for good (handed out too often without a result). */
  async falharComando(tx: Tx, tenantId: number, comandoId: number, erro: string, now: Date): Promise<void> {
    await tx.execute(
      sql`UPDATE relogio_comandos SET status = 'ERRO', erro = ${erro}, concluido_em = ${now}
           WHERE tenant_id = ${tenantId} AND id = ${comandoId}`,
    );
  },

  async haComandosAbertos(tx: Tx, tenantId: number, relogioId: number): Promise<boolean> {
    const rows = await queryRows(
      tx,
      sql`SELECT 1 FROM relogio_comandos
           WHERE tenant_id = ${tenantId} AND relogio_id = ${relogioId} AND status IN ('PENDENTE','ENVIADO') LIMIT 1`,
    );
    return rows.length > 0;
  },

  async anotarErro(tx: Tx, tenantId: number, relogioId: number, mensagem: string | null): Promise<void> {
    await tx.execute(
      sql`UPDATE relogios_ponto SET erro_mensagem = ${mensagem} WHERE tenant_id = ${tenantId} AND id = ${relogioId}`,
    );
  },

  async anotarSincronizacao(tx: Tx, tenantId: number, relogioId: number, now: Date): Promise<void> {
    await tx.execute(
      sql`UPDATE relogios_ponto SET ultima_sincronizacao = ${now} WHERE tenant_id = ${tenantId} AND id = ${relogioId}`,
    );
  },

  async criarTarefa(tx: Tx, tenantId: number, cnpjId: number, tipo: string, usuarioId: number | null): Promise<number> {
    const [t] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO relogio_tarefas (tenant_id, cnpj_id, tipo, usuario_id)
          VALUES (${tenantId}, ${cnpjId}, ${tipo}, ${usuarioId}) RETURNING id::int8 AS id`,
    );
    return Number(t!.id);
  },

  /** Queues commands in the given order (their ids keep it). */
  async enfileirar(tx: Tx, tenantId: number, tarefaId: number | null, comandos: readonly NovoComando[]): Promise<void> {
    if (comandos.length === 0) return;
    await tx.execute(
      sql`INSERT INTO relogio_comandos (tenant_id, relogio_id, tarefa_id, tipo, payload, funcionario_ids)
          SELECT ${tenantId}, u.relogio_id, ${tarefaId}::bigint, u.tipo, u.payload::jsonb,
                 translate(u.funcionarios, '[]', '{}')::int[]
            FROM unnest(${arr(comandos.map((c) => c.relogioId))}::int[], ${arr(comandos.map((c) => c.tipo))}::text[],
                        ${arr(comandos.map((c) => JSON.stringify(c.payload)))}::text[],
                        ${arr(comandos.map((c) => JSON.stringify(c.funcionarioIds)))}::text[])
                 WITH ORDINALITY AS u(relogio_id, tipo, payload, funcionarios, ordem)
           ORDER BY u.ordem`,
    );
  },

  /** The commands of a clock not yet run: dropped when a full sync replaces them. */
  async descartarAbertos(tx: Tx, tenantId: number, relogioId: number, now: Date): Promise<void> {
    await tx.execute(
      sql`UPDATE relogio_comandos SET status = 'ERRO', erro = 'Substituído por uma nova sincronização', concluido_em = ${now}
           WHERE tenant_id = ${tenantId} AND relogio_id = ${relogioId} AND status IN ('PENDENTE','ENVIADO')
             AND tipo <> 'load_access_logs'`,
    );
  },

  /**
   * Employees as a device registers them, with whether they belong on their company's clocks today (active and
   * not dismissed before `hoje`): every one of a company (`cnpjId`: only those that belong), or the ones `ids`
   * names (all, so a change can take someone off).
   */
  funcionariosParaDispositivo(
    tx: Tx,
    tenantId: number,
    filtro: { cnpjId: number } | { ids: readonly number[] },
    hoje: string,
  ): Promise<FuncionarioDispositivo[]> {
    const noRelogio = sql`f.ativo AND (f.data_demissao IS NULL OR f.data_demissao >= ${hoje}::date)`;
    const onde =
      'cnpjId' in filtro
        ? sql`f.cnpj_id = ${filtro.cnpjId} AND ${noRelogio}`
        : sql`f.id = ANY(${arr(filtro.ids)}::int[])`;
    return queryRows(
      tx,
      sql`SELECT f.id, f.cnpj_id AS "cnpjId", f.nome, f.cracha, f.cpf, f.pis, ${noRelogio} AS "noRelogio",
                 EXISTS (SELECT 1 FROM funcionario_fotos p WHERE p.funcionario_id = f.id) AS "temFoto"
            FROM funcionarios f
           WHERE f.tenant_id = ${tenantId} AND ${onde}
           ORDER BY f.id`,
    );
  },

  /** The tenant's clocks that take commands: Push, and the REPs of a Coletor Local. */
  relogiosComFila(
    tx: Tx,
    tenantId: number,
  ): Promise<{ id: number; cnpjId: number; tipoServico: 'Push' | 'Coletor Local'; portaria: string | null }[]> {
    return queryRows(
      tx,
      sql`SELECT id, cnpj_id AS "cnpjId", tipo_servico AS "tipoServico", portaria FROM relogios_ponto
           WHERE tenant_id = ${tenantId} AND tipo_servico IN ('Push', 'Coletor Local')
           ORDER BY id`,
    );
  },

  /** Who of `ids` the product registered on a REP, with the CPF or PIS it was registered under (decision 0083). */
  async usuariosNoRep(tx: Tx, tenantId: number, relogioId: number, ids: readonly number[]) {
    const rows = await queryRows<{ funcionarioId: number; identificador: string }>(
      tx,
      sql`SELECT funcionario_id AS "funcionarioId", identificador FROM relogio_usuarios
           WHERE tenant_id = ${tenantId} AND relogio_id = ${relogioId} AND funcionario_id = ANY(${arr(ids)}::int[])`,
    );
    return new Map(rows.map((r) => [r.funcionarioId, r.identificador]));
  },

  /** Records what the REP will hold once its queue runs: these on it (under this identifier), those off it. */
  async anotarUsuariosNoRep(
    tx: Tx,
    tenantId: number,
    relogioId: number,
    noRep: readonly { id: number; identificador: string }[],
    fora: readonly number[],
  ): Promise<void> {
    if (fora.length)
      await tx.execute(
        sql`DELETE FROM relogio_usuarios WHERE tenant_id = ${tenantId} AND relogio_id = ${relogioId}
               AND funcionario_id = ANY(${arr(fora)}::int[])`,
      );
    if (noRep.length)
      await tx.execute(
        sql`INSERT INTO relogio_usuarios (tenant_id, relogio_id, funcionario_id, identificador)
            SELECT ${tenantId}, ${relogioId}, u.id, u.identificador
              FROM unnest(${arr(noRep.map((u) => u.id))}::int[], ${arr(noRep.map((u) => u.identificador))}::text[])
                   AS u(id, identificador)
            ON CONFLICT (relogio_id, funcionario_id) DO UPDATE SET identificador = EXCLUDED.identificador`,
      );
  },

  async fotos(tx: Tx, tenantId: number, ids: readonly number[]): Promise<{ id: number; imagem: Buffer; em: Date }[]> {
    const rows = await queryRows<{ id: number; imagem: Uint8Array; em: Date | string }>(
      tx,
      sql`SELECT funcionario_id AS id, imagem, atualizado_em AS em FROM funcionario_fotos
           WHERE tenant_id = ${tenantId} AND funcionario_id = ANY(${arr(ids)}::int[]) ORDER BY funcionario_id`,
    );
    // Raw rows: PGlite answers Uint8Array and node-postgres Buffer; the instant may come as text.
    return rows.map((r) => ({ id: r.id, imagem: Buffer.from(r.imagem), em: new Date(r.em) }));
  },

  /** Stores a face photo on an employee of the company; false when the id is not one of them. */
  async salvarFoto(tx: Tx, tenantId: number, cnpjId: number, funcionarioId: number, imagem: Buffer, now: Date) {
    const rows = await queryRows(
      tx,
      sql`INSERT INTO funcionario_fotos (tenant_id, funcionario_id, imagem, atualizado_em)
          SELECT ${tenantId}, f.id, ${imagem}, ${now} FROM funcionarios f
           WHERE f.tenant_id = ${tenantId} AND f.cnpj_id = ${cnpjId} AND f.id = ${funcionarioId}
          ON CONFLICT (funcionario_id) DO UPDATE SET imagem = EXCLUDED.imagem, atualizado_em = EXCLUDED.atualizado_em
          RETURNING funcionario_id`,
    );
    return rows.length > 0;
  },

  /** The employees of these companies among `ids`, with what a punch's identifier is made of. */
  funcionariosDosUsuarios(
    tx: Tx,
    tenantId: number,
    ids: readonly number[],
  ): Promise<{ id: number; cnpjId: number; cpf: string; pis: string | null }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return queryRows(
      tx,
      sql`SELECT id, cnpj_id AS "cnpjId", cpf, pis FROM funcionarios
           WHERE tenant_id = ${tenantId} AND id = ANY(${arr(ids)}::int[])`,
    );
  },

  /**
   * Stores punches not stored yet (the store's unique key: clock, NSR, time,
   * identifier — a device's retry or a replay adds nothing) and links each
   * new one to its employee, except on a day of the employee's closed period
   * (decision 0075: the punch is kept, its link waits for the period to
   * open). The links' trigger marks the days for the calculation and queues
   * it (db/pendencias.ts). The clocks' rows are not written: their cursor
   * follows the punches stored (CURSOR), so two writers never wait on them.
   */
  async gravarMarcacoes(
    tx: Tx,
    tenantId: number,
    m: readonly MarcacaoPush[],
  ): Promise<{ novas: number; vinculadas: number }> {
    if (m.length === 0) return { novas: 0, vinculadas: 0 };
    const col = <T>(f: (r: MarcacaoPush) => T) => arr(m.map(f));
    const [r] = await queryRows<{ novas: number; vinculadas: number }>(
      tx,
      sql`WITH lote AS (
            SELECT * FROM unnest(${col((r) => r.cnpjId)}::int[], ${col((r) => r.relogio)}::text[],
                                 ${col((r) => r.nsr)}::bigint[], ${col((r) => r.dataHora)}::timestamp[],
                                 ${col((r) => r.instante)}::timestamptz[], ${col((r) => r.deslocamento)}::text[],
                                 ${col((r) => r.fuso)}::text[], ${col((r) => r.identificador)}::text[],
                                 ${col((r) => r.funcionarioId)}::int[])
              AS u(cnpj_id, relogio, nsr, data_hora, instante, deslocamento, fuso, identificador, funcionario_id)
          ), novas AS (
            INSERT INTO marcacoes (tenant_id, cnpj_id, origem, relogio, nsr, data_hora, fuso, data_hora_arquivo,
                                   instante, deslocamento, identificador)
            SELECT ${tenantId}::int, cnpj_id, 'R', relogio, nsr, data_hora, fuso, data_hora, instante, deslocamento,
                   identificador
              FROM lote
            ON CONFLICT DO NOTHING
            RETURNING id, relogio, nsr, data_hora, identificador
          ), vinculos AS (
            INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
            SELECT DISTINCT ${tenantId}::int, n.id, l.funcionario_id, n.data_hora, 'R'
              FROM novas n
              JOIN lote l ON l.relogio = n.relogio AND l.nsr = n.nsr AND l.data_hora = n.data_hora
                         AND l.identificador = n.identificador
             WHERE l.funcionario_id IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM periodos_funcionario p
                                WHERE p.tenant_id = ${tenantId} AND p.funcionario_id = l.funcionario_id AND p.fechado
                                  AND n.data_hora::date BETWEEN p.data_inicio AND p.data_final)
            RETURNING funcionario_id
          )
          SELECT (SELECT count(*) FROM novas)::int AS novas, (SELECT count(*) FROM vinculos)::int AS vinculadas`,
    );
    return { novas: r!.novas, vinculadas: r!.vinculadas };
  },

  /** The push clocks of a company (or one clock), with what the monitoring screen shows. */
  estado(tx: Tx, tenantId: number, filtro: { cnpjId: number } | { id: number }): Promise<EstadoPushRow[]> {
    const onde = 'cnpjId' in filtro ? sql`r.cnpj_id = ${filtro.cnpjId}` : sql`r.id = ${filtro.id}`;
    return queryRows<EstadoPushRow>(
      tx,
      sql`SELECT r.id, r.cnpj_id AS "cnpjId", r.modelo, r.numero_serie AS "numeroSerie",
                 r.local_instalacao AS "localInstalacao", r.fabricante, r.id_cloud AS "idCloud",
                 r.monitoramento_ativo AS "monitoramentoAtivo", r.erro_mensagem AS "erroMensagem",
                 r.ultima_conexao AS "ultimaConexao", r.ultima_sincronizacao AS "ultimaSincronizacao",
                 ${CURSOR}::int8 AS nsr,
                 (SELECT count(DISTINCT f)::int FROM relogio_comandos c, unnest(c.funcionario_ids) f
                   WHERE c.tenant_id = r.tenant_id AND c.relogio_id = r.id AND c.status IN ('PENDENTE','ENVIADO'))
                   AS "funcionariosSincronizar"
            FROM relogios_ponto r
           WHERE r.tenant_id = ${tenantId} AND r.tipo_servico = 'Push' AND ${onde}
           ORDER BY r.numero_serie, r.id`,
    ).then((rows) =>
      rows.map((r) => ({
        ...r,
        nsr: r.nsr === null ? null : Number(r.nsr),
        ultimaConexao: r.ultimaConexao === null ? null : new Date(r.ultimaConexao),
        ultimaSincronizacao: r.ultimaSincronizacao === null ? null : new Date(r.ultimaSincronizacao),
      })),
    );
  },

  async atualizarNsr(tx: Tx, tenantId: number, id: number, nsr: number): Promise<void> {
    await tx.execute(sql`UPDATE relogios_ponto SET proximo_nsr = ${nsr} WHERE tenant_id = ${tenantId} AND id = ${id}`);
  },

  /** Starting clears the error the clock was in; stopping keeps it for the record. */
  async monitorar(tx: Tx, tenantId: number, id: number, ativo: boolean): Promise<void> {
    await tx.execute(
      sql`UPDATE relogios_ponto SET monitoramento_ativo = ${ativo},
                 erro_mensagem = CASE WHEN ${ativo} THEN NULL ELSE erro_mensagem END
           WHERE tenant_id = ${tenantId} AND id = ${id}`,
    );
  },
};
