import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { controlePontoApi } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, type DemoIds } from '../../../test/scope-fixtures.js';
import { sessaoSuporte } from '../../../test/suporte-fixtures.js';

const PD = controlePontoApi.PONTO_DUPLICADO_MSG;

/**
 * The duplicate-punch analysis (seed 002 §2 Controle, §4, §9; decision 0076): in a support session, pages of 50 of
 * the Controle filter's employees, the duplicates of one employee, and resolving them by discarding (never deleting).
 */
describeEachBackend('controle-ponto: pontos duplicados', (backend) => {
  let env: TestEnv;
  let suporte: string;
  let admin: string;
  let ids: DemoIds;
  /** An employee of the main company with punches on 10/02/2026, and its first punch that day. */
  let alvo: { id: number; nome: string; marcacao: number; dataHora: string };

  const post = (path: string, body: unknown, token = suporte) =>
    call(env.app, `/api/ponto-duplicado/${path}`, body, { token });
  const owner = <T>(q: ReturnType<typeof sql>) => queryRows<T>(env.database.owner, q);
  const fev = { mes: 2, ano: 2026 };
  /** A copy of the target's punch `minutos` later: another NSR of the same clock, linked to the employee. */
  const duplicar = async (minutos: number) => {
    const [m] = await owner<{ id: number }>(
      sql`WITH m AS (
            INSERT INTO marcacoes (tenant_id, cnpj_id, origem, relogio, nsr, data_hora, fuso, identificador)
            SELECT tenant_id, cnpj_id, origem, relogio, nsr + 900000 + ${minutos}, data_hora + make_interval(mins => ${minutos}),
                   fuso, identificador
              FROM marcacoes WHERE id = ${alvo.marcacao}
            RETURNING id, tenant_id, data_hora, origem)
          INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
          SELECT tenant_id, id, ${alvo.id}, data_hora, origem FROM m RETURNING marcacao_id::int AS id`,
    );
    return m!.id;
  };

  /** Original punches cannot be deleted (they are immutable): the test's own are discarded after it. */
  const descartar = (marcacoes: number[]) =>
    owner(
      sql`INSERT INTO marcacao_tratamentos (tenant_id, marcacao_id, funcionario_id, descartada, usuario_nome)
          SELECT ${ids.demo}, m, ${alvo.id}, true, 'Teste' FROM unnest(${`{${marcacoes.join(',')}}`}::bigint[]) m
          ON CONFLICT (marcacao_id, funcionario_id) DO UPDATE SET descartada = true`,
    );

  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    suporte = await sessaoSuporte(env);
    ids = await demoIds(env);
    const [a] = await owner<{ id: number; nome: string; marcacao: number; dataHora: string }>(
      sql`SELECT f.id, f.nome, mf.marcacao_id::int AS marcacao, to_char(mf.data_hora, 'YYYY-MM-DD HH24:MI') AS "dataHora"
            FROM funcionarios f JOIN marcacao_funcionarios mf ON mf.funcionario_id = f.id
           WHERE f.tenant_id = ${ids.demo} AND f.cnpj_id = ${ids.principal} AND f.ativo
             AND mf.data_hora::date = '2026-02-10'
           ORDER BY f.nome, f.id, mf.data_hora LIMIT 1`,
    );
    alvo = a!;
  });
  afterAll(async () => env.close());

  it('outside a support session every call is 403, even for the administrator', async () => {
    const filtro = { ...fev, cnpj: ids.principal };
    for (const [path, body] of [
      ['buscar-quatidade-funcionarios', filtro],
      ['analisar', filtro],
      ['buscar-ponto-marcacaoes', { ...filtro, funcionario: alvo.id }],
      ['resolver-ponto-duplicado', { ...filtro, idsFuncionarios: [alvo.id] }],
    ] as const)
      expect(await post(path, body, admin)).toMatchObject({ status: 403, body: { mensagem: PD.somenteSuporte } });
  });

  it('the demo has none: the pages are empty; a double punch shows up, is listed, resolved by discarding, and gone', async () => {
    const filtro = { ...fev, cnpj: ids.principal };
    const total = (await post('buscar-quatidade-funcionarios', filtro)).body.totalFuncionarios as number;
    expect(total).toBeGreaterThan(0);
    const paginas = Math.ceil(total / 50);
    const todas = async () => {
      const achados = [];
      for (let numPagina = 0; numPagina < paginas; numPagina++) {
        const r = await post('analisar', { ...filtro, numPagina });
        expect(r.status).toBe(200);
        achados.push(...r.body.funcionarios);
      }
      return achados;
    };
    expect(await todas()).toEqual([]);

    const dupla = await duplicar(1);
    const longe = await duplicar(30);
    try {
      expect(await todas()).toEqual([{ id: alvo.id, cracha: expect.any(String), nome: alvo.nome, duplicadas: 1 }]);
      const marcacoes = (await post('buscar-ponto-marcacaoes', { ...filtro, funcionario: alvo.id })).body as {
        id: number;
        duplicada: boolean;
      }[];
      expect(marcacoes.filter((m) => m.duplicada).map((m) => m.id)).toEqual([dupla]);
      expect(marcacoes.map((m) => m.id)).toContain(longe);

      const r = await post('resolver-ponto-duplicado', { ...filtro, idsFuncionarios: [alvo.id] });
      expect(r).toMatchObject({ status: 200, body: { mensagem: PD.resolvidos, descartadas: 1, fechados: 0 } });
      // Discarded with the type-5 reason, never deleted; the other punch untouched.
      expect(
        await owner(
          sql`SELECT t.descartada, j.tipo FROM marcacao_tratamentos t JOIN justificativas j ON j.id = t.justificativa_id
               WHERE t.marcacao_id = ${dupla}`,
        ),
      ).toEqual([{ descartada: true, tipo: 5 }]);
      expect(await owner(sql`SELECT 1 FROM marcacoes WHERE id = ${dupla}`)).toHaveLength(1);
      expect(await owner(sql`SELECT 1 FROM marcacao_tratamentos WHERE marcacao_id = ${longe}`)).toEqual([]);
      expect(await todas()).toEqual([]);
      // Nothing left: a second resolve discards nothing.
      expect((await post('resolver-ponto-duplicado', { ...filtro, idsFuncionarios: [alvo.id] })).body).toMatchObject({
        descartadas: 0,
      });
    } finally {
      await descartar([dupla, longe]);
    }
  });

  it('a closed period is left alone and counted; an employee outside the company is 404 and nothing is written', async () => {
    const filtro = { ...fev, cnpj: ids.principal };
    const dupla = await duplicar(2);
    try {
      const [p] = await owner<{ id: number }>(
        sql`INSERT INTO periodos_funcionario (tenant_id, funcionario_id, data_inicio, data_final, fechado, concluido, usuario_nome)
            VALUES (${ids.demo}, ${alvo.id}, '2026-02-01', '2026-02-28', true, true, 'Teste') RETURNING id`,
      );
      const r = await post('resolver-ponto-duplicado', { ...filtro, idsFuncionarios: [alvo.id] });
      expect(r).toMatchObject({ status: 200, body: { descartadas: 0, fechados: 1 } });
      await owner(sql`DELETE FROM periodos_funcionario WHERE id = ${p!.id}`);

      const [outro] = await owner<{ id: number }>(
        sql`SELECT id FROM funcionarios WHERE tenant_id = ${ids.demo} AND cnpj_id <> ${ids.principal} LIMIT 1`,
      );
      expect(
        (await post('resolver-ponto-duplicado', { ...filtro, idsFuncionarios: [alvo.id, outro!.id] })).status,
      ).toBe(404);
      expect(await owner(sql`SELECT 1 FROM marcacao_tratamentos WHERE marcacao_id = ${dupla}`)).toEqual([]);
      expect((await post('resolver-ponto-duplicado', { ...filtro, idsFuncionarios: [] })).body).toEqual({
        mensagem: `idsFuncionarios: ${PD.selecioneFuncionarios}`,
      });
    } finally {
      await descartar([dupla]);
    }
  });
});
