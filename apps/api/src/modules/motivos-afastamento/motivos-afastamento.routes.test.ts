import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { motivoAfastamentoApi as api, type MotivoAfastamento } from '@jornada/contracts';
import { logOperacoes, motivosAfastamento, tenants } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant-tx.js';
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
import { criarMotivosProtegidos } from './motivos-afastamento.service.js';

const M = api.MOTIVO_MSG;

describeEachBackend('motivos de afastamento', (backend) => {
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

  const list = async (token = admin) =>
    (await call(env.app, '/api/motivo-de-afastamentos/listar', {}, { token })).body as MotivoAfastamento[];
  const save = (motivoAfastamento: unknown, token = admin) =>
    call(env.app, '/api/motivo-de-afastamentos/salvar', { motivoAfastamento }, { token });
  const remove = (id: number, token = admin) =>
    call(env.app, '/api/motivo-de-afastamentos/excluir', { motivoAfastamento: { id } }, { token });
  const byName = async (descricao: string, token = admin) =>
    (await list(token)).find((m) => m.descricao === descricao)!;
  const lastLog = async () =>
    (await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(1))[0];

  it('lista os do cliente por descrição, com a Transferência protegida e definitiva', async () => {
    const mine = await list();
    expect(mine.map((m) => m.descricao)).toEqual(
      [...mine.map((m) => m.descricao)].sort((a, b) => a.localeCompare(b, 'pt-BR')),
    );
    expect(mine.find((m) => m.descricao === 'Transferência')).toMatchObject({ definitivo: true, protegido: true });
    expect(mine.filter((m) => m.protegido).map((m) => m.descricao)).toEqual(['Transferência']);
    expect(mine.find((m) => m.descricao === 'Doença')).toMatchObject({ definitivo: false, protegido: false });
    const theirs = await list(beta);
    expect(theirs.find((m) => m.descricao === 'Transferência')?.protegido).toBe(true);
    const mineIds = new Set(mine.map((m) => m.id));
    expect(theirs.filter((m) => mineIds.has(m.id))).toEqual([]);
  });

  it('cria definitivo ou não; o log usa o rótulo dos seletores', async () => {
    expect((await save({ descricao: 'Licença sem vencimento', definitivo: false })).body.mensagem).toBe(M.salvo);
    expect(await lastLog()).toMatchObject({
      acao: 'Cadastrar',
      descricao: 'Motivo de afastamento Licença sem vencimento - Não Definitivo',
    });
    expect((await save({ descricao: '  Falecimento ', definitivo: true })).status).toBe(200);
    expect(await byName('Falecimento')).toMatchObject({ definitivo: true, protegido: false });
    // Without the flag, not definitive.
    expect((await save({ descricao: 'Suspensão disciplinar' })).status).toBe(200);
    expect((await byName('Suspensão disciplinar')).definitivo).toBe(false);
  });

  it('um cadastro nunca nasce protegido (o campo não existe no formulário)', async () => {
    const r = await save({ descricao: 'Tentativa', definitivo: false, protegido: true });
    expect(r.status).toBe(400);
    expect(await byName('Tentativa')).toBeUndefined();
  });

  it.each([
    ['descrição vazia', { descricao: '  ' }, `motivoAfastamento.descricao: ${M.informeDescricao}`],
    ['sem descrição', { definitivo: true }, `motivoAfastamento.descricao: ${M.informeDescricao}`],
    ['81 caracteres', { descricao: 'x'.repeat(81) }, 'motivoAfastamento.descricao: No máximo 80 caracteres'],
  ])('%s → 400 com a mensagem do seed', async (_caso, body, mensagem) => {
    const r = await save(body);
    expect([r.status, r.body.mensagem]).toEqual([400, mensagem]);
  });

  it('definitivo é só do cadastro: editar com outro valor → 400, sem ele ou igual mantém', async () => {
    expect((await save({ descricao: 'Licença médica longa', definitivo: false })).status).toBe(200);
    const row = await byName('Licença médica longa');
    const refused = await save({ id: row.id, descricao: 'Licença médica longa', definitivo: true });
    expect([refused.status, refused.body.mensagem]).toEqual([400, M.definitivoImutavel]);
    expect((await byName('Licença médica longa')).definitivo).toBe(false);
    expect((await save({ id: row.id, descricao: 'Licença médica prolongada' })).status).toBe(200);
    expect((await save({ id: row.id, descricao: 'Licença médica (INSS)', definitivo: false })).status).toBe(200);
    expect(await byName('Licença médica (INSS)')).toMatchObject({ id: row.id, definitivo: false });
  });

  it('a Transferência não pode ser excluída nem renomeada (400 em português); nada muda', async () => {
    const t = await byName('Transferência');
    const del = await remove(t.id);
    expect([del.status, del.body.mensagem]).toEqual([400, M.protegidoExcluir('Transferência')]);
    const ren = await save({ id: t.id, descricao: 'Transferência de filial' });
    expect([ren.status, ren.body.mensagem]).toEqual([400, M.protegidoRenomear('Transferência')]);
    const flip = await save({ id: t.id, descricao: 'Transferência', definitivo: false });
    expect([flip.status, flip.body.mensagem]).toEqual([400, M.definitivoImutavel]);
    expect(await byName('Transferência')).toEqual(t);
    // Saving it unchanged is harmless.
    expect((await save({ id: t.id, descricao: 'Transferência', definitivo: true })).status).toBe(200);
  });

  it('descrição repetida (qualquer caixa) → 409; nem "transferência" ao lado da protegida', async () => {
    for (const descricao of ['doença', 'TRANSFERÊNCIA']) {
      const r = await save({ descricao, definitivo: false });
      expect([r.status, r.body.mensagem]).toEqual([409, M.descricaoEmUso]);
    }
    const ferias = await byName('Férias');
    const clash = await save({ id: ferias.id, descricao: 'Doença' });
    expect([clash.status, clash.body.mensagem]).toEqual([409, M.descricaoEmUso]);
  });

  it('10 cadastros simultâneos da mesma descrição: um 200, os outros 409', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => save({ descricao: 'Afastamento simultâneo', definitivo: false })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await list()).filter((m) => m.descricao === 'Afastamento simultâneo')).toHaveLength(1);
  });

  it('o operador (sem 20/21/22) lista e busca, mas não cria, edita nem exclui', async () => {
    const doenca = await byName('Doença', operador);
    expect(doenca).toBeDefined();
    expect(
      (await call(env.app, '/api/motivo-de-afastamentos/buscar', { idMotivo: doenca.id }, { token: operador })).status,
    ).toBe(200);
    expect((await save({ descricao: 'Do operador' }, operador)).status).toBe(403);
    expect((await save({ id: doenca.id, descricao: 'Doença grave' }, operador)).status).toBe(403);
    expect((await remove(doenca.id, operador)).status).toBe(403);
  });

  it('criarMotivosProtegidos cria a Transferência de um cliente novo na transação dada, uma vez só', async () => {
    const [plan] = await env.database.owner.select().from(tenants).limit(1);
    const [tenant] = await env.database.owner
      .insert(tenants)
      .values({ nome: 'Cliente Novo', planoId: plan!.planoId })
      .returning();
    await withTenant(env.database.app, tenant!.id, (tx) => criarMotivosProtegidos(tx, tenant!.id));
    await withTenant(env.database.app, tenant!.id, (tx) => criarMotivosProtegidos(tx, tenant!.id));
    const rows = await env.database.owner
      .select()
      .from(motivosAfastamento)
      .where(and(eq(motivosAfastamento.tenantId, tenant!.id)));
    expect(rows.map((r) => [r.descricao, r.definitivo, r.protegido])).toEqual([['Transferência', true, true]]);
  });
});
