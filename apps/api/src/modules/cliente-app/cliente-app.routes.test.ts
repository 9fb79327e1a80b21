import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CLIENTE_APP_MSG as M, PERM } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import { DEMO_PASSWORD } from '../../db/seed/access.js';
import { verifyPassword, tokenHash } from '../../shared/secrets.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';

describeEachBackend('Cliente App (/api/usuario-api/*, issue 25 §1)', (backend) => {
  let env: TestEnv;
  let token: string;
  let ids: DemoIds;
  /** The main company's registered demo clock, and two active employees' badges. */
  let serie: string;
  let crachas: string[];

  beforeAll(async () => {
    env = await createTestEnv(backend);
    token = await login(env.app, ADMIN);
    ids = await demoIds(env);
    [{ serie } = { serie: '' }] = await queryRows<{ serie: string }>(
      env.database.owner,
      sql`SELECT numero_serie AS serie FROM relogios_ponto WHERE cnpj_id = ${ids.principal} AND tipo_servico = 'N/D' LIMIT 1`,
    );
    crachas = (
      await queryRows<{ cracha: string }>(
        env.database.owner,
        sql`SELECT cracha FROM funcionarios WHERE cnpj_id = ${ids.principal} AND ativo ORDER BY id LIMIT 3`,
      )
    ).map((r) => r.cracha);
  });
  afterAll(() => env.close());

  const post = (path: string, body: unknown, t = token) =>
    call(env.app, `/api/usuario-api/${path}`, body, { token: t });
  const guardado = async (login: string) =>
    (
      await queryRows<{ senhaHash: string | null; codigoHash: string | null; expira: string | null }>(
        env.database.owner,
        sql`SELECT senha_hash AS "senhaHash", codigo_hash AS "codigoHash", codigo_expira_em::text AS expira
              FROM usuarios_app WHERE login = ${login}`,
      )
    )[0]!;

  it('desktop: os relógios cadastrados da empresa; a senha mostrada uma vez e guardada em argon2id', async () => {
    const r = await post('criar-usuario-desktop', {
      idCnpj: ids.principal,
      detalhes: ` ${serie.replace(/^0+/, '')} , `,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ tipo: 'desktop', codigoAlterarSenha: null });
    expect(r.body.login).toMatch(/^coletor-[a-z2-9]{8}$/);
    expect(r.body.senha).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    const g = await guardado(r.body.login);
    expect(g.senhaHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(g.senhaHash!, r.body.senha)).toBe(true);
    const lista = await post('listar', { dispositivo: 'desktop' });
    expect(lista.body.find((u: { login: string }) => u.login === r.body.login)).toMatchObject({
      clienteApp: 'Usuário Desktop',
      detalhes: serie.replace(/^0+/, ''),
      tipo: 'desktop',
      idCnpj: ids.principal,
      dataUltimoRefresh: null,
    });
    expect(
      (await post('listar', { dispositivo: 'celular' })).body.some((u: { login: string }) => u.login === r.body.login),
    ).toBe(false);
  });

  it.each([
    [{ detalhes: '123' }, M.informeCnpj],
    [{ idCnpj: 1, detalhes: ' , ' }, M.informeSeries],
  ])('desktop recusa %j com "%s"', async (b, mensagem) => {
    const r = await post('criar-usuario-desktop', b);
    expect(r.status).toBe(400);
    expect(r.body.mensagem).toContain(mensagem);
  });

  it('desktop com um relógio que não é da empresa é recusado, nomeando-o; nada é gravado', async () => {
    const antes = (await post('listar', { dispositivo: 'desktop' })).body.length;
    const r = await post('criar-usuario-desktop', { idCnpj: ids.principal, detalhes: `${serie},XYZ-999` });
    expect([r.status, r.body.mensagem]).toEqual([400, M.relogiosNaoCadastrados(['XYZ-999'])]);
    expect((await post('listar', { dispositivo: 'desktop' })).body.length).toBe(antes);
  });

  it('mobile: pelo crachá de um funcionário ativo, com código de uso único válido por 72 h; um por funcionário', async () => {
    const cracha = crachas[0]!;
    const r = await post('criar-usuario-mobile', {
      idCnpj: ids.principal,
      detalhes: 'Celular da portaria',
      cracha: `00${cracha}`,
      ehAdmin: true,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ tipo: 'celular', senha: null });
    expect(r.body.codigoAlterarSenha).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const g = await guardado(r.body.login);
    expect([g.senhaHash, g.codigoHash]).toEqual([null, tokenHash(r.body.codigoAlterarSenha)]);
    const horas = (new Date(g.expira!).getTime() - env.clock.now().getTime()) / 3_600_000;
    expect(horas).toBeCloseTo(72, 0);
    const lista = await post('listar', { dispositivo: 'celular' });
    expect(lista.body.find((u: { login: string }) => u.login === r.body.login)).toMatchObject({
      clienteApp: 'Usuário Mobile',
      ehAdmin: true,
      detalhes: 'Celular da portaria',
    });
    const outra = await post('criar-usuario-mobile', { idCnpj: ids.principal, detalhes: 'x', cracha });
    expect([outra.status, outra.body.mensagem]).toEqual([400, M.funcionarioJaTemUsuario]);
    const ninguem = await post('criar-usuario-mobile', { idCnpj: ids.principal, detalhes: 'x', cracha: 'ZZZ999' });
    expect([ninguem.status, ninguem.body.mensagem]).toEqual([400, M.funcionarioNaoEncontrado('ZZZ999')]);
    const semCracha = await post('criar-usuario-mobile', { idCnpj: ids.principal, detalhes: 'x', cracha: ' ' });
    expect(semCracha.status).toBe(400);
    expect(semCracha.body.mensagem).toContain(M.informeCracha);
  });

  it('dois pedidos ao mesmo tempo para o mesmo funcionário criam um só usuário', async () => {
    const cracha = crachas[1]!;
    const corpo = { idCnpj: ids.principal, detalhes: 'Dois cliques', cracha };
    const respostas = await Promise.all([post('criar-usuario-mobile', corpo), post('criar-usuario-mobile', corpo)]);
    expect(respostas.map((r) => r.status).sort()).toEqual(
      respostas.some((r) => r.status === 409) ? [200, 409] : [200, 400],
    );
    const [n] = await queryRows<{ n: number }>(
      env.database.owner,
      sql`SELECT count(*)::int AS n FROM usuarios_app a JOIN funcionarios f ON f.id = a.funcionario_id
           WHERE f.cnpj_id = ${ids.principal} AND f.cracha = ${cracha}`,
    );
    expect(n!.n).toBe(1);
  });

  it('Alterar Senha troca o segredo (o antigo deixa de valer) e Excluir remove; fora do escopo, não', async () => {
    const d = await post('criar-usuario-desktop', { idCnpj: ids.principal, detalhes: serie });
    const [u] = (await post('listar', { dispositivo: 'desktop' })).body.filter(
      (x: { login: string }) => x.login === d.body.login,
    );
    const campinas = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.campinas] });
    expect([403, 404]).toContain((await post('gerar-senha-codigo', { usuario: { id: u.id } }, campinas.token)).status);
    expect(
      (await post('listar', { dispositivo: 'desktop' }, campinas.token)).body.some(
        (x: { id: number }) => x.id === u.id,
      ),
    ).toBe(false);
    const nova = await post('gerar-senha-codigo', { usuario: { id: u.id } });
    expect(nova.body).toMatchObject({ login: d.body.login, tipo: 'desktop', codigoAlterarSenha: null });
    expect(nova.body.senha).not.toBe(d.body.senha);
    const g = await guardado(d.body.login);
    expect(await verifyPassword(g.senhaHash!, d.body.senha)).toBe(false);
    expect(await verifyPassword(g.senhaHash!, nova.body.senha)).toBe(true);
    const semExcluir = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      codes: [PERM.CLIENTE_APP_VER, PERM.CLIENTE_APP_SALVAR],
    });
    expect((await post('excluir', { usuario: { id: u.id } }, semExcluir.token)).status).toBe(403);
    expect((await post('excluir', { usuario: { id: u.id } })).body).toEqual({ mensagem: M.excluido });
    expect((await post('excluir', { usuario: { id: u.id } })).status).toBe(404);
  });

  it('a demonstração traz o coletor do relógio da matriz e um app mobile, com a senha de demonstração (issue 25 §6)', async () => {
    const desktop = (await post('listar', { dispositivo: 'desktop' })).body as { login: string; detalhes: string }[];
    expect(desktop.find((u) => u.login === 'coletor-demo')?.detalhes).toBe(serie.replace(/^0+/, ''));
    const mobile = (await post('listar', { dispositivo: 'celular' })).body as { login: string }[];
    expect(mobile.some((u) => u.login === 'app-demo')).toBe(true);
    expect(await verifyPassword((await guardado('coletor-demo')).senhaHash!, DEMO_PASSWORD)).toBe(true);
  });

  it('listar-cnpjs são as empresas do usuário', async () => {
    const campinas = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.campinas] });
    expect((await post('listar-cnpjs', {}, campinas.token)).body.map((c: { id: number }) => c.id)).toEqual([
      ids.campinas,
    ]);
  });
});
