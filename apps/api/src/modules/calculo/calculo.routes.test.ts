import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CALCULO_PONTO_MSG as M, PERM } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import {
  ADMIN,
  BETA_ADMIN,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';

const P = '/api/calculo-ponto';

describeEachBackend('calculo-ponto', (backend) => {
  let env: TestEnv;
  let admin: string;
  let beta: string;
  let ids: DemoIds;
  /** The demo tenant's active employees of the main company. */
  let principal: { id: number; cracha: string; centro: number }[];

  const post = (path: string, body: unknown, token = admin) => call(env.app, `${P}/${path}`, body, { token });
  const progresso = (id: number, token = admin) =>
    call(env.app, `${P}/progresso/${id}`, undefined, { token, method: 'GET' });
  const contar = async (tabela: string, where = sql`true`) =>
    (
      await queryRows<{ n: number }>(
        env.database.owner,
        sql`SELECT count(*)::int AS n FROM ${sql.raw(tabela)} WHERE ${where}`,
      )
    )[0]!.n;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    beta = await login(env.app, BETA_ADMIN);
    ids = await demoIds(env);
    principal = await queryRows(
      env.database.owner,
      sql`SELECT id, cracha, centro_custo_id AS centro FROM funcionarios
           WHERE tenant_id = ${ids.demo} AND cnpj_id = ${ids.principal} AND ativo ORDER BY nome, id`,
    );
  });
  afterAll(async () => env.close());

  it('calcular: enqueues one run for the company, the progress read follows it to PROCESSADO, results stored', async () => {
    const r = await post('calcular', { cnpj: { id: ids.principal }, mes: 2, ano: 2026, funcionarios: [] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      total: principal.length,
      quantidadeFuncionarios: principal.length,
      mensagem: M.calculoIniciado,
    });
    await env.settle();
    const p = await progresso(r.body.id);
    expect(p).toMatchObject({
      status: 200,
      body: {
        id: r.body.id,
        status: 'PROCESSADO',
        total: principal.length,
        calculados: principal.length,
        progresso: 100,
      },
    });
    const ids_ = principal.map((f) => f.id).join(',');
    expect(
      await contar('calculo_resumos', sql.raw(`funcionario_id IN (${ids_}) AND periodo_inicio = '2026-02-01'`)),
    ).toBe(principal.length);
    expect(await contar('calculo_dias', sql.raw(`funcionario_id IN (${ids_}) AND periodo_inicio = '2026-02-01'`))).toBe(
      principal.length * 28,
    );
    // Calculating again replaces, never duplicates.
    const again = await post('calcular', { cnpj: ids.principal, mes: 2, ano: 2026 });
    await env.settle();
    expect((await progresso(again.body.id)).body.status).toBe('PROCESSADO');
    expect(await contar('calculo_dias', sql.raw(`funcionario_id IN (${ids_}) AND periodo_inicio = '2026-02-01'`))).toBe(
      principal.length * 28,
    );
  });

  it('calcular-flexivel: every closing period the dates meet, per employee', async () => {
    const um = principal[0]!;
    const r = await post('calcular-flexivel', {
      cnpj: { id: ids.principal },
      funcionarios: [{ id: um.id, nome: 'x', pis: '' }],
      dataInicio: '2026-01-20',
      dataFinal: '2026-02-03',
    });
    expect(r.body).toMatchObject({ total: 2, quantidadeFuncionarios: 1 });
    await env.settle();
    expect(
      await contar('calculo_resumos', sql.raw(`funcionario_id = ${um.id} AND periodo_inicio = '2026-01-01'`)),
    ).toBe(1);
  });

  it('bad bodies answer 400 in Portuguese', async () => {
    expect(await post('calcular', { mes: 2, ano: 2026 })).toMatchObject({
      status: 400,
      body: { mensagem: `cnpj: ${M.selecioneEmpresa}` },
    });
    expect(
      await post('calcular-flexivel', { cnpj: ids.principal, dataInicio: '2026-02-10', dataFinal: '2026-02-01' }),
    ).toMatchObject({
      status: 400,
      body: { mensagem: `dataFinal: ${M.dataFinalAntesInicio}` },
    });
    expect(
      await post('calcular-flexivel', { cnpj: ids.principal, dataInicio: '2024-01-01', dataFinal: '2026-02-01' }),
    ).toMatchObject({
      status: 400,
      body: { mensagem: `dataFinal: ${M.intervaloLongo}` },
    });
  });

  it('calcular-pagina: calculates its page before answering', async () => {
    const r = await post('calcular-pagina', { cnpj: ids.principal, mes: 1, ano: 2026, pagina: 1, linhasPorPagina: 5 });
    expect(r).toMatchObject({
      status: 200,
      body: {
        pagina: 1,
        linhasPorPagina: 5,
        calculados: 5,
        quantidadeFuncionarios: principal.length,
        ultimaPagina: false,
      },
    });
    const pagina = principal
      .slice(5, 10)
      .map((f) => f.id)
      .join(',');
    expect(
      await contar('calculo_resumos', sql.raw(`funcionario_id IN (${pagina}) AND periodo_inicio = '2026-01-01'`)),
    ).toBe(5);
    const ultima = await post('calcular-pagina-flexivel', {
      cnpj: ids.principal,
      dataInicio: '2026-01-01',
      dataFinal: '2026-01-31',
      pagina: 0,
      linhasPorPagina: 300,
    });
    expect(ultima.body).toMatchObject({ calculados: principal.length, ultimaPagina: true });
  });

  it('quantidade-funcionarios, listar-datas-periodo-fechamento, buscar-funcionario', async () => {
    expect((await post('quantidade-funcionarios', { idCnpj: ids.principal })).body).toEqual({
      quantidade: principal.length,
    });
    const centro = principal[0]!.centro;
    const noCentro = principal.filter((f) => f.centro === centro).length;
    expect(
      (await post('quantidade-funcionarios', { idsCentrosCustos: [centro] })).body.quantidade,
    ).toBeGreaterThanOrEqual(noCentro);
    expect(await post('quantidade-funcionarios', {})).toMatchObject({
      status: 400,
      body: { mensagem: `idCnpj: ${M.selecioneEmpresa}` },
    });

    const datas = (await post('listar-datas-periodo-fechamento', { mes: 2, ano: 2026 })).body as string[];
    expect(datas).toHaveLength(28);
    expect([datas[0], datas[27]]).toEqual(['2026-02-01', '2026-02-28']);

    const um = principal[0]!;
    expect((await post('buscar-funcionario', { cracha: um.cracha, idCnpj: ids.principal })).body).toMatchObject({
      id: um.id,
    });
    expect(await post('buscar-funcionario', { cracha: '99999', idCnpj: ids.principal })).toMatchObject({
      status: 404,
      body: { mensagem: M.funcionarioNaoEncontrado },
    });
  });

  it('scope: only the employees the caller sees; another tenant finds nothing', async () => {
    const centro = principal[0]!.centro;
    const limitado = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      centroCustoIds: [centro],
      codes: [PERM.CALCULO_PONTO],
    });
    const visiveis = (await post('quantidade-funcionarios', { idCnpj: ids.principal }, limitado.token)).body.quantidade;
    expect(visiveis).toBeLessThan(principal.length);
    const r = await post('calcular', { cnpj: ids.principal, mes: 2, ano: 2026 }, limitado.token);
    expect(r.body.quantidadeFuncionarios).toBe(visiveis);
    const fora = principal.find((f) => f.centro !== centro)!;
    expect(
      await post('calcular', { cnpj: ids.principal, mes: 2, ano: 2026, funcionarios: [fora.id] }, limitado.token),
    ).toMatchObject({
      status: 404,
      body: { mensagem: M.funcionarioNaoEncontrado },
    });
    await env.settle();
    // A run of another tenant is, to Beta, one that does not exist; Beta cannot name the demo company.
    expect(await progresso(r.body.id, beta)).toMatchObject({ status: 404, body: { mensagem: M.calculoNaoEncontrado } });
    expect((await post('calcular', { cnpj: ids.principal, mes: 2, ano: 2026 }, beta)).status).toBe(404);
    const semCodigo = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.principal], codes: [] });
    expect((await post('calcular', { cnpj: ids.principal, mes: 2, ano: 2026 }, semCodigo.token)).status).toBe(403);
  });

  // Issue 22 §6, decision 0064: the demo operator's scope (the matriz, its Administrativo department only).
  it('cost centres out of the scope (or of another company, or tenant) are refused, not silently left out', async () => {
    const operador = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      centroCustoIds: [ids.cc.get('Administrativo')!],
      codes: [PERM.CALCULO_PONTO],
    });
    const cc = (nome: string) => ids.cc.get(nome)!;
    const base = { cnpj: ids.principal, mes: 2, ano: 2026 };
    const recusado = { status: 404, body: { mensagem: M.centroCustoNaoEncontrado } };
    const antes = await contar('calculo_execucoes');
    for (const fora of [
      [cc('Produção')], // the same company, a department the operator does not hold
      [cc('Administrativo'), cc('Produção')], // one of them out: not "the rest"
      [cc('Logística')], // Filial Campinas: not the operator's company
      [cc('Operações')], // another tenant
      [2_000_000_000], // nowhere
    ]) {
      for (const path of ['calcular', 'calcular-pagina']) {
        expect(await post(path, { ...base, idsCentrosCustos: fora }, operador.token), `${path} ${fora}`).toMatchObject(
          recusado,
        );
      }
      expect(
        await post('quantidade-funcionarios', { idCnpj: ids.principal, idsCentrosCustos: fora }, operador.token),
      ).toMatchObject(recusado);
    }
    expect(await contar('calculo_execucoes')).toBe(antes);
    // The operator's own: the department and a sector under it.
    for (const dentro of [[cc('Administrativo')], [cc('Financeiro'), cc('Recursos Humanos')]]) {
      expect((await post('calcular', { ...base, idsCentrosCustos: dentro }, operador.token)).status).toBe(200);
    }
    // The administrator sees Campinas, but not as a centre of the matriz.
    expect(await post('calcular', { ...base, idsCentrosCustos: [cc('Logística')] })).toMatchObject(recusado);
    await env.settle();
  });

  it('closed periods are never recalculated: counted out of the run, stored rows untouched', async () => {
    const [a, b] = principal;
    // A stored row marked before the close (a closed day's results are frozen, decision 0075).
    await env.database.owner.execute(
      sql`UPDATE calculo_dias SET trabalhado = 12345 WHERE funcionario_id = ${a!.id} AND dia = '2026-02-02'`,
    );
    await env.database.owner.execute(
      sql`INSERT INTO periodos_funcionario (tenant_id, funcionario_id, data_inicio, data_final, fechado, usuario_nome)
          VALUES (${ids.demo}, ${a!.id}, '2026-02-01', '2026-02-28', true, 'teste')`,
    );
    const r = await post('calcular', { cnpj: ids.principal, mes: 2, ano: 2026, funcionarios: [a!.id, b!.id] });
    expect(r.body).toMatchObject({ total: 1, quantidadeFuncionarios: 2 });
    await env.settle();
    const [dia] = await queryRows<{ trabalhado: number }>(
      env.database.owner,
      sql`SELECT trabalhado FROM calculo_dias WHERE funcionario_id = ${a!.id} AND dia = '2026-02-02'`,
    );
    expect(dia!.trabalhado).toBe(12345);
    const soFechado = await post('calcular', { cnpj: ids.principal, mes: 2, ano: 2026, funcionarios: [a!.id] });
    expect(soFechado.body).toMatchObject({ total: 0, mensagem: M.periodosFechados });
    expect((await progresso(soFechado.body.id)).body).toMatchObject({ status: 'PROCESSADO', progresso: 100 });
    const pagina = await post('calcular-pagina', { cnpj: ids.principal, mes: 2, ano: 2026, funcionarios: [a!.id] });
    expect(pagina.body.calculados).toBe(0);
  });
});
