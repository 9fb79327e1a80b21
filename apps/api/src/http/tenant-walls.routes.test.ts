import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  MSG,
  PERMISSIONS,
  ROUTES,
  SIDE_MENU,
  SUPER_ADMIN_CODE,
  SYSTEM_MENU,
  POSICOES_PADRAO,
  allEndpoints,
  cnpjCheckDigits,
  isUpload,
  perfilPermissaoApi,
  type Endpoint,
} from '@jornada/contracts';
import { queryRows } from '../db/client.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, upload, type TestEnv } from '../../test/harness.js';
import { probeFor } from '../../test/probe-bodies.js';

/**
 * The walls between customers and inside a customer (issue 9 §2), generated
 * from the contract registry: every tenant call is made by the demo tenant's
 * administrator with the OTHER tenant's ids in every id field (and in the
 * path), then by a user limited to one company and one department with the
 * ids of rows outside that scope. Each call must answer without a 5xx, its
 * answer must not contain any text of the foreign rows, and the foreign rows
 * must be exactly as before. A new endpoint is covered the day it is added;
 * one whose body the generator cannot build fails here until it gets a
 * hand-written body in PROBE_OVERRIDES.
 */

const label = (e: Endpoint) => `${e.method} ${e.path}`;

/**
 * Calls left out, each with its reason. Nothing with an id of another row
 * may be listed here.
 */
const EXCLUDED: Record<string, string> = {
  'POST /api/login/sair': 'ends the calling session; takes no id',
  'POST /api/login/validar-token': 'rotates the calling token; takes no row id',
  'POST /api/usuario/conta/alterar-senha': "changes the caller's own password; takes no id",
};

/** A valid CNPJ no demo company has: the probe reaches the company checks, not the duplicate one. */
const SONDA_CNPJ = `998887770001${cnpjCheckDigits('998887770001')}`;

/** Hand-written bodies for schemas the generator cannot satisfy (refinements across fields). */
const PROBE_OVERRIDES: Record<string, (id: number) => unknown> = {
  // Day actions whose bodies refine across fields (a punch ticked; a complete pair of times).
  'POST /api/controle-mover-marcacao/salvar': (id) => ({
    cnpj: id,
    funcionario: id,
    data: '2026-02-10',
    dataDestino: '2026-02-11',
    marcacoes: [{ id, selecionado: true }],
  }),
  'POST /api/mudanca-horario/controle-salvar': (id) => ({
    cnpj: id,
    funcionario: id,
    data: '2026-02-10',
    horarioFlexivel: { entrada1: '08:00', saida1: '12:00' },
    justificativa: id,
  }),
  // The adjustment's end after its start.
  ...Object.fromEntries(
    (['salvar', 'alterar'] as const).map((acao) => [
      `POST /api/ajuste-parcial/${acao}`,
      (id: number) => ({
        cnpj: id,
        funcionario: id,
        data: '2026-02-10',
        ajusteParcial: {
          id,
          codigoEvento: 'atraso',
          justificativa: id,
          diaInicio: '2026-02-10',
          horaInicio: '08:00',
          diaFinal: '2026-02-10',
          horaFinal: '08:30',
        },
      }),
    ]),
  ),
  // Check digits, masks' digit counts; the city is the IBGE's (not a tenant's row): São Paulo.
  'POST /api/empresa/salvar-cnpj': (id) => ({
    cnpj: {
      id,
      tipoNumeroDocumento: 'cnpj',
      numero: SONDA_CNPJ,
      razaoSocial: 'Sonda de parede',
      telefone1: '1133334444',
    },
    endereco: {
      tipoLocal: 'Rua',
      rua: 'Sonda',
      numero: '1',
      cep: '01310100',
      bairro: 'Sonda',
      cidade: { id: 3550308 },
    },
  }),
  // The days must pair (decision 0019); the call names no row (the tenant's main company).
  'POST /api/empresa/alterar-periodo-fechamento': () => ({
    empresa: { diaInicioFechamento: 1, diaFinalFechamento: 31 },
  }),
  // Two columns may not share a position: the default layout. The file (SONDA_CSV) goes beside it.
  'POST /api/funcionario-upload/processar': (id) => ({
    jsonRequisicao: { cnpj: { id } },
    jsonColunas: { ...POSICOES_PADRAO, charset: 'UTF-8', formatoData: 'dd/MM/yyyy' },
  }),
  // The period's days must be in order (a refinement across fields); the file is not an AFD (an immediate ERRO).
  'POST /api/afd/upload': (id) => ({
    jsonRequisicao: { numeroPortaria: '671', cnpj: { id }, dataInicio: '2026-03-01', dataFinal: '2026-03-10' },
  }),
  // The new schedule must differ from the current one: the probed id, and the next id as the old one.
  'POST /api/configuracao-escala/trocar-contrato-funcionarios': (id) => ({
    idsFuncionarios: [id],
    idNovoContrato: id,
    idAntigoContrato: id + 1,
    dataInicio: '2026-03-10',
  }),
  // The import's id is a uuid nobody holds; the schedule is the probed id.
  'POST /api/funcionario-upload/salvar': (id) => ({
    id: '00000000-0000-4000-8000-000000000000',
    escala: { id },
    dataIinicioEscala: '2026-03-10',
  }),
};

/** The file an upload probe sends: one well-formed employee line. */
const SONDA_CSV = 'Sonda de parede;;52998224725;9999;R1;01/02/2020;1;1\r\n';

/**
 * The calls this wall covers: every logged-in call except the provider's
 * (cross-tenant by design). Deletions go last: a probe may legitimately delete
 * a row the caller sees, and the reads before must still find it.
 */
const isDeletion = (e: Endpoint) => /\/excluir/.test(e.path);
const covered = allEndpoints()
  .filter((e) => e.permission !== null && e.permission !== SUPER_ADMIN_CODE && !(label(e) in EXCLUDED))
  .sort((a, b) => Number(isDeletion(a)) - Number(isDeletion(b)));

type Owner = TestEnv['database']['owner'];

/** Tables owned by a tenant, with their text columns and whether they have an `id`. */
async function tenantTables(owner: Owner) {
  const rows = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    owner,
    sql`SELECT table_name, column_name, data_type FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name IN (
          SELECT table_name FROM information_schema.columns
          WHERE table_schema = 'public' AND column_name = 'tenant_id')
        ORDER BY table_name, ordinal_position`,
  );
  const tables = new Map<string, { hasId: boolean; texts: string[]; columns: string[] }>();
  for (const r of rows) {
    const t = tables.get(r.table_name) ?? { hasId: false, texts: [], columns: [] };
    t.columns.push(r.column_name);
    // Integer identities only: a uuid id (an import in progress) is unguessable and cannot be shifted.
    if (r.column_name === 'id' && r.data_type === 'integer') t.hasId = true;
    if (r.data_type === 'character varying' || r.data_type === 'text') t.texts.push(r.column_name);
    tables.set(r.table_name, t);
  }
  return tables;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Moves every id of `tenantId`'s rows (and every foreign key pointing at them)
 * up by ID_SHIFT, so no id of that tenant is also an id of a row of any other
 * tenant in any table: a probe id then names the foreign row only, and the
 * probes never touch the caller's own rows by coincidence.
 */
const ID_SHIFT = 1_000_000;

/** Columns that name another table's row without a foreign key (bulk-written rows: decisions 0049, 0056). */
const REFERENCES_WITHOUT_FK: { child: string; col: string; parent: string }[] = [
  { child: 'marcacao_funcionarios', col: 'marcacao_id', parent: 'marcacoes' },
  ...Object.entries({
    funcionario_id: 'funcionarios',
    cnpj_id: 'cnpjs',
    centro_custo_id: 'centros_custo',
    cargo_id: 'cargos',
    escala_id: 'escalas',
  }).map(([col, parent]) => ({ child: 'calculo_dias', col, parent })),
  { child: 'calculo_semanas', col: 'funcionario_id', parent: 'funcionarios' },
];
async function shiftTenantIds(owner: Owner, tenantId: number, tables: Awaited<ReturnType<typeof tenantTables>>) {
  const fks = await queryRows<{ child: string; col: string; parent: string }>(
    owner,
    sql`SELECT c.conrelid::regclass::text AS child, a.attname AS col, c.confrelid::regclass::text AS parent
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
        WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1 AND pa.attname = 'id'
          AND c.connamespace = 'public'::regnamespace`,
  );
  const withId = [...tables].filter(([, t]) => t.hasId).map(([name]) => name);
  await owner.transaction(async (tx) => {
    // Foreign keys are checked by triggers, which replica mode skips: the
    // rows and the keys pointing at them move in any order.
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    for (const table of withId) {
      await tx.execute(sql.raw(`ALTER TABLE ${q(table)} ALTER COLUMN id SET GENERATED BY DEFAULT`));
      await tx.execute(sql.raw(`UPDATE ${q(table)} SET id = id + ${ID_SHIFT} WHERE tenant_id = ${tenantId}`));
      await tx.execute(sql.raw(`ALTER TABLE ${q(table)} ALTER COLUMN id SET GENERATED ALWAYS`));
    }
    for (const fk of [...fks, ...REFERENCES_WITHOUT_FK]) {
      if (!withId.includes(fk.parent) || !tables.has(fk.child)) continue;
      await tx.execute(
        sql.raw(
          `UPDATE ${q(fk.child)} SET ${q(fk.col)} = ${q(fk.col)} + ${ID_SHIFT}
           WHERE tenant_id = ${tenantId} AND ${q(fk.col)} IS NOT NULL`,
        ),
      );
    }
  });
}

/** What "the foreign rows" are: a WHERE clause per table (absent = none of that table). */
type Foreign = Map<string, string>;

/**
 * Per table, the count of the foreign rows and the sum of a 64-bit hash of
 * each whole row: any row changed, added or removed changes it (but for a
 * 2^-64 chance), in one statement and without sorting — it runs after every
 * probe, over every punch and calculated day of the other customer.
 */
async function fingerprint(owner: Owner, foreign: Foreign): Promise<Record<string, string>> {
  const parts = [...foreign].map(
    ([table, where]) =>
      `SELECT '${table}' AS tabela, count(*) || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0) AS h
         FROM ${q(table)} t WHERE ${where}`,
  );
  if (parts.length === 0) return {};
  const rows = await queryRows<{ tabela: string; h: string }>(owner, sql.raw(parts.join('\nUNION ALL\n')));
  return Object.fromEntries(rows.map((r) => [r.tabela, r.h]));
}

/**
 * Foreign ids each call is probed with: the first and the last row of every
 * table, enough to reach each kind of row. All of them would probe every
 * call with every punch and every calculated day of the other customer —
 * tens of thousands of calls that test nothing more.
 */
const IDS_POR_TABELA = 1;

async function foreignIds(owner: Owner, foreign: Foreign, tables: Awaited<ReturnType<typeof tenantTables>>) {
  const ids = new Set<number>();
  for (const [table, where] of foreign) {
    if (!tables.get(table)?.hasId) continue;
    const sample = `(SELECT id FROM ${q(table)} WHERE ${where} ORDER BY id LIMIT ${IDS_POR_TABELA})
                    UNION (SELECT id FROM ${q(table)} WHERE ${where} ORDER BY id DESC LIMIT 1)`;
    for (const r of await queryRows<{ id: number }>(owner, sql.raw(sample))) ids.add(Number(r.id));
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * The product's own words, shown to every caller whatever the data (menu and
 * permission names, messages): a row's text that is also one of them ('Operações'
 * in 'Logs de Operações', 'Centro' in 'Centros de Custos') tells nothing when an
 * answer carries it.
 */
const PRODUCT_TEXTS = [
  JSON.stringify(perfilPermissaoApi.permissionMenuTree()),
  JSON.stringify([SIDE_MENU, SYSTEM_MENU, PERMISSIONS, ROUTES]),
  JSON.stringify(MSG),
];

/** Texts of the foreign rows that appear nowhere in the rows the caller may see, nor in the product's own words. */
async function canaries(
  owner: Owner,
  foreign: Foreign,
  visible: Foreign,
  tables: Awaited<ReturnType<typeof tenantTables>>,
  skipColumns: RegExp,
) {
  const collect = async (where: Foreign) => {
    const texts = new Set<string>();
    for (const [table, w] of where) {
      for (const col of tables.get(table)?.texts ?? []) {
        if (skipColumns.test(col)) continue;
        for (const r of await queryRows<{ v: string | null }>(
          owner,
          sql.raw(`SELECT DISTINCT ${q(col)}::text AS v FROM ${q(table)} WHERE ${w}`),
        ))
          if (r.v && r.v.length >= 6) texts.add(r.v);
      }
    }
    return texts;
  };
  // Public reference data (IBGE state and city names) is everyone's: a foreign cost centre called 'Armazém'
  // is not leaked by the city of Armazém (SC).
  const reference = await queryRows<{ v: string }>(
    owner,
    sql`SELECT nome AS v FROM estados UNION ALL SELECT nome AS v FROM cidades`,
  );
  const seen = [...(await collect(visible)), ...PRODUCT_TEXTS, ...reference.map((r) => r.v)];
  return [...(await collect(foreign))].filter((t) => !seen.some((s) => s.includes(t)));
}

/**
 * Hashes, tokens and fixed vocabularies (a day's type: 'dayoff') say nothing about a row; nor does an
 * employee's short name (a first name like 'Mateus' is also part of public
 * city names): the full `nome` of the same row stays a canary.
 */
const NOT_CANARY = /hash|token|cifrad|fuso_horario|tipo_numero_documento|tipo_local|tipo_dia|chave|nome_curto/;

/**
 * Calls `e` once per foreign id and checks the three promises; returns the
 * number of calls made (0 = no probe body could be built).
 */
async function probeEndpoint(
  env: TestEnv,
  e: Endpoint,
  token: () => Promise<string>,
  renew: () => Promise<void>,
  ids: number[],
  leaks: string[],
): Promise<number> {
  const seen = new Set<string>();
  let calls = 0;
  for (const v of ids.length ? ids : [2_000_000_000]) {
    const probe = probeFor(e, v, PROBE_OVERRIDES[label(e)]);
    if (!probe) return calls;
    const key = probe.url + JSON.stringify(probe.body ?? null);
    if (seen.has(key)) continue;
    seen.add(key);
    const send = async () =>
      isUpload(e)
        ? upload(
            env.app,
            probe.url,
            probe.body as Record<string, unknown>,
            // The call's own extension: the probe reaches the service, past the upload wall.
            { nomeArquivo: `sonda${e.extensions[0] ?? '.csv'}`, conteudo: SONDA_CSV, campo: e.fileField },
            { token: await token() },
          )
        : call(env.app, probe.url, e.method === 'GET' ? undefined : probe.body, {
            method: e.method,
            token: await token(),
          });
    let r = await send();
    // A call may legitimately end sessions (a profile or user change): log in
    // again so the probe is not answered by the session wall instead.
    if (r.status === 401) {
      await renew();
      r = await send();
    }
    calls++;
    expect(r.status, `${label(e)} id ${v}`).toBeLessThan(500);
    const text = typeof r.res.body === 'string' ? r.res.body : '';
    const leaked = leaks.filter((c) => text.includes(c));
    expect(leaked, `${label(e)} id ${v} devolveu dados alheios`).toEqual([]);
  }
  return calls;
}

describeEachBackend('parede entre clientes: ids de outro cliente em cada chamada', (backend) => {
  let env: TestEnv;
  let foreign: Foreign;
  let ids: number[];
  let leaks: string[];
  let before: Record<string, string>;
  let token: string | undefined;
  const unbuildable: string[] = [];

  beforeAll(async () => {
    env = await createTestEnv(backend);
    const owner = env.database.owner;
    const tables = await tenantTables(owner);
    const [beta] = await queryRows<{ id: number }>(owner, sql`SELECT id FROM tenants WHERE nome = 'Beta Indústria'`);
    const [demo] = await queryRows<{ id: number }>(
      owner,
      sql`SELECT id FROM tenants WHERE nome = 'Jornada Demonstração'`,
    );
    // An employee's request of the other customer (decision 0086), with its observation as a canary.
    await owner.execute(
      sql`INSERT INTO solicitacoes (tenant_id, cnpj_id, funcionario_id, origem, data_ponto, itens, observacao)
          SELECT f.tenant_id, f.cnpj_id, f.id, 'CTRL_EDITAR_MARCACAO', '2026-02-10',
                 '{"marcacoes":[{"data":"2026-02-10","hora":"08:00"}],"justificativa":{"id":1,"descricao":"x"}}',
                 'Pedido sigiloso da Beta 7731'
            FROM funcionarios f WHERE f.tenant_id = ${Number(beta!.id)} ORDER BY f.id LIMIT 1`,
    );
    await shiftTenantIds(owner, Number(beta!.id), tables);
    // Unknown push devices (decision 0084) are named by their device id, not an integer id: the other customer
    // gets one under the id the probes send ('1') and one long enough to be a canary of the list.
    await owner.execute(
      sql`INSERT INTO relogio_dispositivos_desconhecidos (tenant_id, device_id)
          VALUES (${Number(beta!.id)}, '1'), (${Number(beta!.id)}, '5829301746502938171')`,
    );
    foreign = new Map([...tables.keys()].map((t) => [t, `tenant_id = ${Number(beta!.id)}`]));
    const visible: Foreign = new Map([...tables.keys()].map((t) => [t, `tenant_id = ${Number(demo!.id)}`]));
    ids = await foreignIds(owner, foreign, tables);
    leaks = await canaries(owner, foreign, visible, tables, NOT_CANARY);
    before = await fingerprint(owner, foreign);
  });
  afterAll(() => env.close());

  it('o outro cliente tem linhas e textos próprios para a sonda', () => {
    expect(ids.length).toBeGreaterThan(3);
    expect(ids.every((i) => i > ID_SHIFT)).toBe(true);
    expect(leaks).toContain('Beta Indústria e Comércio S.A.');
    expect(leaks).toContain('5829301746502938171');
    expect(leaks).toContain('Pedido sigiloso da Beta 7731');
  });

  it.each(covered.map((e) => [label(e), e] as const))('%s', async (_l, e) => {
    const calls = await probeEndpoint(
      env,
      e,
      async () => (token ??= await login(env.app, ADMIN)),
      async () => void (token = undefined),
      ids,
      leaks,
    );
    if (calls === 0) unbuildable.push(label(e));
    expect(await fingerprint(env.database.owner, foreign)).toEqual(before);
  });

  it('toda chamada recebeu um corpo válido (senão: PROBE_OVERRIDES)', () => {
    expect(unbuildable).toEqual([]);
  });
});

/**
 * Inside one customer: a user with every code but limited to the main CNPJ
 * and (when it has departments) one department of it. The foreign rows are
 * the other CNPJs, everything tied to them, and the main CNPJ's cost centres
 * outside that department.
 */
describe('parede de escopo: empresa e centro de custo fora do escopo [pglite]', () => {
  let env: TestEnv;
  let foreign: Foreign;
  let ids: number[];
  let leaks: string[];
  let before: Record<string, string>;
  let token: string | undefined;
  const unbuildable: string[] = [];
  const EMAIL = 'escopo.limitado@jornada.demo';

  beforeAll(async () => {
    env = await createTestEnv('pglite');
    const owner = env.database.owner;
    const tables = await tenantTables(owner);
    const [demo] = await queryRows<{ id: number }>(
      owner,
      sql`SELECT id FROM tenants WHERE nome = 'Jornada Demonstração'`,
    );
    const tenantId = Number(demo!.id);
    const [main] = await queryRows<{ id: number }>(
      owner,
      sql`SELECT id FROM cnpjs WHERE tenant_id = ${tenantId} AND principal`,
    );
    const mainCnpj = Number(main!.id);
    const [dept] = await queryRows<{ id: number }>(
      owner,
      sql`SELECT id FROM centros_custo WHERE tenant_id = ${tenantId} AND cnpj_id = ${mainCnpj} AND tipo = 1
          ORDER BY id LIMIT 1`,
    );
    // The limited user: the Administrador profile, one CNPJ, one department.
    const [user] = await queryRows<{ id: number }>(
      owner,
      sql`INSERT INTO usuarios (tenant_id, nome, nome_login, email, senha_hash, perfil_id)
          SELECT tenant_id, 'Escopo Limitado', ${EMAIL}, ${EMAIL}, senha_hash, perfil_id
          FROM usuarios WHERE email = ${ADMIN} RETURNING id`,
    );
    await owner.execute(
      sql`INSERT INTO usuario_cnpjs (tenant_id, usuario_id, cnpj_id) VALUES (${tenantId}, ${user!.id}, ${mainCnpj})`,
    );
    if (dept)
      await owner.execute(
        sql`INSERT INTO usuario_centros_custo (tenant_id, usuario_id, centro_custo_id)
            VALUES (${tenantId}, ${user!.id}, ${dept.id})`,
      );
    // In scope: the department and everything below it.
    const inScopeCentres = dept
      ? `(WITH RECURSIVE s AS (SELECT id FROM centros_custo WHERE id = ${Number(dept.id)}
           UNION ALL SELECT c.id FROM centros_custo c JOIN s ON c.pai_id = s.id) SELECT id FROM s)`
      : `(SELECT id FROM centros_custo WHERE tenant_id = ${tenantId} AND cnpj_id = ${mainCnpj})`;
    const mine = `tenant_id = ${tenantId}`;
    foreign = new Map();
    const visible: Foreign = new Map();
    for (const [table, t] of tables) {
      if (table === 'cnpjs') {
        foreign.set(table, `${mine} AND id <> ${mainCnpj}`);
        visible.set(table, `${mine} AND id = ${mainCnpj}`);
      } else if (table === 'centros_custo') {
        foreign.set(table, `${mine} AND id NOT IN ${inScopeCentres}`);
        visible.set(table, `${mine} AND id IN ${inScopeCentres}`);
      } else if (t.columns.includes('centro_custo_id') && !table.startsWith('usuario_')) {
        foreign.set(table, `${mine} AND centro_custo_id NOT IN ${inScopeCentres}`);
        visible.set(table, `${mine} AND centro_custo_id IN ${inScopeCentres}`);
      } else if (t.columns.includes('cnpj_id') && !table.startsWith('usuario_')) {
        foreign.set(table, `${mine} AND cnpj_id <> ${mainCnpj}`);
        visible.set(table, `${mine} AND cnpj_id = ${mainCnpj}`);
      } else {
        // Tenant-wide rows (cargos, perfis, usuários…): the user sees them all.
        visible.set(table, mine);
      }
    }
    ids = await foreignIds(owner, foreign, tables);
    leaks = await canaries(owner, foreign, visible, tables, NOT_CANARY);
    before = await fingerprint(owner, foreign);
  });
  afterAll(() => env.close());

  it('há linhas fora do escopo para a sonda', () => {
    expect(ids.length).toBeGreaterThan(0);
    expect(leaks.length).toBeGreaterThan(0);
  });

  it.each(covered.map((e) => [label(e), e] as const))('%s', async (_l, e) => {
    const calls = await probeEndpoint(
      env,
      e,
      async () => (token ??= await login(env.app, EMAIL)),
      async () => void (token = undefined),
      ids,
      leaks,
    );
    if (calls === 0) unbuildable.push(label(e));
    expect(await fingerprint(env.database.owner, foreign)).toEqual(before);
  });

  it('toda chamada recebeu um corpo válido (senão: PROBE_OVERRIDES)', () => {
    expect(unbuildable).toEqual([]);
  });
});
