import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { controlePontoApi, PERM } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';

const A = controlePontoApi.ACOES_DIA_MSG;
type DiaPonto = controlePontoApi.DiaPonto;

/**
 * The day actions of Marcações (seed 002 §2 "Day dialogs", §7; decision 0074): each changes one day of an
 * open period and answers the month recalculated in the same request.
 */
describeEachBackend('controle-ponto: ações do dia', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  /** Employees of the main company on a Monday–Friday schedule whose February 2026 the demo calculated. */
  let pessoas: { id: number; nome: string }[];

  const post = (path: string, body: unknown, token = admin) => call(env.app, path, body, { token });
  const owner = <T>(q: ReturnType<typeof sql>) => queryRows<T>(env.database.owner, q);
  const noDia = (funcionario: number, data: string, extra: Record<string, unknown> = {}) => ({
    cnpj: ids.principal,
    funcionario,
    data,
    ...extra,
  });
  const diaDe = (r: { body: { marcacoes: { pontos: DiaPonto[] } } }, data: string) =>
    r.body.marcacoes.pontos.find((p) => p.dia === data);
  const gravado = async (funcionario: number, data: string) =>
    (
      await owner<{ tipo: string; falta: number }>(
        sql`SELECT tipo_dia AS tipo, falta FROM calculo_dias WHERE funcionario_id = ${funcionario} AND dia = ${data}`,
      )
    )[0];
  const logs = (funcionario: { nome: string }) =>
    owner<{ descricao: string }>(
      sql`SELECT descricao FROM log_operacoes WHERE descricao LIKE ${`%de ${funcionario.nome}`} ORDER BY id`,
    );

  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
    pessoas = await owner<{ id: number; nome: string }>(
      sql`SELECT f.id, f.nome FROM funcionarios f
           WHERE f.tenant_id = ${ids.demo} AND f.cnpj_id = ${ids.principal} AND f.ativo
             AND (SELECT count(*) FROM calculo_dias d WHERE d.funcionario_id = f.id
                    AND d.dia BETWEEN '2026-02-09' AND '2026-02-13' AND d.tipo_dia = 'weekday' AND d.planejado > 0) = 5
           ORDER BY f.id LIMIT 8`,
    );
  });
  afterAll(async () => env.close());

  it('Folga: buscar says whether the day has one; lançar and excluir answer the month recalculated and log it', async () => {
    const p = pessoas[0]!;
    const dia = '2026-02-10';
    expect(await post('/api/folga/buscar-folga-ponto-dia', noDia(p.id, dia))).toMatchObject({
      status: 200,
      body: { temFolga: false },
    });
    expect(await gravado(p.id, dia)).toMatchObject({ tipo: 'weekday' });

    const lancada = await post('/api/folga/lancar-folga-ponto-dia', noDia(p.id, dia));
    expect(lancada).toMatchObject({ status: 200, body: { mensagem: A.folgaLancada } });
    // The answer is the month after the change: the day is a day off, nothing owed, in the answer and stored.
    expect(diaDe(lancada, dia)).toMatchObject({ tipoDia: 'dayoff', horasFaltantesFormatada: '00:00' });
    expect(lancada.body.marcacoes.pontos).toHaveLength(28);
    expect(await gravado(p.id, dia)).toEqual({ tipo: 'dayoff', falta: 0 });
    expect((await post('/api/folga/buscar-folga-ponto-dia', noDia(p.id, dia))).body).toEqual({ temFolga: true });
    expect(await post('/api/folga/lancar-folga-ponto-dia', noDia(p.id, dia))).toMatchObject({
      status: 400,
      body: { mensagem: A.jaTemFolga },
    });

    const excluida = await post('/api/folga/excluir-folga-ponto-dia', noDia(p.id, dia));
    expect(excluida).toMatchObject({ status: 200, body: { mensagem: A.folgaExcluida } });
    expect(diaDe(excluida, dia)).toMatchObject({ tipoDia: 'weekday' });
    expect(await gravado(p.id, dia)).toMatchObject({ tipo: 'weekday' });
    expect(await post('/api/folga/excluir-folga-ponto-dia', noDia(p.id, dia))).toMatchObject({
      status: 400,
      body: { mensagem: A.naoTemFolga },
    });
    expect((await logs(p)).map((l) => l.descricao)).toEqual([
      `Lançar folga em 10/02/2026 de ${p.nome}`,
      `Excluir folga em 10/02/2026 de ${p.nome}`,
    ]);
  });

  it('a day action consumes the dirty rows it marked inside the month it recalculated; rows of other writers stay', async () => {
    const p = pessoas[6]!;
    const pendentes = () =>
      owner<{ de: string; ate: string }>(
        sql`SELECT data_inicio::text AS de, data_final::text AS ate FROM calculo_pendencias
             WHERE funcionario_id = ${p.id} ORDER BY data_inicio`,
      );
    await owner(sql`DELETE FROM calculo_pendencias WHERE funcionario_id = ${p.id}`);
    // Other writers' changes, committed and not yet consumed: one in January, one later in February.
    await owner(sql`INSERT INTO calculo_pendencias (tenant_id, funcionario_id, data_inicio, data_final, motivo)
                    VALUES (${ids.demo}, ${p.id}, '2026-01-12', '2026-01-12', 'teste'),
                           (${ids.demo}, ${p.id}, '2026-02-20', '2026-02-20', 'teste')`);
    try {
      expect(await post('/api/folga/lancar-folga-ponto-dia', noDia(p.id, '2026-02-10'))).toMatchObject({ status: 200 });
      // The day off marked 10/02 dirty; the request recalculated February and consumed that row, and only it.
      expect(await pendentes()).toEqual([
        { de: '2026-01-12', ate: '2026-01-12' },
        { de: '2026-02-20', ate: '2026-02-20' },
      ]);
    } finally {
      await owner(sql`DELETE FROM folgas WHERE funcionario_id = ${p.id}`);
      await owner(sql`DELETE FROM calculo_pendencias WHERE funcionario_id = ${p.id}`);
    }
  });

  it('Feriado: none registered is an empty list; Não é Feriado makes it a normal day, É Feriado puts it back', async () => {
    const p = pessoas[1]!;
    const dia = '2026-02-12';
    expect((await post('/api/feriado-excluido/buscar-feriado', noDia(p.id, dia))).body).toEqual({
      feriados: [],
      feriadoExcluido: false,
    });
    const [f] = await owner<{ id: number }>(
      sql`INSERT INTO feriados (tenant_id, data, descricao, abrangencia, fixo)
          VALUES (${ids.demo}, ${dia}, 'Feriado de teste', 1, false) RETURNING id`,
    );
    try {
      expect((await post('/api/feriado-excluido/buscar-feriado', noDia(p.id, dia))).body).toEqual({
        feriados: [{ descricao: 'Feriado de teste' }],
        feriadoExcluido: false,
      });
      const e = await post('/api/feriado-excluido/salvar', noDia(p.id, dia, { excluido: false }));
      expect(e).toMatchObject({ status: 200, body: { mensagem: A.feriadoSalvo } });
      expect(diaDe(e, dia)).toMatchObject({ tipoDia: 'holiday' });

      const naoE = await post('/api/feriado-excluido/salvar', noDia(p.id, dia, { excluido: true }));
      expect(diaDe(naoE, dia)).toMatchObject({ tipoDia: 'weekday' });
      expect(await gravado(p.id, dia)).toMatchObject({ tipo: 'weekday' });
      expect((await post('/api/feriado-excluido/buscar-feriado', noDia(p.id, dia))).body).toEqual({
        feriados: [{ descricao: 'Feriado de teste' }],
        feriadoExcluido: true,
      });
      const deNovo = await post('/api/feriado-excluido/salvar', noDia(p.id, dia, { excluido: false }));
      expect(diaDe(deNovo, dia)).toMatchObject({ tipoDia: 'holiday' });
      expect(await post('/api/feriado-excluido/salvar', noDia(p.id, dia))).toMatchObject({
        status: 400,
        body: { mensagem: `excluido: ${A.informeFeriado}` },
      });
    } finally {
      await owner(sql`DELETE FROM feriado_exclusoes WHERE funcionario_id = ${p.id}`);
      await owner(sql`DELETE FROM feriados WHERE id = ${f!.id}`);
    }
  });

  it('Excluir ocorrências: the day leaves every occurrence that covers it (split, shortened or deleted)', async () => {
    const p = pessoas[2]!;
    const [j] = await owner<{ id: number }>(
      sql`SELECT id FROM justificativas WHERE tenant_id = ${ids.demo} ORDER BY id LIMIT 1`,
    );
    const ocorrencia = (de: string, ate: string) =>
      owner(sql`INSERT INTO ocorrencias (tenant_id, funcionario_id, data_inicio, data_final, justificativa_id,
                                         abrange_faltas, observacao, usuario_nome)
                VALUES (${ids.demo}, ${p.id}, ${de}, ${ate}, ${j!.id}, true, 'atestado', 'Teste')`);
    const faixas = async () =>
      (
        await owner<{ de: string; ate: string; obs: string }>(
          sql`SELECT data_inicio::text AS de, data_final::text AS ate, observacao AS obs FROM ocorrencias
               WHERE funcionario_id = ${p.id} ORDER BY data_inicio`,
        )
      ).map((o) => `${o.de}..${o.ate} ${o.obs}`);
    const excluir = (diaPonto: string) =>
      post('/api/ocorrencia/marcar-excluir', { cnpj: ids.principal, idFuncionario: p.id, diaPonto });
    try {
      await ocorrencia('2026-02-09', '2026-02-13');
      await ocorrencia('2026-02-11', '2026-02-11');
      const r = await excluir('2026-02-11');
      expect(r).toMatchObject({ status: 200, body: { mensagem: A.ocorrenciasExcluidas } });
      expect(diaDe(r, '2026-02-11')).toMatchObject({ ocorrenciaMarcacoes: '' });
      expect(diaDe(r, '2026-02-10')!.ocorrenciaMarcacoes).not.toBe('');
      expect(await faixas()).toEqual(['2026-02-09..2026-02-10 atestado', '2026-02-12..2026-02-13 atestado']);
      await excluir('2026-02-09');
      await excluir('2026-02-13');
      expect(await faixas()).toEqual(['2026-02-10..2026-02-10 atestado', '2026-02-12..2026-02-12 atestado']);
      expect(await excluir('2026-02-11')).toMatchObject({ status: 400, body: { mensagem: A.semOcorrencias } });
    } finally {
      await owner(sql`DELETE FROM ocorrencias WHERE funcionario_id = ${p.id}`);
    }
  });

  it('Editar marcações: discard an original with its reason, insert one; the originals never change', async () => {
    const p = pessoas[7]!;
    const dia = '2026-02-10';
    const listar = async () => (await post('/api/edicao-marcacoes/listar', noDia(p.id, dia))).body;
    const originais = () =>
      owner<{ id: number; dh: string }>(
        sql`SELECT m.id::int AS id, m.data_hora::text AS dh FROM marcacoes m
              JOIN marcacao_funcionarios mf ON mf.marcacao_id = m.id AND mf.funcionario_id = ${p.id}
             ORDER BY m.id`,
      );
    const antes = await originais();
    const l = await listar();
    expect(l.marcacoesREPP).toHaveLength(4);
    expect(l.marcacoesREPP.every((m: { data: string; descartado: boolean }) => m.data === dia && !m.descartado)).toBe(
      true,
    );
    expect(l.marcacoesInseridas).toEqual([]);
    const descartar = l.justificativas.find((j: { tipo: number }) => j.tipo === 5)!;
    const inserir = l.justificativas.find((j: { tipo: number }) => j.tipo === 4)!;
    const saida = l.marcacoesREPP[1]!;
    const salvar = (corpo: Record<string, unknown>) => post('/api/edicao-marcacoes/salvar', noDia(p.id, dia, corpo));
    try {
      const r = await salvar({
        marcacoesREPP: [{ id: saida.id, descartado: true, justificativa: descartar.id }],
        marcacoesInseridas: [{ nova: true, data: dia, hora: '12:00', justificativa: inserir.id }],
      });
      expect(r).toMatchObject({ status: 200, body: { mensagem: A.marcacoesSalvas } });
      const d = diaDe(r, dia)!;
      expect(d.descricaoMarcacoes).toContain('12:00');
      expect(d.descricaoMarcacoes).not.toContain(saida.hora);
      // Portaria 671 art. 82: the originals are exactly as they were; the treatment says who, why and when.
      expect(await originais()).toEqual(antes);
      const depois = await listar();
      expect(depois.marcacoesREPP[1]).toMatchObject({
        id: saida.id,
        descartado: true,
        justificativa: { id: descartar.id },
      });
      expect(depois.marcacoesInseridas).toEqual([
        expect.objectContaining({ data: dia, hora: '12:00', fonte: 'I', usuario: 'Administrador Demonstração' }),
      ]);
      const [trat] = await owner<{ nome: string }>(
        sql`SELECT usuario_nome AS nome FROM marcacao_tratamentos WHERE marcacao_id = ${saida.id}`,
      );
      expect(trat).toEqual({ nome: 'Administrador Demonstração' });

      // Taken back and deleted: the day is as the clock recorded it.
      const volta = await salvar({
        marcacoesREPP: [{ id: saida.id, descartado: false }],
        marcacoesInseridas: [{ id: depois.marcacoesInseridas[0].id, excluir: true, data: dia, hora: '12:00' }],
      });
      expect(volta.status).toBe(200);
      expect(diaDe(volta, dia)!.descricaoMarcacoes).toBe(
        l.marcacoesREPP.map((m: { hora: string }) => m.hora).join(' '),
      );
      expect((await listar()).marcacoesInseridas).toEqual([]);
      expect(await originais()).toEqual(antes);
    } finally {
      await owner(sql`DELETE FROM marcacoes_inseridas WHERE funcionario_id = ${p.id}`);
      await owner(sql`DELETE FROM marcacao_tratamentos WHERE funcionario_id = ${p.id}`);
    }
  });

  it('Editar marcações refuses what the seed refuses, with its messages; nothing is written', async () => {
    const p = pessoas[7]!;
    const dia = '2026-02-11';
    const l = (await post('/api/edicao-marcacoes/listar', noDia(p.id, dia))).body;
    const [rep] = l.marcacoesREPP;
    const tipo = (t: number) => l.justificativas.find((j: { tipo: number }) => j.tipo === t)!.id;
    const [outro] = await owner<{ id: number }>(
      sql`SELECT marcacao_id::int AS id FROM marcacao_funcionarios WHERE funcionario_id = ${pessoas[0]!.id} LIMIT 1`,
    );
    const casos: [Record<string, unknown>, string][] = [
      [{ marcacoesREPP: [{ id: rep.id, descartado: true }] }, `marcacoesREPP: ${A.justificativaDescartar}`],
      [
        { marcacoesInseridas: [{ nova: true, data: dia, hora: '12:00' }] },
        `marcacoesInseridas: ${A.justificativaInserir}`,
      ],
      [
        { marcacoesInseridas: [{ nova: true, data: dia, hora: '25:00', justificativa: tipo(4) }] },
        `marcacoesInseridas.0.hora: ${A.informeHoraInserida}`,
      ],
      [{ marcacoesREPP: [{ id: rep.id, descartado: true, justificativa: tipo(4) }] }, A.justificativaInvalida],
      [
        { marcacoesInseridas: [{ nova: true, data: dia, hora: '12:00', justificativa: tipo(5) }] },
        A.justificativaInvalida,
      ],
      [
        { marcacoesInseridas: [{ nova: true, data: '2026-02-13', hora: '12:00', justificativa: tipo(4) }] },
        A.dataInseridaForaDoDia,
      ],
      [{ marcacoesREPP: [{ id: outro!.id, descartado: true, justificativa: tipo(5) }] }, A.marcacaoNaoEncontrada],
      [{ marcacoesREPP: [{ id: rep.id, descartado: false }] }, A.nadaMudou],
    ];
    for (const [corpo, mensagem] of casos) {
      expect(await post('/api/edicao-marcacoes/salvar', noDia(p.id, dia, corpo)), mensagem).toMatchObject({
        status: 400,
        body: { mensagem },
      });
    }
    expect(await post('/api/edicao-marcacoes/listar', { cnpj: ids.principal, funcionario: p.id })).toMatchObject({
      status: 400,
      body: { mensagem: `data: ${A.nenhumPonto}` },
    });
    expect(await owner(sql`SELECT 1 FROM marcacao_tratamentos WHERE funcionario_id = ${p.id}`)).toEqual([]);
    expect(await owner(sql`SELECT 1 FROM marcacoes_inseridas WHERE funcionario_id = ${p.id}`)).toEqual([]);
  });

  it('Mudança de Horário of a day: the new times rule the day; the seed refusals; Excluir puts the schedule back', async () => {
    const p = pessoas[2]!;
    const dia = '2026-02-19';
    const planejado = async () =>
      (
        await owner<{ p: number }>(
          sql`SELECT planejado AS p FROM calculo_dias WHERE funcionario_id = ${p.id} AND dia = ${dia}`,
        )
      )[0]!.p;
    const antes = await planejado();
    const b = (await post('/api/mudanca-horario/controle-buscar', noDia(p.id, dia))).body;
    expect(b).toMatchObject({ horarioFlexivel: null, justificativa: null });
    const justificativa = b.justificativas[0].id;
    const salvar = (extra: Record<string, unknown>) =>
      post('/api/mudanca-horario/controle-salvar', noDia(p.id, dia, extra));
    try {
      for (const [corpo, mensagem] of [
        [{ horarioFlexivel: { entrada1: '08:00', saida1: '10:00' } }, `justificativa: ${A.selecioneJustificativa}`],
        [{ horarioFlexivel: {}, justificativa }, `horarioFlexivel: ${A.configureHorario}`],
        [{ horarioFlexivel: { entrada1: '08:00' }, justificativa }, `horarioFlexivel: ${A.horarioIncompleto}`],
        [
          { horarioFlexivel: { entrada1: '30:00', saida1: '10:00' }, justificativa },
          `horarioFlexivel.entrada1: ${A.horarioInvalido}`,
        ],
      ] as const) {
        const r = await salvar(corpo);
        expect(r.body.mensagem).toBe(mensagem);
        expect(r.status).toBe(400);
      }
      const r = await salvar({ horarioFlexivel: { entrada1: '08:00', saida1: '10:00' }, justificativa });
      expect(r).toMatchObject({ status: 200, body: { mensagem: A.mudancaSalva } });
      expect(await planejado()).toBe(120);
      expect(diaDe(r, dia)!.descricaoEventos).toMatch(/HE/);
      expect((await post('/api/mudanca-horario/controle-buscar', noDia(p.id, dia))).body).toMatchObject({
        horarioFlexivel: { dia, entrada1: '08:00', saida1: '10:00', entrada2: null },
        justificativa: { id: justificativa },
      });
      // A night journey past midnight is written with hours up to 29.
      expect((await salvar({ horarioFlexivel: { entrada1: '22:00', saida1: '29:00' }, justificativa })).status).toBe(
        200,
      );
      expect(await planejado()).toBe(420);
      const e = await post('/api/mudanca-horario/controle-excluir', noDia(p.id, dia));
      expect(e).toMatchObject({ status: 200, body: { mensagem: A.mudancaExcluida } });
      expect(await planejado()).toBe(antes);
      expect(await post('/api/mudanca-horario/controle-excluir', noDia(p.id, dia))).toMatchObject({
        status: 400,
        body: { mensagem: A.semMudanca },
      });
    } finally {
      await owner(sql`DELETE FROM mudancas_horario WHERE funcionario_id = ${p.id}`);
    }
  });

  it('Mover Marcações: a punch counts on the next day and back; the target is the day before or after', async () => {
    const p = pessoas[3]!;
    const dia = '2026-02-24';
    const seguinte = '2026-02-25';
    const lista = (data: string) => post('/api/controle-mover-marcacao/buscar-ponto-marcacaoes', noDia(p.id, data));
    const mover = (data: string, dataDestino: string, marcacoes: unknown) =>
      post('/api/controle-mover-marcacao/salvar', noDia(p.id, data, { dataDestino, marcacoes }));
    const doDia = (await lista(dia)).body as { id: number; dataHora: string; selecionado: boolean }[];
    expect(doDia).toHaveLength(4);
    expect(doDia.every((m) => m.dataHora.startsWith(dia) && !m.selecionado)).toBe(true);
    const ultima = doDia[3]!;
    const hora = ultima.dataHora.slice(11, 16);
    try {
      expect(await mover(dia, '2026-02-26', [{ id: ultima.id }])).toMatchObject({
        status: 400,
        body: { mensagem: A.dataMoverInvalida },
      });
      expect(await mover(dia, seguinte, [{ id: ultima.id, selecionado: false }])).toMatchObject({
        status: 400,
        body: { mensagem: `marcacoes: ${A.selecioneMarcacaoMover}` },
      });
      const r = await mover(dia, seguinte, [{ id: ultima.id, selecionado: true }]);
      expect(r).toMatchObject({ status: 200, body: { mensagem: A.marcacoesMovidas } });
      expect(diaDe(r, dia)!.descricaoMarcacoes).not.toContain(hora);
      expect(diaDe(r, seguinte)!.descricaoMarcacoes).toContain(`${hora}-1`);
      const [t] = await owner<{ m: number }>(
        sql`SELECT mover_dia AS m FROM marcacao_tratamentos WHERE marcacao_id = ${ultima.id}`,
      );
      expect(t).toEqual({ m: 1 });
      // From the next day it is listed there, and goes back.
      expect(((await lista(seguinte)).body as { id: number }[]).map((m) => m.id)).toContain(ultima.id);
      const volta = await mover(seguinte, dia, [{ id: ultima.id }]);
      expect(diaDe(volta, dia)!.descricaoMarcacoes).toContain(hora);
      expect(
        await owner(sql`SELECT mover_dia AS m FROM marcacao_tratamentos WHERE marcacao_id = ${ultima.id}`),
      ).toEqual([{ m: 0 }]);
    } finally {
      await owner(sql`DELETE FROM marcacao_tratamentos WHERE funcionario_id = ${p.id}`);
    }
  });

  it('a closed period refuses every day action and nothing is written; bad dates are a 400', async () => {
    const p = pessoas[3]!;
    await owner(sql`INSERT INTO periodos_funcionario (tenant_id, funcionario_id, data_inicio, data_final, fechado, usuario_nome)
                    VALUES (${ids.demo}, ${p.id}, '2026-02-01', '2026-02-28', true, 'Teste')`);
    try {
      for (const [path, extra] of [
        ['/api/folga/lancar-folga-ponto-dia', {}],
        ['/api/feriado-excluido/salvar', { excluido: true }],
      ] as const) {
        expect(await post(path, noDia(p.id, '2026-02-10', extra))).toMatchObject({
          status: 400,
          body: { mensagem: A.periodoFechado },
        });
      }
      expect(
        await post('/api/ocorrencia/marcar-excluir', {
          cnpj: ids.principal,
          idFuncionario: p.id,
          diaPonto: '2026-02-10',
        }),
      ).toMatchObject({ status: 400, body: { mensagem: A.periodoFechado } });
      expect(await owner(sql`SELECT 1 FROM folgas WHERE funcionario_id = ${p.id}`)).toEqual([]);
      expect(await owner(sql`SELECT 1 FROM feriado_exclusoes WHERE funcionario_id = ${p.id}`)).toEqual([]);
      // Reading is allowed on a closed period.
      expect((await post('/api/folga/buscar-folga-ponto-dia', noDia(p.id, '2026-02-10'))).status).toBe(200);
    } finally {
      await owner(sql`DELETE FROM periodos_funcionario WHERE funcionario_id = ${p.id}`);
    }
    expect(await post('/api/folga/lancar-folga-ponto-dia', noDia(p.id, '2026-02-30'))).toMatchObject({ status: 400 });
    expect(await post('/api/folga/lancar-folga-ponto-dia', noDia(p.id, ''))).toMatchObject({ status: 400 });
  });

  it('walls: without 127 a 403; an employee outside the caller scope is 404 and nothing is written', async () => {
    // Every employee picked works under Administrativo; the limited user sees only Produção.
    const p = pessoas[4]!;
    const sem127 = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      codes: [PERM.CONTROLE_PONTO],
    });
    expect(await post('/api/folga/lancar-folga-ponto-dia', noDia(p.id, '2026-02-10'), sem127.token)).toMatchObject({
      status: 403,
    });
    const limitado = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [ids.principal],
      centroCustoIds: [ids.cc.get('Produção')!],
    });
    expect(await post('/api/folga/lancar-folga-ponto-dia', noDia(p.id, '2026-02-10'), limitado.token)).toMatchObject({
      status: 404,
    });
    expect(await owner(sql`SELECT 1 FROM folgas WHERE funcionario_id = ${p.id}`)).toEqual([]);
  });

  if (backend === 'postgres') {
    it('two operators treating one employee at once: both changes stay, each answer is recalculated', async () => {
      const p = pessoas[5]!;
      try {
        const [folga, feriado, outraFolga] = await Promise.all([
          post('/api/folga/lancar-folga-ponto-dia', noDia(p.id, '2026-02-10')),
          post('/api/feriado-excluido/salvar', noDia(p.id, '2026-02-11', { excluido: true })),
          post('/api/folga/lancar-folga-ponto-dia', noDia(p.id, '2026-02-12')),
        ]);
        expect([folga.status, feriado.status, outraFolga.status]).toEqual([200, 200, 200]);
        expect(await gravado(p.id, '2026-02-10')).toMatchObject({ tipo: 'dayoff' });
        expect(await gravado(p.id, '2026-02-12')).toMatchObject({ tipo: 'dayoff' });
        // Whichever answered last saw both days off: the calculations queued on the employee's lock.
        const ultimos = [folga, outraFolga].map((r) => [
          diaDe(r, '2026-02-10')!.tipoDia,
          diaDe(r, '2026-02-12')!.tipoDia,
        ]);
        expect(ultimos).toContainEqual(['dayoff', 'dayoff']);
        expect(await owner(sql`SELECT 1 FROM feriado_exclusoes WHERE funcionario_id = ${p.id}`)).toHaveLength(1);
      } finally {
        await owner(sql`DELETE FROM folgas WHERE funcionario_id = ${p.id}`);
        await owner(sql`DELETE FROM feriado_exclusoes WHERE funcionario_id = ${p.id}`);
      }
    });

    it('the same day off launched twice at once: one launches it, the other is told', async () => {
      const p = pessoas[6]!;
      try {
        const r = await Promise.all([
          post('/api/folga/lancar-folga-ponto-dia', noDia(p.id, '2026-02-10')),
          post('/api/folga/lancar-folga-ponto-dia', noDia(p.id, '2026-02-10')),
        ]);
        expect(r.map((x) => x.status).sort()).toEqual([200, 400]);
        expect(r.find((x) => x.status === 400)!.body).toEqual({ mensagem: A.jaTemFolga });
        expect(await owner(sql`SELECT 1 FROM folgas WHERE funcionario_id = ${p.id}`)).toHaveLength(1);
      } finally {
        await owner(sql`DELETE FROM folgas WHERE funcionario_id = ${p.id}`);
      }
    });
  }
});
