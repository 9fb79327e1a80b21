import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { LIMITS, MSG } from '@jornada/contracts';
import { cargos, logOperacoes } from '../../db/schema/index.js';
import { buildApp } from '../../app.js';
import {
  ADMIN,
  BETA_ADMIN,
  OPERADOR,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';

describeEachBackend('cargos', (backend) => {
  let env: TestEnv;
  let admin: string;
  let operador: string;
  let beta: string;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    [admin, operador, beta] = await Promise.all([
      login(env.app, ADMIN),
      login(env.app, OPERADOR),
      login(env.app, BETA_ADMIN),
    ]);
  });
  afterAll(() => env.close());

  const list = async (token: string) =>
    (await call(env.app, '/api/cargo/listar', {}, { token })).body as { id: number; codigo: string; nome: string }[];
  const logCount = async () => (await env.database.owner.select().from(logOperacoes)).length;

  it('lista só os cargos do tenant, ordenados por nome', async () => {
    const mine = await list(admin);
    expect(mine.map((c) => c.nome)).toEqual([...mine.map((c) => c.nome)].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(mine.map((c) => c.nome)).toContain('Vigilante');
    expect(mine.map((c) => c.nome)).not.toContain('Soldador');
    const theirs = await list(beta);
    expect(theirs.map((c) => c.nome).sort()).toEqual(['Almoxarife', 'Encarregado de Turno', 'Soldador']);
  });

  it('cria com código automático = maior código numérico + 1 e registra no log', async () => {
    const max = Math.max(...(await list(admin)).map((c) => Number(c.codigo)).filter(Number.isFinite));
    const r = await call(
      env.app,
      '/api/cargo/salvar',
      { cargo: { nome: '  Eletricista  ', gerarCodogioEmSequencia: true }, usuarioRequisicao: { qualquer: 1 } },
      { token: admin },
    );
    expect([r.status, r.body.mensagem]).toEqual([200, MSG.cargoSalvo]);
    const created = (await list(admin)).find((c) => c.nome === 'Eletricista');
    expect(created?.codigo).toBe(String(max + 1));
    const [entry] = await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(1);
    expect(entry).toMatchObject({
      acao: 'Cadastrar',
      loginUsuario: ADMIN,
      nomeUsuario: 'Administrador Demonstração',
      descricao: `Cargo ${max + 1} - Eletricista`,
    });
  });

  it('cria com código informado; código repetido é 409 e nada é gravado', async () => {
    const ok = await call(
      env.app,
      '/api/cargo/salvar',
      { cargo: { codigo: 'A-77', nome: 'Pintor', gerarCodogioEmSequencia: false } },
      { token: admin },
    );
    expect(ok.status).toBe(200);
    const before = await logCount();
    const dup = await call(
      env.app,
      '/api/cargo/salvar',
      { cargo: { codigo: 'A-77', nome: 'Outro', gerarCodogioEmSequencia: false } },
      { token: admin },
    );
    expect([dup.status, dup.body.mensagem]).toEqual([409, MSG.cargoCodigoDuplicado('A-77')]);
    expect(await logCount()).toBe(before);
    expect((await list(admin)).filter((c) => c.codigo === 'A-77')).toHaveLength(1);
  });

  it('o mesmo código pode existir em outro tenant', async () => {
    const r = await call(
      env.app,
      '/api/cargo/salvar',
      { cargo: { codigo: 'A-77', nome: 'Pintor Beta', gerarCodogioEmSequencia: false } },
      { token: beta },
    );
    expect(r.status).toBe(200);
  });

  it('edita, busca e exclui, com log de cada operação', async () => {
    await call(
      env.app,
      '/api/cargo/salvar',
      { cargo: { codigo: 'ED-1', nome: 'Temporário', gerarCodogioEmSequencia: false } },
      { token: admin },
    );
    const c = (await list(admin)).find((x) => x.codigo === 'ED-1')!;
    const edit = await call(
      env.app,
      '/api/cargo/salvar',
      { cargo: { id: c.id, codigo: 'ED-2', nome: 'Temporário II' } },
      { token: admin },
    );
    expect([edit.status, edit.body.mensagem]).toEqual([200, MSG.cargoAlterado]);
    const got = await call(env.app, '/api/cargo/buscar', { idCargo: c.id }, { token: admin });
    expect(got.body).toEqual({ id: c.id, codigo: 'ED-2', nome: 'Temporário II' });
    const del = await call(
      env.app,
      '/api/cargo/excluir',
      { cargo: { id: c.id, nome: 'Temporário II' } },
      { token: admin },
    );
    expect([del.status, del.body.mensagem]).toEqual([200, MSG.cargoExcluido]);
    expect((await call(env.app, '/api/cargo/buscar', { idCargo: c.id }, { token: admin })).status).toBe(404);
    const entries = await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(3);
    expect(entries.map((e) => e.acao)).toEqual(['Excluir', 'Editar', 'Cadastrar']);
    expect(entries[1]!.descricao).toBe('Cargo ED-1 - Temporário alterado para ED-2 - Temporário II');
  });

  it('na edição o código é obrigatório mesmo com a sequência ligada', async () => {
    const c = (await list(admin))[0]!;
    const r = await call(
      env.app,
      '/api/cargo/salvar',
      { cargo: { id: c.id, nome: 'X', gerarCodogioEmSequencia: true } },
      { token: admin },
    );
    expect([r.status, r.body.mensagem]).toEqual([400, `cargo.codigo: ${MSG.informeCodigo}`]);
  });

  it.each([
    ['sem cargo', {}],
    ['nome vazio', { cargo: { nome: '   ' } }],
    ['nome numérico', { cargo: { nome: 12 } }],
    ['nome longo demais', { cargo: { nome: 'x'.repeat(LIMITS.cargoNome + 1) } }],
    [
      'código longo demais',
      { cargo: { nome: 'x', codigo: '1'.repeat(LIMITS.cargoCodigo + 1), gerarCodogioEmSequencia: false } },
    ],
    ['sem código e sem sequência', { cargo: { nome: 'x', gerarCodogioEmSequencia: false } }],
    ['campo estranho no cargo', { cargo: { nome: 'x', salario: 10 } }],
    ['campo estranho na raiz', { cargo: { nome: 'x' }, hack: true }],
    ['id negativo', { cargo: { id: -1, codigo: '1', nome: 'x' } }],
    ['sequência não booleana', { cargo: { nome: 'x', gerarCodogioEmSequencia: 'sim' } }],
    ['corpo não objeto', [1, 2]],
    ['JSON quebrado', '{"cargo": '],
  ])('corpo inválido (%s) → 400 em português, nada gravado', async (_name, body) => {
    const before = (await list(admin)).length;
    const r = await call(env.app, '/api/cargo/salvar', body, { token: admin });
    expect(r.status).toBe(400);
    expect(typeof r.body.mensagem).toBe('string');
    expect(r.body.mensagem).not.toMatch(/expected|invalid input|required/i);
    expect((await list(admin)).length).toBe(before);
  });

  it('perfil sem 20/21/22 lista e busca, mas não cria, edita nem exclui', async () => {
    const all = await list(operador);
    expect(all.length).toBeGreaterThan(0);
    const target = all[0]!;
    expect((await call(env.app, '/api/cargo/buscar', { idCargo: target.id }, { token: operador })).status).toBe(200);
    for (const [path, body] of [
      ['/api/cargo/salvar', { cargo: { nome: 'Proibido' } }],
      ['/api/cargo/salvar', { cargo: { id: target.id, codigo: target.codigo, nome: 'Proibido' } }],
      ['/api/cargo/excluir', { cargo: { id: target.id } }],
    ] as const) {
      const r = await call(env.app, path, body, { token: operador });
      expect([r.status, r.body.mensagem]).toEqual([403, MSG.semPermissao]);
    }
    expect((await list(admin)).find((c) => c.id === target.id)).toEqual(target);
  });

  it('a lista em cache acompanha mudanças feitas por outro processo da API', async () => {
    // A second API process on the same database, with its own in-memory cache.
    const other = await buildApp({ config: env.config, database: env.database, clock: env.clock });
    try {
      const first = await list(admin);
      const r = await call(
        other,
        '/api/cargo/salvar',
        { cargo: { codigo: 'OUT-1', nome: 'De outro processo', gerarCodogioEmSequencia: false } },
        { token: admin },
      );
      expect(r.status).toBe(200);
      const second = await list(admin);
      expect(second.length).toBe(first.length + 1);
      expect(second.map((c) => c.codigo)).toContain('OUT-1');
      const id = second.find((c) => c.codigo === 'OUT-1')!.id;
      await call(other, '/api/cargo/excluir', { cargo: { id } }, { token: admin });
      expect((await list(admin)).map((c) => c.codigo)).not.toContain('OUT-1');
    } finally {
      await other.close();
    }
  });

  it('id de outro tenant → 404 e nada muda', async () => {
    const betaCargo = (await list(beta))[0]!;
    const snapshot = async () =>
      env.database.owner
        .select()
        .from(cargos)
        .where(and(eq(cargos.id, betaCargo.id)));
    const before = await snapshot();
    expect((await call(env.app, '/api/cargo/buscar', { idCargo: betaCargo.id }, { token: admin })).status).toBe(404);
    const edit = await call(
      env.app,
      '/api/cargo/salvar',
      { cargo: { id: betaCargo.id, codigo: 'ROUBO', nome: 'Roubado' } },
      { token: admin },
    );
    expect([edit.status, edit.body.mensagem]).toEqual([404, MSG.naoEncontrado]);
    const del = await call(env.app, '/api/cargo/excluir', { cargo: { id: betaCargo.id } }, { token: admin });
    expect([del.status, del.body.mensagem]).toEqual([404, MSG.naoEncontrado]);
    expect(await snapshot()).toEqual(before);
  });
});
