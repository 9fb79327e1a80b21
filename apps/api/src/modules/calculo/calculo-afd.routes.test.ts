import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { writeAfd671, type Afd671Entry, type Afd671Input } from '@jornada/fiscal';
import { queryRows } from '../../db/client.js';
import { ADMIN, call, createTestEnv, describeEachBackend, login, upload, type TestEnv } from '../../../test/harness.js';
import { escalaValida } from '../../../test/escala-fixtures.js';
import { novoFuncionario, refsDoTenant } from '../../../test/funcionario-fixtures.js';
import { demoIds, type DemoIds } from '../../../test/scope-fixtures.js';

/**
 * Issue 23 §0: two numbers that were wrong only once punches came in through an AFD and were calculated —
 * a REP-P offset other than the company's zone, and a month whose schedule changed its horasDSR. Each test
 * goes the whole way: upload, the import job, Calcular, the stored results.
 */

const STD = ['08:00', '12:00', '13:00', '17:00'];

/** Days from `de` to `ate` (inclusive), yyyy-mm-dd. */
function dias(de: string, ate: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${de}T00:00:00Z`); d <= new Date(`${ate}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1))
    out.push(d.toISOString().slice(0, 10));
  return out;
}
const diaDaSemana = (dia: string) => new Date(`${dia}T00:00:00Z`).getUTCDay();

function afd(numero: string, over: Partial<Afd671Input> & Pick<Afd671Input, 'entries'>): Buffer {
  return writeAfd671({
    repKind: 'REP_C',
    employer: { idKind: 1, id: numero, name: 'EMPRESA' },
    repIdentifier: '00004000000000900',
    developer: { idKind: 1, id: '11444777000161' },
    model: 'TESTE',
    firstDate: '2025-04-01',
    lastDate: '2025-06-30',
    generatedAt: { local: '2025-07-01T09:00', offset: '-0300' },
    ...over,
  }).bytes;
}

describeEachBackend('punches imported from an AFD, then calculated (issue 23 §0)', (backend) => {
  let env: TestEnv;
  let token: string;
  let ids: DemoIds;
  let numero: string;
  let refs: Awaited<ReturnType<typeof refsDoTenant>>;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    token = await login(env.app, ADMIN);
    ids = await demoIds(env);
    refs = await refsDoTenant(env, ids.demo);
    [{ numero } = { numero: '' }] = await queryRows<{ numero: string }>(
      env.database.owner,
      sql`SELECT numero FROM cnpjs WHERE id = ${ids.principal}`,
    );
  });
  afterAll(() => env.close());

  const post = async (path: string, body: unknown) => {
    const r = await call(env.app, path, body, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  /** A new employee of the main company on `escala` from `desde`. */
  const contratar = async (n: number, escala: number, desde: string) => {
    const base = {
      cnpj: ids.principal,
      centroCusto: ids.cc.get('Contas a Pagar')!,
      cargo: [...refs.cargos.values()][0]!,
      escala,
    };
    const body = { ...novoFuncionario(n, base, { dataAdmissao: desde }), dataInicioContrato: desde };
    return { id: (await post('/api/funcionario/salvar', body)).id as number, cpf: body.funcionario.cpf };
  };

  /** Upload → the import job → the request PROCESSADO; answers the import's findings. */
  const importar = async (conteudo: Buffer, dataInicio: string, dataFinal: string) => {
    const r = await upload(
      env.app,
      '/api/afd/upload',
      {
        jsonRequisicao: {
          numeroPortaria: '671',
          numCnpjRelogio: numero,
          cnpj: { id: ids.principal },
          dataInicio,
          dataFinal,
          nomeDocumento: 'AFD',
          nomeArquivo: 'afd.txt',
          servico: 'arquivoAFD',
          tipoDocumento: 'txt',
          usuarioRequisicao: { id: 1 },
        },
      },
      { nomeArquivo: 'afd.txt', conteudo, campo: 'afdStream' },
      { token },
    );
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 'FILA' });
    await env.jobs.drain();
    const [row] = await queryRows<{
      resultado: { ocorrencias: { codigo: string; linha: number; mensagem: string }[] };
    }>(env.database.owner, sql`SELECT resultado FROM afd_importacoes WHERE solicitacao_id = ${r.body.id}`);
    return row!.resultado.ocorrencias;
  };

  const calcular = async (funcionarioId: number, mes: number, ano: number) => {
    await post('/api/calculo-ponto/calcular', { cnpj: { id: ids.principal }, mes, ano, funcionarios: [funcionarioId] });
    await env.settle();
  };

  it('a REP-P punch written 07:00-0400 for a São Paulo company is 08:00 there: no early entry, no early leaving', async () => {
    const ana = await contratar(2301, refs.escalas.get('Administrativo 40h Seg-Sex')!, '2025-06-02');
    // The worker was on time (08:00–12:00, 13:00–17:00 in São Paulo), on a REP-P whose clock says -0400.
    const marcou = (hora: string): Afd671Entry => ({
      type: 7,
      dateTime: { local: `2025-06-03T${hora}`, offset: '-0400' },
      cpf: ana.cpf,
      recordedAt: { local: `2025-06-03T${hora}`, offset: '-0400' },
      collector: 1,
      offline: false,
    });
    const ocorrencias = await importar(
      afd(numero, {
        repKind: 'REP_P',
        repIdentifier: '00000000000023001',
        entries: ['07:00', '11:00', '12:00', '16:00'].map((h) => marcou(h)),
      }),
      '2025-06-01',
      '2025-06-30',
    );

    // Calculated on the company's wall clock: the day is exactly the schedule.
    await calcular(ana.id, 6, 2025);
    const [dia] = await queryRows(
      env.database.owner,
      sql`SELECT trabalhado, normal, atraso, saida_antecipada AS "saidaAntecipada", horas_extras AS "horasExtras"
            FROM calculo_dias WHERE funcionario_id = ${ana.id} AND dia = '2025-06-03'`,
    );
    expect(dia).toMatchObject({ trabalhado: 480, normal: 480, atraso: 0, saidaAntecipada: 0, horasExtras: 0 });

    // The company's wall clock in data_hora (what the calculation reads), the time as written beside it.
    expect(
      await queryRows(
        env.database.owner,
        sql`SELECT m.data_hora::text AS "dataHora", m.data_hora_arquivo::text AS "dataHoraArquivo", m.deslocamento,
                   m.fuso, to_char(m.instante AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS "instanteUtc",
                   mf.data_hora::text AS "dataHoraVinculo"
              FROM marcacoes m JOIN marcacao_funcionarios mf ON mf.marcacao_id = m.id
             WHERE mf.funcionario_id = ${ana.id} ORDER BY m.nsr`,
      ),
    ).toEqual(
      [
        ['08:00', '07:00', '11:00'],
        ['12:00', '11:00', '15:00'],
        ['13:00', '12:00', '16:00'],
        ['17:00', '16:00', '20:00'],
      ].map(([local, escrito, utc]) => ({
        dataHora: `2025-06-03 ${local}:00`,
        dataHoraArquivo: `2025-06-03 ${escrito}:00`,
        deslocamento: '-0400',
        fuso: 'America/Sao_Paulo',
        instanteUtc: `2025-06-03 ${utc}`,
        dataHoraVinculo: `2025-06-03 ${local}:00`,
      })),
    );
    // The findings say the file's offset is not the company's zone.
    const fuso = ocorrencias.filter((o) => o.codigo === 'FUSO_DIFERENTE');
    expect(fuso).toEqual([
      {
        codigo: 'FUSO_DIFERENTE',
        linha: 2,
        severidade: 'aviso',
        mensagem:
          '4 marcações com deslocamento -0400 no arquivo, diferente do fuso da empresa (America/Sao_Paulo, -0300): ' +
          'gravadas na hora local da empresa, como 03/06/2025 07:00-0400 = 03/06/2025 08:00 (linhas 2-5).',
      },
    ]);
  });

  it('a schedule version "A partir de" mid-month: the month pays each DSR at the horasDSR of its own week', async () => {
    const salva = await post('/api/configuracao-escala/salvar', { configuracao: escalaValida('DSR 07:33 até 18/05') });
    const escala = salva.idContrato as number;
    const bia = await contratar(2302, escala, '2025-04-01');
    // In use: the change makes a version valid from Monday 19/05 with horasDSR 08:00.
    const versao = escalaValida('DSR 07:33 até 18/05');
    versao.politicaContratual.horasDSR = '08:00';
    expect(
      await post('/api/configuracao-escala/alterar', {
        idContrato: escala,
        configuracao: versao,
        aPartirDe: '2025-05-19',
      }),
    ).toMatchObject({ validaDesde: '2025-05-19' });
    // Every Monday–Friday punched from the first week touching May to the last: no Falta, every Sunday paid.
    const uteis = dias('2025-04-28', '2025-06-01').filter((d) => diaDaSemana(d) >= 1 && diaDaSemana(d) <= 5);
    await importar(
      afd(numero, {
        entries: uteis.flatMap((d) =>
          STD.map((h): Afd671Entry => ({ type: 3, dateTime: { local: `${d}T${h}`, offset: '-0300' }, cpf: bia.cpf })),
        ),
      }),
      '2025-04-28',
      '2025-06-01',
    );

    await calcular(bia.id, 5, 2025);
    const semanas = await queryRows<{ segunda: string; dsrPago: number }>(
      env.database.owner,
      sql`SELECT segunda::text AS segunda, dsr_pago AS "dsrPago" FROM calculo_semanas
           WHERE funcionario_id = ${bia.id} AND periodo_inicio = '2025-05-01' ORDER BY segunda`,
    );
    // The weeks were right already: Sundays 04, 11, 18/05 under 07:33 (453), 25/05 and 01/06 under 08:00 (480).
    expect(semanas.map((s) => [s.segunda, s.dsrPago])).toEqual([
      ['2025-04-28', 453],
      ['2025-05-05', 453],
      ['2025-05-12', 453],
      ['2025-05-19', 480],
      ['2025-05-26', 480],
    ]);
    const [{ resumo }] = (await queryRows<{ resumo: any }>(
      env.database.owner,
      sql`SELECT resumo FROM calculo_resumos WHERE funcionario_id = ${bia.id} AND periodo_inicio = '2025-05-01'`,
    )) as [{ resumo: any }];
    // May's DSR: 3 × 453 + 1 × 480 (Sunday 01/06 is June's), not 4 × 480.
    expect(resumo.summary.totais.dsr).toBe(1839);
    expect(resumo.summary.outrosEventos.find((e: { codigo: string }) => e.codigo === 'DSR')).toEqual({
      codigo: 'DSR',
      descricao: 'DSR',
      dias: 4,
      valor: 1839,
    });
  });
});
