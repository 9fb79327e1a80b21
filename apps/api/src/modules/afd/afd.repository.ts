import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { anotarDiaDeVinculo } from '../../db/pendencias.js';
import { afdImportacoes, cnpjs, funcionarios } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant-tx.js';
import { databaseErrorOf } from '../../shared/database-errors.js';
import type { EmpresaAfd, MarcacaoLida } from './leitura.js';
import type { PeriodoFechado } from './periodos-fechados.js';
import type { FuncionarioDocumentos } from './vinculador.js';

/** What a batch stored: its new punches, their links, and each linked employee's days ('yyyy-mm-dd'). */
export interface LoteGravado {
  novas: number;
  vinculadas: number;
  dias: [funcionarioId: number, dias: string[]][];
}

/** Where a batch of punches goes: the company, its zone, the import and the clock. */
export interface DestinoLote {
  cnpjId: number;
  fuso: string;
  importacaoId: number | null;
  relogio: string | null;
}

/** An employee as the demo clocks see them: who, which schedules when, and the days off work. */
export interface FuncionarioDemonstracao {
  id: number;
  cnpjId: number;
  nome: string;
  cpf: string;
  dataAdmissao: string;
  dataDemissao: string | null;
  escalas: { dataInicio: string; dataFinal: string | null; configuracao: unknown }[];
  /** [início, fim] of each leave; fim null = open. */
  afastamentos: [string, string | null][];
}

export interface DadosDemonstracao {
  empresas: EmpresaAfd[];
  funcionarios: FuncionarioDemonstracao[];
  feriados: { data: string; fixo: boolean }[];
}

/** A punch with no employee link yet ('sem vínculo'). */
export interface MarcacaoSemVinculo {
  id: number;
  identificador: string;
  dataHora: string;
  origem: string;
}

export interface ImportacaoRow {
  id: number;
  cnpjId: number;
  solicitacaoId: number | null;
  portaria: string;
  dataInicio: string;
  dataFinal: string;
  arquivo: string;
  linhasProcessadas: number;
  resultado: unknown;
}

/** One array per column: a batch costs a few parameters whatever its size (see funcionarios-importacao). */
const coluna = <T, V>(rows: readonly T[], f: (r: T) => V) => sql.param(rows.map(f));

/** Key of the advisory lock that serialises linking punches of one company (see vincularSemVinculo). */
const VINCULO_LOCK_KEY = 72_011;

/** The unique index of a punch: clock (or company), NSR, date-time as written and identifier (migration 0014). */
const CHAVE_DA_MARCACAO = 'marcacoes_origem_uq';

/** Whether two punches of the batch share the unique key (a line repeated in the file). */
function repeteChave(m: readonly MarcacaoLida[]): boolean {
  const vistas = new Set<string>();
  for (const r of m) {
    const chave = `${r.nsr}|${r.dataHoraArquivo}|${r.identificador}`;
    if (vistas.has(chave)) return true;
    vistas.add(chave);
  }
  return false;
}

/** The batch as rows in SQL: one array parameter per column. */
const loteSql = (m: readonly MarcacaoLida[]) =>
  sql`unnest(${coluna(m, (r) => r.origem)}::text[], ${coluna(m, (r) => r.nsr)}::bigint[],
             ${coluna(m, (r) => r.dataHora)}::timestamp[], ${coluna(m, (r) => r.dataHoraArquivo)}::timestamp[],
             ${coluna(m, (r) => r.instante)}::timestamptz[], ${coluna(m, (r) => r.deslocamento)}::text[],
             ${coluna(m, (r) => r.identificador)}::text[], ${coluna(m, (r) => r.funcionarioId)}::int[])
        AS u(origem, nsr, data_hora, data_hora_arquivo, instante, deslocamento, identificador, funcionario_id)`;

/**
 * A batch nothing stored collides with (see inserirLote): every punch goes in, numbered here from the
 * punches' own sequence so its link goes in beside it with no RETURNING to match back (a join, a DISTINCT
 * and 20,000 rows kept per batch); the counts and days are the batch's own. A key committed by another
 * writer meanwhile fails the statement (unique violation), and inserirLote takes the careful way.
 */
async function inserirSemConflito(
  tx: Tx,
  tenantId: number,
  d: DestinoLote,
  m: readonly MarcacaoLida[],
): Promise<LoteGravado> {
  await tx.execute(
    sql`WITH lote AS MATERIALIZED (
          SELECT nextval('marcacoes_id_seq') AS id, u.* FROM ${loteSql(m)}
        ), novas AS (
          INSERT INTO marcacoes (id, tenant_id, cnpj_id, origem, relogio, nsr, data_hora, fuso, data_hora_arquivo,
                                 instante, deslocamento, identificador, importacao_id)
          OVERRIDING SYSTEM VALUE
          SELECT id, ${tenantId}::int, ${d.cnpjId}::int, origem, ${d.relogio}::text, nsr, data_hora, ${d.fuso}::text,
                 data_hora_arquivo, instante, deslocamento, identificador, ${d.importacaoId}::bigint
            FROM lote
        )
        INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
        SELECT ${tenantId}::int, id, funcionario_id, data_hora, origem FROM lote WHERE funcionario_id IS NOT NULL`,
  );
  const dias = new Map<number, Set<string>>();
  let vinculadas = 0;
  for (const r of m) {
    if (r.funcionarioId === null) continue;
    vinculadas++;
    anotarDiaDeVinculo(dias, r.funcionarioId, r.dataHora.slice(0, 10));
  }
  return { novas: m.length, vinculadas, dias: [...dias].map(([f, ds]) => [f, [...ds]]) };
}

/**
 * The careful way: the punches whose key is stored already are skipped (ON CONFLICT DO NOTHING), and the links
 * go to the punches stored, matched back by key (see inserirLote).
 */
async function inserirComConflito(
  tx: Tx,
  tenantId: number,
  d: DestinoLote,
  m: readonly MarcacaoLida[],
): Promise<LoteGravado> {
  const [row] = await queryRows<LoteGravado>(
    tx,
    sql`WITH lote AS (
          SELECT * FROM ${loteSql(m)}
        ), novas AS (
          INSERT INTO marcacoes (tenant_id, cnpj_id, origem, relogio, nsr, data_hora, fuso, data_hora_arquivo,
                                 instante, deslocamento, identificador, importacao_id)
          SELECT ${tenantId}::int, ${d.cnpjId}::int, origem, ${d.relogio}::text, nsr, data_hora, ${d.fuso}::text,
                 data_hora_arquivo, instante, deslocamento, identificador, ${d.importacaoId}::bigint
            FROM lote
          ON CONFLICT DO NOTHING
          RETURNING id, nsr, data_hora, data_hora_arquivo, identificador, origem
        ), vinculos AS (
          INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
          SELECT DISTINCT ${tenantId}::int, n.id, l.funcionario_id, n.data_hora, n.origem
            FROM novas n
            JOIN lote l ON l.nsr = n.nsr AND l.data_hora_arquivo = n.data_hora_arquivo
                       AND l.identificador = n.identificador
           WHERE l.funcionario_id IS NOT NULL
          RETURNING funcionario_id, data_hora
        )
        SELECT (SELECT count(*) FROM novas)::int AS novas, (SELECT count(*) FROM vinculos)::int AS vinculadas,
               (SELECT coalesce(json_agg(json_build_array(d.funcionario_id, d.dias)), '[]')
                  FROM (SELECT funcionario_id, array_agg(DISTINCT data_hora::date::text) AS dias
                          FROM vinculos GROUP BY funcionario_id) d) AS dias`,
  );
  return row!;
}

export const afdRepository = {
  async findEmpresa(tx: Tx, tenantId: number, cnpjId: number): Promise<EmpresaAfd | undefined> {
    const [row] = await tx
      .select({
        id: cnpjs.id,
        numero: cnpjs.numero,
        tipoNumeroDocumento: cnpjs.tipoNumeroDocumento,
        razaoSocial: cnpjs.razaoSocial,
        fuso: cnpjs.fusoHorario,
      })
      .from(cnpjs)
      .where(and(eq(cnpjs.tenantId, tenantId), eq(cnpjs.id, cnpjId)));
    return row;
  },

  /** Every employee of the company, active or not: a dismissed person's old punches are still theirs. */
  funcionariosDaEmpresa(tx: Tx, tenantId: number, cnpjId: number): Promise<FuncionarioDocumentos[]> {
    return tx
      .select({
        id: funcionarios.id,
        nome: funcionarios.nome,
        cpf: funcionarios.cpf,
        pis: funcionarios.pis,
        dataAdmissao: funcionarios.dataAdmissao,
        dataDemissao: funcionarios.dataDemissao,
      })
      .from(funcionarios)
      .where(and(eq(funcionarios.tenantId, tenantId), eq(funcionarios.cnpjId, cnpjId)));
  },

  /** The company's employees holding any of these CPFs or PIS numbers. */
  funcionariosPorDocumentos(
    tx: Tx,
    tenantId: number,
    cnpjId: number,
    cpfs: readonly string[],
    piss: readonly string[],
  ): Promise<FuncionarioDocumentos[]> {
    return queryRows<FuncionarioDocumentos>(
      tx,
      sql`SELECT id, nome, cpf, pis, data_admissao::text AS "dataAdmissao", data_demissao::text AS "dataDemissao"
            FROM funcionarios
           WHERE tenant_id = ${tenantId} AND cnpj_id = ${cnpjId}
             AND (cpf = ANY(${sql.param([...cpfs])}::text[]) OR pis = ANY(${sql.param([...piss])}::text[]))`,
    );
  },

  /** The CPF, PIS and company of employees just written. */
  documentosDe(
    tx: Tx,
    tenantId: number,
    ids: readonly number[],
  ): Promise<{ cnpjId: number; cpf: string; pis: string | null }[]> {
    return queryRows(
      tx,
      sql`SELECT cnpj_id AS "cnpjId", cpf, pis FROM funcionarios
           WHERE tenant_id = ${tenantId} AND id = ANY(${sql.param([...ids])}::int[])`,
    );
  },

  /**
   * Stores a batch: the punches that are not stored yet (the unique key makes
   * a replay or an overlapping file add nothing), and the employee link of
   * each new one, in one statement.
   *
   * `ON CONFLICT DO NOTHING` costs every row a second probe of the unique key
   * and a confirmation record (+35–48 % on the insert, measured on 400,000
   * rows): a first import needs neither. So when no stored punch of the
   * clock falls in the batch's NSR range (one range read of the key) and the
   * batch repeats no key, the batch is inserted plainly (inserirSemConflito,
   * which also needs no matching of links back to punches), in a savepoint; a
   * key committed meanwhile by another writer (another import of the same
   * file, a clock) fails it with the key's unique violation, and the batch
   * is then stored the careful way, as is any batch that overlaps what is
   * stored (decision 0061).
   */
  async inserirLote(tx: Tx, tenantId: number, d: DestinoLote, m: readonly MarcacaoLida[]): Promise<LoteGravado> {
    if (m.length === 0) return { novas: 0, vinculadas: 0, dias: [] };
    if (!repeteChave(m) && !(await afdRepository.haGravadasNoIntervalo(tx, tenantId, d, m))) {
      try {
        return await tx.transaction((sp) => inserirSemConflito(sp, tenantId, d, m));
      } catch (e) {
        const erro = databaseErrorOf(e);
        if (erro?.code !== '23505' || erro.constraint !== CHAVE_DA_MARCACAO) throw e;
      }
    }
    return inserirComConflito(tx, tenantId, d, m);
  },

  /** Whether any punch of the batch's clock (or company, without one) is stored with an NSR in the batch's range. */
  async haGravadasNoIntervalo(tx: Tx, tenantId: number, d: DestinoLote, m: readonly MarcacaoLida[]): Promise<boolean> {
    let menor = Infinity;
    let maior = -Infinity;
    for (const r of m) {
      if (r.nsr < menor) menor = r.nsr;
      if (r.nsr > maior) maior = r.nsr;
    }
    // The expression is the unique index's own, so this is one range read of it.
    const rows = await queryRows(
      tx,
      sql`SELECT 1 FROM marcacoes
           WHERE tenant_id = ${tenantId} AND coalesce(relogio, '#' || cnpj_id::text) = ${d.relogio ?? `#${d.cnpjId}`}::text
             AND nsr BETWEEN ${menor}::bigint AND ${maior}::bigint
           LIMIT 1`,
    );
    return rows.length > 0;
  },

  /**
   * Serialises the linking of one company's punches: the late link of a
   * saved employee and an import's last pass take it, so neither can miss a
   * punch or an employee the other is committing (read committed).
   */
  async travarVinculos(tx: Tx, cnpjId: number): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${VINCULO_LOCK_KEY}::int, ${cnpjId}::int)`);
  },

  /** The closed periods of these employees that meet [de, ate] (decision 0075). */
  periodosFechados(
    tx: Tx,
    tenantId: number,
    funcionarioIds: readonly number[],
    de: string,
    ate: string,
  ): Promise<PeriodoFechado[]> {
    if (funcionarioIds.length === 0) return Promise.resolve([]);
    return queryRows<PeriodoFechado>(
      tx,
      sql`SELECT funcionario_id AS "funcionarioId", data_inicio::text AS "dataInicio", data_final::text AS "dataFinal"
            FROM periodos_funcionario
           WHERE tenant_id = ${tenantId} AND funcionario_id = ANY(${sql.param([...funcionarioIds])}::int[]) AND fechado
             AND data_inicio <= ${ate}::date AND data_final >= ${de}::date`,
    );
  },

  /** The company's punches with one of these identifier texts and no employee link. */
  marcacoesSemVinculo(
    tx: Tx,
    tenantId: number,
    cnpjId: number,
    campos: readonly string[],
  ): Promise<MarcacaoSemVinculo[]> {
    return queryRows<MarcacaoSemVinculo>(
      tx,
      sql`SELECT m.id, m.identificador, m.data_hora::text AS "dataHora", m.origem
            FROM marcacoes m
           WHERE m.tenant_id = ${tenantId} AND m.cnpj_id = ${cnpjId}
             AND m.identificador = ANY(${sql.param([...campos])}::text[])
             AND NOT EXISTS (SELECT 1 FROM marcacao_funcionarios mf
                              WHERE mf.tenant_id = m.tenant_id AND mf.marcacao_id = m.id)`,
    );
  },

  /**
   * The company's punches of a period with no employee link, one row per
   * identifier as written (issue 24 §5): the most punches first, at most
   * `limite` rows. Scans the tenant's punches of the period: the list is read
   * by an operator, not on every import.
   */
  semVinculoPorIdentificador(
    tx: Tx,
    tenantId: number,
    cnpjId: number,
    periodo: { dataInicio: string; dataFinal: string },
    limite: number,
  ): Promise<{ identificador: string; relogios: string[]; quantidade: number; primeira: string; ultima: string }[]> {
    return queryRows(
      tx,
      sql`SELECT m.identificador,
                 array_agg(DISTINCT coalesce(m.relogio, '') ORDER BY coalesce(m.relogio, '')) AS relogios,
                 count(*)::int AS quantidade,
                 to_char(min(m.data_hora), 'YYYY-MM-DD"T"HH24:MI') AS primeira,
                 to_char(max(m.data_hora), 'YYYY-MM-DD"T"HH24:MI') AS ultima
            FROM marcacoes m
           WHERE m.tenant_id = ${tenantId} AND m.cnpj_id = ${cnpjId}
             AND m.data_hora >= ${periodo.dataInicio}::date AND m.data_hora < ${periodo.dataFinal}::date + 1
             AND NOT EXISTS (SELECT 1 FROM marcacao_funcionarios mf
                              WHERE mf.tenant_id = m.tenant_id AND mf.marcacao_id = m.id)
           GROUP BY m.identificador
           ORDER BY count(*) DESC, m.identificador
           LIMIT ${limite}`,
    );
  },

  async inserirVinculos(
    tx: Tx,
    tenantId: number,
    v: readonly { marcacao: MarcacaoSemVinculo; funcionarioId: number }[],
  ): Promise<number> {
    if (v.length === 0) return 0;
    const rows = await queryRows<{ n: number }>(
      tx,
      sql`INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
          SELECT ${tenantId}::int, u.m, u.f, u.d, u.o
            FROM unnest(${coluna(v, (x) => x.marcacao.id)}::bigint[], ${coluna(v, (x) => x.funcionarioId)}::int[],
                        ${coluna(v, (x) => x.marcacao.dataHora)}::timestamp[], ${coluna(v, (x) => x.marcacao.origem)}::text[])
                 AS u(m, f, d, o)
          ON CONFLICT DO NOTHING
          RETURNING 1 AS n`,
    );
    return rows.length;
  },

  async criarImportacao(
    tx: Tx,
    v: {
      tenantId: number;
      cnpjId: number;
      solicitacaoId: number | null;
      portaria: string;
      dataInicio: string;
      dataFinal: string;
      arquivo: string;
      now: Date;
    },
  ): Promise<number> {
    const [row] = await tx
      .insert(afdImportacoes)
      .values({
        tenantId: v.tenantId,
        cnpjId: v.cnpjId,
        solicitacaoId: v.solicitacaoId,
        portaria: v.portaria,
        dataInicio: v.dataInicio,
        dataFinal: v.dataFinal,
        arquivo: v.arquivo,
        criadoEm: v.now,
      })
      .returning({ id: afdImportacoes.id });
    return row!.id;
  },

  async importacao(tx: Tx, tenantId: number, id: number): Promise<ImportacaoRow | undefined> {
    const [row] = await tx
      .select({
        id: afdImportacoes.id,
        cnpjId: afdImportacoes.cnpjId,
        solicitacaoId: afdImportacoes.solicitacaoId,
        portaria: afdImportacoes.portaria,
        dataInicio: afdImportacoes.dataInicio,
        dataFinal: afdImportacoes.dataFinal,
        arquivo: afdImportacoes.arquivo,
        linhasProcessadas: afdImportacoes.linhasProcessadas,
        resultado: afdImportacoes.resultado,
      })
      .from(afdImportacoes)
      .where(and(eq(afdImportacoes.tenantId, tenantId), eq(afdImportacoes.id, id)));
    return row;
  },

  async importacaoDaSolicitacao(tx: Tx, tenantId: number, solicitacaoId: number): Promise<ImportacaoRow | undefined> {
    const [row] = await tx
      .select({ id: afdImportacoes.id })
      .from(afdImportacoes)
      .where(and(eq(afdImportacoes.tenantId, tenantId), eq(afdImportacoes.solicitacaoId, solicitacaoId)));
    return row ? afdRepository.importacao(tx, tenantId, row.id) : undefined;
  },

  /**
   * Lines up to `linha` are stored, with the punches and links the batch
   * added: committed with the batch, so a job resumed after a crash starts
   * after them and still counts what the first run stored.
   */
  async registrarProgresso(
    tx: Tx,
    tenantId: number,
    id: number,
    linha: number,
    gravadas: { novas: number; vinculadas: number },
  ): Promise<void> {
    await tx.execute(
      sql`UPDATE afd_importacoes
             SET linhas_processadas = greatest(linhas_processadas, ${linha}::int),
                 resultado = jsonb_build_object(
                   'novas', coalesce((resultado->>'novas')::int, 0) + ${gravadas.novas}::int,
                   'vinculadas', coalesce((resultado->>'vinculadas')::int, 0) + ${gravadas.vinculadas}::int)
           WHERE tenant_id = ${tenantId} AND id = ${id}`,
    );
  },

  async registrarResultado(tx: Tx, tenantId: number, id: number, resultado: unknown): Promise<void> {
    await tx
      .update(afdImportacoes)
      .set({ resultado })
      .where(and(eq(afdImportacoes.tenantId, tenantId), eq(afdImportacoes.id, id)));
  },
  /**
   * What the demo clocks need to punch like the demo employees (demo seed
   * only): the companies, every employee with their schedule entries (the
   * version's document as stored) and the days they did not work.
   */
  async dadosDemonstracao(tx: Tx, tenantId: number): Promise<DadosDemonstracao> {
    const empresas = await queryRows<EmpresaAfd>(
      tx,
      sql`SELECT id, numero, tipo_numero_documento AS "tipoNumeroDocumento", razao_social AS "razaoSocial",
                 fuso_horario AS fuso
            FROM cnpjs WHERE tenant_id = ${tenantId} ORDER BY id`,
    );
    const funcionarios = await queryRows<FuncionarioDemonstracao>(
      tx,
      sql`SELECT f.id, f.cnpj_id AS "cnpjId", f.nome, f.cpf, f.data_admissao::text AS "dataAdmissao",
                 f.data_demissao::text AS "dataDemissao",
                 coalesce((SELECT json_agg(json_build_object(
                             'dataInicio', fe.data_inicio::text, 'dataFinal', fe.data_final::text,
                             'configuracao', (SELECT v.configuracao FROM escala_versoes v
                                               WHERE v.tenant_id = fe.tenant_id AND v.escala_id = fe.escala_id
                                               ORDER BY v.valida_desde DESC LIMIT 1))
                             ORDER BY fe.data_inicio)
                             FROM funcionario_escalas fe
                            WHERE fe.tenant_id = f.tenant_id AND fe.funcionario_id = f.id), '[]'::json) AS escalas,
                 coalesce((SELECT json_agg(json_build_array(a.data_inicio::text, a.data_final::text))
                             FROM funcionario_afastamentos a
                            WHERE a.tenant_id = f.tenant_id AND a.funcionario_id = f.id), '[]'::json) AS afastamentos
            FROM funcionarios f
           WHERE f.tenant_id = ${tenantId}
           ORDER BY f.id`,
    );
    const feriados = await queryRows<{ data: string; fixo: boolean }>(
      tx,
      sql`SELECT data::text AS data, fixo FROM feriados WHERE tenant_id = ${tenantId}`,
    );
    const json = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
    return {
      empresas,
      funcionarios: funcionarios.map((f) => ({ ...f, escalas: json(f.escalas), afastamentos: json(f.afastamentos) })),
      feriados,
    };
  },
};
