import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, MSG_SOLICITACAO, PERM, mensagensDaSolicitacao } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { queryRows } from '../../db/client.js';
import { JOB_SCHEMA } from '../../db/job-schema.js';
import { withTenant } from '../../db/tenant-tx.js';
import { badRequest } from '../../shared/app-error.js';
import { localFileStorage } from '../../shared/file-storage.js';
import { findLiveSession } from '../login/session.repository.js';
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
import {
  VALIDADE_LINK_DIAS,
  concluirSolicitacao,
  criarSolicitacao,
  documentJob,
  falharSolicitacao,
  progressoSolicitacao,
  solicitacaoDocumentoService,
  type DocumentoContexto,
  type ResultadoSolicitacao,
} from './solicitacao-documento.service.js';

const DIA = 86_400_000;

describeEachBackend('solicitações de documentos (fila, histórico, links)', (backend) => {
  let env: TestEnv;
  let ids: DemoIds;
  let deps: Deps;
  let admin: string;
  let adminId: number;
  /** What the test producer does with the next request. */
  let produce: (deps: Deps, ctx: DocumentoContexto<{ conteudo?: string }>) => Promise<ResultadoSolicitacao>;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    ids = await demoIds(env);
    admin = await login(env.app, ADMIN);
    adminId = (await findLiveSession(env.database.system, admin, env.clock.now()))!.userId;
    // The demo seed leaves jobs queued (the calculation of the dirty days it wrote): run them now,
    // so each test's drain() counts only the jobs it queued itself.
    await env.jobs.drain();
    // The ports a job receives, over this env's database, clock and files folder.
    deps = {
      db: env.database.app,
      systemDb: env.database.system,
      clock: env.clock,
      jobs: env.jobs,
      storage: localFileStorage({ folder: join(env.config.dataDir, 'arquivos') }),
    } as unknown as Deps;
    const job = documentJob<{ conteudo?: string }>('documento-teste', (d, ctx) => produce(d, ctx), {
      expireInSeconds: 60,
    });
    await env.jobs.work(job.name, (data, info) => job.handler(deps, data as never, info), job.options);
  });
  afterAll(() => env.close());

  /** A request of `userId` in `cnpjId` (the use case's transaction), its job queued. */
  const novaSolicitacao = (o: { tenantId?: number; userId?: number; cnpjId?: number | null; conteudo?: string }) =>
    withTenant(env.database.app, o.tenantId ?? ids.demo, (tx) =>
      criarSolicitacao(
        deps,
        { tx, tenantId: o.tenantId ?? ids.demo, now: env.clock.now(), auth: { userId: o.userId ?? adminId } },
        {
          nome: 'Teste',
          servico: 'documentoTeste',
          cnpjId: o.cnpjId === undefined ? ids.principal : o.cnpjId,
          nomeArquivo: 'relatório de teste.pdf',
          tipoDocumento: 'pdf',
          parametros: { pedido: 1 },
        },
        { name: 'documento-teste', data: { conteudo: o.conteudo ?? 'PDF' } },
      ),
    );

  const buscar = (id: number, token = admin) =>
    call(env.app, `/api/solicitacao-documento/buscar?fdb=f&id=${id}`, undefined, { token, method: 'GET' });
  const listar = (q: { idCnpj: number; mes: number; ano: number }, token = admin) =>
    call(env.app, `/api/solicitacao-documento?idCnpj=${q.idCnpj}&mes=${q.mes}&ano=${q.ano}`, undefined, {
      token,
      method: 'GET',
    });
  const porIds = (list: number[], token = admin) =>
    call(env.app, '/api/solicitacao-documento/listar-por-ids?fdb=f', { ids: list }, { token });
  const T0_MES = { mes: 3, ano: 2026 };

  it('FILA → PROCESSANDO (com progresso) → PROCESSADO com arquivo, link assinado e validade', async () => {
    const seen: unknown[] = [];
    produce = async (d, ctx) => {
      seen.push((await buscar(ctx.solicitacaoId)).body);
      await ctx.progresso(40);
      seen.push((await buscar(ctx.solicitacaoId)).body);
      expect(ctx.parametros).toEqual({ pedido: 1 });
      env.clock.advanceMs(5_000);
      return { arquivo: await d.storage.put(ctx.tenantId, 'relatório de teste.pdf', Buffer.from(ctx.data.conteudo!)) };
    };
    const { id, status } = await novaSolicitacao({ conteudo: '%PDF-1.4 teste' });
    expect(status).toBe('FILA');
    const queued = await buscar(id);
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({ id, status: 'FILA', nome: 'Teste', link: null, progresso: 0 });
    expect(queued.body.dataSolicitacao).toBe(env.clock.now().toISOString());

    expect(await env.jobs.drain()).toBe(1);
    expect(seen).toMatchObject([
      { status: 'PROCESSANDO', progresso: 0 },
      { status: 'PROCESSANDO', progresso: 40 },
    ]);
    const done = (await buscar(id)).body;
    expect(done).toMatchObject({
      status: 'PROCESSADO',
      progresso: 100,
      nomeArquivo: 'relatório de teste.pdf',
      linkExpirado: false,
      mensagem: null,
    });
    expect(new Date(done.dataValidadeLink).getTime() - new Date(done.dataFinalProcessamento).getTime()).toBe(
      VALIDADE_LINK_DIAS * DIA,
    );
    expect(done.dataInicioProcessamento).not.toBeNull();

    const file = await env.app.inject({ method: 'GET', url: done.link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.body).toBe('%PDF-1.4 teste');
  });

  it('um link adulterado, de outra chave ou vencido é recusado (403, em português); um arquivo removido, 404', async () => {
    produce = async (d, ctx) => ({ arquivo: await d.storage.put(ctx.tenantId, 'a.txt', Buffer.from('conteúdo')) });
    const { id } = await novaSolicitacao({});
    await env.jobs.drain();
    const { link } = (await buscar(id)).body as { link: string };
    const url = new URL(link, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const tampered = link.replace(`sig=${sig}`, `sig=${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
    const later = link.replace(/exp=([0-9]+)/, (_m, exp: string) => `exp=${Number(exp) + 3600}`);
    const otherKey = link.replace(/\/api\/arquivo\/([0-9]+)-/, (_m, t: string) => `/api/arquivo/${Number(t) + 1}-`);
    for (const bad of [tampered, later, otherKey]) {
      const r = await env.app.inject({ method: 'GET', url: bad });
      expect(r.statusCode).toBe(403);
      expect(r.json().mensagem).toBe(MSG_SOLICITACAO.linkInvalido);
    }
    expect((await env.app.inject({ method: 'GET', url: '/api/arquivo/..%2F..%2Fetc?exp=1&sig=x' })).statusCode).toBe(
      400,
    );

    env.clock.advanceMs((VALIDADE_LINK_DIAS + 1) * DIA);
    try {
      const r = await env.app.inject({ method: 'GET', url: link });
      expect([r.statusCode, r.json().mensagem]).toEqual([403, MSG_SOLICITACAO.linkInvalido]);
      // (The session of before has expired too: a new login, days later.)
      const fresh = await login(env.app, ADMIN);
      expect((await buscar(id, fresh)).body).toMatchObject({ status: 'PROCESSADO', link: null, linkExpirado: true });
    } finally {
      env.clock.advanceMs(-(VALIDADE_LINK_DIAS + 1) * DIA);
    }

    await deps.storage.delete(decodeURIComponent(url.pathname.split('/').pop()!));
    const gone = await env.app.inject({ method: 'GET', url: link });
    expect([gone.statusCode, gone.json().mensagem]).toEqual([404, MSG_SOLICITACAO.arquivoNaoEncontrado]);
  });

  // Decision 0064 (amends 0042): the link also needs its request, in the database.
  it('um link de assinatura válida deixa de valer quando a solicitação é excluída ou vence no banco (403)', async () => {
    produce = async (d, ctx) => ({ arquivo: await d.storage.put(ctx.tenantId, 'b.txt', Buffer.from('conteúdo')) });
    const { id } = await novaSolicitacao({});
    await env.jobs.drain();
    const { link } = (await buscar(id)).body as { link: string };
    const baixar = async () => {
      const r = await env.app.inject({ method: 'GET', url: link });
      return r.statusCode === 200 ? [200, r.body] : [r.statusCode, r.json().mensagem];
    };
    expect(await baixar()).toEqual([200, 'conteúdo']);
    const linha = sql`FROM solicitacoes_documento WHERE id = ${id}`;
    // Expired in the database (the link's own exp still ahead).
    await queryRows(
      env.database.owner,
      sql`UPDATE solicitacoes_documento SET data_validade_link = ${env.clock.now()} WHERE id = ${id}`,
    );
    expect(await baixar()).toEqual([403, MSG_SOLICITACAO.linkInvalido]);
    // Deleted: the file is still in the folder, the link still signed.
    await queryRows(
      env.database.owner,
      sql`UPDATE solicitacoes_documento SET data_validade_link = ${new Date(env.clock.now().getTime() + DIA)} WHERE id = ${id}`,
    );
    expect(await baixar()).toEqual([200, 'conteúdo']);
    await queryRows(env.database.owner, sql`DELETE ${linha}`);
    expect(await baixar()).toEqual([403, MSG_SOLICITACAO.linkInvalido]);
  });

  it("um erro esperado vira ERRO com 'ERROS#…'; um inesperado, a mensagem genérica; o que terminou não muda mais", async () => {
    produce = async (_d, ctx) => {
      if (ctx.data.conteudo === 'esperado') throw badRequest('CNPJ do arquivo não confere com a empresa');
      throw new Error('detalhe interno que não aparece');
    };
    const a = await novaSolicitacao({ conteudo: 'esperado' });
    const b = await novaSolicitacao({ conteudo: 'inesperado' });
    await env.jobs.drain();
    const ra = (await buscar(a.id)).body;
    const rb = (await buscar(b.id)).body;
    expect(ra).toMatchObject({ status: 'ERRO', mensagem: 'ERROS#CNPJ do arquivo não confere com a empresa' });
    expect(mensagensDaSolicitacao(ra.mensagem)).toEqual(['CNPJ do arquivo não confere com a empresa']);
    expect(rb).toMatchObject({ status: 'ERRO', mensagem: `ERROS#${MSG.oops}` });
    expect(rb.dataFinalProcessamento).not.toBeNull();

    const ref = { tenantId: ids.demo, solicitacaoId: a.id };
    expect(await concluirSolicitacao(deps, ref, { mensagens: ['tarde demais'] })).toBe(false);
    expect(await falharSolicitacao(deps, ref, ['outra vez'])).toBe(false);
    await progressoSolicitacao(deps, ref, 10);
    expect((await buscar(a.id)).body).toMatchObject({ status: 'ERRO', mensagem: ra.mensagem, progresso: 0 });
  });

  it('PROCESSADO com avisos guarda as mensagens separadas por #; um # dentro de uma não a divide', async () => {
    produce = async () => ({ mensagens: ['NSR 12 repetido', 'Linha 9: PIS #1 sem funcionário'] });
    const { id } = await novaSolicitacao({});
    await env.jobs.drain();
    const r = (await buscar(id)).body;
    expect(r).toMatchObject({ status: 'PROCESSADO', link: null, linkExpirado: false });
    expect(mensagensDaSolicitacao(r.mensagem)).toEqual(['NSR 12 repetido', 'Linha 9: PIS  1 sem funcionário']);
  });

  it('a solicitação e a sua tarefa nascem juntas: transação desfeita, nenhuma das duas', async () => {
    const before = await queryRows<{ n: number }>(
      env.database.owner,
      sql.raw(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = 'documento-teste'`),
    );
    let created = 0;
    await expect(
      withTenant(env.database.app, ids.demo, async (tx) => {
        created = (
          await criarSolicitacao(
            deps,
            { tx, tenantId: ids.demo, now: env.clock.now(), auth: { userId: adminId } },
            { nome: 'Teste', servico: 'documentoTeste', cnpjId: ids.principal },
            { name: 'documento-teste' },
          )
        ).id;
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    expect((await buscar(created)).status).toBe(404);
    const after = await queryRows<{ n: number }>(
      env.database.owner,
      sql.raw(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = 'documento-teste'`),
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('o histórico lista as solicitações do usuário na empresa e no mês, das mais novas às mais antigas', async () => {
    produce = async () => ({});
    const user = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.principal, ids.campinas] });
    const mine = [await novaSolicitacao({ userId: user.userId }), await novaSolicitacao({ userId: user.userId })];
    const campinas = await novaSolicitacao({ userId: user.userId, cnpjId: ids.campinas });
    const adminOwn = await novaSolicitacao({});
    env.clock.advanceMs(31 * DIA);
    const nextMonth = await novaSolicitacao({ userId: user.userId });
    env.clock.advanceMs(-31 * DIA);
    await env.jobs.drain();

    const r = await listar({ idCnpj: ids.principal, ...T0_MES }, user.token);
    expect(r.status).toBe(200);
    expect(r.body.map((s: { id: number }) => s.id)).toEqual([mine[1]!.id, mine[0]!.id]);
    expect(r.body.map((s: { id: number }) => s.id)).not.toContain(adminOwn.id);
    expect(
      (await listar({ idCnpj: ids.campinas, ...T0_MES }, user.token)).body.map((s: { id: number }) => s.id),
    ).toEqual([campinas.id]);
    expect(
      (await listar({ idCnpj: ids.principal, mes: 4, ano: 2026 }, user.token)).body.map((s: { id: number }) => s.id),
    ).toEqual([nextMonth.id]);
    // By ids: only what the caller may see, whatever ids are asked for.
    const polled = await porIds([mine[0]!.id, adminOwn.id, campinas.id, 999_999], user.token);
    expect(polled.body.map((s: { id: number }) => s.id).sort()).toEqual([mine[0]!.id, campinas.id].sort());
    expect((await buscar(adminOwn.id, user.token)).status).toBe(404);
  });

  it('fora do escopo: outra empresa, outro cliente e outro usuário não se veem (404 ou lista vazia)', async () => {
    produce = async () => ({});
    const onlyPrincipal = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.principal] });
    const ownCampinas = await novaSolicitacao({ userId: onlyPrincipal.userId, cnpjId: ids.campinas });
    const own = await novaSolicitacao({ userId: onlyPrincipal.userId });
    const beta = await login(env.app, BETA_ADMIN);
    const betaReq = await withTenant(env.database.app, ids.beta, async (tx) => {
      const [u] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM usuarios WHERE email = ${BETA_ADMIN}`);
      return criarSolicitacao(
        deps,
        { tx, tenantId: ids.beta, now: env.clock.now(), auth: { userId: u!.id } },
        { nome: 'Teste', servico: 'documentoTeste', cnpjId: ids.betaCnpj },
        { name: 'documento-teste' },
      );
    });
    await env.jobs.drain();

    const r = await listar({ idCnpj: ids.campinas, ...T0_MES }, onlyPrincipal.token);
    expect([r.status, r.body.mensagem]).toEqual([404, MSG.naoEncontrado]);
    expect((await buscar(ownCampinas.id, onlyPrincipal.token)).status).toBe(404);
    expect((await buscar(own.id, onlyPrincipal.token)).status).toBe(200);
    // Another tenant: its company and its request are unknown here, and ours there.
    expect((await listar({ idCnpj: ids.betaCnpj, ...T0_MES })).status).toBe(404);
    expect((await buscar(betaReq.id)).status).toBe(404);
    expect((await porIds([betaReq.id])).body).toEqual([]);
    expect((await buscar(own.id, beta)).status).toBe(404);
    expect((await buscar(betaReq.id, beta)).body).toMatchObject({ id: betaReq.id, status: 'PROCESSADO' });
  });

  it('entradas inválidas: mensagens em português', async () => {
    const semEmpresa = await call(env.app, '/api/solicitacao-documento?mes=3&ano=2026', undefined, {
      token: admin,
      method: 'GET',
    });
    expect(semEmpresa.status).toBe(400);
    expect(semEmpresa.body.mensagem).toContain(MSG.selecioneEmpresa);
    const mes = await listar({ idCnpj: ids.principal, mes: 13, ano: 2026 });
    expect(mes.status).toBe(400);
    expect(mes.body.mensagem).toContain(MSG.mesInvalido);
    const muitos = await porIds(Array.from({ length: 201 }, (_, i) => i + 1));
    expect(muitos.status).toBe(400);
  });

  it('POST /api/solicitacao-documento: serviço sem produtor → 400; código do produtor exigido; fila com a tarefa', async () => {
    const semServico = await call(
      env.app,
      '/api/solicitacao-documento',
      { servico: 'divergenciasPdf', cnpj: ids.principal, idsFuncionarios: [1], tipoDocumento: 'pdf' },
      { token: admin },
    );
    expect([semServico.status, semServico.body.mensagem]).toEqual([
      400,
      MSG_SOLICITACAO.servicoIndisponivel('divergenciasPdf'),
    ]);

    produce = async (d, ctx) => ({ arquivo: await d.storage.put(ctx.tenantId, 'espelho.pdf', Buffer.from('x')) });
    const producers = [
      {
        servico: 'documentoTeste',
        nome: 'Espelho de Ponto',
        permission: PERM.RELATORIO_ESPELHO_PONTO,
        jobName: 'documento-teste',
        requiresCnpj: true,
      },
    ];
    const svc = solicitacaoDocumentoService({ ...deps, config: env.config, log: env.app.log } as Deps, producers);
    const auth = (await findLiveSession(env.database.system, admin, env.clock.now()))!;
    const body = {
      servico: 'documentoTeste',
      cnpj: { id: ids.principal },
      nomeArquivo: 'espelho.pdf',
      tipoDocumento: 'pdf' as const,
    };
    const created = await svc.criar(auth, body);
    expect(created.status).toBe('FILA');
    await env.jobs.drain();
    expect((await buscar(created.id)).body).toMatchObject({ status: 'PROCESSADO', nome: 'Espelho de Ponto' });

    const divergencias = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      codes: [PERM.RELATORIO_DIVERGENCIAS],
    });
    const other = (await findLiveSession(env.database.system, divergencias.token, env.clock.now()))!;
    await expect(svc.criar(other, body)).rejects.toMatchObject({ status: 403 });
    await expect(svc.criar(auth, { ...body, cnpj: undefined })).rejects.toMatchObject({
      status: 400,
      mensagem: MSG.selecioneEmpresa,
    });
    await expect(svc.criar(auth, { ...body, cnpj: ids.betaCnpj })).rejects.toMatchObject({ status: 404 });
  });
});
