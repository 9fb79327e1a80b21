import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { escalaApi } from '@jornada/contracts';
import { escalaVersoes, funcionarioEscalas, funcionarios } from '../../db/schema/index.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, type TestEnv } from '../../../test/harness.js';
import { demoIds, type DemoIds } from '../../../test/scope-fixtures.js';
import { escalaValida } from '../../../test/escala-fixtures.js';

const M = escalaApi.ESCALA_MSG;

/**
 * Two operators saving the same schedule at once (issue 10: never a 5xx). On
 * PostgreSQL the requests really run in parallel; the schedule's row lock
 * makes the changes of one schedule run one after another.
 */
describeEachBackend('Escalas de Horários sob concorrência', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
  });
  afterAll(() => env.close());

  const post = (path: string, body: unknown) =>
    call(env.app, `/api/configuracao-escala/${path}`, body, { token: admin });
  const versoes = async (escalaId: number) =>
    (await env.database.owner.select().from(escalaVersoes).where(eq(escalaVersoes.escalaId, escalaId))).map(
      (v) => v.validaDesde,
    );

  it('10 simultaneous saves of one description: one 200, the rest a Portuguese 400/409', async () => {
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('salvar', { configuracao: escalaValida(i % 2 ? 'CORRIDA' : 'Corrida') }),
      ),
    );
    expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of rs.filter((x) => x.status !== 200)) {
      expect([400, 409]).toContain(r.status);
      expect(r.body).toEqual({ mensagem: M.descricaoEmUso });
    }
  });

  it('10 simultaneous alters of an unused schedule: all 200, still one version, one of the sent documents', async () => {
    const { body } = await post('salvar', { configuracao: escalaValida('Paralela livre') });
    const id = body.idContrato as number;
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const c = escalaValida('Paralela livre');
        c.politicaAtraso.atrasoMaximoDiaMinuto = i;
        return post('alterar', { idContrato: id, configuracao: c });
      }),
    );
    expect(rs.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await versoes(id)).toEqual(['1900-01-01']);
  });

  it('10 simultaneous alters of a schedule in use, with dates in any order: no 5xx, one version per date', async () => {
    const { body } = await post('salvar', { configuracao: escalaValida('Paralela em uso') });
    const id = body.idContrato as number;
    const [f] = await env.database.owner
      .insert(funcionarios)
      .values({
        tenantId: ids.demo,
        cnpjId: ids.principal,
        centroCustoId: ids.cc.get('Administrativo')!,
        nome: 'Concorrente',
        cpf: '98765432100',
        cracha: 'C1',
        registro: 'C1',
        dataAdmissao: '2026-01-01',
        dataAtivacao: '2026-01-01',
      })
      .returning();
    await env.database.owner
      .insert(funcionarioEscalas)
      .values({ tenantId: ids.demo, funcionarioId: f!.id, escalaId: id, dataInicio: '2026-01-01' });
    const datas = ['2026-03-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-02-15'];
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('alterar', { idContrato: id, configuracao: escalaValida('Paralela em uso'), aPartirDe: datas[i % 5] }),
      ),
    );
    for (const r of rs) {
      expect([200, 400, 409], JSON.stringify(r.body)).toContain(r.status);
      if (r.status === 400) expect(r.body.mensagem).toMatch(/^A data "A partir de" não pode ser anterior/);
    }
    const v = await versoes(id);
    expect(new Set(v).size).toBe(v.length);
    expect(v.length).toBeGreaterThanOrEqual(2);
  });

  it('alter, delete and the cycle list of a rotation at once: no 5xx', async () => {
    const lista = await post('salvar-ciclos', {
      descricaoCiclos: 'Corrida de ciclos',
      ciclos: [
        { posicao: 1, diasTrabalhados: 1, diasFolgas: 1, fatorRepeticao: 1, entrada1: '07:00', saida1: '19:00' },
      ],
    });
    const idCiclo = lista.body.idCiclo as number;
    const { body } = await post('salvar', { configuracao: escalaValida('Corrida de exclusão') });
    const id = body.idContrato as number;
    const erc = escalaValida('Corrida de exclusão', {
      tipoEscala: 'ERC',
      revezamento: { idCiclo, validarFechamento: false, horasFechamento: null },
    });
    const rs = await Promise.all([
      post('alterar', { idContrato: id, configuracao: erc }),
      post('excluir', { idContrato: id }),
      post('alterar', { idContrato: id, configuracao: escalaValida('Corrida de exclusão') }),
      post('excluir-ciclo', { ciclo: { id: idCiclo } }),
      post('salvar', { configuracao: { ...erc, descricao: 'Corrida ERC nova' } }),
    ]);
    for (const r of rs) expect([200, 400, 404, 409], JSON.stringify(r.body)).toContain(r.status);
  });
});
