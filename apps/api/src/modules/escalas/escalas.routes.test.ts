import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ALL_CUSTOMER_CODES, PERM, escalaApi, type ConfiguracaoEscala } from '@jornada/contracts';
import { escalaVersoes, escalas, funcionarioEscalas, funcionarios, logOperacoes } from '../../db/schema/index.js';
import { DEMO_CICLOS, DEMO_ESCALAS } from '../../db/seed/index.js';
import {
  ADMIN,
  BETA_ADMIN,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';
import { escalaValida } from '../../../test/escala-fixtures.js';
import { withTenant } from '../../db/tenant-tx.js';
import { versoesParaCalculo } from './escalas.service.js';

const M = escalaApi.ESCALA_MSG;
const BASE = '/api/configuracao-escala';

const ciclo12x36 = {
  posicao: 1,
  diasTrabalhados: 1,
  diasFolgas: 1,
  fatorRepeticao: 1,
  entrada1: '19:00',
  saida1: '00:00',
  entrada2: '01:00',
  saida2: '07:00',
};

describeEachBackend('Escalas de Horários', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  let n = 0;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
  });
  afterAll(() => env.close());

  const post = (path: string, body: unknown, token = admin) => call(env.app, `${BASE}/${path}`, body, { token });
  const salvar = async (c: ConfiguracaoEscala) => {
    const r = await post('salvar', { configuracao: c });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.idContrato as number;
  };
  const buscar = async (idContrato: number, data?: string) => {
    const r = await post('buscar', { idContrato, ...(data ? { data } : {}) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const salvarCiclos = async (descricaoCiclos: string, ciclos = [ciclo12x36]) => {
    const r = await post('salvar-ciclos', { descricaoCiclos, ciclos });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.idCiclo as number;
  };

  /** An employee whose schedule history names the schedule (the employees' module writes these). */
  async function usarEscala(escalaId: number, dataInicio = '2026-01-05') {
    const db = env.database.owner;
    const k = ++n;
    const [f] = await db
      .insert(funcionarios)
      .values({
        tenantId: ids.demo,
        cnpjId: ids.principal,
        centroCustoId: ids.cc.get('Administrativo')!,
        nome: `Funcionário ${k}`,
        cpf: String(10_000_000_000 + k),
        cracha: `E${k}`,
        registro: `R${k}`,
        dataAdmissao: dataInicio,
        dataAtivacao: dataInicio,
      })
      .returning();
    await db.insert(funcionarioEscalas).values({ tenantId: ids.demo, funcionarioId: f!.id, escalaId, dataInicio });
  }

  describe('listar', () => {
    it('each tenant sees its own schedules, with the demo descriptions', async () => {
      const r = await post('listar', {});
      expect(r.status).toBe(200);
      const nomes = r.body.map((e: { descricao: string }) => e.descricao);
      expect(nomes).toEqual(expect.arrayContaining(Object.values(DEMO_ESCALAS.demo)));
      expect(nomes).not.toContain(DEMO_ESCALAS.beta.turnoA);
      const beta = await post('listar', {}, await login(env.app, BETA_ADMIN));
      expect(beta.body.map((e: { descricao: string; tipo: string }) => [e.descricao, e.tipo]).sort()).toEqual([
        [DEMO_ESCALAS.beta.turno12x36, 'ERC'],
        [DEMO_ESCALAS.beta.turnoA, 'EQH'],
      ]);
    });

    it('the seeded documents pass the contract and the tab rules', async () => {
      const rows = await env.database.owner.select().from(escalaVersoes);
      expect(rows.length).toBeGreaterThanOrEqual(8);
      for (const v of rows) {
        const c = escalaApi.configuracaoEscala.parse(v.configuracao);
        expect(escalaApi.errosConfiguracaoEscala(c)).toEqual([]);
        if (c.tipoEscala === 'ERC') expect(c.revezamento!.ciclos!.length).toBeGreaterThan(0);
      }
      // And each reads back through buscar (the answer's schema is the same document).
      for (const e of (await post('listar', {})).body as { id: number; descricao: string }[]) {
        expect((await buscar(e.id)).configuracao.descricao).toBe(e.descricao);
      }
    });
  });

  describe('salvar e buscar', () => {
    it('stores one version valid from the beginning and reads back what was sent', async () => {
      const c = escalaValida('Comercial Teste', {
        faixasHorasExtraExcluir: [3],
        diasDaSemanaExcluir: [4],
      });
      const id = await salvar(c);
      const b = await buscar(id);
      const { faixasHorasExtraExcluir: _f, diasDaSemanaExcluir: _d, ...esperado } = c;
      expect(b.configuracao).toEqual(esperado);
      expect(b.temHistorico).toBe(false);
      expect(b.validaDesde).toBe(escalaApi.VALIDA_DESDE_INICIAL);
      expect(b.versoes).toEqual([expect.objectContaining({ validaDesde: '1900-01-01', tipoEscala: 'EQH' })]);
      const log = await env.database.owner.select().from(logOperacoes).where(eq(logOperacoes.acao, 'Cadastrar'));
      expect(log.map((l) => l.descricao)).toContain('Escala de horários Comercial Teste (Quadro de Horários)');
    });

    it('percentages travel and are stored as fractions', async () => {
      const c = escalaValida('Frações');
      c.politicaHoraExtra.faixasHoraExtra = [
        { ...escalaApi.FAIXA_PADRAO, ate: 2, segunda: 0.6 },
        { ...escalaApi.FAIXA_PADRAO, tipo: 2, segunda: 0.8 },
      ];
      const id = await salvar(c);
      const [row] = await env.database.owner.select().from(escalaVersoes).where(eq(escalaVersoes.escalaId, id));
      const faixas = (row!.configuracao as ConfiguracaoEscala).politicaHoraExtra.faixasHoraExtra;
      expect(faixas.map((f) => [f.tipo, f.ate, f.segunda, f.domingo])).toEqual([
        [1, 2, 0.6, 1],
        [2, 99, 0.8, 1],
      ]);
    });

    it.each([
      ['empty description', { descricao: '   ' }, M.informeDescricao],
      [
        'contractual field empty',
        { politicaContratual: { ...escalaApi.ESCALA_PADRAO.politicaContratual, tempoInterjornada: null } },
        M.contratual,
      ],
      [
        'lateness field empty',
        { politicaAtraso: { ...escalaApi.ESCALA_PADRAO.politicaAtraso, excessoIRMaximoDiaMinuto: null } },
        M.atrasos,
      ],
      [
        'no normal band',
        { politicaHoraExtra: { ...escalaApi.ESCALA_PADRAO.politicaHoraExtra, faixasHoraExtra: [] } },
        M.horasExtrasFaixa,
      ],
      ['bank without period', { incluirBancoHoras: true }, M.bancoHoras],
      [
        'rotation without a list',
        { tipoEscala: 'ERC' as const, revezamento: { idCiclo: null, validarFechamento: false, horasFechamento: null } },
        M.revezamentoLista,
      ],
    ])('400 with the seed words: %s', async (_name, over, mensagem) => {
      const r = await post('salvar', { configuracao: escalaValida(`Inválida ${++n}`, over) });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ mensagem });
    });

    it('400 for malformed bodies, never 500', async () => {
      const bad = [
        {},
        { configuracao: null },
        { configuracao: { ...escalaValida('X'), tipoEscala: 'ABC' } },
        {
          configuracao: escalaValida('Y', {
            quadroHorario: { ...escalaValida('Y').quadroHorario!, horasFechamento: '25:00' },
          }),
        },
        { configuracao: { ...escalaValida('Z'), extra: 1 } },
        { configuracao: escalaValida('a'.repeat(81)) },
      ];
      for (const body of bad) {
        const r = await post('salvar', body);
        expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(typeof r.body.mensagem).toBe('string');
      }
    });

    it('the description is unique in the tenant ignoring case, but free in another tenant', async () => {
      const r = await post('salvar', { configuracao: escalaValida(DEMO_ESCALAS.demo.producao6x1.toUpperCase()) });
      expect(r).toMatchObject({ status: 400, body: { mensagem: M.descricaoEmUso } });
      const beta = await post(
        'salvar',
        { configuracao: escalaValida(DEMO_ESCALAS.demo.producao6x1) },
        await login(env.app, BETA_ADMIN),
      );
      expect(beta.status).toBe(200);
    });

    it('buscar: 404 for an unknown or foreign schedule', async () => {
      const beta = await post('listar', {}, await login(env.app, BETA_ADMIN));
      for (const idContrato of [999_999, beta.body[0].id]) {
        const r = await post('buscar', { idContrato });
        expect(r).toMatchObject({ status: 404, body: { mensagem: M.escalaNaoEncontrada } });
      }
      expect((await post('buscar', { idContrato: 'x' })).status).toBe(400);
    });
  });

  describe('revezamento', () => {
    it('copies the cycle list into the version; deleting the list changes nothing', async () => {
      const idCiclo = await salvarCiclos('12x36 cópia');
      const c = escalaValida('Rotação cópia', {
        tipoEscala: 'ERC',
        revezamento: { idCiclo, validarFechamento: true, horasFechamento: '12:00' },
      });
      const id = await salvar(c);
      const r = await post('excluir-ciclo', { ciclo: { id: idCiclo } });
      expect(r).toMatchObject({ status: 200, body: { mensagem: M.cicloExcluido } });
      const b = await buscar(id);
      expect(b.configuracao.revezamento).toEqual({
        idCiclo,
        descricaoCiclos: '12x36 cópia',
        ciclos: [{ ...ciclo12x36, entrada3: null, saida3: null }],
        validarFechamento: true,
        horasFechamento: '12:00',
      });
      // Re-saving with the deleted list keeps the copy; another unknown list is refused.
      const again = await post('alterar', { idContrato: id, configuracao: b.configuracao });
      expect(again.status).toBe(200);
      expect((await buscar(id)).configuracao.revezamento.ciclos).toHaveLength(1);
      const outra = await post('alterar', {
        idContrato: id,
        configuracao: { ...b.configuracao, revezamento: { ...b.configuracao.revezamento, idCiclo: 999_999 } },
      });
      expect(outra).toMatchObject({ status: 400, body: { mensagem: M.listaCiclosNaoEncontrada } });
    });

    it('EQH ↔ ERC switching on edit', async () => {
      const idCiclo = await salvarCiclos('6x1 troca', [
        { ...ciclo12x36, diasTrabalhados: 6, entrada1: '08:00', saida1: '12:00', entrada2: '13:00', saida2: '16:20' },
      ]);
      const id = await salvar(escalaValida('Troca de tipo'));
      const erc = { ...escalaValida('Troca de tipo'), tipoEscala: 'ERC' as const };
      erc.revezamento = { idCiclo, validarFechamento: false, horasFechamento: null };
      expect((await post('alterar', { idContrato: id, configuracao: erc })).status).toBe(200);
      expect((await post('listar', {})).body.find((e: { id: number }) => e.id === id).tipo).toBe('ERC');
      expect((await post('alterar', { idContrato: id, configuracao: escalaValida('Troca de tipo') })).status).toBe(200);
      expect((await buscar(id)).configuracao.tipoEscala).toBe('EQH');
    });
  });

  describe('versões', () => {
    it('unused: alterar replaces the only version', async () => {
      const id = await salvar(escalaValida('Sem uso'));
      const c = escalaValida('Sem uso renomeada');
      c.politicaAtraso.atrasoMaximoDiaMinuto = 3;
      const r = await post('alterar', { idContrato: id, configuracao: c, aPartirDe: '2026-05-01' });
      expect(r).toMatchObject({ status: 200, body: { mensagem: M.escalaAlterada, validaDesde: '1900-01-01' } });
      const b = await buscar(id);
      expect(b.versoes).toHaveLength(1);
      expect(b.configuracao.politicaAtraso.atrasoMaximoDiaMinuto).toBe(3);
      expect(b.configuracao.descricao).toBe('Sem uso renomeada');
    });

    it('in use: asks A partir de, creates a version, keeps earlier days on the earlier version', async () => {
      const id = await salvar(escalaValida('Em uso'));
      await usarEscala(id);
      expect((await buscar(id)).temHistorico).toBe(true);
      const c = escalaValida('Em uso');
      c.politicaAtraso.atrasoMaximoDiaMinuto = 2;
      const sem = await post('alterar', { idContrato: id, configuracao: c });
      expect(sem).toMatchObject({ status: 400, body: { mensagem: M.informeAPartirDe } });
      const v1 = await post('alterar', { idContrato: id, configuracao: c, aPartirDe: '2026-03-01' });
      expect(v1).toMatchObject({ status: 200, body: { validaDesde: '2026-03-01' } });

      const b = await buscar(id);
      expect(b.versoes.map((v: { validaDesde: string }) => v.validaDesde)).toEqual(['1900-01-01', '2026-03-01']);
      expect(b.configuracao.politicaAtraso.atrasoMaximoDiaMinuto).toBe(2);
      expect((await buscar(id, '2026-02-28')).configuracao.politicaAtraso.atrasoMaximoDiaMinuto).toBe(5);
      expect((await buscar(id, '2026-03-01')).validaDesde).toBe('2026-03-01');

      // Same day: replaces that version. Earlier than the latest: refused, nothing written.
      c.politicaAtraso.atrasoMaximoDiaMinuto = 1;
      expect((await post('alterar', { idContrato: id, configuracao: c, aPartirDe: '2026-03-01' })).status).toBe(200);
      const antes = await post('alterar', {
        idContrato: id,
        configuracao: escalaValida('Outra'),
        aPartirDe: '2026-02-01',
      });
      expect(antes).toMatchObject({ status: 400, body: { mensagem: M.aPartirDeAnterior('01/03/2026') } });
      const depois = await buscar(id);
      expect(depois.versoes).toHaveLength(2);
      expect(depois.configuracao.descricao).toBe('Em uso');
      expect(depois.configuracao.politicaAtraso.atrasoMaximoDiaMinuto).toBe(1);

      // The calculation's view: the versions valid in a range, mapped to the engine, with their end dates.
      const noPeriodo = (de: string, ate: string) =>
        withTenant(env.database.app, ids.demo, (tx) =>
          versoesParaCalculo({ tx, tenantId: ids.demo }, [id, id], de, ate),
        );
      const fev = (await noPeriodo('2026-02-01', '2026-02-28')).get(id)!;
      expect(fev.map((v) => [v.validaDesde, v.validaAte, v.schedule.policy!.atrasoMaximoDiaMinuto])).toEqual([
        ['1900-01-01', '2026-02-28', 5],
      ]);
      const fevMar = (await noPeriodo('2026-02-16', '2026-03-15')).get(id)!;
      expect(fevMar.map((v) => [v.validaDesde, v.validaAte, v.schedule.policy!.atrasoMaximoDiaMinuto])).toEqual([
        ['1900-01-01', '2026-02-28', 5],
        ['2026-03-01', null, 1],
      ]);
      const beta = await withTenant(env.database.app, ids.beta, (tx) =>
        versoesParaCalculo({ tx, tenantId: ids.beta }, [id], '2026-01-01', '2026-12-31'),
      );
      expect(beta.size).toBe(0);
    });

    it('alterar: 404 unknown, 400 for a bad date', async () => {
      const r = await post('alterar', { idContrato: 999_999, configuracao: escalaValida('Nada') });
      expect(r).toMatchObject({ status: 404, body: { mensagem: M.escalaNaoEncontrada } });
      const id = await salvar(escalaValida('Data ruim'));
      const bad = await post('alterar', {
        idContrato: id,
        configuracao: escalaValida('Data ruim'),
        aPartirDe: '2026-13-01',
      });
      expect(bad.status).toBe(400);
    });
  });

  describe('excluir', () => {
    it('refused while an employee history names the schedule; otherwise gone with its versions', async () => {
      const usada = await salvar(escalaValida('Usada'));
      await usarEscala(usada);
      expect(await post('excluir', { idContrato: usada })).toMatchObject({
        status: 400,
        body: { mensagem: M.escalaEmUso },
      });
      const livre = await salvar(escalaValida('Livre'));
      expect(await post('excluir', { idContrato: livre })).toMatchObject({
        status: 200,
        body: { mensagem: M.escalaExcluida },
      });
      const db = env.database.owner;
      expect(await db.select().from(escalas).where(eq(escalas.id, livre))).toEqual([]);
      expect(await db.select().from(escalaVersoes).where(eq(escalaVersoes.escalaId, livre))).toEqual([]);
      expect((await post('excluir', { idContrato: livre })).status).toBe(404);
    });
  });

  describe('códigos 66 e 86', () => {
    it('without 86 a rotation cannot be chosen; without 66 the bank stays as it was', async () => {
      const codes = ALL_CUSTOMER_CODES.filter(
        (c) => c !== PERM.ESCALAS_HORARIOS_REVEZAMENTO && c !== PERM.ESCALAS_HORARIOS_BANCO_HORAS,
      );
      const { token } = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.principal], codes });
      const lista = await post('listar-ciclos', {}, token);
      const idCiclo = lista.body.find((l: { descricao: string }) => l.descricao === DEMO_CICLOS.demo.seisPorUm).id;
      const erc = escalaValida('Sem 86', {
        tipoEscala: 'ERC',
        revezamento: { idCiclo, validarFechamento: false, horasFechamento: null },
      });
      expect((await post('salvar', { configuracao: erc }, token)).status).toBe(403);

      const banco = escalaValida('Sem 66', {
        incluirBancoHoras: true,
        politicaBancoHora: { periodoInicial: '2026-01', periodoFinal: '2026-06', acordoIndividual: true },
      });
      const r = await post('salvar', { configuracao: banco }, token);
      expect(r.status).toBe(200);
      expect((await buscar(r.body.idContrato)).configuracao.incluirBancoHoras).toBe(false);
      // The admin turns the bank on; the user without 66 edits something else and the bank survives.
      expect((await post('alterar', { idContrato: r.body.idContrato, configuracao: banco })).status).toBe(200);
      const sem = { ...banco, incluirBancoHoras: false, descricao: 'Sem 66 editada' };
      expect((await post('alterar', { idContrato: r.body.idContrato, configuracao: sem }, token)).status).toBe(200);
      const b = await buscar(r.body.idContrato);
      expect(b.configuracao.descricao).toBe('Sem 66 editada');
      expect(b.configuracao.incluirBancoHoras).toBe(true);
      expect(b.configuracao.politicaBancoHora.acordoIndividual).toBe(true);
    });
  });

  describe('listas de ciclos', () => {
    it('salvar-ciclos: the seed messages', async () => {
      const cases: [unknown, string][] = [
        [{ descricaoCiclos: '', ciclos: [ciclo12x36] }, M.informeDescricaoCiclos],
        [{ descricaoCiclos: 'Vazia', ciclos: [] }, M.nenhumCiclo],
        [
          { descricaoCiclos: 'Zero', ciclos: [ciclo12x36, { ...ciclo12x36, diasTrabalhados: 0 }] },
          'Dados inválidos no ciclo 2',
        ],
      ];
      for (const [body, mensagem] of cases)
        expect(await post('salvar-ciclos', body)).toMatchObject({ status: 400, body: { mensagem } });
      expect((await post('salvar-ciclos', { descricaoCiclos: 'X', ciclos: 'nada' })).status).toBe(400);
    });

    it('listar, detalhes, a missing posicao filled by list order', async () => {
      const { posicao: _p, ...semPosicao } = ciclo12x36;
      const idCiclo = await salvarCiclos('Dois ciclos', [
        { ...semPosicao, posicao: null } as never,
        { ...ciclo12x36, posicao: 5, diasTrabalhados: 2 },
      ]);
      const lista = await post('listar-ciclos', {});
      expect(lista.body).toContainEqual({ id: idCiclo, descricao: 'Dois ciclos', quantidade: 2 });
      expect(lista.body.map((l: { descricao: string }) => l.descricao)).toEqual(
        expect.arrayContaining(Object.values(DEMO_CICLOS.demo)),
      );
      const d = await post('detalhes-ciclos', { idCiclo });
      expect(d.status).toBe(200);
      expect(d.body.ciclos.map((c: { posicao: number }) => c.posicao)).toEqual([1, 5]);
      expect((await post('detalhes-ciclos', { idCiclo: 999_999 })).status).toBe(404);
      expect((await post('excluir-ciclo', { ciclo: { id: 999_999 } })).status).toBe(404);
      expect((await post('excluir-ciclo', { ciclo: {} })).status).toBe(400);
    });

    it('sequencia-ciclos-escala: positions, work or off, slots and dates', async () => {
      const idCiclo = await salvarCiclos('Sequência', [
        { ...ciclo12x36, posicao: 2, diasTrabalhados: 1, diasFolgas: 2 },
        {
          ...ciclo12x36,
          posicao: 1,
          diasTrabalhados: 2,
          diasFolgas: 1,
          fatorRepeticao: 2,
          entrada1: '06:00',
          saida1: '10:00',
          entrada2: '11:00',
          saida2: '15:00',
        },
      ]);
      const r = await post('sequencia-ciclos-escala', { idCiclo, dataInicio: '2026-02-27', dias: 10 });
      expect(r.status).toBe(200);
      expect(r.body.comprimento).toBe(9);
      expect(r.body.regime12x36).toBe(false);
      // calculation-rules §15.1 ROT-02: [A, A, off, A, A, off, N, off, off], then again.
      expect(
        r.body.dias.map((d: { trabalho: boolean; posicao: number }) => `${d.posicao}${d.trabalho ? 'T' : 'F'}`),
      ).toEqual(['1T', '1T', '1F', '1T', '1T', '1F', '2T', '2F', '2F', '1T']);
      expect(r.body.dias[0]).toEqual({
        dia: 1,
        data: '2026-02-27',
        posicao: 1,
        trabalho: true,
        horarios: [
          ['06:00', '10:00'],
          ['11:00', '15:00'],
        ],
      });
      expect(r.body.dias[2].data).toBe('2026-03-01');
      expect(r.body.dias[6].horarios).toEqual([
        ['19:00', '00:00'],
        ['01:00', '07:00'],
      ]);
      const doze = await post('listar-ciclos', {});
      const noturno = doze.body.find((l: { descricao: string }) => l.descricao === DEMO_CICLOS.demo.noturno12x36).id;
      const s = await post('sequencia-ciclos-escala', { idCiclo: noturno });
      expect(s.body).toMatchObject({ comprimento: 2, regime12x36: true });
      expect(s.body.dias).toHaveLength(escalaApi.ESCALA_LIMITS.diasSequencia);
      expect(s.body.dias[0].data).toBeNull();
      expect((await post('sequencia-ciclos-escala', { idCiclo: noturno, dias: 0 })).status).toBe(400);
    });
  });

  it('a schedule of another tenant is neither changed nor deleted', async () => {
    const beta = await login(env.app, BETA_ADMIN);
    const id = await salvar(escalaValida('Só do demo'));
    expect((await post('excluir', { idContrato: id }, beta)).status).toBe(404);
    expect((await post('alterar', { idContrato: id, configuracao: escalaValida('Invadida') }, beta)).status).toBe(404);
    const [row] = await env.database.owner
      .select()
      .from(escalas)
      .where(and(eq(escalas.id, id), eq(escalas.tenantId, ids.demo)));
    expect(row!.descricao).toBe('Só do demo');
  });
});
