import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { withTenant } from '../../db/tenant-tx.js';
import { backends, createTestEnv, describeEachBackend, type TestEnv } from '../../../test/harness.js';
import { demoIds } from '../../../test/scope-fixtures.js';
import { afdRepository, type DestinoLote } from './afd.repository.js';
import type { MarcacaoLida } from './leitura.js';

/**
 * How a batch of punches is stored (afdRepository.inserirLote, decision
 * 0061): plainly when nothing stored can collide with it, the careful way
 * (ON CONFLICT) when it overlaps what is stored or repeats a key, and the
 * careful way again when a key committed by another writer meanwhile makes
 * the plain insert fail.
 */
interface Cenario {
  tenantId: number;
  funcionarioId: number;
  destino: (relogio: string) => DestinoLote;
}

async function cenario(env: TestEnv): Promise<Cenario> {
  const ids = await demoIds(env);
  const [f] = await queryRows<{ id: number; tenantId: number }>(
    env.database.owner,
    sql`SELECT id, tenant_id AS "tenantId" FROM funcionarios WHERE cnpj_id = ${ids.principal} AND ativo ORDER BY id LIMIT 1`,
  );
  return {
    tenantId: f!.tenantId,
    funcionarioId: f!.id,
    destino: (relogio) => ({ cnpjId: ids.principal, fuso: 'America/Sao_Paulo', importacaoId: null, relogio }),
  };
}

/** Punches NSR `de`..`ate` of one person, a minute apart from 08:00 on 2 March 2026. */
function lote(de: number, ate: number, funcionarioId: number | null): MarcacaoLida[] {
  return Array.from({ length: ate - de + 1 }, (_, k) => {
    const nsr = de + k;
    const dataHora = `2026-03-02 08:${String(nsr).padStart(2, '0')}:00`;
    return {
      origem: 'R' as const,
      nsr,
      dataHora,
      dataHoraArquivo: dataHora,
      instante: null,
      deslocamento: null,
      identificador: '012345678909',
      funcionarioId,
    };
  });
}

async function gravadas(env: TestEnv, relogio: string) {
  return queryRows<{ nsr: number; vinculos: number }>(
    env.database.owner,
    sql`SELECT m.nsr::int AS nsr, (SELECT count(*)::int FROM marcacao_funcionarios v WHERE v.marcacao_id = m.id) AS vinculos
          FROM marcacoes m WHERE m.relogio = ${relogio} ORDER BY m.nsr`,
  );
}

describeEachBackend('lote de marcações do AFD', (backend) => {
  let env: TestEnv;
  let c: Cenario;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    c = await cenario(env);
  });
  afterAll(() => env.close());

  const inserir = (relogio: string, m: MarcacaoLida[]) =>
    withTenant(env.database.app, c.tenantId, (tx) => afdRepository.inserirLote(tx, c.tenantId, c.destino(relogio), m));

  it('um lote que se sobrepõe ao que está gravado grava só as novas, com os vínculos delas', async () => {
    const relogio = '00004000000000301';
    expect(await inserir(relogio, lote(1, 3, c.funcionarioId))).toMatchObject({ novas: 3, vinculadas: 3 });
    const segundo = await inserir(relogio, lote(2, 6, c.funcionarioId));
    expect(segundo).toMatchObject({ novas: 3, vinculadas: 3, dias: [[c.funcionarioId, ['2026-03-02']]] });
    expect(await gravadas(env, relogio)).toEqual([1, 2, 3, 4, 5, 6].map((nsr) => ({ nsr, vinculos: 1 })));
  });

  it('uma linha repetida no mesmo lote fica gravada uma vez', async () => {
    const relogio = '00004000000000302';
    const m = lote(1, 4, c.funcionarioId);
    expect(await inserir(relogio, [...m, m[2]!, m[0]!])).toMatchObject({ novas: 4, vinculadas: 4 });
    expect((await gravadas(env, relogio)).map((g) => g.nsr)).toEqual([1, 2, 3, 4]);
  });

  it('o mesmo NSR com outra hora é outra marcação; sem funcionário, fica sem vínculo', async () => {
    const relogio = '00004000000000303';
    await inserir(relogio, lote(1, 2, null));
    const outraHora = lote(1, 2, null).map((r) => {
      const dataHora = r.dataHora.replace('08:', '09:');
      return { ...r, dataHora, dataHoraArquivo: dataHora };
    });
    expect(await inserir(relogio, outraHora)).toMatchObject({ novas: 2, vinculadas: 0, dias: [] });
    expect(await gravadas(env, relogio)).toEqual([
      { nsr: 1, vinculos: 0 },
      { nsr: 1, vinculos: 0 },
      { nsr: 2, vinculos: 0 },
      { nsr: 2, vinculos: 0 },
    ]);
  });

  it('a chave é a hora escrita no arquivo: uma marcação gravada antes da migração 0014 não entra de novo convertida', async () => {
    const relogio = '00004000000000305';
    // Stored before 0014: data_hora as written (07:00, the file said -0400), no data_hora_arquivo.
    await env.database.owner.execute(
      sql`INSERT INTO marcacoes (tenant_id, cnpj_id, origem, relogio, nsr, data_hora, fuso, instante, deslocamento,
                                 identificador)
          VALUES (${c.tenantId}, ${c.destino(relogio).cnpjId}, 'P', ${relogio}, 1, '2026-03-02 07:00:00',
                  'America/Sao_Paulo', '2026-03-02 07:00:00-04:00', '-0400', '012345678909')`,
    );
    const convertida: MarcacaoLida = {
      ...lote(1, 1, c.funcionarioId)[0]!,
      origem: 'P',
      dataHora: '2026-03-02 08:00:00',
      dataHoraArquivo: '2026-03-02 07:00:00',
      instante: '2026-03-02 07:00:00-04:00',
      deslocamento: '-0400',
    };
    expect(await inserir(relogio, [convertida])).toMatchObject({ novas: 0, vinculadas: 0 });
    // The same line written at another time is another punch, stored with both times.
    const outra = { ...convertida, dataHora: '2026-03-02 09:00:00', dataHoraArquivo: '2026-03-02 08:00:00' };
    expect(await inserir(relogio, [outra])).toMatchObject({ novas: 1, vinculadas: 1 });
    expect(
      await queryRows(
        env.database.owner,
        sql`SELECT data_hora::text AS "dataHora", data_hora_arquivo::text AS "dataHoraArquivo" FROM marcacoes
             WHERE relogio = ${relogio} ORDER BY data_hora`,
      ),
    ).toEqual([
      { dataHora: '2026-03-02 07:00:00', dataHoraArquivo: null },
      { dataHora: '2026-03-02 09:00:00', dataHoraArquivo: '2026-03-02 08:00:00' },
    ]);
  });
});

if (backends().includes('postgres')) {
  describe('lote de marcações do AFD ao lado de outro escritor [postgres]', () => {
    let env: TestEnv;
    let c: Cenario;
    beforeAll(async () => {
      env = await createTestEnv('postgres');
      c = await cenario(env);
    });
    afterAll(() => env.close());

    it('uma chave que outro grava enquanto o lote entra: o lote espera, não falha e não a grava de novo', async () => {
      const relogio = '00004000000000304';
      const outro = new pg.Client({ connectionString: env.databaseUrl });
      await outro.connect();
      try {
        // Another writer (another import of the same file, a clock) holds NSR 3, not yet committed: the batch's
        // range check cannot see it, so the batch goes the plain way and meets it in the unique index.
        await outro.query('BEGIN');
        await outro.query(
          `INSERT INTO marcacoes (tenant_id, cnpj_id, origem, relogio, nsr, data_hora, fuso, identificador)
           VALUES ($1, $2, 'R', $3, 3, '2026-03-02 08:03:00', 'America/Sao_Paulo', '012345678909')`,
          [c.tenantId, c.destino(relogio).cnpjId, relogio],
        );
        const gravando = withTenant(env.database.app, c.tenantId, (tx) =>
          afdRepository.inserirLote(tx, c.tenantId, c.destino(relogio), lote(1, 5, c.funcionarioId)),
        );
        // Until the batch is seen waiting for the other's row (its insert is in the unique index).
        for (let i = 0; ; i++) {
          const [espera] = await queryRows<{ n: number }>(
            env.database.owner,
            sql`SELECT count(*)::int AS n FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO marcacoes%'`,
          );
          if (espera!.n > 0) break;
          if (i > 200) throw new Error('o lote não chegou a esperar pela chave do outro');
          await new Promise((r) => setTimeout(r, 25));
        }
        await outro.query('COMMIT');
        expect(await gravando).toMatchObject({ novas: 4, vinculadas: 4 });
      } finally {
        await outro.end();
      }
      // NSR 3 is the other writer's, with no link from this batch; the others are the batch's, linked.
      expect(await gravadas(env, relogio)).toEqual([
        { nsr: 1, vinculos: 1 },
        { nsr: 2, vinculos: 1 },
        { nsr: 3, vinculos: 0 },
        { nsr: 4, vinculos: 1 },
        { nsr: 5, vinculos: 1 },
      ]);
    });
  });
}
