import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { diaFinalPara, periodoFechamentoDaData } from '@jornada/contracts';
import { localDate } from '../shared/clock.js';
import { queryRows } from './client.js';
import { JOB_SCHEMA } from './job-schema.js';
import { PENDENCIAS_QUEUE } from './pendencias-queue.js';
import { marcarPendencias, marcarPendenciasDeVinculos, semPendenciasDosVinculos } from './pendencias.js';
import { withTenant, type Tx } from './tenant-tx.js';
import { backends, createTestEnv, describeEachBackend, type TestEnv } from '../../test/harness.js';

/**
 * Issue 11 §2 (decisions 0053, 0054): a write to each calculation input marks
 * exactly the employee-days it can change, for its tenant only. Every case
 * runs in a transaction that is rolled back: the demo data stays as seeded.
 */

const A = 1; // Jornada Demonstração
const B = 2; // Beta Indústria
/** Employee 1 (tenant A): cnpj 1 (São Paulo), cost centre 3 (→ 2 → 1), schedule 2 from 2026-01-29, position 2. */
const E = 1;
/** Employee 5 (tenant A): cost centre 4, schedule 6, position 2. */
const F = 5;

interface Faixa {
  tenant: number;
  funcionario: number;
  de: string;
  ate: string;
}

/** Days as 'yyyy-mm-dd' without Date (UTC arithmetic on the civil day). */
const dia = (d: string, n = 0) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const menor = (a: string, b: string) => (a < b ? a : b);
const maior = (a: string, b: string) => (a > b ? a : b);

/** Runs of consecutive days, sorted: how the table must hold them. */
function juntar(faixas: Faixa[]): Faixa[] {
  const porFuncionario = new Map<string, Faixa[]>();
  for (const f of faixas) {
    if (f.de > f.ate) continue;
    const k = `${f.tenant}|${f.funcionario}`;
    porFuncionario.set(k, [...(porFuncionario.get(k) ?? []), f]);
  }
  const out: Faixa[] = [];
  for (const lista of porFuncionario.values()) {
    lista.sort((x, y) => (x.de < y.de ? -1 : x.de > y.de ? 1 : 0));
    let atual: Faixa | undefined;
    for (const f of lista) {
      if (atual && f.de <= dia(atual.ate, 1)) atual.ate = maior(atual.ate, f.ate);
      else out.push((atual = { ...f }));
    }
  }
  return out.sort((x, y) => x.tenant - y.tenant || x.funcionario - y.funcionario || (x.de < y.de ? -1 : 1));
}

interface Contexto {
  tx: Tx;
  /** The tenant's horizon for a change dated `d` (jornada_horizonte). */
  h: (d: string) => Promise<string>;
  janela: string;
  hoje: string;
  run: (q: SQL) => Promise<void>;
  rows: <T>(q: SQL) => Promise<T[]>;
}

interface Caso {
  nome: string;
  /** Writes that set the stage (their marks are cleared before `escrever`). */
  preparar?: (c: Contexto) => Promise<void>;
  escrever: (c: Contexto) => Promise<void>;
  esperado: (c: Contexto) => Promise<Omit<Faixa, 'tenant'>[]> | Omit<Faixa, 'tenant'>[];
  /** When set, every row written must carry this motivo. */
  motivo?: string;
}

const faixa = (funcionario: number, de: string, ate = de) => ({ funcionario, de, ate });

class Desfazer extends Error {}

describeEachBackend('pendências de cálculo (gatilhos)', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(() => env.close());

  /**
   * Runs one case in a transaction that is rolled back: everything cleared,
   * then `preparar` and `escrever` as the app role of tenant A (row-level
   * security on), then every row of `calculo_pendencias` read as the owner.
   */
  async function executar(caso: Caso, tenant = A): Promise<{ obtido: Faixa[]; esperado: Faixa[]; motivos: string[] }> {
    let resultado: { obtido: Faixa[]; esperado: Faixa[]; motivos: string[] } | undefined;
    await env.database.owner
      .transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM calculo_pendencias`);
        await tx.execute(sql`SELECT set_config('role', 'jornada_app', true), jornada_definir_tenant(${tenant}::int)`);
        const rows = <T>(q: SQL) => queryRows<T>(tx, q);
        const [base] = await rows<{ janela: string; hoje: string }>(
          sql`SELECT jornada_janela_inicio(${tenant}::int)::text AS janela, jornada_hoje(${tenant}::int)::text AS hoje`,
        );
        const c: Contexto = {
          tx,
          janela: base!.janela,
          hoje: base!.hoje,
          h: async (d) =>
            (await rows<{ h: string }>(sql`SELECT jornada_horizonte(${tenant}::int, ${d}::date)::text AS h`))[0]!.h,
          run: async (q) => void (await tx.execute(q)),
          rows,
        };
        if (caso.preparar) {
          await caso.preparar(c);
          await tx.execute(sql`DELETE FROM calculo_pendencias`);
        }
        await caso.escrever(c);
        const esperado = juntar((await caso.esperado(c)).map((f) => ({ tenant, ...f })));
        await tx.execute(sql`RESET ROLE`);
        const lidas = await rows<Faixa & { motivo: string }>(
          sql`SELECT tenant_id AS tenant, funcionario_id AS funcionario, data_inicio::text AS de,
                     data_final::text AS ate, motivo
                FROM calculo_pendencias ORDER BY tenant_id, funcionario_id, data_inicio`,
        );
        resultado = {
          obtido: lidas.map(({ tenant: t, funcionario, de, ate }) => ({ tenant: t, funcionario, de, ate })),
          esperado,
          motivos: [...new Set(lidas.map((l) => l.motivo))],
        };
        throw new Desfazer();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Desfazer)) throw e;
      });
    return resultado!;
  }

  const casos: Caso[] = [];
  const caso = (c: Caso) => casos.push(c);

  // --- punches and their treatment ------------------------------------------------------------
  const marcacao = (c: Contexto, funcionario: number, dataHora: string) =>
    c
      .rows<{ id: number }>(
        sql`WITH m AS (
              INSERT INTO marcacoes (tenant_id, cnpj_id, origem, nsr, data_hora, fuso, identificador)
              VALUES (${A}, 1, 'R', (random() * 1e9)::bigint, ${dataHora}::timestamp, 'America/Sao_Paulo', '1')
              RETURNING id)
            INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
            SELECT ${A}, m.id, ${funcionario}, ${dataHora}::timestamp, 'R' FROM m RETURNING marcacao_id AS id`,
      )
      .then((r) => r[0]!.id);

  caso({
    nome: 'marcacao_funcionarios INSERT: o dia da marcação e os vizinhos (corte do dia)',
    escrever: async (c) => void (await marcacao(c, E, '2026-05-10 23:50:00')),
    esperado: () => [faixa(E, '2026-05-09', '2026-05-11')],
    motivo: 'marcacao_funcionarios',
  });
  caso({
    nome: 'marcacao_funcionarios INSERT de várias: uma faixa por funcionário e sequência de dias',
    escrever: (c) =>
      c.run(sql`
        WITH m AS (
          INSERT INTO marcacoes (tenant_id, cnpj_id, origem, nsr, data_hora, fuso, identificador)
          SELECT ${A}, 1, 'R', 900000 + g, v.dh, 'America/Sao_Paulo', v.f::text
            FROM (VALUES (${E}, '2026-05-10 08:00'::timestamp), (${E}, '2026-05-11 08:00'), (${E}, '2026-05-20 08:00'),
                         (${F}, '2026-05-10 08:00')) v(f, dh), generate_series(1, 1) g
          RETURNING id, data_hora, identificador)
        INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
        SELECT ${A}, id, identificador::int, data_hora, 'R' FROM m`),
    esperado: () => [
      faixa(E, '2026-05-09', '2026-05-12'),
      faixa(E, '2026-05-19', '2026-05-21'),
      faixa(F, '2026-05-09', '2026-05-11'),
    ],
  });
  caso({
    nome: 'marcacao_funcionarios DELETE (vínculo desfeito)',
    preparar: async (c) => void (await marcacao(c, E, '2026-05-10 08:00:00')),
    escrever: (c) =>
      c.run(sql`DELETE FROM marcacao_funcionarios WHERE funcionario_id = ${E} AND data_hora = '2026-05-10 08:00'`),
    esperado: () => [faixa(E, '2026-05-09', '2026-05-11')],
  });
  const tratar = (c: Contexto, mover: number) =>
    c.run(sql`INSERT INTO marcacao_tratamentos (tenant_id, marcacao_id, funcionario_id, descartada, mover_dia, usuario_nome)
              SELECT ${A}, marcacao_id, funcionario_id, false, ${mover}, 'teste' FROM marcacao_funcionarios
               WHERE funcionario_id = ${E} AND data_hora = '2026-05-10 08:00'`);
  caso({
    nome: 'marcacao_tratamentos INSERT (Mover Marcações para o dia anterior)',
    preparar: async (c) => void (await marcacao(c, E, '2026-05-10 08:00:00')),
    escrever: (c) => tratar(c, -1),
    esperado: () => [faixa(E, '2026-05-08', '2026-05-11')],
    motivo: 'marcacao_tratamentos',
  });
  caso({
    nome: 'marcacao_tratamentos UPDATE (mover 0 → +1)',
    preparar: async (c) => {
      await marcacao(c, E, '2026-05-10 08:00:00');
      await tratar(c, 0);
    },
    escrever: (c) => c.run(sql`UPDATE marcacao_tratamentos SET mover_dia = 1 WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-05-09', '2026-05-12')],
  });
  caso({
    nome: 'marcacao_tratamentos UPDATE de um campo que o cálculo não lê: nada',
    preparar: async (c) => {
      await marcacao(c, E, '2026-05-10 08:00:00');
      await tratar(c, 0);
    },
    escrever: (c) => c.run(sql`UPDATE marcacao_tratamentos SET usuario_nome = 'outro' WHERE funcionario_id = ${E}`),
    esperado: () => [],
  });
  caso({
    nome: 'marcacao_tratamentos DELETE (descarte desfeito)',
    preparar: async (c) => {
      await marcacao(c, E, '2026-05-10 08:00:00');
      await tratar(c, 0);
    },
    escrever: (c) => c.run(sql`DELETE FROM marcacao_tratamentos WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-05-09', '2026-05-11')],
  });
  const inserida = (c: Contexto, dh: string) =>
    c.run(sql`INSERT INTO marcacoes_inseridas (tenant_id, funcionario_id, data_hora, justificativa_id, usuario_nome)
              VALUES (${A}, ${E}, ${dh}::timestamp, 1, 'teste')`);
  caso({
    nome: 'marcacoes_inseridas INSERT',
    escrever: (c) => inserida(c, '2026-05-10 00:10'),
    esperado: () => [faixa(E, '2026-05-09', '2026-05-11')],
    motivo: 'marcacoes_inseridas',
  });
  caso({
    nome: 'marcacoes_inseridas UPDATE da data: os dois dias e os vizinhos',
    preparar: (c) => inserida(c, '2026-05-10 08:00'),
    escrever: (c) =>
      c.run(sql`UPDATE marcacoes_inseridas SET data_hora = '2026-05-12 08:00' WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-05-09', '2026-05-13')],
  });
  caso({
    nome: 'marcacoes_inseridas UPDATE só da justificativa: nada',
    preparar: (c) => inserida(c, '2026-05-10 08:00'),
    escrever: (c) => c.run(sql`UPDATE marcacoes_inseridas SET justificativa_id = 2 WHERE funcionario_id = ${E}`),
    esperado: () => [],
  });
  caso({
    nome: 'marcacoes_inseridas DELETE',
    preparar: (c) => inserida(c, '2026-05-10 08:00'),
    escrever: (c) => c.run(sql`DELETE FROM marcacoes_inseridas WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-05-09', '2026-05-11')],
  });

  // --- per-day inputs ------------------------------------------------------------------------
  for (const tabela of ['folgas', 'feriado_exclusoes'] as const) {
    const t = sql.raw(tabela);
    const inserir = (c: Contexto) =>
      c.run(
        sql`INSERT INTO ${t} (tenant_id, funcionario_id, data, usuario_nome) VALUES (${A}, ${E}, '2026-05-10', 'teste')`,
      );
    caso({
      nome: `${tabela} INSERT: só o dia`,
      escrever: inserir,
      esperado: () => [faixa(E, '2026-05-10')],
      motivo: tabela,
    });
    caso({
      nome: `${tabela} UPDATE da data: o dia antigo e o novo`,
      preparar: inserir,
      escrever: (c) => c.run(sql`UPDATE ${t} SET data = '2026-05-12' WHERE funcionario_id = ${E}`),
      esperado: () => [faixa(E, '2026-05-10'), faixa(E, '2026-05-12')],
    });
    caso({
      nome: `${tabela} UPDATE do autor: nada`,
      preparar: inserir,
      escrever: (c) => c.run(sql`UPDATE ${t} SET usuario_nome = 'outro' WHERE funcionario_id = ${E}`),
      esperado: () => [],
    });
    caso({
      nome: `${tabela} DELETE`,
      preparar: inserir,
      escrever: (c) => c.run(sql`DELETE FROM ${t} WHERE funcionario_id = ${E}`),
      esperado: () => [faixa(E, '2026-05-10')],
    });
  }
  const ocorrencia = (c: Contexto, funcionario = E, de = '2026-05-04', ate = '2026-05-08') =>
    c.run(sql`INSERT INTO ocorrencias (tenant_id, funcionario_id, data_inicio, data_final, justificativa_id, usuario_nome)
              VALUES (${A}, ${funcionario}, ${de}, ${ate}, 1, 'teste')`);
  caso({
    nome: 'ocorrencias INSERT: o período',
    escrever: (c) => ocorrencia(c),
    esperado: () => [faixa(E, '2026-05-04', '2026-05-08')],
    motivo: 'ocorrencias',
  });
  caso({
    nome: 'ocorrencias UPDATE estendendo o fim: só os dias acrescentados',
    preparar: (c) => ocorrencia(c),
    escrever: (c) => c.run(sql`UPDATE ocorrencias SET data_final = '2026-05-12' WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-05-09', '2026-05-12')],
  });
  caso({
    nome: 'ocorrencias UPDATE da justificativa e do período: o antigo e o novo',
    preparar: (c) => ocorrencia(c),
    escrever: (c) =>
      c.run(sql`UPDATE ocorrencias SET justificativa_id = 2, data_inicio = '2026-05-20', data_final = '2026-05-21'
                 WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-05-04', '2026-05-08'), faixa(E, '2026-05-20', '2026-05-21')],
  });
  caso({
    nome: 'ocorrencias UPDATE da observação: nada',
    preparar: (c) => ocorrencia(c),
    escrever: (c) => c.run(sql`UPDATE ocorrencias SET observacao = 'x' WHERE funcionario_id = ${E}`),
    esperado: () => [],
  });
  caso({
    nome: 'ocorrencias DELETE',
    preparar: (c) => ocorrencia(c),
    escrever: (c) => c.run(sql`DELETE FROM ocorrencias WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-05-04', '2026-05-08')],
  });
  const ajuste = (c: Contexto, funcionario = E, d = '2026-05-10') =>
    c.run(sql`INSERT INTO ajustes_parciais (tenant_id, funcionario_id, dia, codigo_evento, inicio, fim, justificativa_id, usuario_nome)
              VALUES (${A}, ${funcionario}, ${d}, 'atraso', ${d}::date + time '08:00', ${d}::date + time '08:30', 1, 'teste')`);
  caso({
    nome: 'ajustes_parciais INSERT',
    escrever: (c) => ajuste(c),
    esperado: () => [faixa(E, '2026-05-10')],
    motivo: 'ajustes_parciais',
  });
  caso({
    nome: 'ajustes_parciais UPDATE do intervalo',
    preparar: (c) => ajuste(c),
    escrever: (c) => c.run(sql`UPDATE ajustes_parciais SET fim = '2026-05-10 08:40' WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-05-10')],
  });
  caso({
    nome: 'ajustes_parciais DELETE',
    preparar: (c) => ajuste(c),
    escrever: (c) => c.run(sql`DELETE FROM ajustes_parciais WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-05-10')],
  });
  const mudanca = (c: Contexto) =>
    c.run(sql`INSERT INTO mudancas_horario (tenant_id, funcionario_id, dia, entrada1, saida1, usuario_nome)
              VALUES (${A}, ${E}, '2026-05-10', '10:00', '19:00', 'teste')`);
  caso({
    nome: 'mudancas_horario INSERT: o dia e os vizinhos (o corte se move)',
    escrever: mudanca,
    esperado: () => [faixa(E, '2026-05-09', '2026-05-11')],
    motivo: 'mudancas_horario',
  });
  caso({
    nome: 'mudancas_horario UPDATE do horário',
    preparar: mudanca,
    escrever: (c) => c.run(sql`UPDATE mudancas_horario SET entrada1 = '09:00' WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-05-09', '2026-05-11')],
  });
  caso({
    nome: 'mudancas_horario UPDATE do dia: os dois dias e os vizinhos',
    preparar: mudanca,
    escrever: (c) => c.run(sql`UPDATE mudancas_horario SET dia = '2026-05-20' WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-05-09', '2026-05-11'), faixa(E, '2026-05-19', '2026-05-21')],
  });
  caso({
    nome: 'mudancas_horario DELETE',
    preparar: mudanca,
    escrever: (c) => c.run(sql`DELETE FROM mudancas_horario WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-05-09', '2026-05-11')],
  });

  // --- hour bank: the balance carries forward to the horizon ----------------------------------
  const lancamento = (c: Contexto, d = '2026-05-10') =>
    c.run(sql`INSERT INTO banco_horas_lancamentos (tenant_id, funcionario_id, data, minutos, usuario_nome)
              VALUES (${A}, ${E}, ${d}, 60, 'teste')`);
  caso({
    nome: 'banco_horas_lancamentos INSERT: da data ao horizonte',
    escrever: (c) => lancamento(c),
    esperado: async (c) => [faixa(E, '2026-05-10', await c.h('2026-05-10'))],
    motivo: 'banco_horas_lancamentos',
  });
  caso({
    nome: 'banco_horas_lancamentos INSERT no futuro: até o fim do período da data',
    escrever: (c) => lancamento(c, '2031-02-10'),
    esperado: () => [faixa(E, '2031-02-10', '2031-02-28')],
  });
  caso({
    nome: 'banco_horas_lancamentos UPDATE dos minutos: da data ao horizonte',
    preparar: (c) => lancamento(c),
    escrever: (c) => c.run(sql`UPDATE banco_horas_lancamentos SET minutos = 90 WHERE funcionario_id = ${E}`),
    esperado: async (c) => [faixa(E, '2026-05-10', await c.h('2026-05-10'))],
  });
  caso({
    nome: 'banco_horas_lancamentos UPDATE da data: só os dias entre a antiga e a nova',
    preparar: (c) => lancamento(c),
    escrever: (c) => c.run(sql`UPDATE banco_horas_lancamentos SET data = '2026-05-20' WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-05-10', '2026-05-19')],
  });
  caso({
    nome: 'banco_horas_lancamentos DELETE',
    preparar: (c) => lancamento(c),
    escrever: (c) => c.run(sql`DELETE FROM banco_horas_lancamentos WHERE funcionario_id = ${E}`),
    esperado: async (c) => [faixa(E, '2026-05-10', await c.h('2026-05-10'))],
  });
  const redefinicao = (c: Contexto) =>
    c.run(sql`INSERT INTO banco_horas_redefinicoes (tenant_id, funcionario_id, mes, usuario_nome)
              VALUES (${A}, ${E}, '2026-05-01', 'teste')`);
  caso({
    nome: 'banco_horas_redefinicoes INSERT: do mês ao horizonte',
    escrever: redefinicao,
    esperado: async (c) => [faixa(E, '2026-05-01', await c.h('2026-05-01'))],
    motivo: 'banco_horas_redefinicoes',
  });
  caso({
    nome: 'banco_horas_redefinicoes UPDATE do mês',
    preparar: redefinicao,
    escrever: (c) => c.run(sql`UPDATE banco_horas_redefinicoes SET mes = '2026-03-01' WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-03-01', '2026-04-30')],
  });
  caso({
    nome: 'banco_horas_redefinicoes DELETE',
    preparar: redefinicao,
    escrever: (c) => c.run(sql`DELETE FROM banco_horas_redefinicoes WHERE funcionario_id = ${E}`),
    esperado: async (c) => [faixa(E, '2026-05-01', await c.h('2026-05-01'))],
  });

  // --- closed periods -------------------------------------------------------------------------
  const fecharAbril = (c: Contexto) =>
    c.run(sql`INSERT INTO periodos_funcionario (tenant_id, funcionario_id, data_inicio, data_final, fechado, usuario_nome)
              VALUES (${A}, ${E}, '2026-04-01', '2026-04-30', true, 'teste')`);
  caso({
    nome: 'periodos_funcionario INSERT fechado: nada',
    escrever: fecharAbril,
    esperado: () => [],
  });
  // A treatment row (a day off, an occurrence) cannot touch a closed day at all (the database refuses it:
  // db/periodo-fechado.test.ts, decision 0075); a leave, a register, can.
  const afastarEm = (c: Contexto, de: string, ate: string) =>
    c.run(sql`INSERT INTO funcionario_afastamentos (tenant_id, funcionario_id, motivo_id, data_inicio, data_final)
              SELECT ${A}, ${E}, min(id), ${de}::date, ${ate}::date FROM motivos_afastamento WHERE tenant_id = ${A}`);
  caso({
    nome: 'período fechado: um afastamento dentro dele não marca nada',
    preparar: fecharAbril,
    escrever: (c) => afastarEm(c, '2026-04-10', '2026-04-20'),
    esperado: () => [],
  });
  caso({
    nome: 'período fechado: um afastamento que o atravessa marca só os dias abertos',
    preparar: fecharAbril,
    escrever: (c) => afastarEm(c, '2026-04-25', '2026-05-05'),
    esperado: () => [faixa(E, '2026-05-01', '2026-05-05')],
  });
  caso({
    nome: 'período fechado: um lançamento antes dele marca até ele e os períodos abertos depois',
    preparar: fecharAbril,
    escrever: (c) => lancamento(c, '2026-03-10'),
    esperado: async (c) => [faixa(E, '2026-03-10', '2026-03-31'), faixa(E, '2026-05-01', await c.h('2026-03-10'))],
  });
  caso({
    nome: 'periodos_funcionario UPDATE reabrindo: o período inteiro',
    preparar: fecharAbril,
    escrever: (c) => c.run(sql`UPDATE periodos_funcionario SET fechado = false WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-04-01', '2026-04-30')],
    motivo: 'periodos_funcionario',
  });
  caso({
    nome: 'periodos_funcionario UPDATE concluído: nada',
    preparar: fecharAbril,
    escrever: (c) => c.run(sql`UPDATE periodos_funcionario SET concluido = true WHERE funcionario_id = ${E}`),
    esperado: () => [],
  });
  caso({
    nome: 'periodos_funcionario DELETE de um fechado: o período inteiro',
    preparar: fecharAbril,
    escrever: (c) => c.run(sql`DELETE FROM periodos_funcionario WHERE funcionario_id = ${E}`),
    esperado: () => [faixa(E, '2026-04-01', '2026-04-30')],
  });

  // --- leaves and histories -------------------------------------------------------------------
  const afastar = (c: Contexto, ate: string | null) =>
    c.run(sql`INSERT INTO funcionario_afastamentos (tenant_id, funcionario_id, motivo_id, data_inicio, data_final)
              SELECT ${A}, ${E}, min(id), '2026-05-01', ${ate}::date FROM motivos_afastamento WHERE tenant_id = ${A}`);
  caso({
    nome: 'funcionario_afastamentos INSERT com fim',
    escrever: (c) => afastar(c, '2026-05-15'),
    esperado: () => [faixa(E, '2026-05-01', '2026-05-15')],
    motivo: 'funcionario_afastamentos',
  });
  caso({
    nome: 'funcionario_afastamentos INSERT sem fim: até o horizonte',
    escrever: (c) => afastar(c, null),
    esperado: async (c) => [faixa(E, '2026-05-01', await c.h('2026-05-01'))],
  });
  caso({
    nome: 'funcionario_afastamentos UPDATE dando fim: os dias depois do fim',
    preparar: (c) => afastar(c, null),
    escrever: (c) =>
      c.run(sql`UPDATE funcionario_afastamentos SET data_final = '2026-05-15'
                 WHERE funcionario_id = ${E} AND data_inicio = '2026-05-01'`),
    esperado: async (c) => [faixa(E, '2026-05-16', await c.h('2026-05-01'))],
  });
  caso({
    nome: 'funcionario_afastamentos DELETE',
    preparar: (c) => afastar(c, '2026-05-15'),
    escrever: (c) =>
      c.run(sql`DELETE FROM funcionario_afastamentos WHERE funcionario_id = ${E} AND data_inicio = '2026-05-01'`),
    esperado: () => [faixa(E, '2026-05-01', '2026-05-15')],
  });
  caso({
    nome: 'funcionario_escalas UPDATE encerrando a atual: do fim (corte) ao horizonte',
    escrever: (c) =>
      c.run(
        sql`UPDATE funcionario_escalas SET data_final = '2026-05-31' WHERE funcionario_id = ${E} AND data_final IS NULL`,
      ),
    esperado: async (c) => [faixa(E, '2026-05-31', await c.h('2026-05-31'))],
    motivo: 'funcionario_escalas',
  });
  caso({
    nome: 'funcionario_escalas INSERT de uma nova a partir de uma data: da véspera ao horizonte',
    preparar: (c) =>
      c.run(
        sql`UPDATE funcionario_escalas SET data_final = '2026-05-31' WHERE funcionario_id = ${E} AND data_final IS NULL`,
      ),
    escrever: (c) =>
      c.run(sql`INSERT INTO funcionario_escalas (tenant_id, funcionario_id, escala_id, data_inicio)
                VALUES (${A}, ${E}, 1, '2026-06-01')`),
    esperado: async (c) => [faixa(E, '2026-05-31', await c.h('2026-06-01'))],
  });
  caso({
    nome: 'funcionario_escalas DELETE de uma entrada encerrada: ela e os vizinhos',
    escrever: (c) =>
      c.run(sql`DELETE FROM funcionario_escalas WHERE funcionario_id = ${E} AND data_inicio = '2025-01-01'`),
    esperado: () => [faixa(E, '2024-12-31', '2026-01-29')],
  });
  caso({
    nome: 'funcionario_cargos INSERT a partir de uma data: até o horizonte',
    escrever: (c) =>
      c.run(sql`INSERT INTO funcionario_cargos (tenant_id, funcionario_id, cargo_id, data_inicio, data_final)
                VALUES (${A}, ${E}, 1, '2026-06-01', '2026-06-30')`),
    esperado: () => [faixa(E, '2026-06-01', '2026-06-30')],
    motivo: 'funcionario_cargos',
  });
  caso({
    nome: 'funcionario_cargos UPDATE encerrando a atual',
    escrever: (c) =>
      c.run(
        sql`UPDATE funcionario_cargos SET data_final = '2026-05-31' WHERE funcionario_id = ${E} AND data_final IS NULL`,
      ),
    esperado: async (c) => [faixa(E, '2026-06-01', await c.h('2025-01-01'))],
  });
  caso({
    nome: 'funcionario_cargos DELETE',
    escrever: (c) => c.run(sql`DELETE FROM funcionario_cargos WHERE funcionario_id = ${E}`),
    esperado: async (c) => [faixa(E, '2025-01-01', await c.h('2025-01-01'))],
  });

  // --- schedule versions: the employees holding the schedule, from the version's date ---------
  /** A schedule only E holds, from 2026-02-01, with versions from 1900 and 2026-06-01. */
  const escalaPropria = async (c: Contexto) => {
    const [e] = await c.rows<{ id: number }>(
      sql`INSERT INTO escalas (tenant_id, descricao, tipo) VALUES (${A}, 'Teste pendências', 'EQH') RETURNING id`,
    );
    await c.run(sql`INSERT INTO escala_versoes (tenant_id, escala_id, valida_desde, configuracao)
                    VALUES (${A}, ${e!.id}, '1900-01-01', '{"v":1}'), (${A}, ${e!.id}, '2026-06-01', '{"v":3}')`);
    await c.run(
      sql`UPDATE funcionario_escalas SET data_final = '2026-01-31' WHERE funcionario_id = ${E} AND data_final IS NULL`,
    );
    await c.run(sql`INSERT INTO funcionario_escalas (tenant_id, funcionario_id, escala_id, data_inicio)
                    VALUES (${A}, ${E}, ${e!.id}, '2026-02-01')`);
    return e!.id;
  };
  const escalaTeste = sql`(SELECT id FROM escalas WHERE descricao = 'Teste pendências')`;
  caso({
    nome: 'escala_versoes INSERT entre duas versões: da véspera ao dia da versão seguinte',
    preparar: async (c) => void (await escalaPropria(c)),
    escrever: (c) =>
      c.run(sql`INSERT INTO escala_versoes (tenant_id, escala_id, valida_desde, configuracao)
                VALUES (${A}, ${escalaTeste}, '2026-04-01', '{"v":2}')`),
    esperado: () => [faixa(E, '2026-03-31', '2026-06-01')],
    motivo: 'escala_versoes',
  });
  caso({
    nome: 'escala_versoes INSERT da última: da véspera ao horizonte',
    preparar: async (c) => void (await escalaPropria(c)),
    escrever: (c) =>
      c.run(sql`INSERT INTO escala_versoes (tenant_id, escala_id, valida_desde, configuracao)
                VALUES (${A}, ${escalaTeste}, '2026-07-01', '{"v":4}')`),
    esperado: async (c) => [faixa(E, '2026-06-30', await c.h('2026-07-01'))],
  });
  caso({
    nome: 'escala_versoes UPDATE da configuração da primeira: o período do funcionário nela',
    preparar: async (c) => void (await escalaPropria(c)),
    escrever: (c) =>
      c.run(sql`UPDATE escala_versoes SET configuracao = '{"v":9}'
                 WHERE escala_id = ${escalaTeste} AND valida_desde = '1900-01-01'`),
    esperado: () => [faixa(E, '2026-01-31', '2026-06-01')],
  });
  caso({
    nome: 'escala_versoes DELETE da última: da véspera ao horizonte',
    preparar: async (c) => void (await escalaPropria(c)),
    escrever: (c) =>
      c.run(sql`DELETE FROM escala_versoes WHERE escala_id = ${escalaTeste} AND valida_desde = '2026-06-01'`),
    esperado: async (c) => [faixa(E, '2026-05-31', await c.h('2026-06-01'))],
  });
  caso({
    nome: 'escala_versoes de uma escala que ninguém usa: nada',
    escrever: async (c) => {
      const [e] = await c.rows<{ id: number }>(
        sql`INSERT INTO escalas (tenant_id, descricao, tipo) VALUES (${A}, 'Sem uso', 'EQH') RETURNING id`,
      );
      await c.run(sql`INSERT INTO escala_versoes (tenant_id, escala_id, valida_desde, configuracao)
                      VALUES (${A}, ${e!.id}, '1900-01-01', '{}')`);
    },
    esperado: () => [],
  });

  // --- holidays -------------------------------------------------------------------------------
  const vinculados = (c: Contexto, d: string, onde: SQL = sql`true`) =>
    c
      .rows<{ id: number }>(
        sql`SELECT id FROM funcionarios WHERE tenant_id = ${A} AND data_admissao <= ${d}::date
              AND (data_demissao IS NULL OR data_demissao >= ${d}::date) AND ${onde} ORDER BY id`,
      )
      .then((r) => r.map((x) => x.id));
  const feriado = (c: Contexto, d: string, abrangencia: number, fixo = false, extra: SQL = sql`NULL, NULL`) =>
    c
      .rows<{ id: number }>(
        sql`INSERT INTO feriados (tenant_id, data, descricao, abrangencia, fixo, estado_id, cidade_id)
            VALUES (${A}, ${d}, ${`Feriado ${d} ${abrangencia}`}, ${abrangencia}, ${fixo}, ${extra}) RETURNING id`,
      )
      .then((r) => r[0]!.id);
  /** A position only E holds (from 2026-01-01). */
  const cargoProprio = async (c: Contexto) => {
    const [cg] = await c.rows<{ id: number }>(
      sql`INSERT INTO cargos (tenant_id, codigo, nome) VALUES (${A}, 'PEND', 'Cargo teste') RETURNING id`,
    );
    await c.run(
      sql`UPDATE funcionario_cargos SET data_final = '2025-12-31' WHERE funcionario_id = ${E} AND data_final IS NULL`,
    );
    await c.run(sql`INSERT INTO funcionario_cargos (tenant_id, funcionario_id, cargo_id, data_inicio)
                    VALUES (${A}, ${E}, ${cg!.id}, '2026-01-01')`);
    return cg!.id;
  };
  const feriadoDoCargo = async (c: Contexto, d = '2026-05-13') => {
    const [existente] = await c.rows<{ id: number }>(sql`SELECT id FROM cargos WHERE codigo = 'PEND'`);
    const cg = existente?.id ?? (await cargoProprio(c));
    const f = await feriado(c, d, 5);
    await c.run(
      sql`INSERT INTO feriado_cargos (tenant_id, feriado_id, cargo_id, excecao) VALUES (${A}, ${f}, ${cg}, false)`,
    );
    return f;
  };
  caso({
    nome: 'feriados INSERT federal (não fixo): todos os vinculados no dia',
    escrever: async (c) => void (await feriado(c, '2026-05-13', 1)),
    esperado: async (c) => (await vinculados(c, '2026-05-13')).map((id) => faixa(id, '2026-05-13')),
    motivo: 'feriados',
  });
  caso({
    nome: 'feriados INSERT federal fixo: o dia em cada ano da janela',
    escrever: async (c) => void (await feriado(c, '2026-08-15', 1, true)),
    esperado: async (c) => {
      const fim = await c.h(c.hoje);
      const out = [];
      for (let ano = Number(c.janela.slice(0, 4)); ano <= Number(fim.slice(0, 4)); ano++) {
        const d = `${ano}-08-15`;
        if ((d >= c.janela && d <= fim) || d === '2026-08-15')
          for (const id of await vinculados(c, d)) out.push(faixa(id, d));
      }
      return out;
    },
  });
  caso({
    nome: 'feriados INSERT fixo em 29/02: a data e os anos bissextos da janela, sem erro nos outros',
    escrever: async (c) => void (await feriado(c, '2024-02-29', 1, true)),
    esperado: async (c) => {
      const fim = await c.h(c.hoje);
      const bissexto = (a: number) => a % 4 === 0 && (a % 100 !== 0 || a % 400 === 0);
      const datas = new Set(['2024-02-29']);
      for (let ano = Number(c.janela.slice(0, 4)); ano <= Number(fim.slice(0, 4)); ano++)
        if (bissexto(ano) && `${ano}-02-29` >= c.janela && `${ano}-02-29` <= fim) datas.add(`${ano}-02-29`);
      const out = [];
      for (const d of datas) for (const id of await vinculados(c, d)) out.push(faixa(id, d));
      return out;
    },
  });
  caso({
    nome: 'feriados INSERT municipal: os vinculados da empresa daquela cidade',
    escrever: async (c) => void (await feriado(c, '2026-05-15', 3, false, sql`35, 3509502`)),
    esperado: async (c) => (await vinculados(c, '2026-05-15', sql`cnpj_id = 2`)).map((id) => faixa(id, '2026-05-15')),
  });
  caso({
    nome: 'feriados + feriado_cargos (abrangência Cargo): só quem tem o cargo no dia',
    preparar: async (c) => void (await cargoProprio(c)),
    escrever: async (c) => void (await feriadoDoCargo(c)),
    esperado: () => [faixa(E, '2026-05-13')],
  });
  caso({
    nome: 'feriados UPDATE da descrição: nada',
    preparar: async (c) => void (await feriadoDoCargo(c)),
    escrever: (c) => c.run(sql`UPDATE feriados SET descricao = 'Outro nome' WHERE data = '2026-05-13'`),
    esperado: () => [],
  });
  caso({
    nome: 'feriados UPDATE da data (Cargo): o dia antigo e o novo de quem tem o cargo',
    preparar: async (c) => void (await feriadoDoCargo(c)),
    escrever: (c) => c.run(sql`UPDATE feriados SET data = '2026-05-27' WHERE data = '2026-05-13' AND abrangencia = 5`),
    esperado: () => [faixa(E, '2026-05-13'), faixa(E, '2026-05-27')],
  });
  caso({
    nome: 'feriados DELETE (Cargo; as listas saem em cascata): quem tinha o cargo',
    preparar: async (c) => void (await feriadoDoCargo(c)),
    escrever: (c) => c.run(sql`DELETE FROM feriados WHERE data = '2026-05-13' AND abrangencia = 5`),
    esperado: () => [faixa(E, '2026-05-13')],
  });
  caso({
    nome: 'feriado_cargos DELETE (tirar o cargo da lista)',
    preparar: async (c) => void (await feriadoDoCargo(c)),
    escrever: (c) =>
      c.run(sql`DELETE FROM feriado_cargos WHERE cargo_id = (SELECT id FROM cargos WHERE codigo = 'PEND')`),
    esperado: () => [faixa(E, '2026-05-13')],
    motivo: 'feriado_cargos',
  });
  caso({
    nome: 'feriado_cargos INSERT na lista de um feriado federal, sem ser exceção: nada',
    preparar: async (c) => {
      await cargoProprio(c);
      await feriado(c, '2026-05-13', 1);
    },
    escrever: (c) =>
      c.run(sql`INSERT INTO feriado_cargos (tenant_id, feriado_id, cargo_id, excecao)
                SELECT ${A}, f.id, cg.id, false FROM feriados f, cargos cg WHERE f.data = '2026-05-13' AND cg.codigo = 'PEND'`),
    esperado: () => [],
  });
  caso({
    nome: 'feriado_funcionarios_excecao INSERT: só o funcionário excetuado',
    preparar: async (c) => void (await feriado(c, '2026-05-13', 1)),
    escrever: (c) =>
      c.run(sql`INSERT INTO feriado_funcionarios_excecao (tenant_id, feriado_id, funcionario_id)
                SELECT ${A}, id, ${E} FROM feriados WHERE data = '2026-05-13'`),
    esperado: () => [faixa(E, '2026-05-13')],
    motivo: 'feriado_funcionarios_excecao',
  });
  caso({
    nome: 'feriados DELETE de um federal com exceção: todos menos o excetuado',
    preparar: async (c) => {
      const f = await feriado(c, '2026-05-13', 1);
      await c.run(
        sql`INSERT INTO feriado_funcionarios_excecao (tenant_id, feriado_id, funcionario_id) VALUES (${A}, ${f}, ${E})`,
      );
    },
    escrever: (c) => c.run(sql`DELETE FROM feriados WHERE data = '2026-05-13'`),
    esperado: async (c) =>
      (await vinculados(c, '2026-05-13')).filter((id) => id !== E).map((id) => faixa(id, '2026-05-13')),
  });
  /** A department only E is in (E moved to its sector), and a holiday by cost centre on 2026-05-14. */
  const departamentoProprio = async (c: Contexto) => {
    const [d] = await c.rows<{ id: number }>(
      sql`INSERT INTO centros_custo (tenant_id, cnpj_id, pai_id, tipo, codigo, nome)
          VALUES (${A}, 1, NULL, 1, 'PD', 'Depto teste') RETURNING id`,
    );
    const [s] = await c.rows<{ id: number }>(
      sql`INSERT INTO centros_custo (tenant_id, cnpj_id, pai_id, tipo, codigo, nome)
          VALUES (${A}, 1, ${d!.id}, 2, 'PS', 'Setor teste') RETURNING id`,
    );
    await c.run(sql`UPDATE funcionarios SET centro_custo_id = ${s!.id} WHERE id = ${E}`);
    return { depto: d!.id, setor: s!.id, feriado: await feriado(c, '2026-05-14', 4) };
  };
  caso({
    nome: 'feriado_centros_custo INSERT do departamento: quem está nele ou abaixo',
    preparar: async (c) => void (await departamentoProprio(c)),
    escrever: (c) =>
      c.run(sql`INSERT INTO feriado_centros_custo (tenant_id, feriado_id, centro_custo_id, excecao)
                SELECT ${A}, f.id, cc.id, false FROM feriados f, centros_custo cc WHERE f.data = '2026-05-14' AND cc.codigo = 'PD'`),
    esperado: () => [faixa(E, '2026-05-14')],
    motivo: 'feriado_centros_custo',
  });
  caso({
    nome: 'funcionarios UPDATE do centro de custo: os dias dos feriados por centro de custo',
    preparar: async (c) => {
      const d = await departamentoProprio(c);
      await c.run(sql`INSERT INTO feriado_centros_custo (tenant_id, feriado_id, centro_custo_id, excecao)
                      VALUES (${A}, ${d.feriado}, ${d.depto}, false)`);
    },
    escrever: (c) => c.run(sql`UPDATE funcionarios SET centro_custo_id = 3 WHERE id = ${E}`),
    esperado: () => [faixa(E, '2026-05-14')],
    motivo: 'funcionarios',
  });
  caso({
    nome: 'centros_custo UPDATE do pai: quem está abaixo, nos dias dos feriados por centro de custo',
    preparar: async (c) => {
      const d = await departamentoProprio(c);
      await c.run(sql`INSERT INTO feriado_centros_custo (tenant_id, feriado_id, centro_custo_id, excecao)
                      VALUES (${A}, ${d.feriado}, ${d.depto}, false)`);
    },
    escrever: (c) => c.run(sql`UPDATE centros_custo SET pai_id = 1, tipo = 2 WHERE codigo = 'PD'`),
    esperado: () => [faixa(E, '2026-05-14')],
    motivo: 'centros_custo',
  });
  caso({
    nome: 'centros_custo UPDATE do nome: nada',
    escrever: (c) => c.run(sql`UPDATE centros_custo SET nome = 'Outro' WHERE id = 3`),
    esperado: () => [],
  });
  caso({
    nome: 'cnpjs UPDATE da cidade: os da empresa, nos dias dos feriados estaduais e municipais',
    preparar: async (c) => {
      await c.run(sql`DELETE FROM feriados WHERE abrangencia IN (2, 3)`);
      await feriado(c, '2026-05-15', 3, false, sql`35, 3509502`);
    },
    escrever: (c) => c.run(sql`UPDATE cnpjs SET cidade_id = 3550308 WHERE id = 2`),
    esperado: async (c) => (await vinculados(c, '2026-05-15', sql`cnpj_id = 2`)).map((id) => faixa(id, '2026-05-15')),
    motivo: 'cnpjs',
  });

  // --- justification type, bond -----------------------------------------------------------------
  caso({
    nome: 'justificativas UPDATE do tipo: as ocorrências e os ajustes que a usam',
    preparar: async (c) => {
      await ocorrencia(c, E);
      await ajuste(c, F, '2026-05-20');
    },
    escrever: (c) => c.run(sql`UPDATE justificativas SET tipo = 3 WHERE id = 1`),
    esperado: () => [faixa(E, '2026-05-04', '2026-05-08'), faixa(F, '2026-05-20')],
    motivo: 'justificativas',
  });
  caso({
    nome: 'justificativas UPDATE da descrição: nada',
    preparar: (c) => ocorrencia(c, E),
    escrever: (c) => c.run(sql`UPDATE justificativas SET descricao = 'Outra descrição' WHERE id = 1`),
    esperado: () => [],
  });
  caso({
    nome: 'funcionarios UPDATE da demissão: os dias que deixam o vínculo',
    escrever: (c) => c.run(sql`UPDATE funcionarios SET data_demissao = '2026-06-30' WHERE id = ${E}`),
    esperado: async (c) => {
      const h = await c.h('2025-01-01');
      return [faixa(E, dia(menor(h, '2026-06-30'), 1), maior(h, '2026-06-30'))];
    },
  });
  caso({
    nome: 'funcionarios UPDATE da admissão para antes: os dias acrescentados',
    escrever: (c) => c.run(sql`UPDATE funcionarios SET data_admissao = '2024-12-01' WHERE id = ${E}`),
    esperado: () => [faixa(E, '2024-12-01', '2024-12-31')],
  });
  caso({
    nome: 'funcionarios UPDATE da empresa: a janela inteira do vínculo',
    escrever: (c) => c.run(sql`UPDATE funcionarios SET cnpj_id = 2 WHERE id = ${E}`),
    esperado: async (c) => [faixa(E, maior('2025-01-01', c.janela), await c.h('2025-01-01'))],
  });
  caso({
    nome: 'funcionarios UPDATE do nome: nada',
    escrever: (c) => c.run(sql`UPDATE funcionarios SET nome = 'Outro Nome' WHERE id = ${E}`),
    esperado: () => [],
  });
  caso({
    nome: 'funcionarios DELETE leva as entradas em cascata sem pendências órfãs',
    escrever: (c) => c.run(sql`DELETE FROM funcionarios WHERE id = 4`),
    esperado: () => [],
  });

  // --- the write path others call ---------------------------------------------------------------
  caso({
    nome: 'marcarPendencias junta com a faixa não consumida que toca',
    preparar: (c) => ocorrencia(c, E, '2026-05-01', '2026-05-05'),
    escrever: async (c) => {
      await ocorrencia(c, E, '2026-05-01', '2026-05-05');
      await marcarPendencias(
        c.tx,
        A,
        [{ funcionarioId: E, dataInicio: '2026-05-06', dataFinal: '2026-05-10' }],
        'teste',
      );
    },
    esperado: () => [faixa(E, '2026-05-01', '2026-05-10')],
    motivo: 'teste',
  });

  it.each(casos.map((c) => [c.nome, c] as const))('%s', async (_nome, c) => {
    const r = await executar(c);
    expect(r.obtido).toEqual(r.esperado);
    if (c.motivo && r.obtido.length) expect(r.motivos).toEqual([c.motivo]);
  });

  it('uma escrita de outro cliente marca só os funcionários dele', async () => {
    const r = await executar(
      {
        nome: 'folga no cliente B',
        escrever: async (c) => {
          const [f] = await c.rows<{ id: number }>(sql`SELECT min(id) AS id FROM funcionarios`);
          await c.run(sql`INSERT INTO folgas (tenant_id, funcionario_id, data, usuario_nome)
                          VALUES (${B}, ${f!.id}, '2026-05-10', 'teste')`);
        },
        esperado: async (c) => {
          const [f] = await c.rows<{ id: number }>(sql`SELECT min(id) AS id FROM funcionarios`);
          return [faixa(f!.id, '2026-05-10')];
        },
      },
      B,
    );
    expect(r.obtido).toEqual(r.esperado);
    expect(r.obtido.every((f) => f.tenant === B)).toBe(true);
  });

  it('dias que uma faixa pendente já tem não a reescrevem (a mesma linha fica); dias novos a esticam', async () => {
    let antes = 0;
    let depois: number[] = [];
    let fim: number[] = [];
    const r = await executar({
      nome: 'dias já pendentes',
      escrever: async (c) => {
        [{ id: antes }] = (await c.rows<{ id: number }>(
          sql`INSERT INTO calculo_pendencias (tenant_id, funcionario_id, data_inicio, data_final, motivo)
              VALUES (${A}, ${E}, '2026-05-01', '2026-05-10', 'antes') RETURNING id::int AS id`,
        )) as [{ id: number }];
        await marcacao(c, E, '2026-05-05 08:00:00');
        await marcacao(c, E, '2026-05-09 08:00:00');
        depois = (await c.rows<{ id: number }>(sql`SELECT id::int AS id FROM calculo_pendencias`)).map((x) => x.id);
        await marcacao(c, E, '2026-05-11 08:00:00');
        fim = (await c.rows<{ id: number }>(sql`SELECT id::int AS id FROM calculo_pendencias`)).map((x) => x.id);
      },
      esperado: () => [faixa(E, '2026-05-01', '2026-05-12')],
    });
    expect(depois).toEqual([antes]);
    // Stretched in place (same row), not deleted and inserted again.
    expect(fim).toEqual([antes]);
    expect(r.obtido).toEqual(r.esperado);
  });

  it('um dia que junta duas faixas pendentes: fica a mais antiga, esticada sobre as duas', async () => {
    let ids: number[] = [];
    let fim: number[] = [];
    const r = await executar({
      nome: 'duas faixas juntas',
      escrever: async (c) => {
        ids = (
          await c.rows<{ id: number }>(
            sql`INSERT INTO calculo_pendencias (tenant_id, funcionario_id, data_inicio, data_final, motivo)
                VALUES (${A}, ${E}, '2026-05-01', '2026-05-03', 'antes'), (${A}, ${E}, '2026-05-05', '2026-05-07', 'antes')
                RETURNING id::int AS id`,
          )
        ).map((x) => x.id);
        await marcacao(c, E, '2026-05-04 08:00:00');
        fim = (await c.rows<{ id: number }>(sql`SELECT id::int AS id FROM calculo_pendencias`)).map((x) => x.id);
      },
      esperado: () => [faixa(E, '2026-05-01', '2026-05-07')],
    });
    expect(r.obtido).toEqual(r.esperado);
    expect(fim).toEqual([Math.min(...ids)]);
  });

  it('milhares de marcações em lotes: uma faixa por funcionário e sequência de dias', async () => {
    const r = await executar({
      nome: 'lotes',
      escrever: async (c) => {
        // Two statements (two import batches), 4 punches a day, 20 employees, 1–20 then 21–31 May.
        for (const [de, ate] of [
          [1, 20],
          [21, 31],
        ] as const) {
          await c.run(sql`
            WITH m AS (
              INSERT INTO marcacoes (tenant_id, cnpj_id, origem, nsr, data_hora, fuso, identificador)
              SELECT ${A}, 1, 'R', f.id * 100000 + d * 10 + k, make_timestamp(2026, 5, d, 6 + k * 3, 0, 0),
                     'America/Sao_Paulo', f.id::text
                FROM (SELECT id FROM funcionarios WHERE tenant_id = ${A} ORDER BY id LIMIT 20) f,
                     generate_series(${de}::int, ${ate}::int) d, generate_series(0, 3) k
              RETURNING id, data_hora, identificador)
            INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
            SELECT ${A}, id, identificador::int, data_hora, 'R' FROM m`);
        }
      },
      esperado: async (c) =>
        (
          await c.rows<{ id: number }>(sql`SELECT id FROM funcionarios WHERE tenant_id = ${A} ORDER BY id LIMIT 20`)
        ).map((f) => faixa(f.id, '2026-04-30', '2026-06-01')),
    });
    expect(r.obtido).toEqual(r.esperado);
    expect(r.obtido).toHaveLength(20);
  });

  it('vínculos inseridos com as pendências adiadas não marcam nada; marcarPendenciasDeVinculos marca os dias e vizinhos', async () => {
    let adiadas: unknown[] = [];
    const r = await executar({
      nome: 'adiadas',
      escrever: async (c) => {
        // Two batches of an import: employee E on 3 and 5 May, then on 10 May.
        const lote = (dias: number[]) =>
          semPendenciasDosVinculos(c.tx, () =>
            c.run(sql`
              WITH m AS (
                INSERT INTO marcacoes (tenant_id, cnpj_id, origem, nsr, data_hora, fuso, identificador)
                SELECT ${A}, 1, 'R', 990000 + d, make_timestamp(2026, 5, d, 8, 0, 0), 'America/Sao_Paulo', 'x'
                  FROM unnest(${`{${dias.join(',')}}`}::int[]) d
                RETURNING id, data_hora)
              INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
              SELECT ${A}, id, ${E}, data_hora, 'R' FROM m`),
          );
        await lote([3, 5]);
        await lote([10]);
        adiadas = await c.rows(sql`SELECT id FROM calculo_pendencias`);
        // What the import does at its end with the days its batches answered (twice, as after a resume).
        const dias = new Map([[E, ['2026-05-10', '2026-05-03', '2026-05-05', '2026-05-03']]]);
        await marcarPendenciasDeVinculos(c.tx, A, dias);
        await marcarPendenciasDeVinculos(c.tx, A, dias);
      },
      // Each day ±1 (the links trigger's neighbour rule): 2–6 May (3 and 5 overlap on the 4th) and 9–11 May.
      esperado: () => [faixa(E, '2026-05-02', '2026-05-06'), faixa(E, '2026-05-09', '2026-05-11')],
      motivo: 'marcacao_funcionarios',
    });
    expect(adiadas).toEqual([]);
    expect(r.obtido).toEqual(r.esperado);
    expect(r.motivos).toEqual(['marcacao_funcionarios']);
  });

  it('depois de semPendenciasDosVinculos, a mesma transação volta a marcar os vínculos que insere', async () => {
    const r = await executar({
      nome: 'volta',
      escrever: async (c) => {
        await semPendenciasDosVinculos(c.tx, async () => undefined);
        await c.run(sql`
          WITH m AS (
            INSERT INTO marcacoes (tenant_id, cnpj_id, origem, nsr, data_hora, fuso, identificador)
            VALUES (${A}, 1, 'R', 987654, '2026-05-15 08:00', 'America/Sao_Paulo', 'x') RETURNING id, data_hora)
          INSERT INTO marcacao_funcionarios (tenant_id, marcacao_id, funcionario_id, data_hora, origem)
          SELECT ${A}, id, ${E}, data_hora, 'R' FROM m`);
      },
      esperado: () => [faixa(E, '2026-05-14', '2026-05-16')],
    });
    expect(r.obtido).toEqual(r.esperado);
  });
});

describe('jornada_fim_periodo = periodoFechamentoDaData(...).fim', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('pglite', { seed: false });
  });
  afterAll(() => env.close());

  it('em todo dia de 2027 e 2028 (bissexto), para cada par de dias de fechamento', async () => {
    const rows = await queryRows<{ inicio: number; d: string; fim: string }>(
      env.database.owner,
      sql`SELECT i AS inicio, d::date::text AS d, jornada_fim_periodo(CASE WHEN i = 1 THEN 31 ELSE i - 1 END, d::date)::text AS fim
            FROM generate_series(1, 31) i, generate_series('2027-01-01'::date, '2028-12-31'::date, '1 day') d`,
    );
    const errados = rows.filter(
      (r) =>
        periodoFechamentoDaData({ diaInicioFechamento: r.inicio, diaFinalFechamento: diaFinalPara(r.inicio) }, r.d)
          .fim !== r.fim,
    );
    expect(rows).toHaveLength(31 * 731);
    expect(errados).toEqual([]);
  });
});

describe('jornada_horizonte = fim do período de fechamento do dia (ou de hoje, na zona da empresa)', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('pglite');
  });
  afterAll(() => env.close());

  it('lê o fechamento e a zona da empresa do cliente; antes de hoje vale hoje', async () => {
    // A closing from the 21st to the 20th and a zone four hours behind UTC, so neither default could pass.
    await env.database.owner.execute(
      sql`UPDATE empresas SET dia_inicio_fechamento = 21, dia_final_fechamento = 20, fuso_horario = 'America/Manaus'
           WHERE tenant_id = ${A}`,
    );
    const dias = { diaInicioFechamento: 21, diaFinalFechamento: 20 };
    const rows = await queryRows<{ d: string; h: string; agora: string }>(
      env.database.owner,
      sql`SELECT d::date::text AS d, jornada_horizonte(${A}::int, d::date)::text AS h, now()::text AS agora
            FROM generate_series(current_date - 400, current_date + 400, '3 days') d`,
    );
    const hoje = localDate(new Date(rows[0]!.agora), 'America/Manaus');
    const errados = rows.filter((r) => r.h !== periodoFechamentoDaData(dias, maior(r.d, hoje)).fim);
    expect(rows.length).toBeGreaterThan(250);
    expect(errados).toEqual([]);
  });
});

/**
 * Concurrent writers on PostgreSQL (decision 0053): two transactions writing
 * the same employee's inputs at once both leave their days; a writer never
 * waits for a row another writer or a consumer holds.
 */
if (backends().includes('postgres')) {
  describe('pendências de cálculo com escritas simultâneas [postgres]', () => {
    let env: TestEnv;
    let pool: pg.Pool;
    beforeAll(async () => {
      env = await createTestEnv('postgres');
      pool = (env.database.owner as unknown as { $client: pg.Pool }).$client;
    });
    afterAll(() => env.close());

    /** A connection in a transaction as the app role of tenant A. */
    async function abrir(): Promise<pg.PoolClient> {
      const c = await pool.connect();
      await c.query('BEGIN');
      await c.query(`SELECT set_config('role', 'jornada_app', true), jornada_definir_tenant(${A})`);
      return c;
    }
    const folga = (c: pg.PoolClient, d: string) =>
      c.query(`INSERT INTO folgas (tenant_id, funcionario_id, data, usuario_nome) VALUES (${A}, ${E}, '${d}', 't')`);
    async function fechar(...cs: pg.PoolClient[]) {
      for (const c of cs) {
        await c.query('COMMIT');
        c.release();
      }
    }
    /** Every marked day of E, one per row of the answer. */
    const diasMarcados = async () =>
      (
        await pool.query<{ d: string }>(
          `SELECT DISTINCT g::date::text AS d FROM calculo_pendencias p,
                  generate_series(p.data_inicio, p.data_final, '1 day') g
            WHERE p.funcionario_id = ${E} ORDER BY 1`,
        )
      ).rows.map((r) => r.d);
    const dias = (de: number, ate: number) =>
      Array.from({ length: ate - de + 1 }, (_, i) => `2026-05-${String(de + i).padStart(2, '0')}`);

    beforeEach(async () => {
      await pool.query(`DELETE FROM folgas; DELETE FROM ocorrencias; DELETE FROM calculo_pendencias`);
    });

    it('duas transações abertas ao mesmo tempo no mesmo funcionário: as duas deixam seus dias', async () => {
      const t1 = await abrir();
      const t2 = await abrir();
      await folga(t1, '2026-05-10');
      await folga(t2, '2026-05-11');
      await t2.query(`INSERT INTO ocorrencias (tenant_id, funcionario_id, data_inicio, data_final, justificativa_id, usuario_nome)
                      VALUES (${A}, ${E}, '2026-05-12', '2026-05-14', 1, 't')`);
      await folga(t1, '2026-05-09');
      await fechar(t1, t2);
      expect(await diasMarcados()).toEqual(dias(9, 14));
    });

    /** An unconsumed row of E from 1 May to `ate`, written before the test's transactions. */
    const faixaAntes = (ate: string) =>
      pool.query(`INSERT INTO calculo_pendencias (tenant_id, funcionario_id, data_inicio, data_final, motivo)
                  VALUES (${A}, ${E}, '2026-05-01', '${ate}', 'antes')`);
    /** What a consumer round takes of E. */
    const PEGA = `SELECT id FROM calculo_pendencias WHERE funcionario_id = ${E} FOR UPDATE SKIP LOCKED`;

    it('uma faixa presa por outro escritor não faz esperar: cada um deixa a sua', async () => {
      await faixaAntes('2026-05-05');
      const t1 = await abrir();
      await folga(t1, '2026-05-06'); // absorbs 01–05 and holds it until commit
      const t2 = await abrir();
      await folga(t2, '2026-05-07'); // would wait forever (test timeout) if it did not skip the held row
      await fechar(t2, t1);
      expect(await diasMarcados()).toEqual(dias(1, 7));
    });

    // A writer never waits for a row a consumer has taken (the test would time out), and the consumer's delete
    // never takes the writer's day with it, whether that day is beside the taken row or inside it.
    it.each([
      ['ao lado da', '2026-05-05', '2026-05-06'],
      ['dentro da', '2026-05-10', '2026-05-05'],
    ])('um consumidor com a faixa presa: o dia de um escritor %s faixa fica numa faixa nova', async (_, ate, dia) => {
      await faixaAntes(ate);
      const consumidor = await abrir();
      const { rows } = await consumidor.query<{ id: string }>(PEGA);
      const escritor = await abrir();
      await folga(escritor, dia);
      await fechar(escritor);
      await consumidor.query(`DELETE FROM calculo_pendencias WHERE id = ANY($1::bigint[])`, [rows.map((r) => r.id)]);
      await fechar(consumidor);
      expect(await diasMarcados()).toEqual([dia]);
    });

    it('um escritor cujos dias uma faixa já tem a prende até o commit: o consumidor a pula, sem esperar', async () => {
      await faixaAntes('2026-05-10');
      const escritor = await abrir();
      await folga(escritor, '2026-05-05');
      const consumidor = await abrir();
      // Taken now, the row would be calculated and deleted without the day off the writer has not committed.
      expect((await consumidor.query(PEGA)).rows).toEqual([]);
      await fechar(escritor);
      expect((await consumidor.query(PEGA)).rows).toHaveLength(1);
      await fechar(consumidor);
      expect(await diasMarcados()).toEqual(dias(1, 10));
    });

    /** The consumer's jobs of tenant A not yet taken. */
    const jobsEsperando = async () =>
      Number(
        (
          await pool.query<{ n: string }>(
            `SELECT count(*) AS n FROM ${JOB_SCHEMA}.job
              WHERE name = '${PENDENCIAS_QUEUE}' AND singleton_key = '${A}' AND state = 'created'`,
          )
        ).rows[0]!.n,
      );

    // Decision 0085: the job's row is unique per tenant; inserted at the first dirty row, it held every other
    // writer of the tenant until the first one committed (a day action's whole recalculation). At the commit,
    // two writers open at once no longer wait for each other (this test would time out).
    it('dois escritores do mesmo cliente sem tarefa na fila: o segundo não espera o primeiro; uma tarefa fica', async () => {
      await pool.query(`DELETE FROM ${JOB_SCHEMA}.job WHERE name = '${PENDENCIAS_QUEUE}'`);
      const t1 = await abrir();
      await folga(t1, '2026-05-10');
      const t2 = await abrir();
      await folga(t2, '2026-05-11');
      await fechar(t2);
      expect(await jobsEsperando()).toBe(1);
      await fechar(t1);
      expect(await jobsEsperando()).toBe(1);
      expect(await diasMarcados()).toEqual(dias(10, 11));
    });

    it('quem consome na mesma transação os dias que marcou não põe tarefa na fila', async () => {
      await pool.query(`DELETE FROM ${JOB_SCHEMA}.job WHERE name = '${PENDENCIAS_QUEUE}'`);
      const t = await abrir();
      await folga(t, '2026-05-10');
      await t.query(`DELETE FROM calculo_pendencias WHERE funcionario_id = ${E}`);
      await fechar(t);
      expect(await jobsEsperando()).toBe(0);
      const outro = await abrir();
      await folga(outro, '2026-05-12');
      await fechar(outro);
      expect(await jobsEsperando()).toBe(1);
    });

    it('vinte transações simultâneas pelo pool da aplicação: nenhum dia perdido', async () => {
      await Promise.all(
        dias(1, 20).map((d) =>
          withTenant(env.database.app, A, (tx) =>
            tx.execute(
              sql`INSERT INTO folgas (tenant_id, funcionario_id, data, usuario_nome) VALUES (${A}, ${E}, ${d}, 't')`,
            ),
          ),
        ),
      );
      expect(await diasMarcados()).toEqual(dias(1, 20));
    });
  });
}
