import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@jornada/contracts';
import { centrosCusto } from '../../db/schema/index.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, type DemoIds } from '../../../test/scope-fixtures.js';

/**
 * Automatic codes of cost centres saved at the same moment, on every level
 * (one sequence per tenant: the code is unique across levels). On PostgreSQL
 * the requests really run in parallel.
 */
describeEachBackend('Centros de custos sob concorrência', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
  });
  afterAll(() => env.close());

  const codes = async () =>
    (await env.database.owner.select().from(centrosCusto)).map((c) => `${c.tenantId}:${c.codigo}`);

  it('20 departamentos, setores e seções simultâneos com código automático: todos 200, códigos distintos', async () => {
    const before = new Set(await codes());
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 3 === 0
          ? call(
              env.app,
              '/api/centro-custo/salvar-departamento',
              { idCnpj: ids.principal, centroCusto: { nome: `Paralelo ${i}` } },
              { token: admin },
            )
          : call(
              env.app,
              '/api/centro-custo/salvar-setor-secao',
              {
                idCnpj: ids.principal,
                idCentroCustoPai: ids.cc.get(i % 3 === 1 ? 'Produção' : 'Montagem'),
                centroCusto: { nome: `Paralelo ${i}` },
              },
              { token: admin },
            ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const added = (await codes()).filter((c) => !before.has(c));
    expect(added).toHaveLength(20);
    expect(new Set(added).size).toBe(20);
  });

  it('10 gravações simultâneas do mesmo código digitado: uma 200, nove 409 em português', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(
          env.app,
          '/api/centro-custo/salvar-departamento',
          {
            idCnpj: ids.campinas,
            centroCusto: { codigo: 'CC-77', nome: `Manual ${i}`, gerarCodogioEmSequencia: false },
          },
          { token: admin },
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect([MSG.centroCustoCodigoDuplicado('CC-77'), MSG.centroCustoCodigoEmUso]).toContain(r.body.mensagem);
    }
  });
});
