import { afterAll, beforeAll, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { justificativaApi, type Justificativa } from '@jornada/contracts';
import { logOperacoes } from '../../db/schema/index.js';
import {
  ADMIN,
  BETA_ADMIN,
  DEMO_PASSWORD,
  OPERADOR,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';

const M = justificativaApi.JUSTIFICATIVA_MSG;

describeEachBackend('justificativas', (backend) => {
  let env: TestEnv;
  let admin: string;
  let operador: string;
  let beta: string;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    [admin, operador, beta] = await Promise.all([
      login(env.app, ADMIN),
      login(env.app, OPERADOR),
      login(env.app, BETA_ADMIN),
    ]);
  });
  afterAll(() => env.close());

  const list = async (token = admin) =>
    (await call(env.app, '/api/justificativa/listar', {}, { token })).body as Justificativa[];
  const save = (justificativa: unknown, token = admin) =>
    call(env.app, '/api/justificativa/salvar', { justificativa }, { token });
  const lastLog = async () =>
    (await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(1))[0];

  it('lista só as do cliente, por descrição, com o nome do tipo', async () => {
    const mine = await list();
    expect(mine.map((j) => j.descricao)).toEqual(
      [...mine.map((j) => j.descricao)].sort((a, b) => a.localeCompare(b, 'pt-BR')),
    );
    expect(mine.find((j) => j.descricao === 'Atestado médico')).toMatchObject({
      tipo: 1,
      descricaoTipo: 'Abonar horas',
      inibirAcesso: true,
    });
    expect(new Set(mine.map((j) => j.tipo))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(mine.map((j) => j.descricao)).not.toContain('Marcação indevida');
    expect((await list(beta)).map((j) => j.descricao)).toContain('Marcação indevida');
  });

  it.each(justificativaApi.TIPOS_JUSTIFICATIVA.map((t) => [t.tipo, t.descricao] as const))(
    'tipo %i responde descricaoTipo "%s" no listar e no buscar',
    async (tipo, nome) => {
      const descricao = `Tipo ${tipo} de teste`;
      expect((await save({ descricao, tipo })).status).toBe(200);
      const row = (await list()).find((j) => j.descricao === descricao)!;
      expect(row).toMatchObject({ tipo, descricaoTipo: nome, inibirAcesso: false });
      const got = await call(env.app, '/api/justificativa/buscar', { idJustificativa: row.id }, { token: admin });
      expect(got.body).toEqual(row);
    },
  );

  it('aceita o corpo do seed (usuarioRequisicao), apara a descrição e registra no log com o tipo', async () => {
    const r = await call(
      env.app,
      '/api/justificativa/salvar',
      { justificativa: { descricao: '  Consulta odontológica  ', inibirAcesso: true, tipo: 1 }, usuarioRequisicao: {} },
      { token: admin },
    );
    expect([r.status, r.body.mensagem]).toEqual([200, M.salvo]);
    expect((await list()).find((j) => j.descricao === 'Consulta odontológica')?.inibirAcesso).toBe(true);
    expect(await lastLog()).toMatchObject({
      acao: 'Cadastrar',
      descricao: 'Justificativa Consulta odontológica (Abonar horas)',
    });
  });

  it.each([
    ['descrição vazia', { descricao: '   ', tipo: 1 }, `justificativa.descricao: ${M.informeDescricao}`],
    ['sem descrição', { tipo: 1 }, `justificativa.descricao: ${M.informeDescricao}`],
    [
      'descrição com 81 caracteres',
      { descricao: 'x'.repeat(81), tipo: 1 },
      'justificativa.descricao: No máximo 80 caracteres',
    ],
    ['sem tipo', { descricao: 'Sem tipo' }, `justificativa.tipo: ${M.selecioneTipo}`],
    ['tipo 0', { descricao: 'Tipo zero', tipo: 0 }, `justificativa.tipo: ${M.selecioneTipo}`],
    ['tipo 6', { descricao: 'Tipo seis', tipo: 6 }, `justificativa.tipo: ${M.selecioneTipo}`],
    ['tipo texto', { descricao: 'Tipo texto', tipo: '1' }, `justificativa.tipo: ${M.selecioneTipo}`],
    ['campo estranho', { descricao: 'Campo', tipo: 1, codigo: 'X' }, undefined],
  ])('%s → 400 em português e nada gravado', async (_caso, body, mensagem) => {
    const before = (await list()).length;
    const r = await save(body);
    expect(r.status).toBe(400);
    if (mensagem) expect(r.body.mensagem).toBe(mensagem);
    else expect(r.body.mensagem).toMatch(/[a-zà-ú]/i);
    expect((await list()).length).toBe(before);
  });

  it('80 caracteres cabem', async () => {
    expect((await save({ descricao: 'y'.repeat(80), tipo: 2 })).status).toBe(200);
  });

  it('descrição repetida (mesmo em outra caixa) → 409 em português; em outro cliente pode', async () => {
    const r = await save({ descricao: 'ATESTADO MÉDICO', tipo: 1 });
    expect([r.status, r.body.mensagem]).toEqual([409, M.descricaoEmUso]);
    const edit = (await list()).find((j) => j.descricao === 'Reunião externa')!;
    const clash = await save({ id: edit.id, descricao: 'atestado médico', tipo: 2 });
    expect([clash.status, clash.body.mensagem]).toEqual([409, M.descricaoEmUso]);
    expect((await save({ descricao: 'Reunião externa', tipo: 2 }, beta)).status).toBe(200);
  });

  it('10 cadastros simultâneos da mesma descrição: um 200, os outros 409', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => save({ descricao: 'Justificativa simultânea', tipo: 2 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await list()).filter((j) => j.descricao === 'Justificativa simultânea')).toHaveLength(1);
  });

  it('edita tipo e inibir acessos; o log diz de → para', async () => {
    expect((await save({ descricao: 'Curso técnico', tipo: 2 })).status).toBe(200);
    const row = (await list()).find((j) => j.descricao === 'Curso técnico')!;
    const r = await save({ id: row.id, descricao: 'Curso técnico externo', tipo: 3, inibirAcesso: true });
    expect([r.status, r.body.mensagem]).toEqual([200, M.alterado]);
    expect((await list()).find((j) => j.id === row.id)).toMatchObject({
      descricao: 'Curso técnico externo',
      tipo: 3,
      descricaoTipo: 'Compensação',
      inibirAcesso: true,
    });
    expect((await lastLog())!.descricao).toBe(
      'Justificativa Curso técnico (Explicação) alterado para Curso técnico externo (Compensação)',
    );
  });

  it('listar é consulta comum (qualquer usuário logado); buscar pede 90', async () => {
    expect((await list(operador)).length).toBeGreaterThan(0);
    const id = (await list())[0]!.id;
    expect(
      (await call(env.app, '/api/justificativa/buscar', { idJustificativa: id }, { token: operador })).status,
    ).toBe(200);
  });

  it('o login leva as justificativas do cliente na sessão (dadosRequisicao.justificativas)', async () => {
    const r = await call(env.app, '/api/login/aut-usuario', { email: ADMIN, senha: DEMO_PASSWORD });
    const sessao = r.body.dadosRequisicao.justificativas as { id: number; descricao: string; tipo: number }[];
    const listed = await list();
    expect(sessao).toEqual(listed.map((j) => ({ id: j.id, descricao: j.descricao, tipo: j.tipo })));
    const betaSession = await call(env.app, '/api/login/aut-usuario', { email: BETA_ADMIN, senha: DEMO_PASSWORD });
    expect(betaSession.body.dadosRequisicao.justificativas.map((j: { descricao: string }) => j.descricao)).toContain(
      'Marcação indevida',
    );
    expect(sessao.map((j) => j.descricao)).not.toContain('Marcação indevida');
  });
});
