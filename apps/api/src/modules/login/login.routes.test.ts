import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@jornada/contracts';
import { emailsSaida } from '../../db/schema/index.js';
import {
  ADMIN,
  BETA_ADMIN,
  DEMO_PASSWORD,
  OPERADOR,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';
import { FIRST_LOCK_SECONDS, MAX_FAILURES_PER_PAIR } from './login-throttle.service.js';
import { ROTATION_GRACE_MS } from './login.service.js';

describeEachBackend('login e sessão', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(() => env.close());

  /** The last message delivered to `to` (the mail leaves after the answer). */
  const lastMailTo = async (to: string) => {
    await env.settle();
    const mail = env.mails.findLast((m) => m.to === to);
    return mail && { assunto: mail.subject, texto: mail.text };
  };
  const linkParams = (text: string) => {
    const m = /redefinir-senha-email\?em=([^&]+)&tm=(\d+)&tk=([\w-]+)/.exec(text);
    if (!m) throw new Error('link ausente no e-mail');
    return { email: decodeURIComponent(m[1]!), time: Number(m[2]), token: m[3]! };
  };

  it('aut-usuario devolve a sessão do seed 000 §3 com 0 ao fim das permissões', async () => {
    const r = await call(env.app, '/api/login/aut-usuario', {
      email: `  ${ADMIN.toUpperCase()} `,
      senha: DEMO_PASSWORD,
    });
    expect(r.status).toBe(200);
    expect(r.body.token.valor).toMatch(/^[\w-]{40,}$/);
    expect(r.body.user).toMatchObject({ nome: 'Administrador Demonstração', email: ADMIN });
    expect(r.body.permissoes.at(-1)).toBe(0);
    expect(r.body.permissoes).toEqual(expect.arrayContaining([19, 20, 21, 22, 126]));
    expect(r.body.permissoes).not.toContain(99999);
    expect(r.body.dadosRequisicao.empresa).toMatchObject({
      nome: 'Jornada Demonstração Ltda',
      diaInicioFechamento: 1,
      diaFinalFechamento: 31,
      // The zone every screen shows instants in (issue 24 §10).
      fusoHorario: 'America/Sao_Paulo',
    });
    expect(r.body.cacheEmpresa.cnpjs).toHaveLength(2);
    expect(r.body.cacheEmpresa.idCnpjSelecionado).toBe(r.body.cacheEmpresa.cnpjs[0].id);
    expect(r.body.versao).toBe(env.config.version);
  });

  it('o perfil limitado não recebe 20/21/22', async () => {
    const r = await call(env.app, '/api/login/aut-usuario', { email: OPERADOR, senha: DEMO_PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body.permissoes).toContain(19);
    expect(r.body.permissoes).not.toEqual(expect.arrayContaining([20]));
    expect(r.body.permissoes.filter((c: number) => [20, 21, 22].includes(c))).toEqual([]);
  });

  it.each([
    ['senha errada', { email: ADMIN, senha: 'errada' }, 401, MSG.loginInvalido],
    ['e-mail desconhecido', { email: 'ninguem@jornada.demo', senha: DEMO_PASSWORD }, 401, MSG.loginInvalido],
    ['e-mail vazio', { email: '  ', senha: 'x' }, 400, `email: ${MSG.informeEmail}`],
    ['senha vazia', { email: ADMIN, senha: '' }, 400, `senha: ${MSG.informeSenha}`],
    ['sem e-mail', { senha: 'x' }, 400, `email: ${MSG.informeEmail}`],
    [
      'acesso de suporte sem autorização',
      { email: ADMIN, senha: DEMO_PASSWORD, referencia: 'x', autorizacao: 'y' },
      401,
      MSG.acessoSuporteInvalido,
    ],
  ])('%s → %i', async (_n, body, status, mensagem) => {
    const r = await call(env.app, '/api/login/aut-usuario', body, { ip: '10.9.9.9' });
    expect(r.status).toBe(status);
    expect(r.body.mensagem).toBe(mensagem);
  });

  it('limita tentativas por e-mail + endereço, sem trancar o dono em outro endereço', async () => {
    const email = BETA_ADMIN;
    const ip = '10.2.0.1';
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) {
      const r = await call(env.app, '/api/login/aut-usuario', { email, senha: 'errada' }, { ip });
      expect(r.status).toBe(401);
    }
    const blocked = await call(env.app, '/api/login/aut-usuario', { email, senha: DEMO_PASSWORD }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.mensagem).toBe(MSG.muitasTentativas(FIRST_LOCK_SECONDS));
    expect(blocked.res.headers['retry-after']).toBe(String(FIRST_LOCK_SECONDS));
    const owner = await call(env.app, '/api/login/aut-usuario', { email, senha: DEMO_PASSWORD }, { ip: '10.2.9.9' });
    expect(owner.status).toBe(200);
    env.clock.advanceMs(FIRST_LOCK_SECONDS * 1000 + 1000);
    const ok = await call(env.app, '/api/login/aut-usuario', { email, senha: DEMO_PASSWORD }, { ip });
    expect(ok.status).toBe(200);
  });

  it('limita tentativas por IP, qualquer que seja o e-mail', async () => {
    const ip = '10.3.3.3';
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await call(env.app, '/api/login/aut-usuario', { email: `x${i}@nada.demo`, senha: 'errada' }, { ip }))
        .status;
    }
    expect(last).toBe(429);
    const other = await call(
      env.app,
      '/api/login/aut-usuario',
      { email: ADMIN, senha: DEMO_PASSWORD },
      { ip: '10.3.3.4' },
    );
    expect(other.status).toBe(200);
  });

  it('validar-token renova o token e o antigo deixa de valer', async () => {
    const token = await login(env.app, ADMIN);
    const r = await call(env.app, '/api/login/validar-token', { email: ADMIN, token });
    expect(r.status).toBe(200);
    expect(r.body.tokenValido).toBe(true);
    expect(r.body.token.valor).not.toBe(token);
    expect((await call(env.app, '/api/cargo/listar', {}, { token })).status).toBe(401);
    expect((await call(env.app, '/api/cargo/listar', {}, { token: r.body.token.valor })).status).toBe(200);
    // Past the grace period for a second tab, the old token is worth nothing.
    env.clock.advanceMs(ROTATION_GRACE_MS + 1);
    const again = await call(env.app, '/api/login/validar-token', { token });
    expect(again.body).toEqual({ tokenValido: false, token: null });
  });

  it('validar-token recusa token de outro usuário e token expirado', async () => {
    const token = await login(env.app, ADMIN);
    expect((await call(env.app, '/api/login/validar-token', { email: OPERADOR, token })).body.tokenValido).toBe(false);
    env.clock.advanceMs(env.config.sessionTtlHours * 3_600_000 + 1);
    expect((await call(env.app, '/api/login/validar-token', { token })).body.tokenValido).toBe(false);
    expect((await call(env.app, '/api/cargo/listar', {}, { token })).status).toBe(401);
  });

  it('Sair revoga o token no servidor', async () => {
    const token = await login(env.app, ADMIN);
    expect((await call(env.app, '/api/login/sair', {}, { token })).status).toBe(200);
    const after = await call(env.app, '/api/cargo/listar', {}, { token });
    expect(after.status).toBe(401);
    expect(after.body.mensagem).toBe(MSG.naoAutenticado);
  });

  it('redefinição de senha: e-mail com link, expira, vale uma vez, derruba as sessões', async () => {
    const oldSession = await login(env.app, OPERADOR);
    const req = await call(env.app, '/api/login/solicitar-redefinir-senha', { email: OPERADOR });
    expect(req.status).toBe(200);
    expect(req.body.mensagem).toBe(MSG.redefinicaoSolicitada);
    const mail = await lastMailTo(OPERADOR);
    expect(mail?.assunto).toContain('redefinição de senha');
    const link = linkParams(mail!.texto);
    expect(link.email).toBe(OPERADOR);

    const base = { email: OPERADOR, time: link.time, token: link.token };
    const mismatch = await call(env.app, '/api/login/redefinir-senha', {
      ...base,
      senha: 'NovaSenha1',
      repetirSenha: 'NovaSenha2',
    });
    expect([mismatch.status, mismatch.body.mensagem]).toEqual([400, MSG.senhasDiferentes]);
    const weak = await call(env.app, '/api/login/redefinir-senha', { ...base, senha: 'fraca', repetirSenha: 'fraca' });
    expect([weak.status, weak.body.mensagem]).toEqual([400, MSG.senhaFraca]);
    const wrongTime = await call(env.app, '/api/login/redefinir-senha', {
      ...base,
      time: link.time + 1,
      senha: 'NovaSenha1',
      repetirSenha: 'NovaSenha1',
    });
    expect([wrongTime.status, wrongTime.body.mensagem]).toEqual([400, MSG.linkInvalido]);

    const ok = await call(env.app, '/api/login/redefinir-senha', {
      ...base,
      senha: 'NovaSenha1',
      repetirSenha: 'NovaSenha1',
    });
    expect([ok.status, ok.body.mensagem]).toEqual([200, MSG.senhaRedefinida]);
    const reuse = await call(env.app, '/api/login/redefinir-senha', {
      ...base,
      senha: 'OutraSenha1',
      repetirSenha: 'OutraSenha1',
    });
    expect([reuse.status, reuse.body.mensagem]).toEqual([400, MSG.linkInvalido]);

    expect((await call(env.app, '/api/cargo/listar', {}, { token: oldSession })).status).toBe(401);
    expect((await call(env.app, '/api/login/aut-usuario', { email: OPERADOR, senha: DEMO_PASSWORD })).status).toBe(401);
    expect((await call(env.app, '/api/login/aut-usuario', { email: OPERADOR, senha: 'NovaSenha1' })).status).toBe(200);
  });

  it('o link expira', async () => {
    await call(env.app, '/api/login/solicitar-redefinir-senha', { email: ADMIN });
    const link = linkParams((await lastMailTo(ADMIN))!.texto);
    env.clock.advanceMs(env.config.resetLinkTtlMinutes * 60_000 + 1);
    const r = await call(env.app, '/api/login/redefinir-senha', {
      email: ADMIN,
      time: link.time,
      token: link.token,
      senha: 'NovaSenha1',
      repetirSenha: 'NovaSenha1',
    });
    expect([r.status, r.body.mensagem]).toEqual([400, MSG.linkInvalido]);
  });

  it('e-mail desconhecido recebe a mesma resposta e nenhum e-mail sai', async () => {
    const before = (await env.database.owner.select().from(emailsSaida)).length;
    const r = await call(env.app, '/api/login/solicitar-redefinir-senha', { email: 'ninguem@jornada.demo' });
    expect([r.status, r.body.mensagem]).toEqual([200, MSG.redefinicaoSolicitada]);
    await env.settle();
    expect((await env.database.owner.select().from(emailsSaida)).length).toBe(before);
    expect(env.mails.filter((m) => m.to === 'ninguem@jornada.demo')).toEqual([]);
  });
});
