import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@jornada/contracts';
import { perfilPermissoes, perfis } from '../../db/schema/index.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';

/** Two administrators on the Perfis e Permissões screen at the same moment. */
describeEachBackend('Perfis sob concorrência', (backend) => {
  let env: TestEnv;
  let admin: string;
  let outroAdmin: string;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    [admin, outroAdmin] = await Promise.all([login(env.app, ADMIN), login(env.app, ADMIN)]);
  });
  afterAll(() => env.close());

  const salvar = (token: string, perfil: { id?: number | null; nome?: string }, permissoes: number[]) =>
    call(env.app, '/api/perfil-permissao/salvar', { perfil, permissoes }, { token });
  const codes = async (perfilId: number) =>
    (await env.database.owner.select().from(perfilPermissoes).where(eq(perfilPermissoes.perfilId, perfilId)))
      .map((r) => r.codigo)
      .sort((a, b) => a - b);

  it('o mesmo perfil novo criado duas vezes ao mesmo tempo: um 200, um 409, um só perfil', async () => {
    const results = await Promise.all([
      salvar(admin, { id: null, nome: 'Auditoria' }, [19]),
      salvar(outroAdmin, { id: null, nome: 'Auditoria' }, [33]),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.mensagem).toBe(MSG.perfilNomeEmUso);
    expect(await env.database.owner.select().from(perfis).where(eq(perfis.nome, 'Auditoria'))).toHaveLength(1);
  });

  it('o mesmo perfil salvo por dois ao mesmo tempo: os dois 200 e o resultado é um dos dois, inteiro', async () => {
    const [p] = await env.database.owner.select().from(perfis).where(eq(perfis.nome, 'Operador'));
    const a = [19, 20, 21, 22];
    const b = [33, 34, 35, 36, 152];
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all([salvar(admin, { id: p!.id }, a), salvar(outroAdmin, { id: p!.id }, b)]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect([a, b]).toContainEqual(await codes(p!.id));
    }
  });
});
