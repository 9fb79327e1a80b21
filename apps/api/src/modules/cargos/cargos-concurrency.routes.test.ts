import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@jornada/contracts';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';

/**
 * Issue 7 §3–4: saves at the same moment, and codes the sequence must step
 * over. On PostgreSQL the requests really run in parallel.
 */
describeEachBackend('Cargos sob concorrência (issue 7)', (backend) => {
  let env: TestEnv;
  let admin: string;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
  });
  afterAll(() => env.close());

  const save = (cargo: Record<string, unknown>) => call(env.app, '/api/cargo/salvar', { cargo }, { token: admin });
  const codes = async () =>
    ((await call(env.app, '/api/cargo/listar', {}, { token: admin })).body as { codigo: string }[]).map(
      (c) => c.codigo,
    );

  it('§3 20 cadastros simultâneos com código automático: todos 200, códigos distintos', async () => {
    const before = await codes();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => save({ nome: `Paralelo ${i}`, gerarCodogioEmSequencia: true })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const after = await codes();
    const added = after.filter((c) => !before.includes(c));
    expect(added).toHaveLength(20);
    expect(new Set(added).size).toBe(20);
  });

  it('§3 10 gravações simultâneas do mesmo código manual: uma 200, nove 409 em português, nenhum 500', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        save({ nome: `Manual ${i}`, codigo: 'M-77', gerarCodogioEmSequencia: false }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect([MSG.cargoCodigoDuplicado('M-77'), MSG.cargoCodigoEmUso]).toContain(r.body.mensagem);
    }
    expect((await codes()).filter((c) => c === 'M-77')).toHaveLength(1);
  });

  it('§3 códigos digitados à mão enquanto a sequência corre são pulados, nunca colidem', async () => {
    const before = new Set(await codes());
    const next = Math.max(...[...before].filter((c) => /^\d+$/.test(c)).map(Number)) + 1;
    const manual = [next, next + 1, next + 3].map(String);
    const [manuais, autos] = await Promise.all([
      Promise.all(manual.map((codigo) => save({ nome: `À mão ${codigo}`, codigo, gerarCodogioEmSequencia: false }))),
      Promise.all(Array.from({ length: 6 }, (_, i) => save({ nome: `Auto ${i}`, gerarCodogioEmSequencia: true }))),
    ]);
    // Whoever chose no code never sees a collision: an automatic code steps over every code typed by hand,
    // committed or still in flight.
    expect(autos.map((r) => r.status)).toEqual(Array(6).fill(200));
    // A typed code is the user's: when an automatic save committed that number first (the order of requests
    // sent together is the server's), it is refused in Portuguese like any code in use, never a 500.
    manuais.forEach((r, i) => {
      if (r.status === 200) return;
      expect(r.status).toBe(409);
      expect([MSG.cargoCodigoDuplicado(manual[i]!), MSG.cargoCodigoEmUso]).toContain(r.body.mensagem);
    });
    const all = await codes();
    expect(new Set(all).size).toBe(all.length);
    manual.forEach((c, i) => {
      if (manuais[i]!.status === 200) expect(all.filter((x) => x === c)).toHaveLength(1);
    });
    expect(all.filter((c) => !before.has(c))).toHaveLength(6 + manuais.filter((r) => r.status === 200).length);
  });

  it.each(['2147483647', '999999999999', '9223372036854'])(
    '§4 um código grande (%s) não quebra os automáticos seguintes',
    async (big) => {
      if (big.length > 12) {
        const r = await save({ nome: 'Grande demais', codigo: big, gerarCodogioEmSequencia: false });
        expect(r.status).toBe(400);
        return;
      }
      expect((await save({ nome: `Grande ${big}`, codigo: big, gerarCodogioEmSequencia: false })).status).toBe(200);
      const before = new Set(await codes());
      const r = await save({ nome: `Depois de ${big}`, gerarCodogioEmSequencia: true });
      expect(r.status).toBe(200);
      const added = (await codes()).filter((c) => !before.has(c));
      expect(added).toHaveLength(1);
      expect(added[0]!.length).toBeLessThanOrEqual(12);
    },
  );
});
