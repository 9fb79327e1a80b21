import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import {
  ALL_CUSTOMER_CODES,
  ESPELHO_PONTO,
  MSG,
  MSG_RELATORIO,
  PERM,
  mensagensDaSolicitacao,
} from '@jornada/contracts';
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

/**
 * The espelho de ponto by the queue (issue 23 §5; seed 002 §7): who is
 * resolved in the caller's scope when asked, the job lays the stored month
 * out, one employee a page, and the history's link serves the PDF.
 */
describeEachBackend('espelho de ponto (fila de documentos)', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  /** Active employees of the main company, by name. */
  let ativos: { id: number; nome: string }[];

  const owner = <T>(q: ReturnType<typeof sql>) => queryRows<T>(env.database.owner, q);
  const pedir = (body: Record<string, unknown>, token = admin) =>
    call(
      env.app,
      '/api/solicitacao-documento',
      {
        servico: ESPELHO_PONTO.servico,
        nomeDocumento: ESPELHO_PONTO.nome,
        tipoDocumento: 'pdf',
        cnpj: ids.principal,
        mesSelecionado: 2,
        anoSelecionado: 2026,
        ...body,
      },
      { token },
    );
  const buscar = (id: number, token = admin) =>
    call(env.app, `/api/solicitacao-documento/buscar?id=${id}`, undefined, { token, method: 'GET' });
  const parametros = async (id: number) =>
    (
      await owner<{ p: { funcionarioIds: number[]; mes: number; ano: number } }>(
        sql`SELECT parametros AS p FROM solicitacoes_documento WHERE id = ${id}`,
      )
    )[0]!.p;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
    await env.jobs.drain();
    ativos = await owner<{ id: number; nome: string }>(
      sql`SELECT id, nome FROM funcionarios WHERE tenant_id = ${ids.demo} AND cnpj_id = ${ids.principal} AND ativo
           ORDER BY nome, id`,
    );
    expect(ativos.length, 'the demo company has employees').toBeGreaterThan(2);
  });
  afterAll(() => env.close());

  it('dois funcionários: FILA → PROCESSADO, um PDF de uma página por funcionário, pelo link do histórico', async () => {
    const escolhidos = [ativos[2]!, ativos[0]!];
    const r = await pedir({ idsFuncionarios: escolhidos.map((f) => f.id), todos: false });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'FILA' });
    // Kept by name, whatever the order sent.
    expect(await parametros(r.body.id)).toEqual({
      ano: 2026,
      mes: 2,
      funcionarioIds: [ativos[0]!.id, ativos[2]!.id],
    });
    await env.jobs.drain();
    const feito = await buscar(r.body.id);
    expect(feito.body).toMatchObject({
      status: 'PROCESSADO',
      nome: ESPELHO_PONTO.nome,
      servico: ESPELHO_PONTO.servico,
      nomeArquivo: 'espelho-ponto-02-2026.pdf',
      progresso: 100,
    });
    const arquivo = await env.app.inject({ method: 'GET', url: feito.body.link });
    expect(arquivo.statusCode).toBe(200);
    expect(arquivo.headers['content-type']).toContain('application/pdf');
    const pdf = await PDFDocument.load(arquivo.rawPayload);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getTitle()).toBe('Espelho de Ponto');
  });

  it('ERRO: quem foi pedido foi excluído antes da tarefa; a mensagem diz o que fazer', async () => {
    // An employee of its own, without punches or results, so it can be deleted.
    const [novo] = await owner<{ id: number }>(
      sql`INSERT INTO funcionarios (tenant_id, cnpj_id, centro_custo_id, nome, cpf, cracha, registro, data_admissao,
                                    data_ativacao)
          SELECT tenant_id, cnpj_id, centro_custo_id, 'Funcionário Efêmero', '11144477735', '990001', 'R-990001',
                 '2026-01-05', '2026-01-05'
            FROM funcionarios WHERE id = ${ativos[0]!.id}
          RETURNING id`,
    );
    const r = await pedir({ idsFuncionarios: [novo!.id], todos: false });
    expect(r.status).toBe(200);
    await owner(sql`DELETE FROM funcionarios WHERE id = ${novo!.id}`);
    await env.jobs.drain();
    const feito = await buscar(r.body.id);
    expect(feito.body).toMatchObject({ status: 'ERRO', link: null });
    expect(mensagensDaSolicitacao(feito.body.mensagem)).toEqual([MSG_RELATORIO.funcionariosExcluidos]);
  });

  it("'todos' leva cada funcionário ativo do filtro; o centro de custo restringe", async () => {
    const todos = await pedir({ todos: true, ativo: true });
    expect(todos.status).toBe(200);
    expect((await parametros(todos.body.id)).funcionarioIds).toEqual(ativos.map((f) => f.id));
    const [centro] = await owner<{ id: number; n: number }>(
      sql`SELECT centro_custo_id AS id, count(*)::int AS n FROM funcionarios
           WHERE tenant_id = ${ids.demo} AND cnpj_id = ${ids.principal} AND ativo
           GROUP BY centro_custo_id ORDER BY count(*) DESC, centro_custo_id LIMIT 1`,
    );
    const doCentro = await pedir({ todos: true, ativo: true, idsCentrosCustos: [centro!.id] });
    expect(doCentro.status).toBe(200);
    const p = await parametros(doCentro.body.id);
    expect(p.funcionarioIds.length).toBeGreaterThan(0);
    expect(p.funcionarioIds.length).toBeLessThanOrEqual(ativos.length);
    expect(ativos.filter((f) => p.funcionarioIds.includes(f.id)).map((f) => f.id)).toEqual(p.funcionarioIds);
  });

  it('entradas ruins: mês, empresa e funcionários exigidos, em português; nada fica na fila', async () => {
    const antes = (await owner<{ n: number }>(sql`SELECT count(*)::int AS n FROM solicitacoes_documento`))[0]!.n;
    const semMes = await pedir({ idsFuncionarios: [ativos[0]!.id], mesSelecionado: undefined });
    expect([semMes.status, semMes.body.mensagem]).toEqual([400, MSG_RELATORIO.informeMes]);
    const semEmpresa = await pedir({ idsFuncionarios: [ativos[0]!.id], cnpj: undefined });
    expect([semEmpresa.status, semEmpresa.body.mensagem]).toEqual([400, MSG.selecioneEmpresa]);
    const ninguem = await pedir({ idsFuncionarios: [], todos: false });
    expect([ninguem.status, ninguem.body.mensagem]).toEqual([400, MSG_RELATORIO.selecioneFuncionarios]);
    const mesInvalido = await pedir({ idsFuncionarios: [ativos[0]!.id], mesSelecionado: 13 });
    expect(mesInvalido.status).toBe(400);
    expect(mesInvalido.body.mensagem).toContain(MSG.mesInvalido);
    expect((await owner<{ n: number }>(sql`SELECT count(*)::int AS n FROM solicitacoes_documento`))[0]!.n).toBe(antes);
  });

  it('paredes: código 129, empresa e centro de custo do usuário, funcionário de outro cliente', async () => {
    const sem129 = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      codes: ALL_CUSTOMER_CODES.filter((c) => c !== PERM.RELATORIO_ESPELHO_PONTO),
    });
    expect((await pedir({ idsFuncionarios: [ativos[0]!.id] }, sem129.token)).status).toBe(403);

    // An employee of another company than the one named: not one of the filter's.
    const [deCampinas] = await owner<{ id: number }>(
      sql`SELECT id FROM funcionarios WHERE tenant_id = ${ids.demo} AND cnpj_id = ${ids.campinas} LIMIT 1`,
    );
    expect((await pedir({ idsFuncionarios: [ativos[0]!.id, deCampinas!.id] })).status).toBe(404);

    const soCampinas = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.campinas] });
    const outraEmpresa = await pedir({ idsFuncionarios: [ativos[0]!.id] }, soCampinas.token);
    expect(outraEmpresa.status).toBe(404);

    // A cost centre the user does not hold: its employees are, to the user, employees that do not exist.
    // c1 has no cost centre under it (the scope takes a centre's children too).
    const centros = await owner<{ id: number; f: number; folha: boolean }>(
      sql`SELECT DISTINCT ON (f.centro_custo_id) f.centro_custo_id AS id, f.id AS f,
                 NOT EXISTS (SELECT 1 FROM centros_custo filho WHERE filho.pai_id = f.centro_custo_id) AS folha
            FROM funcionarios f
           WHERE f.tenant_id = ${ids.demo} AND f.cnpj_id = ${ids.principal} AND f.ativo
           ORDER BY f.centro_custo_id, f.id`,
    );
    const c1 = centros.find((c) => c.folha);
    const c2 = centros.find((c) => c !== c1);
    expect(c2, 'the demo company has employees in two cost centres').toBeDefined();
    const soUmCentro = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      centroCustoIds: [c1!.id],
    });
    expect((await pedir({ idsFuncionarios: [c1!.f] }, soUmCentro.token)).status).toBe(200);
    const foraDoCentro = await pedir({ idsFuncionarios: [c1!.f, c2!.f] }, soUmCentro.token);
    expect(foraDoCentro.status).toBe(404);
    const todosDoUsuario = await pedir({ todos: true }, soUmCentro.token);
    const p = await parametros(todosDoUsuario.body.id);
    expect(p.funcionarioIds).toContain(c1!.f);
    expect(p.funcionarioIds).not.toContain(c2!.f);

    // Another tenant's administrator: our company and our employee do not exist there.
    const beta = await login(env.app, BETA_ADMIN);
    expect((await pedir({ idsFuncionarios: [ativos[0]!.id] }, beta)).status).toBe(404);
    expect((await pedir({ idsFuncionarios: [ativos[0]!.id], cnpj: ids.betaCnpj }, beta)).status).toBe(404);
  });
});
