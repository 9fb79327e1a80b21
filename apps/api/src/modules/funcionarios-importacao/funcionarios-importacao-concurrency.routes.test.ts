import { afterAll, beforeAll, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { MSG_IMPORTACAO } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import { funcionarioEscalas, funcionarios } from '../../db/schema/index.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, upload, type TestEnv } from '../../../test/harness.js';
import { COLUNAS_PADRAO, cpfDe, linhaCsv } from '../../../test/importacao-fixtures.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';

/**
 * Imports at the same moment. On PostgreSQL the requests really run in
 * parallel: the import's row lock and the partial unique indexes decide, and
 * nobody gets a 5xx.
 */
describeEachBackend('Importação de funcionários sob concorrência', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  let escalaId: number;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
    const [e] = await queryRows<{ id: number }>(
      env.database.owner,
      sql`SELECT id FROM escalas WHERE tenant_id = ${ids.demo} ORDER BY id LIMIT 1`,
    );
    escalaId = Number(e!.id);
  });
  afterAll(() => env.close());

  const csv = (from: number, n: number) =>
    Buffer.from(Array.from({ length: n }, (_, i) => linhaCsv(from + i)).join('\r\n'), 'latin1');
  const processar = async (conteudo: Buffer, token = admin) => {
    const r = await upload(
      env.app,
      '/api/funcionario-upload/processar',
      { jsonRequisicao: { cnpj: { id: ids.principal } }, jsonColunas: COLUNAS_PADRAO },
      { nomeArquivo: 'funcionarios.csv', conteudo },
      { token },
    );
    expect(r.status).toBe(200);
    return r.body.id as string;
  };
  const salvar = (id: string, token = admin) =>
    call(
      env.app,
      '/api/funcionario-upload/salvar',
      { id, escala: { id: escalaId }, dataIinicioEscala: '2026-03-16' },
      { token },
    );
  const cpfs = (from: number, n: number) => Array.from({ length: n }, (_, i) => cpfDe(from + i));

  it('o mesmo salvar duas vezes ao mesmo tempo: os funcionários são criados uma vez só', async () => {
    const id = await processar(csv(1000, 200));
    const results = await Promise.all([salvar(id), salvar(id), salvar(id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(results.filter((r) => r.status === 400).map((r) => r.body.mensagem)).toEqual([
      MSG_IMPORTACAO.importacaoNaoEncontrada,
      MSG_IMPORTACAO.importacaoNaoEncontrada,
    ]);
    const rows = await env.database.owner
      .select()
      .from(funcionarios)
      .where(inArray(funcionarios.cpf, cpfs(1000, 200)));
    expect(rows).toHaveLength(200);
    const hist = await env.database.owner
      .select()
      .from(funcionarioEscalas)
      .where(
        inArray(
          funcionarioEscalas.funcionarioId,
          rows.map((r) => r.id),
        ),
      );
    expect(hist).toHaveLength(200);
  });

  it('dois usuários importam arquivos que se sobrepõem ao mesmo tempo: cada CPF uma vez, ninguém recebe 5xx', async () => {
    const outro = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.principal] });
    // 2000..2149 and 2100..2249: 50 CPFs (and badges) in both files.
    const [a, b] = [await processar(csv(2000, 150)), await processar(csv(2100, 150), outro.token)];
    const [ra, rb] = await Promise.all([salvar(a), salvar(b, outro.token)]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(ra.body.qtdFuncionarios + rb.body.qtdFuncionarios).toBe(250);
    expect(ra.body.qtdJaCadastrados + rb.body.qtdJaCadastrados).toBe(50);
    const rows = await env.database.owner
      .select()
      .from(funcionarios)
      .where(inArray(funcionarios.cpf, cpfs(2000, 250)));
    expect(rows).toHaveLength(250);
  });
});
