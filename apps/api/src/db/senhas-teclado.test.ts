import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { keypadPinCipher } from '../shared/field-cipher.js';
import { queryRows } from './client.js';
import { funcionarios } from './schema/index.js';
import { cifrarSenhasTecladoEmClaro } from './senhas-teclado.js';
import { createTestEnv, describeEachBackend, type TestEnv } from '../../test/harness.js';

/** Decision 0065: no keypad PIN stays in clear once a process has started. */
describeEachBackend('senhas do teclado em claro cifradas na partida', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(() => env.close());

  const emClaro = async () =>
    (
      await queryRows<{ n: number }>(
        env.database.owner,
        sql`SELECT count(*)::int AS n FROM funcionarios WHERE senha_teclado ~ '^[0-9]{4}$'`,
      )
    )[0]!.n;
  const pendencias = async () =>
    (await queryRows<{ n: number }>(env.database.owner, sql`SELECT count(*)::int AS n FROM calculo_pendencias`))[0]!.n;

  it('as senhas que a demonstração grava em claro já estão cifradas quando o app sobe, e abrem com a chave dele', async () => {
    const guardadas = await env.database.owner
      .select({ s: funcionarios.senhaTecladoCifrada })
      .from(funcionarios)
      .where(isNotNull(funcionarios.senhaTecladoCifrada));
    expect(guardadas.length).toBeGreaterThan(5);
    expect(await emClaro()).toBe(0);
    const pins = keypadPinCipher(env.config);
    for (const { s } of guardadas) expect(pins.decrypt(s!)).toMatch(/^\d{4}$/);
  });

  it('uma senha em claro (banco de antes da cifra) é cifrada uma vez, sem marcar dias para recálculo', async () => {
    const [alvo] = await env.database.owner.select({ id: funcionarios.id }).from(funcionarios).limit(1);
    await env.database.owner
      .update(funcionarios)
      .set({ senhaTecladoCifrada: '0420' })
      .where(eq(funcionarios.id, alvo!.id));
    const antes = await pendencias();
    const pins = keypadPinCipher(env.config);
    expect(await cifrarSenhasTecladoEmClaro(env.database.system, pins)).toBe(1);
    const [row] = await env.database.owner
      .select({ s: funcionarios.senhaTecladoCifrada })
      .from(funcionarios)
      .where(eq(funcionarios.id, alvo!.id));
    expect(row!.s).toMatch(/^c1\./);
    expect(pins.decrypt(row!.s!)).toBe('0420');
    expect(await emClaro()).toBe(0);
    // Once done, a start finds nothing; the PIN is no input of the calculation.
    expect(await cifrarSenhasTecladoEmClaro(env.database.system, pins)).toBe(0);
    expect(await pendencias()).toBe(antes);
  });
});
