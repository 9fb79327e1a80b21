import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { PERM, PESQUISA_FUNCIONARIOS_LIMITS, PESQUISA_FUNCIONARIOS_MSG as M } from '@jornada/contracts';
import { logOperacoes } from '../../db/schema/index.js';
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
import {
  escalasAbertas,
  historico,
  muitosFuncionarios,
  novaEscala,
  novosCentros,
  novosFuncionarios,
} from '../../../test/pesquisa-fixtures.js';

const P = '/api/funcionario-pesquisa';
const TROCAR = '/api/configuracao-escala/trocar-contrato-funcionarios';
const nomes = (body: { nome: string }[]) => body.map((f) => f.nome);

describeEachBackend('funcionario-pesquisa', (backend) => {
  let env: TestEnv;
  let admin: string;
  let beta: string;
  let ids: DemoIds;
  let escalaA: number;
  let escalaB: number;
  let escalaBeta: number;
  /** Employees by name. */
  const f = new Map<string, number>();
  /** This file's cost centres by name (a fresh tree: only its employees are under them). */
  const cc = new Map<string, number>();
  /** The names of this file's employees in an answer (a company also has the demo employees). */
  const meus = (body: { nome: string }[]) => nomes(body).filter((n) => f.has(n));

  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    beta = await login(env.app, BETA_ADMIN);
    ids = await demoIds(env);
    escalaA = await novaEscala(env, ids.demo, 'Comercial 44h');
    escalaB = await novaEscala(env, ids.demo, 'Noturna 12x36');
    escalaBeta = await novaEscala(env, ids.beta, 'Beta 40h');
    const arvore = async (cnpjId: number, nos: Parameters<typeof novosCentros>[2]) => {
      for (const [nome, id] of await novosCentros(env, { tenantId: ids.demo, cnpjId }, nos)) cc.set(nome, id);
    };
    await arvore(ids.principal, {
      Produção: { Montagem: { 'Turno A': {} }, Qualidade: { 'Inspeção Final': {} } },
      Administrativo: { Financeiro: { 'Contas a Pagar': {} } },
      Comercial: { 'Vendas Internas': {} },
    });
    await arvore(ids.campinas, { Logística: { Expedição: {}, Armazém: {} } });
    const add = async (
      cnpjId: number,
      centro: string,
      escalaId: number,
      pessoas: Parameters<typeof novosFuncionarios>[2],
    ) => {
      const novos = await novosFuncionarios(
        env,
        { tenantId: ids.demo, cnpjId, centroCustoId: cc.get(centro)!, escalaId },
        pessoas,
      );
      pessoas.forEach((p, i) => f.set(p.nome, novos[i]!));
    };
    await add(ids.principal, 'Turno A', escalaA, [
      { nome: 'João da Silva', cracha: '000123', cpf: '52998224725', pis: '12056412547' },
      { nome: 'Maria Conceição', cracha: 'A77' },
    ]);
    await add(ids.principal, 'Inspeção Final', escalaB, [{ nome: 'Ana Souza' }]);
    await add(ids.principal, 'Contas a Pagar', escalaA, [
      { nome: 'Bruno Lima', pis: null },
      { nome: 'Carla Demitida', ativo: false },
    ]);
    await add(ids.campinas, 'Expedição', escalaA, [{ nome: 'Diego Campinas' }, { nome: 'JOSÉ ÂNGELO' }]);
    const novosBeta = await novosFuncionarios(
      env,
      { tenantId: ids.beta, cnpjId: ids.betaCnpj, centroCustoId: ids.cc.get('Soldagem')!, escalaId: escalaBeta },
      [{ nome: 'Zeca Beta' }],
    );
    f.set('Zeca Beta', novosBeta[0]!);
  });
  afterAll(() => env.close());

  describe('listar-contratos', () => {
    it("lists the tenant's schedules only, named 'descrição (tipo)'", async () => {
      const r = await call(env.app, `${P}/listar-contratos`, {}, { token: admin });
      expect(r.status).toBe(200);
      const a = r.body.find((c: { id: number }) => c.id === escalaA);
      expect(a).toMatchObject({ tipo: 1, nomeRef: `${a.descricao} (Quadro de Horários)` });
      expect(r.body.map((c: { id: number }) => c.id)).not.toContain(escalaBeta);
      const b = await call(env.app, `${P}/listar-contratos`, {}, { token: beta });
      expect(b.body.map((c: { id: number }) => c.id)).toContain(escalaBeta);
    });
  });

  describe('buscar-funcionarios', () => {
    it('lists the active employees of a company by name, with {id, cracha, nome, pis}', async () => {
      const r = await call(env.app, `${P}/buscar-funcionarios`, { idCnpj: ids.principal }, { token: admin });
      expect(r.status).toBe(200);
      expect(meus(r.body)).toEqual(['Ana Souza', 'Bruno Lima', 'João da Silva', 'Maria Conceição']);
      expect(r.body.find((x: { id: number }) => x.id === f.get('João da Silva'))).toEqual({
        id: f.get('João da Silva'),
        cracha: '000123',
        nome: 'João da Silva',
        pis: '12056412547',
      });
      expect(r.body.find((x: { id: number }) => x.id === f.get('Bruno Lima')).pis).toBe('');
    });

    it("'Ativo' unticked lists the inactive ones", async () => {
      const r = await call(
        env.app,
        `${P}/buscar-funcionarios`,
        { idCnpj: ids.principal, ativo: false },
        { token: admin },
      );
      expect(meus(r.body)).toEqual(['Carla Demitida']);
    });

    it('a parent cost centre brings its children recursively', async () => {
      const r = await call(
        env.app,
        `${P}/buscar-funcionarios`,
        { idsCentrosCustos: [cc.get('Produção')] },
        { token: admin },
      );
      expect(nomes(r.body)).toEqual(['Ana Souza', 'João da Silva', 'Maria Conceição']);
      const setor = await call(
        env.app,
        `${P}/buscar-funcionarios`,
        { idCnpj: ids.principal, idsCentrosCustos: [cc.get('Montagem'), cc.get('Financeiro')] },
        { token: admin },
      );
      expect(nomes(setor.body)).toEqual(['Bruno Lima', 'João da Silva', 'Maria Conceição']);
    });

    it('a company and a cost centre of another company find nobody', async () => {
      const r = await call(
        env.app,
        `${P}/buscar-funcionarios`,
        { idCnpj: ids.campinas, idsCentrosCustos: [cc.get('Produção')] },
        { token: admin },
      );
      expect(r.body).toEqual([]);
    });

    it('needs a company or a cost centre', async () => {
      const r = await call(env.app, `${P}/buscar-funcionarios`, { idsCentrosCustos: [] }, { token: admin });
      expect(r.status).toBe(400);
      expect(r.body.mensagem).toContain(M.selecioneEmpresa);
    });

    it("never lists another tenant's employees", async () => {
      const r = await call(env.app, `${P}/buscar-funcionarios`, { idCnpj: ids.principal }, { token: beta });
      expect(r.status).toBe(404);
      const centro = await call(
        env.app,
        `${P}/buscar-funcionarios`,
        { idsCentrosCustos: [cc.get('Produção')] },
        { token: beta },
      );
      expect(centro.body).toEqual([]);
    });
  });

  describe('buscar-funcionarios-cracha-nome', () => {
    const busca = (crachaNome: string, extra: object = {}) =>
      call(
        env.app,
        `${P}/buscar-funcionarios-cracha-nome`,
        { idsCentrosCustos: [cc.get('Produção'), cc.get('Administrativo')], crachaNome, ...extra },
        { token: admin },
      ).then((r) => (r.status === 200 ? nomes(r.body) : r.body.mensagem));

    it('matches every word of the name by its start, ignoring case and accents', async () => {
      expect(await busca('joao silva')).toEqual(['João da Silva']);
      expect(await busca('CONCEICAO')).toEqual(['Maria Conceição']);
      expect(await busca('Maria Silva')).toEqual([]);
      const expedicao = { idsCentrosCustos: [cc.get('Expedição')] };
      expect(await busca('jose angelo', expedicao)).toEqual(['JOSÉ ÂNGELO']);
      expect(await busca('Ângelo', expedicao)).toEqual(['JOSÉ ÂNGELO']);
    });

    it('matches the badge, the PIS and the CPF, punctuation turned into spaces', async () => {
      expect(await busca('123')).toEqual(['João da Silva']);
      expect(await busca('a77')).toEqual(['Maria Conceição']);
      expect(await busca('529.982.247-25')).toEqual(['João da Silva']);
      expect(await busca('120.56412.54-7')).toEqual(['João da Silva']);
    });

    it('matches the start of words (tsquery and LIKE signs are spaces), and refuses a text with nothing left', async () => {
      // 'a' starts Ana and Maria's badge A77; 'Silva' does not start with 'ilva'.
      expect(await busca('%a:*|!')).toEqual(['Ana Souza', 'Maria Conceição']);
      expect(await busca('ilva')).toEqual([]);
      expect(await busca('SILV')).toEqual(['João da Silva']);
      expect(await busca('%_%')).toContain('Informe um crachá ou nome para a pesquisa');
    });
  });

  describe('buscar-funcionarios-contrato', () => {
    it('lists only the employees whose current schedule is the one given', async () => {
      const r = await call(
        env.app,
        `${P}/buscar-funcionarios-contrato`,
        { idsCentrosCustos: [cc.get('Produção'), cc.get('Administrativo')], idContrato: escalaA },
        { token: admin },
      );
      expect(nomes(r.body)).toEqual(['Bruno Lima', 'João da Silva', 'Maria Conceição']);
      const texto = await call(
        env.app,
        `${P}/buscar-funcionarios-contrato-cracha-nome`,
        { idCnpj: ids.principal, idContrato: escalaB, crachaNome: 'souza' },
        { token: admin },
      );
      expect(nomes(texto.body)).toEqual(['Ana Souza']);
    });

    it('a schedule of another tenant is not found', async () => {
      const r = await call(
        env.app,
        `${P}/buscar-funcionarios-contrato`,
        { idCnpj: ids.principal, idContrato: escalaBeta },
        { token: admin },
      );
      expect([r.status, r.body.mensagem]).toEqual([404, M.escalaNaoEncontrada]);
    });
  });

  describe("the caller's scope", () => {
    it('a user limited to one sector sees only its employees, whatever the filter asks', async () => {
      const u = await userWithScope(env, {
        tenantId: ids.demo,
        cnpjIds: [ids.principal],
        centroCustoIds: [cc.get('Montagem')!],
        codes: [],
      });
      const r = await call(env.app, `${P}/buscar-funcionarios`, { idCnpj: ids.principal }, { token: u.token });
      expect(nomes(r.body)).toEqual(['João da Silva', 'Maria Conceição']);
      const outro = await call(
        env.app,
        `${P}/buscar-funcionarios`,
        { idsCentrosCustos: [cc.get('Qualidade'), cc.get('Administrativo')] },
        { token: u.token },
      );
      expect(outro.body).toEqual([]);
      const fora = await call(env.app, `${P}/buscar-funcionarios`, { idCnpj: ids.campinas }, { token: u.token });
      expect(fora.status).toBe(404);
    });
  });

  describe('the answer is capped', () => {
    // Writing 10,000 employees and their search words takes a while on a busy machine.
    it(
      `answers at most ${PESQUISA_FUNCIONARIOS_LIMITS.maxLinhas} employees, the first by name`,
      { timeout: 120_000 },
      async () => {
        const escala = await novaEscala(env, ids.demo, 'Massa');
        await muitosFuncionarios(
          env,
          { tenantId: ids.demo, cnpjId: ids.campinas, centroCustoId: cc.get('Armazém')!, escalaId: escala },
          PESQUISA_FUNCIONARIOS_LIMITS.maxLinhas + 5,
        );
        const r = await call(
          env.app,
          `${P}/buscar-funcionarios`,
          { idCnpj: ids.campinas, idsCentrosCustos: [cc.get('Logística')] },
          { token: admin },
        );
        expect(r.status).toBe(200);
        expect(r.body).toHaveLength(PESQUISA_FUNCIONARIOS_LIMITS.maxLinhas);
        expect(r.body.slice(0, 2).map((x: { nome: string }) => x.nome)).toEqual(['Diego Campinas', 'JOSÉ ÂNGELO']);
        expect(r.body.at(-1).nome).toBe('Massa 009998');
        const texto = await call(
          env.app,
          `${P}/buscar-funcionarios-contrato-cracha-nome`,
          { idCnpj: ids.campinas, idContrato: escala, crachaNome: 'massa 010004' },
          { token: admin },
        );
        expect(nomes(texto.body)).toEqual(['Massa 010004']);
      },
    );
  });

  describe('trocar-contrato-funcionarios', () => {
    let pessoas: number[];
    let escalaC: number;
    beforeAll(async () => {
      escalaC = await novaEscala(env, ids.demo, 'Destino');
      pessoas = await novosFuncionarios(
        env,
        {
          tenantId: ids.demo,
          cnpjId: ids.principal,
          centroCustoId: cc.get('Vendas Internas')!,
          escalaId: escalaA,
          desde: '2026-01-10',
        },
        [{ nome: 'Troca Um' }, { nome: 'Troca Dois' }, { nome: 'Troca Três' }],
      );
    });
    const troca = (body: object, token = admin) =>
      call(
        env.app,
        TROCAR,
        { idAntigoContrato: escalaA, idNovoContrato: escalaC, dataInicio: '2026-04-01', ...body },
        { token },
      );

    it('refuses a start not after the current entry, naming the employee, and changes nothing', async () => {
      const r = await troca({ idsFuncionarios: pessoas, dataInicio: '2026-01-10' });
      expect([r.status, r.body.mensagem]).toEqual([400, M.dataAntesDoInicio('Troca Um', '10/01/2026')]);
      expect(await historico(env, pessoas[0]!)).toEqual([
        { escalaId: escalaA, dataInicio: '2026-01-10', dataFinal: null },
      ]);
    });

    it('refuses unknown or foreign employees and schedules with 404, changing nothing', async () => {
      const r = await troca({ idsFuncionarios: [...pessoas, f.get('Zeca Beta')] });
      expect([r.status, r.body.mensagem]).toEqual([404, M.funcionarioNaoEncontrado]);
      const s = await troca({ idsFuncionarios: pessoas, idNovoContrato: escalaBeta });
      expect([s.status, s.body.mensagem]).toEqual([404, M.escalaNaoEncontrada]);
      expect(await escalasAbertas(env, pessoas[0]!)).toEqual([{ escalaId: escalaA, dataInicio: '2026-01-10' }]);
    });

    it("says the seed's words for a bad request", async () => {
      const same = await troca({ idsFuncionarios: pessoas, idNovoContrato: escalaA });
      expect(same.status).toBe(400);
      expect(same.body.mensagem).toContain(M.novaEscalaIgualAtual);
      const none = await troca({ idsFuncionarios: [] });
      expect(none.status).toBe(400);
      expect(none.body.mensagem).toContain(M.selecioneFuncionario);
      const nova = await troca({ idsFuncionarios: pessoas, idNovoContrato: null });
      expect(nova.status).toBe(400);
      expect(nova.body.mensagem).toContain(M.selecioneNovaEscala);
    });

    it('needs code 26', async () => {
      const u = await userWithScope(env, {
        tenantId: ids.demo,
        cnpjIds: [ids.principal],
        codes: [PERM.FUNCIONARIOS_VER],
      });
      expect((await troca({ idsFuncionarios: pessoas }, u.token)).status).toBe(403);
    });

    it('moves from the date on: the current entry ends the day before; others are left alone and counted', async () => {
      const ana = f.get('Ana Souza')!; // on schedule B, not A
      const r = await troca({ idsFuncionarios: [...pessoas, ana] });
      expect(r.status).toBe(200);
      expect(r.body.mensagem).toBe(M.escalaTrocada(3, 1));
      for (const id of pessoas) {
        expect(await historico(env, id)).toEqual([
          { escalaId: escalaA, dataInicio: '2026-01-10', dataFinal: '2026-03-31' },
          { escalaId: escalaC, dataInicio: '2026-04-01', dataFinal: null },
        ]);
      }
      expect(await escalasAbertas(env, ana)).toEqual([{ escalaId: escalaB, dataInicio: '2025-01-01' }]);
      const [log] = await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(1);
      expect(log!.descricao).toContain('Escala de 3 funcionário(s) trocada de');
      expect(log!.descricao).toContain('a partir de 01/04/2026');
      const again = await troca({ idsFuncionarios: pessoas });
      expect([again.status, again.body.mensagem]).toEqual([400, M.nenhumNaEscalaAtual]);
    });

    it('a user limited to one sector cannot move an employee outside it', async () => {
      const u = await userWithScope(env, {
        tenantId: ids.demo,
        cnpjIds: [ids.principal],
        centroCustoIds: [cc.get('Montagem')!],
      });
      const r = await call(
        env.app,
        TROCAR,
        {
          idsFuncionarios: [f.get('João da Silva'), f.get('Bruno Lima')],
          idAntigoContrato: escalaA,
          idNovoContrato: escalaB,
          dataInicio: '2026-05-01',
        },
        { token: u.token },
      );
      expect([r.status, r.body.mensagem]).toEqual([404, M.funcionarioNaoEncontrado]);
      expect(await escalasAbertas(env, f.get('João da Silva')!)).toEqual([
        { escalaId: escalaA, dataInicio: '2025-01-01' },
      ]);
    });
  });
});
