import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, PERM, RELOGIO_PONTO_MSG as M } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';
import { tokenHash } from '../../shared/secrets.js';

describeEachBackend('Relógio de Ponto (/api/relogio-ponto/*, issue 25 §2)', (backend) => {
  let env: TestEnv;
  let token: string;
  let ids: DemoIds;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    token = await login(env.app, ADMIN);
    ids = await demoIds(env);
  });
  afterAll(() => env.close());

  const listar = (cnpj = ids.principal, t = token) =>
    call(env.app, '/api/relogio-ponto/listar', { cnpj: { id: cnpj } }, { token: t });
  const salvar = (relogioPonto: Record<string, unknown>, o: { cnpj?: number; token?: string } = {}) =>
    call(
      env.app,
      '/api/relogio-ponto/salvar',
      { relogioPonto, cnpj: { id: o.cnpj ?? ids.principal } },
      { token: o.token ?? token },
    );
  const daSerie = async (numeroSerie: string, cnpj = ids.principal) =>
    ((await listar(cnpj)).body as { numeroSerie: string }[]).find((r) => r.numeroSerie === numeroSerie) as
      Record<string, unknown> | undefined;

  it('cadastra, lista e altera; o IdFace fica na portaria 1510; o local de instalação não muda na edição', async () => {
    const r = await salvar({
      fabricante: 'ControlId',
      numeroSerie: '00004000700000010',
      modelo: 'ControlId',
      portaria: '671',
      localInstalacao: 'Portaria principal',
      tipoServico: 'N/D',
    });
    expect(r.body).toEqual({ mensagem: M.salvo });
    const salvo = (await daSerie('00004000700000010'))!;
    expect(salvo).toMatchObject({
      fabricante: 'ControlId',
      modelo: 'ControlId',
      portaria: '671',
      localInstalacao: 'Portaria principal',
      tipoServico: 'N/D',
      integracaoLeitorFacial: false,
      idCloud: null,
      proximoNSR: null,
    });
    expect(new Date(salvo.dataCadastro as string).getTime()).toBeGreaterThan(0);

    const alterado = await salvar({
      id: salvo.id,
      fabricante: 'ControlId IdFace',
      numeroSerie: '00004000700000010',
      portaria: '671',
      localInstalacao: 'Outro lugar',
      tipoServico: 'Push',
      idCloud: '123456',
    });
    expect(alterado.body).toEqual({ mensagem: M.alterado });
    expect(await daSerie('00004000700000010')).toMatchObject({
      fabricante: 'ControlId IdFace',
      portaria: '1510',
      localInstalacao: 'Portaria principal',
      tipoServico: 'Push',
      idCloud: '123456',
    });
    // Only in its own company's list.
    expect(await daSerie('00004000700000010', ids.campinas)).toBeUndefined();
  });

  it.each([
    [{ numeroSerie: '1' }, M.selecioneFabricante],
    [{ fabricante: 'ControlId' }, M.informeNumeroSerie],
    [{ fabricante: 'ControlId', numeroSerie: '   ' }, M.informeNumeroSerie],
    [{ fabricante: 'Outro', numeroSerie: '1' }, M.selecioneFabricante],
    [{ fabricante: 'ControlId', numeroSerie: '1', idCloud: '12a' }, M.idCloudSoNumeros],
    [{ fabricante: 'ControlId', numeroSerie: '1', tipoServico: 'Push' }, M.informeIdCloud],
    [{ fabricante: 'ControlId', numeroSerie: '1', modelo: 'XYZ' }, M.selecioneModelo],
  ])('recusa %j com "%s"', async (relogio, mensagem) => {
    const r = await salvar(relogio);
    expect(r.status).toBe(400);
    expect(r.body.mensagem).toContain(mensagem);
  });

  it('a mesma série do mesmo fabricante, ou o mesmo Id Cloud, é recusada com a mensagem; nada fica pela metade', async () => {
    expect(
      (await salvar({ fabricante: 'Topdata', numeroSerie: 'TD-1', tipoServico: 'Push', idCloud: '777' })).status,
    ).toBe(200);
    const serie = await salvar({ fabricante: 'Topdata', numeroSerie: 'TD-1' });
    expect([serie.status, serie.body.mensagem]).toEqual([409, M.numeroSerieEmUso]);
    const nuvem = await salvar({ fabricante: 'ControlId', numeroSerie: 'CI-9', tipoServico: 'Push', idCloud: '777' });
    expect([nuvem.status, nuvem.body.mensagem]).toEqual([409, M.idCloudEmUso]);
    expect(await daSerie('CI-9')).toBeUndefined();
    // Another manufacturer may have the same serial.
    expect((await salvar({ fabricante: 'ControlId', numeroSerie: 'TD-1' })).status).toBe(200);
  });

  it('exclui, só na empresa do relógio; o id de outro cliente não existe', async () => {
    await salvar({ fabricante: 'ControlId', numeroSerie: 'EXC-1' });
    const r = (await daSerie('EXC-1'))!;
    const outra = await call(
      env.app,
      '/api/relogio-ponto/excluir',
      { relogioPonto: { id: r.id }, cnpj: { id: ids.campinas } },
      { token },
    );
    expect([outra.status, outra.body.mensagem]).toEqual([400, M.outraEmpresa]);
    const beta = await login(env.app, 'admin@beta.jornada.demo');
    const deBeta = await call(
      env.app,
      '/api/relogio-ponto/excluir',
      { relogioPonto: { id: r.id }, cnpj: 1 },
      { token: beta },
    );
    expect(deBeta.status).toBe(404);
    const ok = await call(
      env.app,
      '/api/relogio-ponto/excluir',
      { relogioPonto: { id: r.id, fabricante: 'ControlId', numeroSerie: 'EXC-1' }, cnpj: { id: ids.principal } },
      { token },
    );
    expect(ok.body).toEqual({ mensagem: M.excluido });
    expect(await daSerie('EXC-1')).toBeUndefined();
  });

  it('o escopo de empresas e os códigos valem: quem só vê Campinas não lista nem cadastra na matriz; com 154 sem 155 não altera', async () => {
    const campinas = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.campinas] });
    expect([403, 404]).toContain((await listar(ids.principal, campinas.token)).status);
    expect([403, 404]).toContain(
      (await salvar({ fabricante: 'ControlId', numeroSerie: 'ESC-1' }, { token: campinas.token })).status,
    );
    await salvar({ fabricante: 'ControlId', numeroSerie: 'ESC-2' });
    const r = (await daSerie('ESC-2'))!;
    const soNovo = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      codes: [PERM.RELOGIO_PONTO_VER, PERM.RELOGIO_PONTO_NOVO],
    });
    const edicao = await salvar({ id: r.id, fabricante: 'ControlId', numeroSerie: 'ESC-3' }, { token: soNovo.token });
    expect([edicao.status, edicao.body.mensagem]).toEqual([403, MSG.semPermissao]);
    expect(await daSerie('ESC-2')).toBeDefined();
  });

  describe('token da empresa', () => {
    it('não existe até ser gerado; gerado uma vez, guardado lacrado e achado pelo hash; gerar de novo é recusado', async () => {
      const beta = await login(env.app, 'admin@beta.jornada.demo');
      const antes = await call(env.app, '/api/relogio-ponto/buscar-token', {}, { token: beta });
      expect(antes.body).toEqual({ tokenGerado: false, valor: null, data: null });
      const gerado = await call(env.app, '/api/relogio-ponto/gerar-token', {}, { token: beta });
      expect(gerado.status).toBe(200);
      expect(gerado.body.valor).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await call(env.app, '/api/relogio-ponto/token-gerado', {}, { token: beta })).body).toEqual(gerado.body);
      expect((await call(env.app, '/api/relogio-ponto/buscar-token', {}, { token: beta })).body).toEqual(gerado.body);
      const [guardado] = await queryRows<{ hash: string; cifrado: string }>(
        env.database.owner,
        sql`SELECT hash, cifrado FROM relogio_tokens WHERE hash = ${tokenHash(gerado.body.valor)}`,
      );
      expect(guardado).toBeDefined();
      expect(guardado!.cifrado).not.toContain(gerado.body.valor);
      // A viewer (153 alone) learns that it exists, not its value: it lets a device write punches.
      const leitor = await userWithScope(env, {
        tenantId: ids.beta,
        cnpjIds: [ids.betaCnpj],
        codes: [PERM.RELOGIO_PONTO_VER],
      });
      expect((await call(env.app, '/api/relogio-ponto/buscar-token', {}, { token: leitor.token })).body).toEqual({
        ...gerado.body,
        valor: null,
      });
      const de_novo = await call(env.app, '/api/relogio-ponto/gerar-token', {}, { token: beta });
      expect([de_novo.status, de_novo.body.mensagem]).toEqual([400, M.tokenJaGerado]);
      // Another customer's token is its own.
      expect((await call(env.app, '/api/relogio-ponto/buscar-token', {}, { token })).body.valor).not.toBe(
        gerado.body.valor,
      );
    });

    it('dois pedidos ao mesmo tempo geram um único token', async () => {
      const [a, b] = await Promise.all([
        call(env.app, '/api/relogio-ponto/gerar-token', {}, { token }),
        call(env.app, '/api/relogio-ponto/gerar-token', {}, { token }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 400]);
      const vencedor = a.status === 200 ? a : b;
      expect((await call(env.app, '/api/relogio-ponto/buscar-token', {}, { token })).body.valor).toBe(
        vencedor.body.valor,
      );
    });
  });
});
