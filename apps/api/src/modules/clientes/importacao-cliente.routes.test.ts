import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG, MSG_IMPORTACAO } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import { funcionarios, logOperacoes } from '../../db/schema/index.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, upload, type TestEnv } from '../../../test/harness.js';
import { COLUNAS_PADRAO, cpfDe, linhaCsv } from '../../../test/importacao-fixtures.js';
import { demoIds, type DemoIds } from '../../../test/scope-fixtures.js';
const PROVEDOR = 'superadmin@jornada.demo';

/** Update-Funcionarios (decision 0040): the customers' import, run by the provider into a chosen customer. */
describeEachBackend('Update-Funcionarios: a importação do provedor num cliente', (backend) => {
  let env: TestEnv;
  let provedor: string;
  let admin: string;
  let ids: DemoIds;
  let escalaId: number;
  let provedorTenant: number;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    provedor = await login(env.app, PROVEDOR);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
    const [e] = await queryRows<{ id: number }>(
      env.database.owner,
      sql`SELECT id FROM escalas WHERE tenant_id = ${ids.demo} ORDER BY id LIMIT 1`,
    );
    escalaId = Number(e!.id);
    const [p] = await queryRows<{ id: number }>(env.database.owner, sql`SELECT id FROM tenants WHERE provedor`);
    provedorTenant = Number(p!.id);
  });
  afterAll(() => env.close());

  const processar = (idCliente: number, cnpj: number, conteudo: string, token = provedor) =>
    upload(
      env.app,
      '/api/adm/funcionario-upload/processar',
      { jsonRequisicao: { idCliente, cnpj: { id: cnpj } }, jsonColunas: COLUNAS_PADRAO },
      { nomeArquivo: 'cliente.csv', conteudo: Buffer.from(conteudo, 'latin1') },
      { token },
    );
  const salvar = (idCliente: number, id: string, token = provedor) =>
    call(
      env.app,
      '/api/adm/funcionario-upload/salvar',
      { idCliente, id, escala: { id: escalaId }, dataIinicioEscala: '2026-03-16' },
      { token },
    );

  it('lista as empresas do cliente escolhido; o próprio provedor e ids desconhecidos não são clientes', async () => {
    const r = await call(
      env.app,
      '/api/adm/funcionario-upload/listar-cnpjs',
      { idCliente: ids.demo },
      { token: provedor },
    );
    expect(r.status).toBe(200);
    expect(r.body.map((c: { id: number }) => c.id).sort()).toEqual([ids.principal, ids.campinas].sort());
    for (const idCliente of [provedorTenant, 999_999]) {
      const x = await call(env.app, '/api/adm/funcionario-upload/listar-cnpjs', { idCliente }, { token: provedor });
      expect([x.status, x.body.mensagem]).toEqual([404, MSG.naoEncontrado]);
    }
  });

  it('processa e salva no cliente: funcionários no tenant dele, log dele como provedor:<e-mail>', async () => {
    const r = await processar(ids.demo, ids.principal, [linhaCsv(500), linhaCsv(501, { cpf: '1' })].join('\r\n'));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ qtdFuncionarios: 1, qtdLinhasErros: 1, cnpj: { id: ids.principal } });

    // Nobody of the customer can finish the provider's import, and the provider cannot finish it elsewhere.
    const doCliente = await call(
      env.app,
      '/api/funcionario-upload/salvar',
      { id: r.body.id, escala: { id: escalaId }, dataIinicioEscala: '2026-03-16' },
      { token: admin },
    );
    expect([doCliente.status, doCliente.body.mensagem]).toEqual([400, MSG_IMPORTACAO.importacaoNaoEncontrada]);
    expect((await salvar(ids.beta, r.body.id)).status).toBe(400);

    const s = await salvar(ids.demo, r.body.id);
    expect([s.status, s.body.qtdFuncionarios]).toEqual([200, 1]);
    const [f] = await env.database.owner
      .select()
      .from(funcionarios)
      .where(inArray(funcionarios.cpf, [cpfDe(500)]));
    expect([f!.tenantId, f!.cnpjId]).toEqual([ids.demo, ids.principal]);
    const log = await env.database.owner
      .select()
      .from(logOperacoes)
      .where(
        and(eq(logOperacoes.tenantId, ids.demo), sql`${logOperacoes.descricao} LIKE 'Importação de funcionários%'`),
      );
    expect(log.map((l) => [l.loginUsuario, l.usuarioId])).toEqual([[`provedor:${PROVEDOR}`, null]]);
  });

  it('uma empresa de outro cliente não é do cliente escolhido: 404', async () => {
    const r = await processar(ids.demo, ids.betaCnpj, linhaCsv(510));
    expect([r.status, r.body.mensagem]).toEqual([404, MSG.naoEncontrado]);
  });

  it('o provedor não termina a importação de um usuário do cliente', async () => {
    const r = await upload(
      env.app,
      '/api/funcionario-upload/processar',
      { jsonRequisicao: { cnpj: { id: ids.principal } }, jsonColunas: COLUNAS_PADRAO },
      { nomeArquivo: 'a.csv', conteudo: Buffer.from(linhaCsv(520), 'latin1') },
      { token: admin },
    );
    const s = await salvar(ids.demo, r.body.id);
    expect([s.status, s.body.mensagem]).toEqual([400, MSG_IMPORTACAO.importacaoNaoEncontrada]);
  });

  it('o administrador de um cliente não usa as chamadas do provedor', async () => {
    const r = await processar(ids.demo, ids.principal, linhaCsv(530), admin);
    expect([r.status, r.body.mensagem]).toEqual([403, MSG.semPermissao]);
  });
});
