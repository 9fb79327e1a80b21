import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { controlePontoApi, SOLICITACAO_MSG as S } from '@jornada/contracts';
import { DEFAULT_APP_FUNCIONARIO_LIMITS } from '../../config.js';
import { queryRows } from '../../db/client.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';
import { APP_FUNCIONARIO_MSG as M } from '../app-funcionario/app-funcionario.service.js';

/**
 * Employees' requests end to end (decision 0086): the app activates a
 * Marcação Online device and asks; Marcações and Controle show the pending
 * day; the back office lists, looks up and answers; an approval writes the
 * day action's own treatment and answers the month recalculated.
 */
describeEachBackend('solicitações: do app à aprovação', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  /** A day of the demo's February with a counted lateness and no abono, and its employee. */
  let alvo: { funcionario: number; nome: string; dia: string; atraso: number };
  let dispositivo: number;
  let token: string;
  let abonar: number;
  let inserir: number;
  let ip = 0;

  const post = (path: string, body: unknown, t = admin) => call(env.app, path, body, { token: t });
  const owner = <T>(q: ReturnType<typeof sql>) => queryRows<T>(env.database.owner, q);
  const app = (method: 'GET' | 'POST', url: string, body?: unknown, auth = `Device ${token}`) =>
    env.app
      .inject({
        method,
        url,
        headers: { authorization: auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        remoteAddress: `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`,
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      })
      .then((r) => ({ status: r.statusCode, body: r.json() }));
  const codigo = async () =>
    (await post('/api/v1/dispositivo/gerar-codigo-ativacao', { idDispositivo: dispositivo })).body.codigo as string;
  const ativar = (c: string, extra: Record<string, unknown> = {}) =>
    app('POST', '/app/v1/ativar', { codigoAtivacao: c, tipo: 'Web', instalacaoId: 'teste', ...extra }, '');
  const justificar = (extra: Record<string, unknown> = {}) =>
    app('POST', '/app/v1/solicitacoes', {
      clientId: randomUUID(),
      tipo: 'justificarPonto',
      dataPonto: alvo.dia,
      eventos: [{ codigo: 'atraso', justificativa: abonar }],
      observacao: 'Consulta médica',
      ...extra,
    });
  const incluir = (extra: Record<string, unknown> = {}) =>
    app('POST', '/app/v1/solicitacoes', {
      clientId: randomUUID(),
      tipo: 'incluirMarcacao',
      dataPonto: alvo.dia,
      marcacoes: [{ data: alvo.dia, hora: '12:01' }],
      justificativa: inserir,
      ...extra,
    });
  const status = async (id: number) =>
    (await owner<{ status: string }>(sql`SELECT status FROM solicitacoes WHERE id = ${id}`))[0]?.status;
  const limpar = () => owner(sql`DELETE FROM solicitacoes WHERE funcionario_id = ${alvo.funcionario}`);

  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
    const [d] = await owner<{ funcionario: number; nome: string; dia: string; atraso: number }>(
      sql`SELECT d.funcionario_id AS funcionario, f.nome, d.dia::text AS dia, d.atraso
            FROM calculo_dias d JOIN funcionarios f ON f.id = d.funcionario_id
           WHERE f.tenant_id = ${ids.demo} AND f.cnpj_id = ${ids.principal} AND f.ativo
             AND d.dia BETWEEN '2026-02-02' AND '2026-02-27' AND d.atraso >= 30 AND d.abono = 0
           ORDER BY d.funcionario_id, d.dia LIMIT 1`,
    );
    expect(d, 'the demo has a counted lateness in February').toBeDefined();
    alvo = d!;
    const [disp] = await owner<{ id: number }>(
      sql`INSERT INTO dispositivos_online (tenant_id, cnpj_id, funcionario_id, tipo, descricao, permissoes)
          VALUES (${ids.demo}, ${ids.principal}, ${alvo.funcionario}, 'Web', 'Web teste',
                  '{"registrarPonto":true,"incluirMarcacao":true,"justificarPonto":true,"relatorioHoras":true}')
          ON CONFLICT (tenant_id, funcionario_id, tipo) DO UPDATE SET ativo = true
          RETURNING id`,
    );
    dispositivo = disp!.id;
    const justificativa = async (tipo: number) =>
      (
        await owner<{ id: number }>(
          sql`SELECT id FROM justificativas WHERE tenant_id = ${ids.demo} AND tipo = ${tipo} ORDER BY id LIMIT 1`,
        )
      )[0]!.id;
    [abonar, inserir] = [await justificativa(1), await justificativa(4)];
  });
  afterAll(async () => env.close());

  it('the demo seeds a pending justification and a pending inclusion at the main company', async () => {
    const demo = await owner<{ origem: string; status: string; cnpj: number }>(
      sql`SELECT origem, status, cnpj_id AS cnpj FROM solicitacoes WHERE tenant_id = ${ids.demo} ORDER BY origem`,
    );
    expect(demo).toEqual([
      { origem: 'CTRL_EDITAR_MARCACAO', status: 'PENDENTE', cnpj: ids.principal },
      { origem: 'CTRL_JUSTIFICAR', status: 'PENDENTE', cnpj: ids.principal },
    ]);
  });

  describe('o app', () => {
    it('ativar: code unknown 404, good 200 (token, masked CPF, permissions), used 410, inactive 409', async () => {
      expect(await ativar('ZZZZZZZZ')).toEqual({ status: 404, body: { mensagem: M.codigoNaoEncontrado } });
      const c = await codigo();
      expect(await ativar(c, { tipo: 'Mob' })).toEqual({ status: 400, body: { mensagem: M.tipoErrado('Web') } });
      const r = await ativar(c.toLowerCase());
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        funcionario: { nome: alvo.nome, cpfMascarado: expect.stringMatching(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/) },
        permissoes: ['registrarPonto', 'incluirMarcacao', 'justificarPonto', 'relatorioHoras'],
        fusoHorario: 'America/Sao_Paulo',
      });
      token = r.body.tokenDispositivo;
      expect(await ativar(c)).toEqual({ status: 410, body: { mensagem: M.codigoExpirado } });
      const [d] = await owner<{ hash: string; ativado: boolean }>(
        sql`SELECT token_hash AS hash, data_ativacao IS NOT NULL AS ativado FROM dispositivos_online WHERE id = ${dispositivo}`,
      );
      expect(d!.ativado).toBe(true);
      expect(d!.hash).not.toContain(token);
      const outro = await codigo();
      await owner(sql`UPDATE dispositivos_online SET ativo = false WHERE id = ${dispositivo}`);
      try {
        expect(await ativar(outro)).toEqual({ status: 409, body: { mensagem: M.dispositivoInativo } });
        expect(await app('GET', '/app/v1/justificativas')).toEqual({
          status: 403,
          body: { mensagem: M.dispositivoInativo },
        });
      } finally {
        await owner(sql`UPDATE dispositivos_online SET ativo = true WHERE id = ${dispositivo}`);
      }
    });

    it('ativar is limited by address: 429 with Retry-After, before any lookup', async () => {
      const tentar = () =>
        env.app.inject({
          method: 'POST',
          url: '/app/v1/ativar',
          headers: { 'content-type': 'application/json' },
          remoteAddress: '10.8.8.8',
          payload: JSON.stringify({ codigoAtivacao: 'ZZZZZZZZ', tipo: 'Web', instalacaoId: 'x' }),
        });
      const status: number[] = [];
      for (let i = 0; i < DEFAULT_APP_FUNCIONARIO_LIMITS.rajadaAtivacao; i++) status.push((await tentar()).statusCode);
      expect(new Set(status)).toEqual(new Set([404]));
      const r = await tentar();
      expect(r.statusCode).toBe(429);
      expect(r.headers['retry-after']).toBeDefined();
      expect(r.json()).toEqual({ mensagem: M.muitasTentativas });
    });

    it('a new activation replaces the old token', async () => {
      const antigo = token;
      const r = await ativar(await codigo());
      token = r.body.tokenDispositivo;
      expect(await app('GET', '/app/v1/justificativas', undefined, `Device ${antigo}`)).toEqual({
        status: 401,
        body: { mensagem: M.tokenInvalido },
      });
      const j = await app('GET', '/app/v1/justificativas');
      expect(j.status).toBe(200);
      expect(j.body.map((x: { tipo: number }) => x.tipo).every((t: number) => [1, 2, 3, 4].includes(t))).toBe(true);
      expect(await app('GET', '/app/v1/justificativas', undefined, 'Device curto')).toMatchObject({ status: 401 });
    });

    it('solicitar: refusals by permission, day, justification and punch day; nothing stored', async () => {
      await limpar();
      await owner(
        sql`UPDATE dispositivos_online SET permissoes = permissoes || '{"incluirMarcacao":false}' WHERE id = ${dispositivo}`,
      );
      try {
        expect(await incluir()).toEqual({ status: 403, body: { mensagem: M.semPermissao } });
      } finally {
        await owner(
          sql`UPDATE dispositivos_online SET permissoes = permissoes || '{"incluirMarcacao":true}' WHERE id = ${dispositivo}`,
        );
      }
      for (const [r, mensagem] of [
        [await justificar({ dataPonto: '2099-01-01' }), S.dataFutura],
        [await justificar({ eventos: [{ codigo: 'atraso', justificativa: inserir }] }), S.justificativaInvalida],
        [await justificar({ eventos: [] }), S.informeEvento],
        [await incluir({ justificativa: abonar }), S.justificativaInvalida],
        [await incluir({ marcacoes: [{ data: '2026-01-01', hora: '08:00' }] }), S.marcacaoForaDoDia],
        [await incluir({ marcacoes: [{ data: alvo.dia, hora: '25:00' }] }), S.horaInvalida],
      ] as const)
        expect(r).toEqual({ status: 400, body: { mensagem } });
      expect(await owner(sql`SELECT 1 FROM solicitacoes WHERE funcionario_id = ${alvo.funcionario}`)).toEqual([]);
    });

    it('solicitar: 201 pending; the same clientId again answers the first (200), the app lists it', async () => {
      await limpar();
      const clientId = randomUUID();
      const a = await justificar({ clientId });
      expect(a).toEqual({ status: 201, body: { id: expect.any(Number), status: 'PENDENTE' } });
      expect(await justificar({ clientId })).toEqual({ status: 200, body: a.body });
      for (const q of ['de=2026-02-31&ate=2026-03-01', 'de=2026-13-01&ate=2026-13-02', 'ate=2026-02-01', 'de=x&ate=y'])
        expect((await app('GET', `/app/v1/solicitacoes?${q}`)).status).toBe(400);
      const minhas = await app('GET', `/app/v1/solicitacoes?de=${alvo.dia}&ate=${alvo.dia}`);
      expect(minhas).toMatchObject({
        status: 200,
        body: [{ id: a.body.id, dataPonto: alvo.dia, tipo: 'Justificativa de evento', status: 'PENDENTE' }],
      });
    });
  });

  describe('o escritório', () => {
    it('Marcações and Controle show the pending day; listar and pesquisar list it; approve justifies and recalculates', async () => {
      await limpar();
      const { body: pedido } = await justificar();
      const mes = { cnpj: ids.principal, funcionario: alvo.funcionario, mes: 2, ano: 2026 };
      const m = await post('/api/controle-ponto/buscar-calcular-ponto', mes);
      expect(m.body.pontos.find((p: { dia: string }) => p.dia === alvo.dia).temPendencias).toBe(true);
      expect(m.body.pontos.filter((p: { temPendencias: boolean }) => p.temPendencias)).toHaveLength(1);
      const c = await post('/api/controle-ponto/listar', {
        mes: 2,
        ano: 2026,
        cnpj: ids.principal,
        crachaNome: alvo.nome,
        qtdLinhas: 30,
      });
      expect(
        c.body.periodosControle.find((p: { funcionario: { id: number } }) => p.funcionario.id === alvo.funcionario),
      ).toMatchObject({ temPendencias: true });
      const periodo = { dataInicio: alvo.dia, dataFinal: alvo.dia, idFuncionario: alvo.funcionario };
      expect((await post('/api/solicitacao/listar-pendentes-funcionario', periodo)).body).toEqual([
        expect.objectContaining({ id: pedido.id, data: alvo.dia, tipo: 'Justificativa de evento', status: 'PENDENTE' }),
      ]);
      const p = await post('/api/solicitacao/pesquisar', {
        mes: 2,
        ano: 2026,
        solicitacaoRequisicao: { idCnpj: ids.principal, strStatus: 'PENDENTE' },
      });
      expect(p.body).toMatchObject({ total: 1, solicitacoes: [{ id: pedido.id, observacao: 'Consulta médica' }] });
      const item = await post('/api/evento-justificativa/buscar-item-solicitacao', { idSolicitacao: pedido.id });
      expect(item.body.itens).toEqual([
        expect.objectContaining({ acao: 'NOVO', infoCampo1: 'Atraso', codigoEventoPendente: 'atraso' }),
      ]);
      // The other origin's calls do not take it.
      expect(await post('/api/edicao-marcacoes/buscar-itens-solicitacao', { idSolicitacao: pedido.id })).toEqual(
        expect.objectContaining({ status: 400, body: { mensagem: S.origemErrada } }),
      );
      try {
        const r = await post('/api/evento-justificativa/salvar-pendente', {
          idSolicitacao: pedido.id,
          status: 'APROVADO',
        });
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({
          mensagem: S.aprovada,
          solicitacao: { status: 'APROVADO', usuarioAprovacao: 'Administrador Demonstração' },
        });
        const dia = r.body.marcacoes.pontos.find((x: { dia: string }) => x.dia === alvo.dia);
        expect(dia.temPendencias).toBe(false);
        const [gravado] = await owner<{ atraso: number; abono: number }>(
          sql`SELECT atraso, abono FROM calculo_dias WHERE funcionario_id = ${alvo.funcionario} AND dia = ${alvo.dia}`,
        );
        expect(gravado).toEqual({ atraso: 0, abono: alvo.atraso });
        // Answered once.
        const de_novo = await post('/api/evento-justificativa/salvar-pendente', {
          idSolicitacao: pedido.id,
          status: 'NAO_APROVADO',
          observacao: 'x',
        });
        expect(de_novo).toMatchObject({ status: 400, body: { mensagem: S.jaRespondida } });
        expect((await post('/api/solicitacao/listar-pendentes-funcionario', periodo)).body).toEqual([]);
        expect((await post('/api/solicitacao/listar', periodo)).body).toEqual([
          expect.objectContaining({ id: pedido.id, status: 'APROVADO' }),
        ]);
      } finally {
        await owner(sql`DELETE FROM ocorrencias WHERE funcionario_id = ${alvo.funcionario}`);
        await post('/api/controle-ponto/buscar-calcular-marcacoes-funcionario', { ...mes, applicarCalculos: true });
      }
    });

    it('não aprovar needs the observation and writes nothing but the answer', async () => {
      await limpar();
      const { body: pedido } = await incluir();
      const semMotivo = await post('/api/edicao-marcacoes/resolver-pendencia-alterar', {
        idSolicitacao: pedido.id,
        status: 'NAO_APROVADO',
      });
      expect(semMotivo).toMatchObject({ status: 400, body: { mensagem: `observacao: ${S.informeObservacao}` } });
      const r = await post('/api/edicao-marcacoes/resolver-pendencia-alterar', {
        idSolicitacao: pedido.id,
        status: 'NAO_APROVADO',
        observacao: 'Sem registro na portaria',
      });
      expect(r.body).toMatchObject({
        mensagem: S.reprovada,
        marcacoes: null,
        solicitacao: { status: 'NAO_APROVADO', observacaoAprovacao: 'Sem registro na portaria' },
      });
      expect(await owner(sql`SELECT 1 FROM marcacoes_inseridas WHERE funcionario_id = ${alvo.funcionario}`)).toEqual(
        [],
      );
      const minhas = await app('GET', `/app/v1/solicitacoes?de=${alvo.dia}&ate=${alvo.dia}`);
      expect(minhas.body[0]).toMatchObject({ status: 'NAO_APROVADO', observacaoAprovacao: 'Sem registro na portaria' });
    });

    it('aprovar an inclusion inserts the punch (I, with the justification and the approver) and recalculates', async () => {
      await limpar();
      const { body: pedido } = await incluir();
      try {
        const r = await post('/api/edicao-marcacoes/resolver-pendencia-alterar', {
          idSolicitacao: pedido.id,
          status: 'APROVADO',
        });
        expect(r.status).toBe(200);
        expect(r.body.marcacoes.pontos.find((x: { dia: string }) => x.dia === alvo.dia).descricaoMarcacoes).toContain(
          '12:01',
        );
        expect(
          await owner(
            sql`SELECT to_char(data_hora, 'HH24:MI') AS hora, justificativa_id AS j, usuario_nome AS quem
                  FROM marcacoes_inseridas WHERE funcionario_id = ${alvo.funcionario}`,
          ),
        ).toEqual([{ hora: '12:01', j: inserir, quem: 'Administrador Demonstração' }]);
      } finally {
        await owner(sql`DELETE FROM marcacoes_inseridas WHERE funcionario_id = ${alvo.funcionario}`);
        await post('/api/controle-ponto/buscar-calcular-marcacoes-funcionario', {
          cnpj: ids.principal,
          funcionario: alvo.funcionario,
          mes: 2,
          ano: 2026,
          applicarCalculos: true,
        });
      }
    });

    it('a closed period refuses the approval (the request stays pending); a rejection still answers it', async () => {
      await limpar();
      const mes = { cnpj: ids.principal, funcionario: alvo.funcionario, mes: 2, ano: 2026 };
      const [a, b] = [(await incluir()).body, (await incluir({ marcacoes: [{ data: alvo.dia, hora: '12:02' }] })).body];
      const fechar = await post('/api/controle-ponto/concluir-fechar-periodo', { ...mes, fecharPeriodo: true });
      expect(fechar.status).toBe(200);
      try {
        const r = await post('/api/edicao-marcacoes/resolver-pendencia-alterar', {
          idSolicitacao: a.id,
          status: 'APROVADO',
        });
        expect(r).toMatchObject({ status: 400, body: { mensagem: controlePontoApi.ACOES_DIA_MSG.periodoFechado } });
        expect(await status(a.id)).toBe('PENDENTE');
        expect(await owner(sql`SELECT 1 FROM marcacoes_inseridas WHERE funcionario_id = ${alvo.funcionario}`)).toEqual(
          [],
        );
        const n = await post('/api/edicao-marcacoes/resolver-pendencia-alterar', {
          idSolicitacao: b.id,
          status: 'NAO_APROVADO',
          observacao: 'Período já fechado',
        });
        expect(n).toMatchObject({ status: 200, body: { solicitacao: { status: 'NAO_APROVADO' } } });
      } finally {
        const m = await post('/api/controle-ponto/buscar-calcular-ponto', mes);
        await post('/api/controle-ponto/abrir-periodo', { idPeriodoFechamento: m.body.periodoFechamento.id });
      }
    });

    it('a user who does not see the employee gets 404 on every call; Consulta (no 166) cannot answer', async () => {
      await limpar();
      const { body: pedido } = await incluir();
      const limitado = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.campinas] });
      for (const [path, body] of [
        ['/api/edicao-marcacoes/buscar-itens-solicitacao', { idSolicitacao: pedido.id }],
        ['/api/edicao-marcacoes/resolver-pendencia-alterar', { idSolicitacao: pedido.id, status: 'APROVADO' }],
        ['/api/solicitacao/listar', { dataInicio: alvo.dia, dataFinal: alvo.dia, idFuncionario: alvo.funcionario }],
      ] as const)
        expect((await post(path, body, limitado.token)).status).toBe(404);
      expect(
        (
          await post(
            '/api/solicitacao/pesquisar',
            { mes: 2, ano: 2026, solicitacaoRequisicao: { idCnpj: ids.principal } },
            limitado.token,
          )
        ).status,
      ).toBe(404);
      expect(await status(pedido.id)).toBe('PENDENTE');
      // A profile without 166 sees the request but cannot answer it.
      const semAprovar = await userWithScope(env, {
        tenantId: ids.demo,
        cnpjIds: [ids.principal],
        codes: [127, 165],
      });
      expect(
        (await post('/api/edicao-marcacoes/buscar-itens-solicitacao', { idSolicitacao: pedido.id }, semAprovar.token))
          .status,
      ).toBe(200);
      expect(
        (
          await post(
            '/api/edicao-marcacoes/resolver-pendencia-alterar',
            { idSolicitacao: pedido.id, status: 'APROVADO' },
            semAprovar.token,
          )
        ).status,
      ).toBe(403);
      expect(await status(pedido.id)).toBe('PENDENTE');
    });
  });

  if (backend === 'postgres') {
    it('two operators answering one request at once: one answer wins, the other is told', async () => {
      await limpar();
      const { body: pedido } = await incluir();
      try {
        const r = await Promise.all([
          post('/api/edicao-marcacoes/resolver-pendencia-alterar', { idSolicitacao: pedido.id, status: 'APROVADO' }),
          post('/api/edicao-marcacoes/resolver-pendencia-alterar', {
            idSolicitacao: pedido.id,
            status: 'NAO_APROVADO',
            observacao: 'não',
          }),
          post('/api/edicao-marcacoes/resolver-pendencia-alterar', { idSolicitacao: pedido.id, status: 'APROVADO' }),
        ]);
        expect(r.map((x) => x.status).sort()).toEqual([200, 400, 400]);
        for (const x of r.filter((y) => y.status === 400)) expect(x.body).toEqual({ mensagem: S.jaRespondida });
        const venceu = r.find((x) => x.status === 200)!.body.solicitacao.status;
        const inseridas = await owner(
          sql`SELECT 1 FROM marcacoes_inseridas WHERE funcionario_id = ${alvo.funcionario}`,
        );
        expect(inseridas).toHaveLength(venceu === 'APROVADO' ? 1 : 0);
      } finally {
        await owner(sql`DELETE FROM marcacoes_inseridas WHERE funcionario_id = ${alvo.funcionario}`);
      }
    });

    it('the app retrying one request at once stores it once', async () => {
      await limpar();
      const clientId = randomUUID();
      const r = await Promise.all([incluir({ clientId }), incluir({ clientId }), incluir({ clientId })]);
      expect(r.map((x) => x.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(r.map((x) => x.body.id)).size).toBe(1);
      expect(await owner(sql`SELECT 1 FROM solicitacoes WHERE client_id = ${clientId}`)).toHaveLength(1);
    });
  }
});
