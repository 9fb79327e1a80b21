import { expect } from 'vitest';
import { ADMIN, DEMO_PASSWORD, call, login, type TestEnv } from './harness.js';

export const PROVEDOR = 'superadmin@jornada.demo';

let n = 0;

/**
 * A support session in the demo tenant (decision 0016), made as in
 * production: the customer's administrator opens an authorisation (or one is
 * already open), the provider issues the one-time link, the provider's staff
 * logs in through it. Returns the session's token.
 */
export async function sessaoSuporte(env: TestEnv, idCliente = 1): Promise<string> {
  const admin = await login(env.app, ADMIN);
  const aberta = await call(env.app, '/api/autorizacao-suporte/salvar', {}, { token: admin });
  // 400: one is already open (at most one per tenant), and it serves as well.
  expect([200, 400]).toContain(aberta.status);
  const provedor = await login(env.app, PROVEDOR);
  const r = await call(env.app, '/api/autorizacao-suporte/atualizar-ref-acesso', { idCliente }, { token: provedor });
  expect(r.status).toBe(200);
  const link = new URL(r.body.link as string);
  const sessao = await call(
    env.app,
    '/api/login/aut-usuario',
    {
      email: PROVEDOR,
      senha: DEMO_PASSWORD,
      referencia: link.searchParams.get('_ref'),
      autorizacao: link.searchParams.get('_aut'),
      refAcesso: link.searchParams.get('_refacesso'),
    },
    // Its own address each time: the login limits never meet another test's.
    { ip: `10.77.${++n % 250}.1` },
  );
  expect([sessao.status, sessao.body.suporte]).toEqual([200, true]);
  return sessao.body.token.valor as string;
}
