import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@jornada/contracts';
import { noticias } from '../../db/schema/index.js';
import {
  ADMIN,
  BETA_ADMIN,
  T0,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';

describeEachBackend('notícias: quantidade do dia', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(() => env.close());

  const count = async (token: string) =>
    call(env.app, '/api/adm/mensagem/quantidade-do-dia?fdb=f', undefined, { token, method: 'GET' });

  it('conta as notícias publicadas hoje no calendário da empresa', async () => {
    const token = await login(env.app, ADMIN);
    // The demo seed publishes one news item dated the seed's "today".
    const r = await count(token);
    expect([r.status, r.body]).toEqual([200, { quantidade: 1 }]);
    await env.database.owner
      .insert(noticias)
      .values({ titulo: 'Outra', conteudo: '@pX@ep', dataPublicacao: '2026-03-10' });
    expect((await count(token)).body).toEqual({ quantidade: 2 });
    expect((await count(await login(env.app, BETA_ADMIN))).body).toEqual({ quantidade: 2 });
  });

  it('vira o dia à meia-noite de São Paulo, não à de UTC', async () => {
    // T0 = 12:00 UTC on 10/03. 02:30 UTC on the 11th is still 23:30 on the 10th in São Paulo (UTC-3).
    env.clock.advanceMs(new Date('2026-03-11T02:30:00Z').getTime() - T0.getTime());
    const token = await login(env.app, ADMIN);
    expect((await count(token)).body).toEqual({ quantidade: 2 });
    env.clock.advanceMs(60 * 60_000);
    expect((await count(token)).body).toEqual({ quantidade: 0 });
  });

  it('sem sessão → 401', async () => {
    expect((await count('')).status).toBe(401);
  });
});

describeEachBackend('notícias: lista do mês', (backend) => {
  let env: TestEnv;
  let admin: string;
  let beta: string;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    [admin, beta] = await Promise.all([login(env.app, ADMIN), login(env.app, BETA_ADMIN)]);
  });
  afterAll(() => env.close());

  const list = (token: string, a: string | number, b: string | number) =>
    call(env.app, `/api/adm/mensagem/listar/${a}/${b}`, undefined, { token, method: 'GET' });

  it('lista as notícias do mês (a = ano, b = mês), mais novas primeiro, com atual = publicada hoje', async () => {
    await env.database.owner.insert(noticias).values([
      { titulo: 'Fim do mês', conteudo: '@pÚltimo dia@ep', dataPublicacao: '2026-03-31' },
      { titulo: 'Primeiro dia', conteudo: '@pDia 1@ep', dataPublicacao: '2026-03-01' },
      { titulo: 'Abril', conteudo: '@pFora@ep', dataPublicacao: '2026-04-01' },
    ]);
    const r = await list(admin, 2026, 3);
    expect(r.status).toBe(200);
    expect(
      r.body.map((n: { titulo: string; dataPublicacao: string; atual: boolean }) => [n.dataPublicacao, n.atual]),
    ).toEqual([
      ['2026-03-31', false],
      ['2026-03-10', true],
      ['2026-03-01', false],
    ]);
    expect(r.body[1]).toMatchObject({
      titulo: 'Bem-vindo ao Jornada',
      conteudo: expect.stringContaining('@bTroque as senhas@eb'),
    });
    // The same month with a zero-padded month and for another tenant (news are global today).
    expect((await list(admin, '2026', '03')).body).toEqual(r.body);
    expect((await list(beta, 2026, 3)).body).toEqual(r.body);
  });

  it('mês sem notícias → lista vazia; fevereiro e janeiro trazem as do seed', async () => {
    expect((await list(admin, 2025, 12)).body).toEqual([]);
    const fev = (await list(admin, 2026, 2)).body as { dataPublicacao: string }[];
    expect(fev.map((n) => n.dataPublicacao)).toEqual(['2026-02-28', '2026-02-01']);
    const jan = (await list(admin, 2026, 1)).body as { dataPublicacao: string }[];
    expect(jan.map((n) => n.dataPublicacao)).toEqual(['2026-01-15', '2026-01-05']);
  });

  it('atual segue o calendário da empresa: às 23:30 de São Paulo ainda é o dia 10', async () => {
    env.clock.advanceMs(new Date('2026-03-11T02:30:00Z').getTime() - env.clock.now().getTime());
    // A fresh session: the clock moved past the first ones' lifetime.
    admin = await login(env.app, ADMIN);
    const still = (await list(admin, 2026, 3)).body as { dataPublicacao: string; atual: boolean }[];
    expect(still.filter((n) => n.atual).map((n) => n.dataPublicacao)).toEqual(['2026-03-10']);
    env.clock.advanceMs(60 * 60_000);
    const next = (await list(admin, 2026, 3)).body as { atual: boolean }[];
    expect(next.filter((n) => n.atual)).toEqual([]);
  });

  it.each([
    ['mês 13', 2026, 13, MSG.mesInvalido],
    ['mês 0', 2026, 0, MSG.mesInvalido],
    ['mês negativo', 2026, -1, MSG.mesInvalido],
    ['ano com letras', 'dois', 3, MSG.anoInvalido],
    ['ano de cinco dígitos', 20260, 3, MSG.anoInvalido],
  ])('%s → 400 em português', async (_n, a, b, mensagem) => {
    const r = await list(admin, a, b);
    expect(r.status).toBe(400);
    expect(r.body.mensagem).toContain(mensagem);
  });

  it('sem sessão → 401', async () => {
    expect((await list('', 2026, 3)).status).toBe(401);
  });
});
