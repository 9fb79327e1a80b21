import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { DEMO_ESCALAS } from '../../db/seed/index.js';
import { createTestEnv, describeEachBackend, type TestEnv } from '../../../test/harness.js';
import { DEMO_SEM_CADASTRO, marcacoesDoDia } from './demonstracao.service.js';

describe('um dia de marcações de demonstração', () => {
  const plano = [480, 720, 780, 1020];
  const dias = Array.from({ length: 4000 }, (_, i) => marcacoesDoDia(plano, false, 1_000 + i));
  const parte = (f: (m: number[]) => boolean) => dias.filter(f).length / dias.length;

  it('traz faltas, atrasos, horas extras e marcações esquecidas, cada coisa de vez em quando', () => {
    const faltas = parte((m) => m.length === 0);
    const atrasos = parte((m) => m.length > 0 && m[0]! > 480 + 10);
    const extras = parte((m) => m.length === 4 && m[3]! > 1020 + 20);
    const esquecidas = parte((m) => m.length === 3);
    for (const [nome, p, min, max] of [
      ['faltas', faltas, 0.005, 0.05],
      ['atrasos', atrasos, 0.04, 0.16],
      ['horas extras', extras, 0.06, 0.22],
      ['esquecidas', esquecidas, 0.01, 0.07],
    ] as const) {
      expect(p, nome).toBeGreaterThan(min);
      expect(p, nome).toBeLessThan(max);
    }
    // Always in time order, and the same seed gives the same day.
    expect(dias.every((m) => m.every((t, i) => i === 0 || t > m[i - 1]!))).toBe(true);
    expect(marcacoesDoDia(plano, false, 1_000)).toEqual(dias[0]);
  });
});

describeEachBackend('marcações de demonstração (seed)', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(() => env.close());

  it('cada empresa tem seu relógio cadastrado, o dos AFDs da demonstração; a matriz também um Push (issue 25 §6)', async () => {
    const relogios = await queryRows<{ cnpjId: number; serie: string; tipo: string; nuvem: string | null }>(
      env.database.owner,
      sql`SELECT cnpj_id AS "cnpjId", numero_serie AS serie, tipo_servico AS tipo, id_cloud AS nuvem
            FROM relogios_ponto ORDER BY cnpj_id, numero_serie`,
    );
    const empresasComAfd = await queryRows<{ cnpjId: number; relogio: string }>(
      env.database.owner,
      sql`SELECT DISTINCT cnpj_id AS "cnpjId", relogio FROM marcacoes ORDER BY 1, 2`,
    );
    expect(empresasComAfd.length).toBeGreaterThanOrEqual(2);
    for (const e of empresasComAfd) {
      expect(
        relogios.some((r) => r.cnpjId === e.cnpjId && r.serie === e.relogio && r.tipo === 'N/D'),
        e.relogio,
      ).toBe(true);
    }
    expect(relogios.filter((r) => r.tipo === 'Push' && r.nuvem !== null)).toHaveLength(1);
    // So the demo's imports report no unregistered clock.
    const [semCadastro] = await queryRows<{ n: number }>(
      env.database.owner,
      sql`SELECT count(*)::int AS n FROM afd_importacoes, jsonb_array_elements(resultado->'ocorrencias') o
           WHERE o->>'codigo' = 'RELOGIO_NAO_CADASTRADO'`,
    );
    expect(semCadastro!.n).toBe(0);
  });

  it('três meses importados de AFD para os funcionários; o turno 12x36 noturno vira a meia-noite', async () => {
    const [geral] = await queryRows<{
      importacoes: number;
      marcacoes: number;
      vinculadas: number;
      inicio: string;
      fim: string;
    }>(
      env.database.owner,
      sql`SELECT (SELECT count(*)::int FROM afd_importacoes) AS importacoes,
                 (SELECT count(*)::int FROM marcacoes) AS marcacoes,
                 (SELECT count(*)::int FROM marcacao_funcionarios) AS vinculadas,
                 (SELECT min(data_hora)::date::text FROM marcacoes) AS inicio,
                 (SELECT max(data_hora)::date::text FROM marcacoes) AS fim`,
    );
    expect(geral!.importacoes).toBeGreaterThanOrEqual(6);
    expect(geral!.marcacoes).toBeGreaterThan(10_000);
    // T0 is 2026-03-10: 91 days back, up to yesterday.
    expect([geral!.inicio, geral!.fim]).toEqual(['2025-12-09', '2026-03-09']);
    // Night shift: a vigilante's entry near 19:00 is followed by a punch after midnight, the next day.
    const [noturno] = await queryRows<{ viradas: number; entradas: number }>(
      env.database.owner,
      sql`SELECT count(*) FILTER (WHERE seguinte::date = data_hora::date + 1)::int AS viradas, count(*)::int AS entradas
            FROM (SELECT mf.data_hora, lead(mf.data_hora) OVER (PARTITION BY mf.funcionario_id ORDER BY mf.data_hora) AS seguinte
                    FROM marcacao_funcionarios mf
                    JOIN funcionario_escalas fe ON fe.funcionario_id = mf.funcionario_id AND fe.data_final IS NULL
                    JOIN escalas e ON e.id = fe.escala_id AND e.descricao = ${DEMO_ESCALAS.demo.vigilancia12x36}) x
           WHERE extract(hour FROM data_hora) BETWEEN 18 AND 19`,
    );
    expect(noturno!.entradas).toBeGreaterThan(50);
    expect(noturno!.viradas / noturno!.entradas).toBeGreaterThan(0.6);
  });

  it('cada relógio escreve com o deslocamento do fuso da sua empresa: nada é convertido, nada é listado', async () => {
    const porEmpresa = await queryRows<{ fuso: string; deslocamentos: string[]; convertidas: number }>(
      env.database.owner,
      sql`SELECT m.fuso, array_agg(DISTINCT m.deslocamento ORDER BY m.deslocamento) AS deslocamentos,
                 count(*) FILTER (WHERE m.data_hora IS DISTINCT FROM m.data_hora_arquivo)::int AS convertidas
            FROM marcacoes m GROUP BY m.fuso ORDER BY m.fuso`,
    );
    // Beta's company is in Porto Velho (-04:00, seed.test.ts), the demo tenant's in São Paulo.
    expect(porEmpresa).toEqual([
      { fuso: 'America/Porto_Velho', deslocamentos: ['-0400'], convertidas: 0 },
      { fuso: 'America/Sao_Paulo', deslocamentos: ['-0300'], convertidas: 0 },
    ]);
    const [fusoDiferente] = await queryRows<{ n: number }>(
      env.database.owner,
      sql`SELECT count(*)::int AS n FROM afd_importacoes i, jsonb_array_elements(i.resultado->'ocorrencias') o
           WHERE o->>'codigo' = 'FUSO_DIFERENTE'`,
    );
    expect(fusoDiferente!.n).toBe(0);
  });

  it('quem ainda não foi cadastrado bateu ponto: marcações sem vínculo, listadas na importação', async () => {
    const [semVinculo] = await queryRows<{ n: number; vinculadas: number }>(
      env.database.owner,
      sql`SELECT count(*)::int AS n, count(mf.marcacao_id)::int AS vinculadas
            FROM marcacoes m LEFT JOIN marcacao_funcionarios mf ON mf.marcacao_id = m.id
           WHERE m.identificador = ${`0${DEMO_SEM_CADASTRO.cpf}`}`,
    );
    expect(semVinculo!.n).toBeGreaterThan(20);
    expect(semVinculo!.vinculadas).toBe(0);
    const [achado] = await queryRows<{ n: number }>(
      env.database.owner,
      sql`SELECT count(*)::int AS n FROM afd_importacoes i, jsonb_array_elements(i.resultado->'ocorrencias') o
           WHERE o->>'codigo' = 'SEM_FUNCIONARIO' AND o->>'mensagem' LIKE ${`%${DEMO_SEM_CADASTRO.cpf}%`}`,
    );
    expect(achado!.n).toBeGreaterThan(0);
  });
});
