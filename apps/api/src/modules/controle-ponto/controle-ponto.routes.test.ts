import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONTROLE_PONTO_MSG as M, controlePontoApi, MSG, PERM } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';

const P = '/api/controle-ponto';

interface Esperado {
  id: number;
  cracha: string;
  nome: string;
  centro: number;
  qtd_faltas: number | null;
  qtd_atrasos: number | null;
  qtd_excesso_refeicao: number | null;
  qtd_saidas_antecipadas: number | null;
  qtd_falta_marcacao: number | null;
  qtd_interjornada: number | null;
  pendente: boolean;
}

describeEachBackend('controle-ponto', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  /** The main company's active employees in list order, with February 2026's stored counters. */
  let fevereiro: Esperado[];

  const post = (path: string, body: unknown, token = admin) => call(env.app, `${P}/${path}`, body, { token });
  const listar = (body: Record<string, unknown>, token = admin) =>
    post('listar', { mes: 2, ano: 2026, cnpj: ids.principal, ...body }, token);
  const nomes = (r: { body: { periodosControle: { funcionario: { nome: string } }[] } }) =>
    r.body.periodosControle.map((p) => p.funcionario.nome);
  const owner = (q: ReturnType<typeof sql>) => queryRows(env.database.owner, q);

  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
    fevereiro = await queryRows<Esperado>(
      env.database.owner,
      sql`SELECT f.id, f.cracha, f.nome, f.centro_custo_id AS centro, r.qtd_faltas, r.qtd_atrasos,
                 r.qtd_excesso_refeicao, r.qtd_saidas_antecipadas, r.qtd_falta_marcacao, r.qtd_interjornada,
                 EXISTS (SELECT 1 FROM solicitacoes s WHERE s.funcionario_id = f.id AND s.status = 'PENDENTE')
                   AS pendente
            FROM funcionarios f
            LEFT JOIN calculo_resumos r ON r.tenant_id = f.tenant_id AND r.funcionario_id = f.id
                                       AND r.ano = 2026 AND r.mes = 2
           WHERE f.tenant_id = ${ids.demo} AND f.cnpj_id = ${ids.principal} AND f.ativo
           ORDER BY f.nome, f.id`,
    );
  });
  afterAll(async () => env.close());

  it('lists a page of the company with the stored counters of the month, the badge and the lock', async () => {
    expect(fevereiro.length).toBeGreaterThan(20);
    // The demo calculated February 2026 for everyone, and someone has divergences.
    expect(fevereiro.every((f) => f.qtd_faltas !== null)).toBe(true);
    expect(fevereiro.some((f) => (f.qtd_faltas ?? 0) + (f.qtd_atrasos ?? 0) + (f.qtd_falta_marcacao ?? 0) > 0)).toBe(
      true,
    );
    const r = await listar({});
    expect(r.status).toBe(200);
    expect(r.body.qdtFuncionarios).toBe(fevereiro.length);
    expect(r.body.periodosControle).toEqual(
      fevereiro.slice(0, 10).map((f) => ({
        funcionario: { id: f.id, cracha: f.cracha, nome: f.nome },
        temPendencias: f.pendente,
        qtdFaltas: f.qtd_faltas,
        qtdAtrasos: f.qtd_atrasos,
        qtdExcessoRefeicao: f.qtd_excesso_refeicao,
        qtdSaidasAntecipadas: f.qtd_saidas_antecipadas,
        qtdFaltaMarcacao: f.qtd_falta_marcacao,
        qtdInterjornada: f.qtd_interjornada,
        fechado: false,
        calculado: true,
      })),
    );
  });

  it('pages on the server by 10, 15, 20 or 30; past the end, no rows and the total', async () => {
    const r = await listar({ qtdLinhas: 15, numPagina: 1 });
    expect(nomes(r)).toEqual(fevereiro.slice(15, 30).map((f) => f.nome));
    const longe = await listar({ qtdLinhas: 30, numPagina: 50 });
    expect(longe.body).toEqual({ qdtFuncionarios: fevereiro.length, periodosControle: [] });
    expect(await listar({ qtdLinhas: 25 })).toMatchObject({
      status: 400,
      body: { mensagem: `qtdLinhas: ${M.linhasPorPagina}` },
    });
  });

  it('counters come from the stored results (never recomputed); the lock from the period of the month', async () => {
    const [a, b] = fevereiro;
    await owner(
      sql`UPDATE calculo_resumos SET qtd_interjornada = 41 WHERE funcionario_id = ${a!.id} AND ano = 2026 AND mes = 2`,
    );
    await owner(sql`INSERT INTO periodos_funcionario (tenant_id, funcionario_id, data_inicio, data_final, fechado, usuario_nome)
                    SELECT tenant_id, funcionario_id, periodo_inicio, periodo_fim, true, 'Teste' FROM calculo_resumos
                     WHERE funcionario_id = ${b!.id} AND ano = 2026 AND mes = 2`);
    try {
      const [ra, rb] = (await listar({ qtdLinhas: 10 })).body.periodosControle;
      expect(ra).toMatchObject({ funcionario: { id: a!.id }, qtdInterjornada: 41, fechado: false });
      expect(rb).toMatchObject({ funcionario: { id: b!.id }, fechado: true });
      // The lock is the month's: January's row of the same employee stays open.
      const jan = (await listar({ mes: 1, qtdLinhas: 10 })).body.periodosControle;
      expect(jan.find((p: { funcionario: { id: number } }) => p.funcionario.id === b!.id)).toMatchObject({
        fechado: false,
        calculado: true,
      });
    } finally {
      await owner(sql`UPDATE calculo_resumos SET qtd_interjornada = ${a!.qtd_interjornada}
                       WHERE funcionario_id = ${a!.id} AND ano = 2026 AND mes = 2`);
      await owner(sql`DELETE FROM periodos_funcionario WHERE funcionario_id = ${b!.id}`);
    }
  });

  it('a month nobody calculated lists the employees with calculado false and zero counters', async () => {
    const r = await listar({ mes: 6, ano: 2024 });
    expect(r.body.qdtFuncionarios).toBe(fevereiro.length);
    expect(r.body.periodosControle[0]).toMatchObject({
      calculado: false,
      fechado: false,
      qtdFaltas: 0,
      qtdInterjornada: 0,
    });
  });

  it('a cost centre brings its children; the free text finds by name or padded badge; Ativo false the inactive', async () => {
    const producao = ids.cc.get('Produção')!;
    const filhos = await owner(
      sql`WITH RECURSIVE c AS (SELECT id FROM centros_custo WHERE id = ${producao}
          UNION SELECT x.id FROM centros_custo x JOIN c ON x.pai_id = c.id) SELECT id FROM c`,
    );
    const sob = new Set(filhos.map((c) => Number((c as { id: number }).id)));
    const esperados = fevereiro.filter((f) => sob.has(f.centro));
    expect(esperados.length).toBeGreaterThan(0);
    expect(esperados.some((f) => f.centro !== producao)).toBe(true);
    const r = await listar({ idsCentrosCustos: [producao], qtdLinhas: 30 });
    expect(r.body.qdtFuncionarios).toBe(esperados.length);
    expect(nomes(r)).toEqual(esperados.slice(0, 30).map((f) => f.nome));
    expect((await post('quantidade-funcionarios', { cnpj: ids.principal, idsCentrosCustos: [producao] })).body).toEqual(
      {
        totalFuncionarios: esperados.length,
      },
    );

    const alvo = fevereiro[3]!;
    expect(nomes(await listar({ crachaNome: alvo.nome }))).toContain(alvo.nome);
    expect(nomes(await listar({ crachaNome: alvo.cracha.padStart(14, '0') }))).toEqual([alvo.nome]);

    const [inativos] = await owner(
      sql`SELECT count(*)::int AS n FROM funcionarios WHERE cnpj_id = ${ids.principal} AND NOT ativo`,
    );
    expect((await listar({ ativo: false })).body.qdtFuncionarios).toBe((inativos as { n: number }).n);
  });

  it('a limited user sees only their cost centres; another company is 404; a centre outside lists nobody', async () => {
    const admin_ = ids.cc.get('Administrativo')!;
    const limitado = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      centroCustoIds: [admin_],
    });
    const sob = new Set(
      (
        await owner(
          sql`WITH RECURSIVE c AS (SELECT id FROM centros_custo WHERE id = ${admin_}
              UNION SELECT x.id FROM centros_custo x JOIN c ON x.pai_id = c.id) SELECT id FROM c`,
        )
      ).map((c) => Number((c as { id: number }).id)),
    );
    const esperados = fevereiro.filter((f) => sob.has(f.centro));
    const r = await listar({ qtdLinhas: 30 }, limitado.token);
    expect(r.body.qdtFuncionarios).toBe(esperados.length);
    expect(nomes(r)).toEqual(esperados.map((f) => f.nome).slice(0, 30));
    expect(
      (await post('quantidade-funcionarios', { cnpj: ids.principal }, limitado.token)).body.totalFuncionarios,
    ).toBe(esperados.length);
    expect((await listar({ idsCentrosCustos: [ids.cc.get('Produção')!] }, limitado.token)).body).toEqual({
      qdtFuncionarios: 0,
      periodosControle: [],
    });
    expect(await listar({ cnpj: ids.campinas }, limitado.token)).toMatchObject({
      status: 404,
      body: { mensagem: MSG.naoEncontrado },
    });
  });

  it('bad input is a 400 with a Portuguese mensagem, never a 500', async () => {
    expect(await post('listar', { mes: 2, ano: 2026 })).toMatchObject({
      status: 400,
      body: { mensagem: `cnpj: ${M.selecioneEmpresa}` },
    });
    expect(await listar({ mes: 13 })).toMatchObject({ status: 400, body: { mensagem: `mes: ${M.informeMesAno}` } });
    expect(await listar({ ano: 'x' })).toMatchObject({ status: 400, body: { mensagem: `ano: ${M.informeMesAno}` } });
    expect(await listar({ crachaNome: 'a'.repeat(201) })).toMatchObject({
      status: 400,
      body: { mensagem: `crachaNome: ${M.crachaNomeLongo}` },
    });
    expect(await listar({ crachaNome: "'; DROP TABLE funcionarios; --" })).toMatchObject({
      status: 200,
      body: { qdtFuncionarios: 0 },
    });
  });

  // ---------------------------------------------------------------- Marcações (route 127)

  /** A stored day as the test reads it, straight from the table (not through the module's code). */
  interface DiaTabela {
    dia: string;
    normal: number;
    horas_faltantes: number;
    irregular: boolean;
    escala_id: number | null;
    resultado: { effectivePunches?: number[]; descricaoEventos?: string[] };
  }
  const diasDe = (funcionarioId: number) =>
    owner(sql`SELECT dia::text AS dia, normal, horas_faltantes, irregular, escala_id, resultado FROM calculo_dias
               WHERE funcionario_id = ${funcionarioId} AND dia BETWEEN '2026-02-01' AND '2026-02-28' ORDER BY dia`) as Promise<
      DiaTabela[]
    >;
  const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
  const mesDe = (funcionario: number, body: Record<string, unknown> = {}, token = admin) =>
    post('buscar-calcular-ponto', { mes: 2, ano: 2026, cnpj: ids.principal, funcionario, ...body }, token);

  it('Marcações: each stored day of the month with its punches, jornada, missing hours and events; the summary', async () => {
    const alvo = fevereiro.find((f) => (f.qtd_atrasos ?? 0) + (f.qtd_faltas ?? 0) > 0) ?? fevereiro[0]!;
    const dias = await diasDe(alvo.id);
    expect(dias.length).toBe(28);
    const r = await mesDe(alvo.id);
    expect(r.status).toBe(200);
    expect(r.body.funcionario).toMatchObject({ id: alvo.id, cracha: alvo.cracha, nome: alvo.nome });
    expect(r.body.periodoFechamento).toEqual({
      id: null,
      fechado: false,
      concluido: false,
      dataInicio: '2026-02-01',
      dataFinal: '2026-02-28',
    });
    expect(r.body.calculadoEm).not.toBeNull();
    expect(r.body.pontos.map((p: { dia: string }) => p.dia)).toEqual(dias.map((d) => d.dia));
    // 2026-02-01 is a Sunday.
    expect(r.body.pontos.slice(0, 8).map((p: { diaDaSemana: string }) => p.diaDaSemana)).toEqual([
      'Dom',
      'Seg',
      'Ter',
      'Qua',
      'Qui',
      'Sex',
      'Sáb',
      'Dom',
    ]);
    for (const [i, d] of dias.entries()) {
      const p = r.body.pontos[i];
      const base = Date.UTC(+d.dia.slice(0, 4), +d.dia.slice(5, 7) - 1, +d.dia.slice(8, 10)) / 60_000;
      const batidas = (d.resultado.effectivePunches ?? []).map((t) => {
        const delta = t - base;
        const dias_ = Math.floor(delta / 1440);
        return hhmm(delta - dias_ * 1440) + (dias_ === 0 ? '' : `${dias_ > 0 ? '+' : ''}${dias_}`);
      });
      expect(p, d.dia).toMatchObject({
        id: d.dia,
        irregular: d.irregular,
        temPendencias: false,
        descricaoMarcacoes: batidas.join(' '),
        entrada1: batidas[0] ?? null,
        saida1: batidas[1] ?? null,
        entrada2: batidas[2] ?? null,
        saida2: batidas[3] ?? null,
        jornadaFormatada: hhmm(d.normal),
        horasFaltantesFormatada: hhmm(d.horas_faltantes),
        codigoHorario: d.escala_id === null ? null : String(d.escala_id),
        descricaoEventos: (d.resultado.descricaoEventos ?? []).join(', '),
      });
    }
    // Someone with divergences has an irregular day, and a worked day has its pairs.
    expect(r.body.pontos.some((p: { irregular: boolean }) => p.irregular)).toBe(true);
    expect(r.body.pontos.some((p: { entrada1: string | null }) => p.entrada1 !== null)).toBe(true);
    const [resumo] =
      (await owner(sql`SELECT dias_trabalhados, jornada, jornada_e_abono, horas_extras FROM calculo_resumos
                                        WHERE funcionario_id = ${alvo.id} AND ano = 2026 AND mes = 2`)) as {
        dias_trabalhados: number;
        jornada: number;
        jornada_e_abono: number;
        horas_extras: number;
      }[];
    expect(r.body.sumario).toMatchObject({
      diasTrabalhados: resumo!.dias_trabalhados,
      jornada: resumo!.jornada,
      jornadaEAbono: resumo!.jornada_e_abono,
      horasExtras: resumo!.horas_extras,
    });
  });

  it('Marcações: a month never calculated answers no days; Calcular (applicarCalculos) fills it in the request', async () => {
    const alvo = fevereiro[1]!;
    const antes = (await mesDe(alvo.id)).body;
    await owner(
      sql`DELETE FROM calculo_dias WHERE funcionario_id = ${alvo.id} AND dia BETWEEN '2026-02-01' AND '2026-02-28'`,
    );
    await owner(sql`DELETE FROM calculo_resumos WHERE funcionario_id = ${alvo.id} AND ano = 2026 AND mes = 2`);
    const vazio = (await mesDe(alvo.id)).body;
    expect(vazio).toMatchObject({ calculadoEm: null, pontos: [], sumario: null });
    const calculado = await post('buscar-calcular-marcacoes-funcionario', {
      mes: 2,
      ano: 2026,
      cnpj: ids.principal,
      funcionario: { id: alvo.id },
      applicarCalculos: true,
    });
    expect(calculado.status).toBe(200);
    expect(calculado.body.pontos).toEqual(antes.pontos);
    expect(calculado.body.sumario).toEqual(antes.sumario);
    // And it is stored: the plain read finds it.
    expect((await mesDe(alvo.id)).body.pontos).toEqual(antes.pontos);
  });

  it('Marcações: a closed period reads with its lock; Calcular on it is refused and nothing changes', async () => {
    const alvo = fevereiro[2]!;
    const [periodo] =
      (await owner(sql`INSERT INTO periodos_funcionario (tenant_id, funcionario_id, data_inicio, data_final, fechado, usuario_nome)
                    VALUES (${ids.demo}, ${alvo.id}, '2026-02-01', '2026-02-28', true, 'Teste') RETURNING id::int AS id`)) as {
        id: number;
      }[];
    try {
      const r = await mesDe(alvo.id);
      expect(r.body.periodoFechamento).toMatchObject({ id: periodo!.id, fechado: true });
      const [antes] = await owner(
        sql`SELECT calculado_em FROM calculo_resumos WHERE funcionario_id = ${alvo.id} AND ano = 2026 AND mes = 2`,
      );
      const recusado = await post('buscar-calcular-marcacoes-funcionario', {
        mes: 2,
        ano: 2026,
        cnpj: ids.principal,
        funcionario: alvo.id,
        applicarCalculos: true,
      });
      expect(recusado).toMatchObject({
        status: 400,
        body: { mensagem: controlePontoApi.MARCACOES_MSG.periodoFechado },
      });
      const [depois] = await owner(
        sql`SELECT calculado_em FROM calculo_resumos WHERE funcionario_id = ${alvo.id} AND ano = 2026 AND mes = 2`,
      );
      expect(depois).toEqual(antes);
    } finally {
      await owner(sql`DELETE FROM periodos_funcionario WHERE funcionario_id = ${alvo.id}`);
    }
  });

  it('Resumo: the stored totals of the month, in minutes', async () => {
    const alvo = fevereiro[0]!;
    const [row] = (await owner(
      sql`SELECT resumo FROM calculo_resumos WHERE funcionario_id = ${alvo.id} AND ano = 2026 AND mes = 2`,
    )) as {
      resumo: {
        summary: {
          totaisJornadas: { descricao: string; dias: number; trabalhado: number }[];
          horasExtrasEventos: { descricao: string; valor: number }[];
          outrosEventos: { descricao: string; dias: number; valor: number }[];
        };
        totaisBancoHoras: { descricao: string; valor: number }[] | null;
      };
    }[];
    const s = row!.resumo.summary;
    expect(s.totaisJornadas.length).toBeGreaterThan(0);
    const r = await post('buscar-resumo-funcionario', { mes: 2, ano: 2026, cnpj: ids.principal, funcionario: alvo.id });
    expect(r.body).toEqual({
      totaisJornadas: s.totaisJornadas.map((j) => ({ descricao: j.descricao, dias: j.dias, total: j.trabalhado })),
      horasExtrasEventos: s.horasExtrasEventos.map((e) => ({ descricao: e.descricao, valor: e.valor })),
      outrosEventos: s.outrosEventos.map((e) => ({ descricao: e.descricao, dias: e.dias, valor: e.valor })),
      totaisBancoHoras: row!.resumo.totaisBancoHoras ?? [],
    });
    expect(
      (await post('buscar-resumo-funcionario', { mes: 6, ano: 2024, cnpj: ids.principal, funcionario: alvo.id })).body,
    ).toEqual({
      totaisJornadas: [],
      horasExtrasEventos: [],
      outrosEventos: [],
      totaisBancoHoras: [],
    });
  });

  it('Por quê?: the trace of one day with its schedule and version, computed on demand and never stored', async () => {
    const alvo = fevereiro[0]!;
    const dia = (await diasDe(alvo.id)).find((d) => (d.resultado.effectivePunches ?? []).length >= 2)!;
    const antes = await diasDe(alvo.id);
    const r = await post('explicar-dia', { cnpj: ids.principal, funcionario: alvo.id, data: dia.dia });
    expect(r.status).toBe(200);
    expect(r.body.dia).toBe(dia.dia);
    const contexto = Object.fromEntries(
      r.body.contexto.map((c: { rotulo: string; valor: string }) => [c.rotulo, c.valor]),
    );
    expect(contexto['Período']).toBe('01/02/2026 a 28/02/2026');
    // The overtime column in the schedule's words, not the engine's key.
    expect(contexto['Coluna de horas extras']).toMatch(
      /^(Segunda|Terça|Quarta|Quinta|Sexta|Sábado|Domingo|Feriado|Folga)$/,
    );
    expect(contexto['Escala']).toMatch(
      new RegExp(`^${dia.escala_id} - .+ \\((versão original|versão em vigor desde \\d\\d/\\d\\d/\\d{4})\\)$`),
    );
    const passos = r.body.passos as { regra: string; quantidade: string; minutos: number; motivo: string }[];
    expect(passos.find((p) => p.quantidade === 'Horas previstas')?.motivo).toMatch(
      /tipo de dia (dia útil|sábado|domingo|feriado|folga)$/,
    );
    expect(passos.filter((p) => p.quantidade === 'Trabalhado').map((p) => p.motivo)).toContainEqual(
      expect.stringMatching(/^Trabalhado = soma dos pares = \d+ min$/),
    );
    expect(await diasDe(alvo.id)).toEqual(antes);
    // A date that does not exist is a 400.
    expect(await post('explicar-dia', { cnpj: ids.principal, funcionario: alvo.id, data: '2026-02-30' })).toMatchObject(
      {
        status: 400,
        body: { mensagem: `data: ${MSG.dataInvalida}` },
      },
    );
  });

  it('Marcações walls: another company, another tenant, a cost centre outside the scope are 404; without 127 a 403', async () => {
    const alvo = fevereiro.find((f) => f.centro !== ids.cc.get('Administrativo'))!;
    expect(await mesDe(alvo.id, { cnpj: ids.campinas })).toMatchObject({ status: 404 });
    const [outro] = (await owner(sql`SELECT id FROM funcionarios WHERE tenant_id <> ${ids.demo} LIMIT 1`)) as {
      id: number;
    }[];
    if (outro) expect(await mesDe(outro.id)).toMatchObject({ status: 404 });
    const limitado = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      centroCustoIds: [ids.cc.get('Administrativo')!],
    });
    for (const path of ['buscar-calcular-ponto', 'buscar-resumo-funcionario'])
      expect(
        await post(path, { mes: 2, ano: 2026, cnpj: ids.principal, funcionario: alvo.id }, limitado.token),
      ).toMatchObject({
        status: 404,
        body: { mensagem: controlePontoApi.MARCACOES_MSG.funcionarioNaoEncontrado },
      });
    expect(
      await post('explicar-dia', { cnpj: ids.principal, funcionario: alvo.id, data: '2026-02-10' }, limitado.token),
    ).toMatchObject({
      status: 404,
    });
    const semMarcacoes = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      codes: [PERM.CONTROLE_PONTO],
    });
    expect(await mesDe(alvo.id, {}, semMarcacoes.token)).toMatchObject({ status: 403 });
    expect(await post('buscar-calcular-ponto', { mes: 2, ano: 2026, cnpj: ids.principal })).toMatchObject({
      status: 400,
      body: { mensagem: `funcionario: ${controlePontoApi.MARCACOES_MSG.selecioneFuncionario}` },
    });
  });

  // ---------------------------------------------------------------- Fechar, Concluir, Abrir período (decision 0072)

  const MM = controlePontoApi.MARCACOES_MSG;
  const periodoDe = async (funcionarioId: number) =>
    (
      (await owner(sql`SELECT id::int AS id, fechado, concluido, usuario_nome FROM periodos_funcionario
                        WHERE funcionario_id = ${funcionarioId} AND data_inicio = '2026-02-01'`)) as {
        id: number;
        fechado: boolean;
        concluido: boolean;
        usuario_nome: string;
      }[]
    )[0];
  const fechar = (funcionario: number, fecharPeriodo: boolean, token = admin) =>
    post('concluir-fechar-periodo', { mes: 2, ano: 2026, cnpj: ids.principal, funcionario, fecharPeriodo }, token);

  it('Fechar período recalculates the month first, closes it and logs it; Calcular and a second Fechar are refused', async () => {
    const alvo = fevereiro[5]!;
    await owner(sql`DELETE FROM calculo_resumos WHERE funcionario_id = ${alvo.id} AND ano = 2026 AND mes = 2`);
    try {
      expect(await fechar(alvo.id, true)).toMatchObject({ status: 200, body: { mensagem: MM.periodoFechadoSucesso } });
      expect(await periodoDe(alvo.id)).toMatchObject({ fechado: true, concluido: true });
      // The month was calculated in the same request: the frozen results exist.
      const [resumo] = await owner(
        sql`SELECT count(*)::int AS n FROM calculo_resumos WHERE funcionario_id = ${alvo.id} AND ano = 2026 AND mes = 2`,
      );
      expect(resumo).toEqual({ n: 1 });
      expect((await mesDe(alvo.id)).body.periodoFechamento).toMatchObject({ fechado: true, concluido: true });
      const [log] = await owner(sql`SELECT acao, descricao FROM log_operacoes
                                     WHERE descricao LIKE ${`Fechar período 01/02/2026 a 28/02/2026 de ${alvo.nome}`}`);
      expect(log).toEqual({ acao: 'Editar', descricao: `Fechar período 01/02/2026 a 28/02/2026 de ${alvo.nome}` });
      expect(await fechar(alvo.id, true)).toMatchObject({ status: 400, body: { mensagem: MM.periodoJaFechado } });
      expect(await fechar(alvo.id, false)).toMatchObject({ status: 400, body: { mensagem: MM.periodoJaFechado } });
      expect(
        await post('buscar-calcular-marcacoes-funcionario', {
          mes: 2,
          ano: 2026,
          cnpj: ids.principal,
          funcionario: alvo.id,
          applicarCalculos: true,
        }),
      ).toMatchObject({ status: 400, body: { mensagem: MM.periodoFechado } });
    } finally {
      await owner(sql`DELETE FROM periodos_funcionario WHERE funcionario_id = ${alvo.id}`);
    }
  });

  it('Concluir marks the period treated and leaves it open', async () => {
    const alvo = fevereiro[6]!;
    try {
      expect(await fechar(alvo.id, false)).toMatchObject({
        status: 200,
        body: { mensagem: MM.periodoConcluidoSucesso },
      });
      expect(await periodoDe(alvo.id)).toMatchObject({ fechado: false, concluido: true });
      // Concluded twice is still concluded; then it can be closed.
      expect((await fechar(alvo.id, false)).status).toBe(200);
      expect((await fechar(alvo.id, true)).status).toBe(200);
      expect(await periodoDe(alvo.id)).toMatchObject({ fechado: true, concluido: true });
    } finally {
      await owner(sql`DELETE FROM periodos_funcionario WHERE funcionario_id = ${alvo.id}`);
    }
  });

  it('two operators closing the same month at once: one closes it, the other is told; one row', async () => {
    const alvo = fevereiro[7]!;
    try {
      const r = await Promise.all([fechar(alvo.id, true), fechar(alvo.id, true), fechar(alvo.id, true)]);
      expect(r.map((x) => x.status).sort()).toEqual([200, 400, 400]);
      expect(r.filter((x) => x.status === 400).map((x) => x.body.mensagem)).toEqual([
        MM.periodoJaFechado,
        MM.periodoJaFechado,
      ]);
      const [n] = await owner(
        sql`SELECT count(*)::int AS n FROM periodos_funcionario WHERE funcionario_id = ${alvo.id}`,
      );
      expect(n).toEqual({ n: 1 });
    } finally {
      await owner(sql`DELETE FROM periodos_funcionario WHERE funcionario_id = ${alvo.id}`);
    }
  });

  it('Abrir período: only with 175 (the Administrador), in scope; the days are marked for recalculation', async () => {
    const alvo = fevereiro.find((f) => f.centro !== ids.cc.get('Administrativo'))!;
    try {
      expect((await fechar(alvo.id, true)).status).toBe(200);
      const { id } = (await periodoDe(alvo.id))!;
      const semAbrir = await userWithScope(env, {
        tenantId: ids.demo,
        cnpjIds: [ids.principal],
        codes: [PERM.CONTROLE_PONTO, PERM.CONTROLE_PONTO_MARCACOES],
      });
      expect(await post('abrir-periodo', { idPeriodoFechamento: id }, semAbrir.token)).toMatchObject({ status: 403 });
      const foraDoEscopo = await userWithScope(env, {
        tenantId: ids.demo,
        cnpjIds: [ids.principal],
        centroCustoIds: [ids.cc.get('Administrativo')!],
      });
      expect(await post('abrir-periodo', { idPeriodoFechamento: id }, foraDoEscopo.token)).toMatchObject({
        status: 404,
        body: { mensagem: MM.periodoNaoEncontrado },
      });
      expect(await periodoDe(alvo.id)).toMatchObject({ fechado: true });

      await owner(sql`DELETE FROM calculo_pendencias WHERE funcionario_id = ${alvo.id}`);
      expect(await post('abrir-periodo', { idPeriodoFechamento: id })).toMatchObject({
        status: 200,
        body: { mensagem: MM.periodoAbertoSucesso },
      });
      expect(await periodoDe(alvo.id)).toMatchObject({ fechado: false, concluido: true });
      const pendentes = await owner(sql`SELECT data_inicio::text AS de, data_final::text AS ate FROM calculo_pendencias
                                         WHERE funcionario_id = ${alvo.id}`);
      expect(pendentes).toContainEqual({ de: '2026-02-01', ate: '2026-02-28' });
      expect(await post('abrir-periodo', { idPeriodoFechamento: id })).toMatchObject({
        status: 400,
        body: { mensagem: MM.periodoNaoFechado },
      });
      expect(await post('abrir-periodo', { idPeriodoFechamento: 999_999 })).toMatchObject({ status: 404 });
    } finally {
      await owner(sql`DELETE FROM periodos_funcionario WHERE funcionario_id = ${alvo.id}`);
      await owner(sql`DELETE FROM calculo_pendencias WHERE funcionario_id = ${alvo.id}`);
    }
  });
});
