import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { centrosCusto, escalas, funcionarioEscalas, funcionarios } from '../src/db/schema/index.js';
import { reindexarBuscaFuncionarios } from '../src/db/funcionario-busca.js';
import type { TestEnv } from './harness.js';

/**
 * Schedules and employees written straight into a test database (the
 * employee register has its own module; these tests need rows, not its
 * rules). Documents are unique per call so fixtures never collide.
 */
let seq = 0;

export async function novaEscala(env: TestEnv, tenantId: number, descricao: string): Promise<number> {
  const [row] = await env.database.owner
    .insert(escalas)
    .values({ tenantId, descricao: `${descricao} ${++seq}`, tipo: 'EQH' })
    .returning({ id: escalas.id });
  return row!.id;
}

/** A cost-centre tree: name → children (depth 1 Departamento, 2 Setor, 3 Seção). */
export interface Arvore {
  [nome: string]: Arvore;
}

/**
 * A fresh cost-centre tree in a company, so a test's employees are the only
 * ones under it (the demo data has its own); returns the ids by name.
 */
export async function novosCentros(
  env: TestEnv,
  o: { tenantId: number; cnpjId: number },
  arvore: Arvore,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const inserir = async (nos: Arvore, paiId: number | null, tipo: number) => {
    for (const [nome, filhos] of Object.entries(nos)) {
      const [row] = await env.database.owner
        .insert(centrosCusto)
        .values({ tenantId: o.tenantId, cnpjId: o.cnpjId, paiId, tipo, codigo: `PQ${++seq}`, nome })
        .returning({ id: centrosCusto.id });
      ids.set(nome, row!.id);
      await inserir(filhos, row!.id, tipo + 1);
    }
  };
  await inserir(arvore, null, 1);
  return ids;
}

export interface NovoFuncionario {
  nome: string;
  cracha?: string;
  cpf?: string;
  pis?: string | null;
  ativo?: boolean;
}

/** Employees of one company and cost centre, each with a current schedule from `desde`. */
export async function novosFuncionarios(
  env: TestEnv,
  o: { tenantId: number; cnpjId: number; centroCustoId: number; escalaId: number; desde?: string },
  pessoas: readonly NovoFuncionario[],
): Promise<number[]> {
  const db = env.database.owner;
  const rows = await db
    .insert(funcionarios)
    .values(
      pessoas.map((p) => {
        const n = ++seq;
        return {
          tenantId: o.tenantId,
          cnpjId: o.cnpjId,
          centroCustoId: o.centroCustoId,
          nome: p.nome,
          cpf: p.cpf ?? String(90_000_000_000 + n),
          pis: p.pis === undefined ? String(80_000_000_000 + n) : p.pis,
          cracha: p.cracha ?? `T${n}`,
          registro: `R${n}`,
          dataAdmissao: '2020-01-01',
          dataAtivacao: '2020-01-01',
          ativo: p.ativo ?? true,
        };
      }),
    )
    .returning({ id: funcionarios.id });
  // The search words, as every writer of employees keeps them (decision 0033).
  await db.transaction((tx) =>
    reindexarBuscaFuncionarios(
      tx,
      o.tenantId,
      rows.map((r) => r.id),
    ),
  );
  await db.insert(funcionarioEscalas).values(
    rows.map((r) => ({
      tenantId: o.tenantId,
      funcionarioId: r.id,
      escalaId: o.escalaId,
      dataInicio: o.desde ?? '2025-01-01',
    })),
  );
  return rows.map((r) => r.id);
}

/** `n` employees named 'Massa 000001'… in one statement (for the big lists), with a current schedule. */
export async function muitosFuncionarios(
  env: TestEnv,
  o: { tenantId: number; cnpjId: number; centroCustoId: number; escalaId: number },
  n: number,
): Promise<void> {
  const base = (seq += n + 1) * 100_000;
  await env.database.owner.execute(sql`
    WITH novos AS (
      INSERT INTO funcionarios (tenant_id, cnpj_id, centro_custo_id, nome, cpf, pis, cracha, registro,
                                data_admissao, data_ativacao, ativo)
      SELECT ${o.tenantId}, ${o.cnpjId}, ${o.centroCustoId}, 'Massa ' || lpad(i::text, 6, '0'),
             (${base}::bigint + i)::text, null, 'M' || (${base}::bigint + i)::text, 'R' || i::text,
             '2020-01-01', '2020-01-01', true
        FROM generate_series(1, ${n}) AS i
      RETURNING id)
    INSERT INTO funcionario_escalas (tenant_id, funcionario_id, escala_id, data_inicio)
    SELECT ${o.tenantId}, id, ${o.escalaId}, '2025-01-01' FROM novos`);
  await env.database.owner.transaction((tx) => reindexarBuscaFuncionarios(tx, o.tenantId));
}

/** Every schedule entry of some employees, oldest first. */
export async function historico(env: TestEnv, funcionarioId: number) {
  return env.database.owner
    .select({
      escalaId: funcionarioEscalas.escalaId,
      dataInicio: funcionarioEscalas.dataInicio,
      dataFinal: funcionarioEscalas.dataFinal,
    })
    .from(funcionarioEscalas)
    .where(eq(funcionarioEscalas.funcionarioId, funcionarioId))
    .orderBy(asc(funcionarioEscalas.dataInicio), asc(funcionarioEscalas.id));
}

/** The open entries (current schedules) of an employee. */
export async function escalasAbertas(env: TestEnv, funcionarioId: number) {
  return env.database.owner
    .select({ escalaId: funcionarioEscalas.escalaId, dataInicio: funcionarioEscalas.dataInicio })
    .from(funcionarioEscalas)
    .where(and(eq(funcionarioEscalas.funcionarioId, funcionarioId), isNull(funcionarioEscalas.dataFinal)));
}
