import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { controlePontoApi } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, type DemoIds } from '../../../test/scope-fixtures.js';
import { horaDoDia } from './dia-ponto.js';

const A = controlePontoApi.ACOES_DIA_MSG;
type DiaPonto = controlePontoApi.DiaPonto;

/**
 * Justificar and Ajuste parcial (seed 002 §2 "Day dialogs", §3, §5; spec
 * §14.1, §14.3): whole events of the day, or part of one, justified; every
 * change answers the month recalculated.
 */
describeEachBackend('controle-ponto: Justificar e Ajuste parcial', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  /** A day of the demo's February with a counted lateness, its employee and its first punch ('HH:MM'). */
  let alvo: { funcionario: number; nome: string; dia: string; atraso: number; entrada: string };
  let abonar: number;
  let explicar: number;
  let inserir: number;

  const post = (path: string, body: unknown) => call(env.app, path, body, { token: admin });
  const owner = <T>(q: ReturnType<typeof sql>) => queryRows<T>(env.database.owner, q);
  const noDia = (extra: Record<string, unknown> = {}) => ({
    cnpj: ids.principal,
    funcionario: alvo.funcionario,
    data: alvo.dia,
    ...extra,
  });
  const gravado = async () =>
    (
      await owner<{ atraso: number; abono: number }>(
        sql`SELECT atraso, abono FROM calculo_dias WHERE funcionario_id = ${alvo.funcionario} AND dia = ${alvo.dia}`,
      )
    )[0]!;
  const diaDe = (r: { body: { marcacoes: { pontos: DiaPonto[] } } }) =>
    r.body.marcacoes.pontos.find((p) => p.dia === alvo.dia)!;
  /** The interval [first punch − minutos, first punch) of the day: inside the lateness. */
  const antesDaEntrada = (minutos: number) => {
    const [h, m] = alvo.entrada.split(':').map(Number) as [number, number];
    const t = h * 60 + m - minutos;
    const hora = `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
    return { diaInicio: alvo.dia, horaInicio: hora, diaFinal: alvo.dia, horaFinal: alvo.entrada };
  };

  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
    const [d] = await owner<{ funcionario: number; nome: string; dia: string; atraso: number; primeira: number }>(
      sql`SELECT d.funcionario_id AS funcionario, f.nome, d.dia::text AS dia, d.atraso,
                 (d.resultado->'effectivePunches'->>0)::int AS primeira
            FROM calculo_dias d JOIN funcionarios f ON f.id = d.funcionario_id
           WHERE f.tenant_id = ${ids.demo} AND f.cnpj_id = ${ids.principal} AND f.ativo
             AND d.dia BETWEEN '2026-02-02' AND '2026-02-27' AND d.atraso >= 30 AND d.abono = 0
             AND d.resultado->'effectivePunches'->>0 IS NOT NULL
           ORDER BY d.funcionario_id, d.dia LIMIT 1`,
    );
    expect(d, 'the demo has a counted lateness in February').toBeDefined();
    alvo = { ...d!, entrada: horaDoDia(d!.primeira, d!.dia) };
    const justificativa = async (tipo: number) =>
      (
        await owner<{ id: number }>(
          sql`SELECT id FROM justificativas WHERE tenant_id = ${ids.demo} AND tipo = ${tipo} ORDER BY id LIMIT 1`,
        )
      )[0]!.id;
    [abonar, explicar, inserir] = [await justificativa(1), await justificativa(2), await justificativa(4)];
  });
  afterAll(async () => env.close());

  it('buscar lists the day’s unjustified events and the justifications of types 1–3 only', async () => {
    const r = await post('/api/ajuste-parcial/buscar', noDia());
    expect(r.status).toBe(200);
    expect(r.body.eventosInjustificados).toContainEqual(
      expect.objectContaining({
        codigo: 'atraso',
        minutos: alvo.atraso,
        descricaoEventoReal: expect.stringMatching(/^Atraso \(/),
      }),
    );
    expect(r.body.eventosAjusteParcial).toEqual([]);
    const nomes = r.body.justificativas.map((j: { id: number }) => j.id);
    expect(nomes).toContain(abonar);
    expect(nomes).toContain(explicar);
    expect(nomes).not.toContain(inserir);
  });

  it('the seed refusals and ours: nothing is written', async () => {
    const ajuste = { codigoEvento: 'atraso', justificativa: abonar, ...antesDaEntrada(10) };
    for (const [corpo, mensagem] of [
      [{ ...ajuste, justificativa: undefined }, `ajusteParcial.justificativa: ${A.selecioneJustificativa}`],
      [{ ...ajuste, codigoEvento: undefined }, `ajusteParcial.codigoEvento: ${A.selecioneEvento}`],
      [{ ...ajuste, horaInicio: '' }, `ajusteParcial.horaInicio: ${A.informeHoraInicio}`],
      [{ ...ajuste, horaFinal: '25:00' }, `ajusteParcial.horaFinal: ${A.informeHoraFinal}`],
      [{ ...ajuste, horaFinal: ajuste.horaInicio }, `ajusteParcial.horaFinal: ${A.ajusteFimAntesInicio}`],
      [{ ...ajuste, diaInicio: '2026-01-05', diaFinal: '2026-01-05' }, A.ajusteForaDoDia],
      [{ ...ajuste, justificativa: inserir }, A.justificativaEventoInvalida],
      [{ ...ajuste, codigoEvento: 'excesso' }, A.eventoSemHoras],
    ] as const) {
      const r = await post('/api/ajuste-parcial/salvar', noDia({ ajusteParcial: corpo }));
      expect(r.body.mensagem).toBe(mensagem);
      expect(r.status).toBe(400);
    }
    expect(await owner(sql`SELECT 1 FROM ajustes_parciais WHERE funcionario_id = ${alvo.funcionario}`)).toEqual([]);
  });

  it('salvar abona part of the lateness, alterar changes how much, excluir puts it back; each logged', async () => {
    const antes = await gravado();
    try {
      const s = await post(
        '/api/ajuste-parcial/salvar',
        noDia({ ajusteParcial: { codigoEvento: 'atraso', justificativa: abonar, ...antesDaEntrada(10) } }),
      );
      expect(s).toMatchObject({ status: 200, body: { mensagem: A.ajusteSalvo } });
      // The answer is the month after the change: 10 minutes less missing on the day, in the answer and stored.
      expect(await gravado()).toEqual({ atraso: antes.atraso - 10, abono: 10 });
      const faltantes = diaDe(s).horasFaltantesFormatada;
      // Por quê? names it among what ruled the day.
      const porQue = await post('/api/controle-ponto/explicar-dia', noDia());
      expect(porQue.body.contexto).toContainEqual({ rotulo: 'Ajustes parciais', valor: '1 neste dia' });

      const b = (await post('/api/ajuste-parcial/buscar', noDia())).body;
      expect(b.eventosAjusteParcial).toEqual([
        {
          id: expect.any(Number),
          descricaoEventoReal: expect.stringMatching(/^Atraso: /),
          ajusteParcial: { id: expect.any(Number), dia: alvo.dia, codigoEvento: 'atraso', ...antesDaEntrada(10) },
          justificativa: { id: abonar, descricao: expect.any(String) },
        },
      ]);
      expect(b.eventosInjustificados).toContainEqual(
        expect.objectContaining({ codigo: 'atraso', minutos: antes.atraso - 10 }),
      );
      const id = b.eventosAjusteParcial[0].id as number;

      const a = await post(
        '/api/ajuste-parcial/alterar',
        noDia({ ajusteParcial: { id, justificativa: abonar, ...antesDaEntrada(20) } }),
      );
      expect(a).toMatchObject({ status: 200, body: { mensagem: A.ajusteAlterado } });
      expect(await gravado()).toEqual({ atraso: antes.atraso - 20, abono: 20 });
      expect(diaDe(a).horasFaltantesFormatada).not.toBe(faltantes);

      // Explicação keeps the minutes counted (spec §14.1).
      await post(
        '/api/ajuste-parcial/alterar',
        noDia({ ajusteParcial: { id, justificativa: explicar, ...antesDaEntrada(20) } }),
      );
      expect(await gravado()).toEqual(antes);

      const e = await post('/api/ajuste-parcial/excluir', noDia({ ajusteParcial: { id } }));
      expect(e).toMatchObject({ status: 200, body: { mensagem: A.ajusteExcluido } });
      expect(await gravado()).toEqual(antes);
      expect(await post('/api/ajuste-parcial/excluir', noDia({ ajusteParcial: { id } }))).toMatchObject({
        status: 400,
        body: { mensagem: A.ajusteNaoEncontrado },
      });
      expect(
        await post(
          '/api/ajuste-parcial/alterar',
          noDia({ ajusteParcial: { id, justificativa: abonar, ...antesDaEntrada(5) } }),
        ),
      ).toMatchObject({ status: 400, body: { mensagem: A.ajusteNaoEncontrado } });
      const logs = await owner<{ descricao: string }>(
        sql`SELECT descricao FROM log_operacoes WHERE descricao LIKE ${`%de ${alvo.nome}`} ORDER BY id`,
      );
      expect(logs.map((l) => l.descricao.replace(/ em .*/, ''))).toEqual([
        `Ajuste parcial de Atraso (${antesDaEntrada(10).horaInicio}–${alvo.entrada})`,
        `Alterar ajuste parcial (${antesDaEntrada(20).horaInicio}–${alvo.entrada})`,
        `Alterar ajuste parcial (${antesDaEntrada(20).horaInicio}–${alvo.entrada})`,
        'Excluir ajuste parcial',
      ]);
    } finally {
      await owner(sql`DELETE FROM ajustes_parciais WHERE funcionario_id = ${alvo.funcionario}`);
    }
  });

  it('an adjustment of another day of the employee is not found through this day', async () => {
    const dia = alvo.dia === '2026-02-03' ? '2026-02-04' : '2026-02-03';
    const [outro] = await owner<{ id: number }>(
      sql`INSERT INTO ajustes_parciais (tenant_id, funcionario_id, dia, codigo_evento, inicio, fim, justificativa_id, usuario_nome)
          VALUES (${ids.demo}, ${alvo.funcionario}, ${dia}, 'atraso', ${`${dia} 07:00`}, ${`${dia} 07:10`}, ${abonar}, 'Teste')
          RETURNING id::int AS id`,
    );
    try {
      expect(await post('/api/ajuste-parcial/excluir', noDia({ ajusteParcial: { id: outro!.id } }))).toMatchObject({
        status: 400,
        body: { mensagem: A.ajusteNaoEncontrado },
      });
      expect(await owner(sql`SELECT 1 FROM ajustes_parciais WHERE id = ${outro!.id}`)).toHaveLength(1);
    } finally {
      await owner(sql`DELETE FROM ajustes_parciais WHERE funcionario_id = ${alvo.funcionario}`);
    }
  });

  describe('Justificar', () => {
    const salvar = (eventos: unknown) => post('/api/evento-justificativa/salvar', noDia({ eventos }));
    const limpar = () => owner(sql`DELETE FROM ocorrencias WHERE funcionario_id = ${alvo.funcionario}`);

    it('the seed refusals and ours: nothing is written', async () => {
      const atraso = { codigo: 'atraso', justificativa: abonar };
      for (const [eventos, mensagem] of [
        [[], `eventos: ${A.nenhumEvento}`],
        [undefined, `eventos: ${A.nenhumEvento}`],
        [[{ codigo: 'atraso' }], `eventos.0.justificativa: ${A.selecioneEventoJustificativa}`],
        [[atraso, atraso], `eventos: ${A.eventoRepetido}`],
        [[{ ...atraso, observacao: 'x'.repeat(301) }], `eventos.0.observacao: ${A.observacaoLonga}`],
        [[{ ...atraso, justificativa: inserir }], A.justificativaEventoInvalida],
        [[{ codigo: 'excesso', justificativa: abonar }], A.eventoSemHoras],
      ] as const) {
        const r = await salvar(eventos);
        expect(r.body.mensagem).toBe(mensagem);
        expect(r.status).toBe(400);
      }
      expect(await owner(sql`SELECT 1 FROM ocorrencias WHERE funcionario_id = ${alvo.funcionario}`)).toEqual([]);
    });

    it('the lateness justified (Abonar): it leaves the day, moves to the justified list, and cannot be justified twice', async () => {
      const antes = await gravado();
      try {
        const l = (await post('/api/evento-justificativa/listar-eventos', noDia())).body;
        expect(l.naoJustificados).toContainEqual(expect.objectContaining({ codigo: 'atraso', minutos: antes.atraso }));
        expect(l.justificados).toEqual([]);
        expect(l.justificativas.map((j: { id: number }) => j.id)).not.toContain(inserir);

        const r = await salvar([{ codigo: 'atraso', justificativa: abonar, observacao: '  consulta às 8h  ' }]);
        expect(r).toMatchObject({ status: 200, body: { mensagem: A.eventosJustificados } });
        expect(await gravado()).toEqual({ atraso: 0, abono: antes.atraso });
        expect(diaDe(r).ocorrenciaMarcacoes).not.toBe('');

        const depois = (await post('/api/evento-justificativa/listar-eventos', noDia())).body;
        expect(depois.naoJustificados.map((e: { codigo: string }) => e.codigo)).not.toContain('atraso');
        expect(depois.justificados).toEqual([
          {
            id: expect.any(Number),
            codigo: 'atraso',
            descricaoEventoReal: 'Atraso',
            justificativa: { id: abonar, descricao: expect.any(String) },
            observacao: 'consulta às 8h',
            usuarioJustificativa: expect.any(String),
          },
        ]);
        // An Explicação keeps the minutes, but the event is justified: not offered again.
        expect(await salvar([{ codigo: 'atraso', justificativa: explicar }])).toMatchObject({
          status: 400,
          body: { mensagem: A.eventoJaJustificado },
        });
        const [log] = await owner<{ descricao: string }>(
          sql`SELECT descricao FROM log_operacoes WHERE descricao LIKE ${`Justificar %de ${alvo.nome}`}`,
        );
        expect(log!.descricao).toMatch(/^Justificar Atraso em \d\d\/02\/2026 de /);

        // Excluir ocorrências do dia undoes it.
        await post('/api/ocorrencia/marcar-excluir', {
          cnpj: ids.principal,
          idFuncionario: alvo.funcionario,
          diaPonto: alvo.dia,
        });
        expect(await gravado()).toEqual(antes);
      } finally {
        await limpar();
      }
    });

    if (backend === 'postgres') {
      it('two operators justifying the same event at once: one occurrence, the other is told', async () => {
        try {
          const r = await Promise.all([
            salvar([{ codigo: 'atraso', justificativa: abonar }]),
            salvar([{ codigo: 'atraso', justificativa: explicar }]),
          ]);
          expect(r.map((x) => x.status).sort()).toEqual([200, 400]);
          expect(r.find((x) => x.status === 400)!.body).toEqual({ mensagem: A.eventoJaJustificado });
          expect(await owner(sql`SELECT 1 FROM ocorrencias WHERE funcionario_id = ${alvo.funcionario}`)).toHaveLength(
            1,
          );
        } finally {
          await limpar();
        }
      });
    }
  });
});
