import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { writeAfd671, type Afd671Entry } from '@jornada/fiscal';
import { queryRows } from '../../db/client.js';
import { withTenant } from '../../db/tenant-tx.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, upload, type TestEnv } from '../../../test/harness.js';
import { demoIds, type DemoIds } from '../../../test/scope-fixtures.js';
import { vincularMarcacoesSemVinculo } from './vinculos.service.js';

const RELOGIO = '00004000000000175';
const at = (local: string) => ({ local, offset: '-0300' });
const punch = (local: string, cpf: string): Afd671Entry => ({ type: 3, dateTime: at(local), cpf });

/**
 * Decision 0075: a closed period's punch links are frozen in the database. An AFD with punches of a closed
 * period is imported whole: every punch is stored, those of the closed days without their link (reported with
 * their lines); the employee's registers link nothing there either; Abrir período links them.
 */
describeEachBackend('AFD com marcações de um período fechado', (backend) => {
  let env: TestEnv;
  let token: string;
  let ids: DemoIds;
  let numero: string;
  let ana: { id: number; nome: string; cpf: string };
  let bruno: { id: number; nome: string; cpf: string };

  const owner = <T>(q: ReturnType<typeof sql>) => queryRows<T>(env.database.owner, q);

  beforeAll(async () => {
    env = await createTestEnv(backend);
    token = await login(env.app, ADMIN);
    ids = await demoIds(env);
    [{ numero } = { numero: '' }] = await owner<{ numero: string }>(
      sql`SELECT numero FROM cnpjs WHERE id = ${ids.principal}`,
    );
    const dois = await owner<{ id: number; nome: string; cpf: string }>(
      sql`SELECT id, nome, cpf FROM funcionarios WHERE cnpj_id = ${ids.principal} AND ativo ORDER BY id LIMIT 2`,
    );
    [ana, bruno] = [dois[0]!, dois[1]!];
  });
  afterAll(() => env.close());

  const vinculos = () =>
    owner<{ nsr: number; funcionarioId: number | null }>(
      sql`SELECT m.nsr::int AS nsr, mf.funcionario_id AS "funcionarioId"
            FROM marcacoes m LEFT JOIN marcacao_funcionarios mf ON mf.marcacao_id = m.id
           WHERE m.relogio = ${RELOGIO} ORDER BY m.nsr`,
    );

  it('stores every punch, leaves the closed days unlinked with a finding, and Abrir período links them', async () => {
    const [periodo] = await owner<{ id: number }>(
      sql`INSERT INTO periodos_funcionario (tenant_id, funcionario_id, data_inicio, data_final, fechado, usuario_nome)
          VALUES (${ids.demo}, ${ana.id}, '2025-06-01', '2025-06-30', true, 'Teste') RETURNING id::int AS id`,
    );
    try {
      const conteudo = writeAfd671({
        repKind: 'REP_C',
        employer: { idKind: 1, id: numero, name: 'EMPRESA' },
        repIdentifier: RELOGIO,
        developer: { idKind: 1, id: '11444777000161' },
        model: 'TESTE',
        firstDate: '2025-06-01',
        lastDate: '2025-07-31',
        generatedAt: at('2025-08-01T09:00'),
        entries: [
          punch('2025-06-02T08:00', ana.cpf),
          punch('2025-06-02T08:05', bruno.cpf),
          punch('2025-06-30T17:00', ana.cpf),
          punch('2025-07-01T08:00', ana.cpf),
        ],
      }).bytes;
      const r = await upload(
        env.app,
        '/api/afd/upload',
        {
          jsonRequisicao: {
            numeroPortaria: '671',
            numCnpjRelogio: numero,
            cnpj: { id: ids.principal },
            dataInicio: '2025-06-01',
            dataFinal: '2025-07-31',
            nomeDocumento: 'AFD',
            nomeArquivo: 'afd.txt',
            servico: 'arquivoAFD',
            tipoDocumento: 'txt',
            usuarioRequisicao: { id: 1 },
          },
        },
        { nomeArquivo: `AFD${RELOGIO}.txt`, conteudo, campo: 'afdStream' },
        { token },
      );
      expect(r.status).toBe(200);
      await env.jobs.drain();
      const s = (
        await call(env.app, `/api/solicitacao-documento/buscar?fdb=f&id=${r.body.id}`, undefined, {
          token,
          method: 'GET',
        })
      ).body;
      expect(s.status).toBe('PROCESSADO');
      expect((s.mensagem as string).split('#')).toContain(
        `Linha 2: 2 marcações de ${ana.nome} em período fechado gravadas sem vínculo (linhas 2, 4): serão vinculadas quando o período for aberto.`,
      );
      expect(await vinculos()).toEqual([
        { nsr: 1, funcionarioId: null },
        { nsr: 2, funcionarioId: bruno.id },
        { nsr: 3, funcionarioId: null },
        { nsr: 4, funcionarioId: ana.id },
      ]);
      const [{ resultado } = { resultado: null }] = await owner<{ resultado: Record<string, unknown> }>(
        sql`SELECT resultado FROM afd_importacoes WHERE solicitacao_id = ${r.body.id}`,
      );
      expect(resultado).toMatchObject({ novas: 4, vinculadas: 2, semVinculo: 2 });

      // Saving the employee (the registers' hook) links nothing of the closed period, and fails nothing.
      expect(
        await withTenant(env.database.app, ids.demo, (tx) =>
          vincularMarcacoesSemVinculo({ tx, tenantId: ids.demo }, [ana.id]),
        ),
      ).toBe(0);

      expect(
        await call(env.app, '/api/controle-ponto/abrir-periodo', { idPeriodoFechamento: periodo!.id }, { token }),
      ).toMatchObject({ status: 200 });
      expect(await vinculos()).toEqual([
        { nsr: 1, funcionarioId: ana.id },
        { nsr: 2, funcionarioId: bruno.id },
        { nsr: 3, funcionarioId: ana.id },
        { nsr: 4, funcionarioId: ana.id },
      ]);
    } finally {
      await owner(sql`DELETE FROM periodos_funcionario WHERE funcionario_id = ${ana.id}`);
    }
  });
});
