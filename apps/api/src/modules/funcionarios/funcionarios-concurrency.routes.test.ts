import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { funcionarioApi } from '@jornada/contracts';
import { funcionarioCargos, funcionarioEscalas, funcionarios } from '../../db/schema/index.js';
import { DEMO_ESCALAS } from '../../db/seed/escalas.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, type DemoIds } from '../../../test/scope-fixtures.js';
import { ativos, cpfDe, limitarPlano, novoFuncionario, refsDoTenant } from '../../../test/funcionario-fixtures.js';

const M = funcionarioApi.FUNCIONARIO_MSG;
const E = DEMO_ESCALAS.demo;

/**
 * Employees saved and changed at the same moment. On PostgreSQL the requests
 * really run in parallel (each in its own pooled connection): never a 5xx,
 * never a second active bond with one CPF, never past the plan's limit,
 * never two open history entries.
 */
describeEachBackend('Funcionários sob concorrência', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  let base: { cnpj: number; centroCusto: number; cargo: number; escala: number };
  let refs: Awaited<ReturnType<typeof refsDoTenant>>;
  let n = 10_000;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
    refs = await refsDoTenant(env, ids.demo);
    base = {
      cnpj: ids.principal,
      centroCusto: ids.cc.get('Turno A')!,
      cargo: refs.cargos.get('Operador de Máquinas')!,
      escala: refs.escalas.get(E.producao6x1)!,
    };
  });
  afterAll(() => env.close());

  const post = (path: string, body: unknown) => call(env.app, path, body, { token: admin });
  const statuses = (rs: { status: number }[]) => rs.map((r) => r.status).sort();

  it('10 cadastros simultâneos do mesmo CPF na mesma empresa: um 200, os outros 4xx em português', async () => {
    const cpf = cpfDe(++n);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/funcionario/salvar', novoFuncionario(++n, base, { cpf }))),
    );
    expect(statuses(results)).toEqual([200, ...Array(9).fill(400)]);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.mensagem).toBe(M.cpfJaCadastrado);
    const rows = await env.database.owner
      .select()
      .from(funcionarios)
      .where(and(eq(funcionarios.cpf, cpf), eq(funcionarios.ativo, true)));
    expect(rows).toHaveLength(1);
  });

  it('no limite do plano: 10 cadastros simultâneos com 3 vagas → exatamente 3 entram', async () => {
    const antes = await ativos(env, ids.demo);
    await limitarPlano(env, ids.demo, antes + 3);
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => post('/api/funcionario/salvar', novoFuncionario(++n, base))),
      );
      expect(statuses(results)).toEqual([200, 200, 200, ...Array(7).fill(400)]);
      for (const r of results.filter((x) => x.status === 400)) {
        expect(r.body.mensagem).toBe(M.limiteFuncionarios(antes + 3));
      }
      expect(await ativos(env, ids.demo)).toBe(antes + 3);
    } finally {
      await limitarPlano(env, ids.demo, 50_000);
    }
  });

  it('o mesmo funcionário alterado, trocado de escala e de cargo ao mesmo tempo: nenhum 5xx, um só registro atual', async () => {
    const id = (await post('/api/funcionario/salvar', novoFuncionario(++n, base))).body.id as number;
    const b = (await post('/api/funcionario/buscar', { idFuncionario: id })).body;
    const cargoAtual = b.funcioCargos[0].id as number;
    const escalaAtual = b.funcioContratos[0].id as number;
    const escalasIds = [E.comercial44h, E.administrativo40h, E.flexivel].map((d) => refs.escalas.get(d)!);
    const cargosIds = ['Supervisor de Produção', 'Motorista', 'Vigilante'].map((c) => refs.cargos.get(c)!);
    const results = await Promise.all([
      ...escalasIds.map((e, i) =>
        post('/api/funcionario/trocar-contrato', {
          funcionario: { id },
          contrato: { id: e },
          dataInicio: `2026-04-0${i + 1}`,
        }),
      ),
      ...cargosIds.map((c, i) =>
        post('/api/funcionario-cargo', {
          idCargoNovo: c,
          idCargoFuncionarioAntigo: cargoAtual,
          ehHistorico: i % 2 === 0,
          dataInicio: '2026-05-01',
        }),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        post('/api/funcionario/alterar', {
          funcionario: { ...b.funcionario, nome: `Concorrente ${i}` },
          centroCusto: { id: i % 2 ? ids.cc.get('Turno B') : ids.cc.get('Turno A') },
        }),
      ),
      post('/api/funcionario/trocar-excluir-contrato', {
        funcionario: { id },
        funcionarioContratoAtual: { id: escalaAtual },
        funcionarioContratoNovo: { contrato: { id: refs.escalas.get(E.bancoHoras) } },
      }),
      post('/api/funcionario/alterar-data-inicio-contrato', {
        funcionario: { id },
        funcionarioContrato: { id: escalaAtual },
        dataInicio: '2026-03-03',
      }),
    ]);
    for (const r of results) {
      expect(r.status).toBeLessThan(500);
      if (r.status !== 200) expect(r.body.mensagem).toEqual(expect.any(String));
    }
    const db = env.database.owner;
    const abertasEscala = await db
      .select()
      .from(funcionarioEscalas)
      .where(and(eq(funcionarioEscalas.funcionarioId, id), isNull(funcionarioEscalas.dataFinal)));
    const abertasCargo = await db
      .select()
      .from(funcionarioCargos)
      .where(and(eq(funcionarioCargos.funcionarioId, id), isNull(funcionarioCargos.dataFinal)));
    expect(abertasEscala).toHaveLength(1);
    expect(abertasCargo).toHaveLength(1);
    // Every closed entry ends the day before the next one starts: the history has no gaps or overlaps.
    const h = (await post('/api/funcionario/buscar', { idFuncionario: id })).body.funcioContratos as {
      dataInicio: string;
      dataFinal: string | null;
    }[];
    for (let i = 1; i < h.length; i++) {
      const fim = new Date(`${h[i]!.dataFinal}T00:00:00Z`);
      fim.setUTCDate(fim.getUTCDate() + 1);
      expect(fim.toISOString().slice(0, 10)).toBe(h[i - 1]!.dataInicio);
    }
  });

  it('duas reativações simultâneas do mesmo CPF em cadastros diferentes: só uma fica ativa', async () => {
    const cpf = cpfDe(++n);
    const criar = () => post('/api/funcionario/salvar', novoFuncionario(++n, base, { cpf }));
    const a = (await criar()).body.id as number;
    const inativar = async (id: number) => {
      const b = (await post('/api/funcionario/buscar', { idFuncionario: id })).body;
      return post('/api/funcionario/alterar', {
        funcionario: { ...b.funcionario, ativo: false },
        centroCusto: { id: b.centroCusto.id },
      });
    };
    expect((await inativar(a)).status).toBe(200);
    const bId = (await criar()).body.id as number;
    expect((await inativar(bId)).status).toBe(200);
    const reativar = async (id: number) => {
      const b = (await post('/api/funcionario/buscar', { idFuncionario: id })).body;
      return post('/api/funcionario/alterar', {
        funcionario: { ...b.funcionario, ativo: true },
        centroCusto: { id: b.centroCusto.id },
      });
    };
    const results = await Promise.all([reativar(a), reativar(bId)]);
    expect(statuses(results)[0]).toBe(200);
    expect(statuses(results)[1]).toBeGreaterThanOrEqual(400);
    expect(statuses(results)[1]).toBeLessThan(500);
    const rows = await env.database.owner
      .select()
      .from(funcionarios)
      .where(and(eq(funcionarios.cpf, cpf), eq(funcionarios.ativo, true)));
    expect(rows).toHaveLength(1);
  });
});
