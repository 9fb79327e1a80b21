import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { controlePontoApi, PERM } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';

const FP = controlePontoApi.FECHAR_PERIODO_MSG;
const PATH = '/api/concluir-fechar-periodo/conluir';

/** Fechar Período in bulk (route 150, seed 002 §2, §4; decision 0072). */
describeEachBackend('controle-ponto: Fechar Período em lote', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  let pessoas: { id: number; nome: string }[];
  const owner = <T>(q: ReturnType<typeof sql>) => queryRows<T>(env.database.owner, q);
  const fechar = (funcionarios: unknown, token = admin) =>
    call(env.app, PATH, { mes: 2, ano: 2026, cnpj: ids.principal, funcionarios }, { token });
  const fechadosDe = async (lista: { id: number }[]) =>
    (
      await owner<{ f: number }>(
        sql`SELECT funcionario_id AS f FROM periodos_funcionario
             WHERE fechado AND data_inicio = '2026-02-01' AND funcionario_id IN (${sql.join(
               lista.map((p) => sql`${p.id}`),
               sql`, `,
             )}) ORDER BY 1`,
      )
    ).map((r) => r.f);

  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
    pessoas = await owner<{ id: number; nome: string }>(
      sql`SELECT id, nome FROM funcionarios WHERE tenant_id = ${ids.demo} AND cnpj_id = ${ids.principal} AND ativo
           ORDER BY id LIMIT 4`,
    );
  });
  afterAll(async () => env.close());

  it('recalculates and closes every month sent; one already closed is counted and left; one log entry', async () => {
    const [a, b, c] = pessoas;
    await owner(sql`INSERT INTO periodos_funcionario (tenant_id, funcionario_id, data_inicio, data_final, fechado, usuario_nome)
                    VALUES (${ids.demo}, ${c!.id}, '2026-02-01', '2026-02-28', true, 'Antes')`);
    await owner(sql`DELETE FROM calculo_resumos WHERE funcionario_id = ${a!.id} AND periodo_inicio = '2026-02-01'`);
    try {
      const r = await fechar([a!.id, { id: b!.id }, c!.id]);
      expect(r).toMatchObject({ status: 200, body: { mensagem: FP.fechados, fechados: 2, jaFechados: 1 } });
      expect(await fechadosDe([a!, b!, c!])).toEqual([a!.id, b!.id, c!.id].sort((x, y) => x - y));
      // Closed after a recalculation in the same request: the month of `a` is stored again.
      expect(
        await owner(
          sql`SELECT 1 FROM calculo_resumos WHERE funcionario_id = ${a!.id} AND periodo_inicio = '2026-02-01'`,
        ),
      ).toHaveLength(1);
      const [antes] = await owner<{ u: string }>(
        sql`SELECT usuario_nome AS u FROM periodos_funcionario WHERE funcionario_id = ${c!.id}`,
      );
      expect(antes).toEqual({ u: 'Antes' });
      expect(
        await owner(
          sql`SELECT 1 FROM log_operacoes WHERE descricao = 'Fechar período 01/02/2026 a 28/02/2026 de 2 funcionário(s)'`,
        ),
      ).toHaveLength(1);
    } finally {
      await owner(sql`DELETE FROM periodos_funcionario WHERE funcionario_id IN (${a!.id}, ${b!.id}, ${c!.id})`);
    }
  });

  it('refusals: nobody, too many, someone outside the scope (nothing closed), no code 150', async () => {
    const d = pessoas[3]!;
    expect(await fechar([])).toMatchObject({
      status: 400,
      body: { mensagem: `funcionarios: ${FP.selecioneFuncionarios}` },
    });
    expect(await fechar(Array.from({ length: 101 }, (_, i) => i + 1))).toMatchObject({
      status: 400,
      body: { mensagem: `funcionarios: ${FP.muitosFuncionarios}` },
    });
    const [fora] = await owner<{ id: number }>(
      sql`SELECT id FROM funcionarios WHERE tenant_id <> ${ids.demo} ORDER BY id LIMIT 1`,
    );
    expect((await fechar([d.id, fora!.id])).status).toBe(404);
    expect(await fechadosDe([d])).toEqual([]);
    const sem150 = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      codes: [PERM.CONTROLE_PONTO, PERM.CONTROLE_PONTO_MARCACOES],
    });
    expect((await fechar([d.id], sem150.token)).status).toBe(403);
    expect(await fechadosDe([d])).toEqual([]);
  });
});
