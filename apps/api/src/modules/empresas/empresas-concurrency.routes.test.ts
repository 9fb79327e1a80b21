import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, cnpjCheckDigits } from '@jornada/contracts';
import { cnpjs, planos, tenants } from '../../db/schema/index.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';

/**
 * The plan's CNPJ limit under creations at the same moment (issue 9): the
 * main company row is locked for each creation, so the count never misses a
 * CNPJ being created by another request. On PostgreSQL the requests really
 * run in parallel.
 */
describeEachBackend('Empresas: limite do plano sob concorrência', (backend) => {
  let env: TestEnv;
  let admin: string;
  let tenantId: number;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    tenantId = (await env.database.owner.select().from(tenants).orderBy(tenants.id).limit(1))[0]!.id;
  });
  afterAll(() => env.close());

  let n = 0;
  const body = () => {
    const base = `8${String(++n).padStart(11, '0')}`;
    return {
      cnpj: { numero: base + cnpjCheckDigits(base), razaoSocial: `Concorrente ${n}`, telefone1: '1133334444' },
      endereco: {
        tipoLocal: 'Rua',
        rua: 'XV de Novembro',
        numero: '1',
        cep: '01013001',
        bairro: 'Centro',
        cidade: { id: 3550308 },
      },
    };
  };
  const count = async () => (await env.database.owner.select().from(cnpjs).where(eq(cnpjs.tenantId, tenantId))).length;

  /** Points the demo tenant to a plan allowing `free` more CNPJs than it has. */
  async function planWithRoom(free: number): Promise<number> {
    const max = (await count()) + free;
    const [plano] = await env.database.owner
      .insert(planos)
      .values({ nome: `Limite ${max}`, maxFuncionarios: 10, maxCnpjs: max, maxUsuarios: 10 })
      .returning();
    await env.database.owner.update(tenants).set({ planoId: plano!.id }).where(eq(tenants.id, tenantId));
    return max;
  }

  it.each([1, 2, 3])('rodada %i: duas criações no limite − 1, exatamente uma passa', async () => {
    const max = await planWithRoom(1);
    const results = await Promise.all(
      [body(), body()].map((b) => call(env.app, '/api/empresa/salvar-cnpj', b, { token: admin })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.mensagem).toBe(MSG.limiteEmpresasDoPlano(max));
    expect(await count()).toBe(max);
  });

  it('oito criações com lugar para três: três passam, cinco recebem o 400 do limite', async () => {
    const max = await planWithRoom(3);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call(env.app, '/api/empresa/salvar-cnpj', body(), { token: admin })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 400, 400, 400, 400, 400]);
    expect(await count()).toBe(max);
  });
});
