import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DISPOSITIVO_MSG as M } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import { tokenHash } from '../../shared/secrets.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';

describeEachBackend('Marcação Online (/api/v1/dispositivo/*, issue 25 §3)', (backend) => {
  let env: TestEnv;
  let token: string;
  let ids: DemoIds;
  /** Active employees of the main company, and one of Campinas. */
  let principal: { id: number; nome: string; cracha: string }[];
  let deCampinas: number;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    token = await login(env.app, ADMIN);
    ids = await demoIds(env);
    principal = await queryRows(
      env.database.owner,
      sql`SELECT id, nome, cracha FROM funcionarios WHERE cnpj_id = ${ids.principal} AND ativo ORDER BY id LIMIT 6`,
    );
    [{ id: deCampinas } = { id: 0 }] = await queryRows<{ id: number }>(
      env.database.owner,
      sql`SELECT id FROM funcionarios WHERE cnpj_id = ${ids.campinas} ORDER BY id LIMIT 1`,
    );
  });
  afterAll(() => env.close());

  const post = (path: string, body: unknown, t = token) =>
    call(env.app, `/api/v1/dispositivo/${path}`, body, { token: t });
  const salvar = (
    idsFuncionarios: number[],
    tiposDispositivos: string[],
    extra: Record<string, unknown> = {},
    t = token,
  ) =>
    post(
      'salvar',
      {
        dispositivoRequest: {
          idsFuncionarios,
          cnpj: { id: ids.principal },
          tiposDispositivos,
          ultimaPagina: true,
          ...extra,
        },
      },
      t,
    );
  const listar = (crachaNome = '', t = token) =>
    post('listar', { idCnpj: ids.principal, qtdLinhas: 100, numPagina: 0, crachaNome }, t);

  it('a demonstração traz os celulares dos três últimos funcionários da matriz e o Web do último (issue 25 §6)', async () => {
    const ultimos = await queryRows<{ nome: string }>(
      env.database.owner,
      sql`SELECT nome FROM funcionarios WHERE cnpj_id = ${ids.principal} AND ativo ORDER BY id DESC LIMIT 3`,
    );
    const lista = (await listar()).body.dispositivos as { descricao: string }[];
    for (const f of ultimos) expect(lista.map((d) => d.descricao)).toContain(`Celular - ${f.nome}`);
    expect(lista.map((d) => d.descricao)).toContain(`Web - ${ultimos[0]!.nome}`);
  });

  it('cria Mob e Web por funcionário com as permissões de cada tipo; de novo, só o que falta; lista com a busca', async () => {
    const [a, b] = principal;
    const r = await salvar([a!.id, b!.id], ['Mob', 'Web'], {
      permissoesWeb: [
        { nome: 'registrarPonto', selecionado: true },
        { nome: 'relatorioHoras', selecionado: false },
      ],
    });
    expect(r.body).toEqual({ mensagem: M.criados(4, 0), criados: 4, existentes: 0 });
    const outra = await salvar([a!.id], ['Mob']);
    expect(outra.body).toMatchObject({ criados: 0, existentes: 1 });
    const doA = (await listar(a!.nome.split(' ')[0]!)).body.dispositivos.filter(
      (d: { nomeFuncionario: string }) => d.nomeFuncionario === a!.nome,
    );
    expect(doA.map((d: { tipo: string }) => d.tipo).sort()).toEqual(['Mob', 'Web']);
    const web = doA.find((d: { tipo: string }) => d.tipo === 'Web');
    expect(web).toMatchObject({ ativo: true, dataAtivacao: null, codigoAtivacao: null, descricao: `Web - ${a!.nome}` });
    expect(
      Object.fromEntries(web.permissoes.map((p: { nome: string; selecionado: boolean }) => [p.nome, p.selecionado])),
    ).toEqual({
      registrarPonto: true,
      incluirMarcacao: true,
      justificarPonto: true,
      relatorioHoras: false,
    });
    // By badge too.
    expect(
      (await listar(a!.cracha)).body.dispositivos.some(
        (d: { nomeFuncionario: string }) => d.nomeFuncionario === a!.nome,
      ),
    ).toBe(true);
    expect((await listar('ninguém com este nome')).body).toEqual({ dispositivos: [], quantidadeDispositivos: 0 });
  });

  it.each([
    [{ idsFuncionarios: [] }, M.selecioneFuncionarios],
    [{ tiposDispositivos: [] }, M.selecioneDispositivo],
  ])('recusa %j com "%s"', async (over, mensagem) => {
    const r = await post('salvar', {
      dispositivoRequest: {
        idsFuncionarios: [principal[0]!.id],
        cnpj: ids.principal,
        tiposDispositivos: ['Mob'],
        ...over,
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.mensagem).toContain(mensagem);
  });

  it('um funcionário de outra empresa recusa o lote inteiro; o limite do plano também, sem gravar nada', async () => {
    const r = await salvar([principal[2]!.id, deCampinas], ['Mob']);
    expect([r.status, r.body.mensagem]).toEqual([400, M.funcionarioDeOutraEmpresa]);
    await env.database.owner.execute(
      sql`UPDATE planos SET max_dispositivos_web = (SELECT count(*) FROM dispositivos_online WHERE tipo = 'Web' AND tenant_id = ${ids.demo})
           WHERE id = (SELECT plano_id FROM tenants WHERE id = ${ids.demo})`,
    );
    const [{ max } = { max: 0 }] = await queryRows<{ max: number }>(
      env.database.owner,
      sql`SELECT max_dispositivos_web AS max FROM planos WHERE id = (SELECT plano_id FROM tenants WHERE id = ${ids.demo})`,
    );
    const acima = await salvar([principal[3]!.id], ['Mob', 'Web']);
    expect([acima.status, acima.body.mensagem]).toEqual([400, M.limitePlano('Web', max)]);
    const nada = await queryRows<{ n: number }>(
      env.database.owner,
      sql`SELECT count(*)::int AS n FROM dispositivos_online WHERE funcionario_id = ${principal[3]!.id}`,
    );
    expect(nada[0]!.n).toBe(0);
    expect((await post('buscarQuantidade', {})).body).toMatchObject({ maxWeb: max });
    // One Web place left, two batches at once: the plan's lock lets exactly one through.
    await env.database.owner.execute(
      sql`UPDATE planos SET max_dispositivos_web = max_dispositivos_web + 1
           WHERE id = (SELECT plano_id FROM tenants WHERE id = ${ids.demo})`,
    );
    const juntos = await Promise.all([salvar([principal[2]!.id], ['Web']), salvar([principal[3]!.id], ['Web'])]);
    expect(juntos.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await post('buscarQuantidade', {})).body.web).toBe(max + 1);
  });

  it('código de ativação: 8 caracteres por 72 h, guardado em hash e lacrado; o novo substitui o anterior; o de senha também', async () => {
    await salvar([principal[4]!.id], ['Mob']);
    const [d] = (await listar(principal[4]!.cracha)).body.dispositivos;
    const um = await post('gerar-codigo-ativacao', { cnpj: { id: ids.principal }, idDispositivo: d.id });
    expect(um.body.codigo).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(um.body.mensagem).toBe(M.codigoAtivacao(um.body.codigo));
    const dois = await post('gerar-codigo-ativacao', { idDispositivo: d.id });
    const [guardado] = await queryRows<{ hash: string; cifrado: string; expira: string }>(
      env.database.owner,
      sql`SELECT codigo_ativacao_hash AS hash, codigo_ativacao_cifrado AS cifrado, codigo_ativacao_expira::text AS expira
            FROM dispositivos_online WHERE id = ${d.id}`,
    );
    expect(guardado!.hash).toBe(tokenHash(dois.body.codigo));
    expect(guardado!.cifrado).not.toContain(dois.body.codigo);
    expect((new Date(guardado!.expira).getTime() - env.clock.now().getTime()) / 3_600_000).toBeCloseTo(72, 0);
    // The list copies the valid one.
    expect((await listar(principal[4]!.cracha)).body.dispositivos[0].codigoAtivacao).toBe(dois.body.codigo);
    const senha = await post('gerar-codigo-recuperar-senha', { idDispositivo: d.id });
    expect(senha.body.mensagem).toMatch(/^Código para redefinir a senha: [A-HJ-NP-Z2-9]{8}\./);
  });

  it('permissões e exclusão; fora do escopo de empresas, 403/404', async () => {
    // Mob: the test above left the plan's Web devices at its limit.
    await salvar([principal[5]!.id], ['Mob']);
    const [d] = (await listar(principal[5]!.cracha)).body.dispositivos;
    const campinas = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.campinas] });
    expect([403, 404]).toContain((await post('excluir', { idDispositivo: d.id }, campinas.token)).status);
    expect([403, 404]).toContain((await listar('', campinas.token)).status);
    const p = await post('atualizar-permissoes', {
      dispositivoRequest: {
        idDispositivo: d.id,
        permissoes: [{ nome: 'justificarPonto', label: 'x', selecionado: false }],
      },
    });
    expect(p.body).toEqual({ mensagem: M.permissoesAtualizadas });
    const [depois] = (await listar(principal[5]!.cracha)).body.dispositivos;
    expect(depois.permissoes.find((x: { nome: string }) => x.nome === 'justificarPonto').selecionado).toBe(false);
    expect(depois.dataAtualizacao).not.toBeNull();
    expect((await post('excluir', { idDispositivo: d.id })).body).toEqual({ mensagem: M.excluido });
    expect((await post('excluir', { idDispositivo: d.id })).status).toBe(404);
    const beta = await login(env.app, 'admin@beta.jornada.demo');
    expect((await post('gerar-codigo-ativacao', { idDispositivo: d.id }, beta)).status).toBe(404);
  });
});
