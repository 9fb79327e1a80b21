import { afterAll, beforeAll, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { MSG, PERM, cnpjCheckDigits } from '@jornada/contracts';
import { cnpjs, empresas, logOperacoes, planos, tenants } from '../../db/schema/index.js';
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
import { demoIds, userHasCnpj, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';

const SAO_PAULO = 3550308;
const CAMPINAS = 3509502;
const MANAUS = 1302603;

let seq = 0;
/** A valid CNPJ no other test uses. */
const novoCnpj = () => {
  const base = `9${String(Date.now() % 1e7).padStart(7, '0')}${String(++seq).padStart(4, '0')}`;
  return base + cnpjCheckDigits(base);
};

type Body = { cnpj: Record<string, unknown>; endereco: Record<string, unknown> };
const formOf = (cnpj: Record<string, unknown> = {}, endereco: Record<string, unknown> = {}): Body => ({
  cnpj: {
    tipoNumeroDocumento: 'cnpj',
    numero: novoCnpj(),
    razaoSocial: 'Padaria Pão Quente Ltda',
    telefone1: '(11) 3456-7890',
    telefone2: '',
    celular: '(11) 98765-4321',
    codigoContabil: '3.01.007',
    codigoFilial: '007',
    ...cnpj,
  },
  endereco: {
    tipoLocal: 'Rua',
    rua: 'Augusta',
    numero: '200',
    complemento: '',
    cep: '01304-000',
    bairro: 'Consolação',
    cidade: { id: SAO_PAULO },
    ...endereco,
  },
});

describeEachBackend('empresas', (backend) => {
  let env: TestEnv;
  let admin: string;
  let adminId: number;
  let operador: string;
  let beta: string;
  let ids: DemoIds;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    [operador, beta] = await Promise.all([login(env.app, OPERADOR), login(env.app, BETA_ADMIN)]);
    const sessao = await call(
      env.app,
      '/api/login/aut-usuario',
      { email: ADMIN, senha: DEMO_PASSWORD },
      { ip: '10.9.9.9' },
    );
    [admin, adminId] = [sessao.body.token.valor, sessao.body.user.id];
    ids = await demoIds(env);
  });
  afterAll(() => env.close());
  const listar = async (token = admin) => (await call(env.app, '/api/empresa/listar', {}, { token })).body;
  const salvar = (body: Body, token = admin) => call(env.app, '/api/empresa/salvar-cnpj', body, { token });
  const buscarCnpj = (idCnpj: number, token = admin) =>
    call(env.app, '/api/empresa/buscar-cnpj', { idCnpj }, { token });
  const cnpjCount = async () => (await env.database.owner.select().from(cnpjs)).length;
  const lastLog = async () =>
    (await env.database.owner.select().from(logOperacoes).orderBy(desc(logOperacoes.id)).limit(1))[0]!;
  const created = async (body: Body) => {
    expect((await salvar(body)).status).toBe(200);
    return ((await listar()).cnpjs as { id: number; numero: string }[]).find((c) => c.numero === body.cnpj.numero)!;
  };

  it('lista as empresas do usuário, a principal primeiro, com endereço e período de fechamento', async () => {
    const r = await listar();
    expect(r.diaInicioFechamento).toBe(1);
    expect(r.diaFinalFechamento).toBe(31);
    expect(r.cnpjs.slice(0, 2)).toMatchObject([
      {
        id: ids.principal,
        codigoEmpresa: `EMP${String(ids.principal).padStart(4, '0')}`,
        razaoSocial: 'Jornada Demonstração Ltda',
        tipoNumeroDocumento: 'cnpj',
        telefone1: '1133334444',
        celular: '11987654321',
        codigoContabil: '1.01.001',
        principal: true,
        estado: 'SP',
        cidade: 'São Paulo',
      },
      { id: ids.campinas, estado: 'SP', cidade: 'Campinas', principal: false },
    ]);
    const deBeta = await listar(beta);
    expect(deBeta.cnpjs.map((c: { cidade: string; estado: string }) => [c.estado, c.cidade])).toEqual([
      ['AM', 'Manaus'],
    ]);
  });

  it('listar-cnpjs (código 0) dá as empresas do usuário com o rótulo formatado', async () => {
    const semCodigos = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.campinas], codes: [] });
    const r = await call(env.app, '/api/empresa/listar-cnpjs', {}, { token: semCodigos.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        id: ids.campinas,
        numero: '11222333000262',
        razaoSocial: 'Jornada Demonstração Ltda - Filial Campinas',
        tipoNumeroDocumento: 'cnpj',
        cnpjNome: '11.222.333/0002-62 - Jornada Demonstração Ltda - Filial Campinas',
      },
    ]);
  });

  it('busca uma empresa com o endereço, os estados e as cidades do seu estado em ordem alfabética', async () => {
    const r = await buscarCnpj(ids.principal);
    expect(r.status).toBe(200);
    expect(r.body.cnpj).toMatchObject({
      id: ids.principal,
      numero: '11222333000181',
      fusoHorario: 'America/Sao_Paulo',
    });
    expect(r.body.endereco).toEqual({
      tipoLocal: 'Avenida',
      rua: 'Paulista',
      numero: '1578',
      complemento: '10º andar',
      cep: '01310200',
      bairro: 'Bela Vista',
      cidade: { id: SAO_PAULO, nome: 'São Paulo' },
    });
    expect(r.body.idEstado).toBe(35);
    expect(r.body.estados).toHaveLength(27);
    const nomes = (r.body.cidades as { nome: string }[]).map((c) => c.nome);
    expect(nomes).toHaveLength(645);
    expect(nomes).toEqual([...nomes].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
    expect(nomes).toContain('Campinas');
  });

  it('busca a empresa principal', async () => {
    const r = await call(env.app, '/api/empresa/buscar', {}, { token: admin });
    expect(r.body).toMatchObject({ nome: 'Jornada Demonstração Ltda', diaInicioFechamento: 1, diaFinalFechamento: 31 });
  });

  it('estados e cidades do IBGE (GET, o estado no caminho)', async () => {
    const estados = await call(env.app, '/api/empresa/listar-estados', undefined, { method: 'GET', token: admin });
    expect(estados.status).toBe(200);
    expect(estados.body[0]).toEqual({ id: 12, uf: 'AC', nome: 'Acre' });
    const am = await call(env.app, '/api/empresa/listar-cidades/13', undefined, { method: 'GET', token: admin });
    expect(am.body).toContainEqual({ id: MANAUS, nome: 'Manaus' });
    expect(am.body).toHaveLength(62);
    const semEstado = await call(env.app, '/api/empresa/listar-cidades/99', undefined, { method: 'GET', token: admin });
    expect([semEstado.status, semEstado.body.mensagem]).toEqual([404, MSG.naoEncontrado]);
    const lixo = await call(env.app, '/api/empresa/listar-cidades/SP', undefined, { method: 'GET', token: admin });
    expect([lixo.status, lixo.body.mensagem]).toEqual([400, `idEstado: ${MSG.idInvalido}`]);
  });

  it('cadastra: guarda só os dígitos, toma o fuso da cidade, dá a empresa ao criador e registra no log', async () => {
    const body = formOf({ numero: '' }, { cidade: { id: MANAUS } });
    const numero = novoCnpj();
    body.cnpj.numero = `${numero.slice(0, 2)}.${numero.slice(2, 5)}.${numero.slice(5, 8)}/${numero.slice(8, 12)}-${numero.slice(12)}`;
    const r = await salvar(body);
    expect([r.status, r.body.mensagem]).toEqual([200, MSG.empresaSalva]);
    const linha = ((await listar()).cnpjs as { id: number; numero: string }[]).find((c) => c.numero === numero)!;
    expect(linha).toMatchObject({
      telefone1: '1134567890',
      telefone2: null,
      celular: '11987654321',
      estado: 'AM',
      cidade: 'Manaus',
      principal: false,
    });
    const lido = await buscarCnpj(linha.id);
    expect(lido.body.cnpj.fusoHorario).toBe('America/Porto_Velho');
    expect(lido.body.endereco).toMatchObject({ cep: '01304000', complemento: null, cidade: { id: MANAUS } });
    expect(lido.body.idEstado).toBe(13);
    expect(await userHasCnpj(env, adminId, linha.id)).toBe(true);
    // Nobody else was given it.
    expect(((await listar(operador)).cnpjs as { id: number }[]).map((c) => c.id)).not.toContain(linha.id);
    expect(await lastLog()).toMatchObject({
      acao: 'Cadastrar',
      loginUsuario: ADMIN,
      descricao: expect.stringMatching(/^Empresa EMP\d{4} \d\d\.\d{3}\.\d{3}\/\d{4}-\d\d - Padaria Pão Quente Ltda$/),
    });
  });

  it('edita: a nova cidade traz o seu fuso; o log diz antes e depois', async () => {
    const linha = await created(formOf({}, { cidade: { id: MANAUS } }));
    const body = formOf(
      { id: linha.id, numero: linha.numero, razaoSocial: 'Padaria Pão Quente' },
      { cidade: { id: CAMPINAS } },
    );
    const r = await salvar(body);
    expect([r.status, r.body.mensagem]).toEqual([200, MSG.empresaAlterada]);
    const lido = await buscarCnpj(linha.id);
    expect(lido.body.cnpj).toMatchObject({ razaoSocial: 'Padaria Pão Quente', fusoHorario: 'America/Sao_Paulo' });
    expect(lido.body.endereco.cidade).toEqual({ id: CAMPINAS, nome: 'Campinas' });
    expect((await lastLog()).descricao).toContain(' alterada para ');
  });

  it('telefones aceitam fixo (10 dígitos) e celular (11), sem perder dígito', async () => {
    const body = formOf({ numero: novoCnpj(), telefone1: '(11) 98765-4321', telefone2: '(11) 3456-7890' });
    expect((await salvar(body)).status).toBe(200);
    const linha = ((await listar()).cnpjs as { numero: string }[]).find((c) => c.numero === body.cnpj.numero);
    expect(linha).toMatchObject({ telefone1: '11987654321', telefone2: '1134567890' });
  });

  it('aceita um CPF (empregador pessoa física) com os dígitos verificados', async () => {
    const r = await salvar(
      formOf({ tipoNumeroDocumento: 'cpf', numero: '529.982.247-25', razaoSocial: 'Maria da Silva' }),
    );
    expect(r.status).toBe(200);
    const linha = ((await listar()).cnpjs as { numero: string; tipoNumeroDocumento: string }[]).find(
      (c) => c.numero === '52998224725',
    );
    expect(linha?.tipoNumeroDocumento).toBe('cpf');
  });

  it.each([
    ['cnpj vazio', formOf({ numero: '' }), `cnpj.numero: ${MSG.informeCnpj}`],
    ['razão social em branco', formOf({ razaoSocial: '   ' }), `cnpj.razaoSocial: ${MSG.informeRazaoSocial}`],
    ['telefone vazio', formOf({ telefone1: '' }), `cnpj.telefone1: ${MSG.informeTelefone}`],
    ['sem tipo de local', formOf({}, { tipoLocal: null }), `endereco.tipoLocal: ${MSG.selecioneTipoLocal}`],
    ['tipo de local desconhecido', formOf({}, { tipoLocal: 'Beco' }), `endereco.tipoLocal: ${MSG.selecioneTipoLocal}`],
    ['rua vazia', formOf({}, { rua: '' }), `endereco.rua: ${MSG.informeDescricao}`],
    ['número vazio', formOf({}, { numero: ' ' }), `endereco.numero: ${MSG.informeNumero}`],
    ['cep vazio', formOf({}, { cep: '' }), `endereco.cep: ${MSG.informeCep}`],
    ['bairro vazio', formOf({}, { bairro: '' }), `endereco.bairro: ${MSG.informeBairro}`],
    ['sem cidade', formOf({}, { cidade: null }), `endereco.cidade: ${MSG.selecioneCidade}`],
    ['cidade sem id', formOf({}, { cidade: { id: null } }), `endereco.cidade.id: ${MSG.selecioneCidade}`],
    ['CNPJ com dígito errado', formOf({ numero: '11.222.333/0001-82' }), `cnpj.numero: ${MSG.cnpjInvalido}`],
    ['CNPJ de dígitos repetidos', formOf({ numero: '11111111111111' }), `cnpj.numero: ${MSG.cnpjInvalido}`],
    ['CNPJ curto', formOf({ numero: '1122233300018' }), `cnpj.numero: ${MSG.cnpjInvalido}`],
    [
      'CPF com dígito errado',
      formOf({ tipoNumeroDocumento: 'cpf', numero: '52998224726' }),
      `cnpj.numero: ${MSG.cpfInvalido}`,
    ],
    [
      'CNPJ enviado como CPF',
      formOf({ tipoNumeroDocumento: 'cpf', numero: '11222333000181' }),
      `cnpj.numero: ${MSG.cpfInvalido}`,
    ],
    ['telefone com 9 dígitos', formOf({ telefone1: '113456789' }), `cnpj.telefone1: ${MSG.telefoneInvalido}`],
    ['telefone 2 com 12 dígitos', formOf({ telefone2: '119345678901' }), `cnpj.telefone2: ${MSG.telefoneInvalido}`],
    ['celular com 10 dígitos', formOf({ celular: '1134567890' }), `cnpj.celular: ${MSG.celularInvalido}`],
    ['cep com 7 dígitos', formOf({}, { cep: '0130400' }), `endereco.cep: ${MSG.cepInvalido}`],
    [
      'código contábil com 16',
      formOf({ codigoContabil: 'x'.repeat(16) }),
      'cnpj.codigoContabil: Código contábil: no máximo 15 caracteres',
    ],
    [
      'código da filial com 4',
      formOf({ codigoFilial: '0001' }),
      'cnpj.codigoFilial: Código da filial: no máximo 3 caracteres',
    ],
    ['cidade inexistente', formOf({}, { cidade: { id: 9999999 } }), MSG.cidadeNaoEncontrada],
  ])('%s → 400 com a mensagem e nada gravado', async (_n, body, mensagem) => {
    const before = await cnpjCount();
    const r = await salvar(body);
    expect([r.status, r.body.mensagem]).toEqual([400, mensagem]);
    expect(await cnpjCount()).toBe(before);
  });

  it('tudo vazio → todas as mensagens do seed de uma vez', async () => {
    const r = await salvar({
      cnpj: { numero: '', razaoSocial: '', telefone1: '' },
      endereco: { tipoLocal: null, rua: '', numero: '', cep: '', bairro: '', cidade: { id: null } },
    });
    expect(r.status).toBe(400);
    // The answer lists the first five; the form shows each beside its field.
    for (const m of [MSG.informeCnpj, MSG.informeRazaoSocial, MSG.informeTelefone])
      expect(r.body.mensagem).toContain(m);
  });

  it('CNPJ de outra empresa do cliente → 409 em português; o mesmo número em outro cliente é permitido', async () => {
    const r = await salvar(formOf({ numero: '11222333000181' }));
    expect([r.status, r.body.mensagem]).toEqual([409, MSG.empresaDocumentoEmUso]);
    const linha = await created(formOf());
    const edit = await salvar(formOf({ id: linha.id, numero: '11222333000181' }));
    expect([edit.status, edit.body.mensagem]).toEqual([409, MSG.empresaDocumentoEmUso]);
    const noBeta = await salvar(formOf({ numero: '11222333000181' }), beta);
    expect(noBeta.status).toBe(200);
  });

  it('quem só cria (30) não edita; quem só edita (32) não cria (403)', async () => {
    const linha = await created(formOf());
    const soCria = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [linha.id],
      codes: [PERM.EMPRESAS_VER, PERM.EMPRESAS_NOVO],
    });
    const soEdita = await userWithScope(env, {
      tenantId: ids.demo,
      cnpjIds: [linha.id],
      codes: [PERM.EMPRESAS_VER, PERM.EMPRESAS_EDITAR],
    });
    expect((await salvar(formOf({ id: linha.id, numero: linha.numero }), soCria.token)).status).toBe(403);
    expect((await salvar(formOf(), soEdita.token)).status).toBe(403);
    expect((await salvar(formOf({ id: linha.id, numero: linha.numero }), soEdita.token)).status).toBe(200);
    expect((await salvar(formOf(), soCria.token)).status).toBe(200);
  });

  it('escopo: o operador vê só a matriz; a filial e as empresas de outro cliente são 404 e nada muda', async () => {
    expect(((await listar(operador)).cnpjs as { id: number }[]).map((c) => c.id)).toEqual([ids.principal]);
    expect((await buscarCnpj(ids.campinas, operador)).status).toBe(404);
    const before = JSON.stringify((await buscarCnpj(ids.campinas)).body);
    const edit = await salvar(
      formOf({ id: ids.campinas, numero: '11222333000262', razaoSocial: 'Invadida' }),
      operador,
    );
    expect([edit.status, edit.body.mensagem]).toEqual([404, MSG.naoEncontrado]);
    expect(JSON.stringify((await buscarCnpj(ids.campinas)).body)).toBe(before);
    // Another tenant's company: the same answer as an id that does not exist.
    expect((await buscarCnpj(ids.principal, beta)).status).toBe(404);
    const alheia = await salvar(formOf({ id: ids.principal, numero: '11222333000181', razaoSocial: 'Invadida' }), beta);
    expect(alheia.status).toBe(404);
    expect((await buscarCnpj(ids.principal)).body.cnpj.razaoSocial).toBe('Jornada Demonstração Ltda');
    // No company assigned: none seen.
    const ninguem = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [] });
    expect((await listar(ninguem.token)).cnpjs).toEqual([]);
    expect((await call(env.app, '/api/empresa/listar-cnpjs', {}, { token: ninguem.token })).body).toEqual([]);
  });

  it('limite de empresas do plano: 400 claro e nada gravado', async () => {
    const db = env.database.owner;
    const total = (await db.select().from(cnpjs).where(eq(cnpjs.tenantId, ids.demo))).length;
    const [plano] = await db
      .insert(planos)
      .values({ nome: 'Limitado', maxFuncionarios: 10, maxCnpjs: total, maxUsuarios: 10 })
      .returning();
    const [tenant] = await db.select().from(tenants).where(eq(tenants.id, ids.demo));
    await db.update(tenants).set({ planoId: plano!.id }).where(eq(tenants.id, ids.demo));
    try {
      const r = await salvar(formOf());
      expect([r.status, r.body.mensagem]).toEqual([400, MSG.limiteEmpresasDoPlano(total)]);
      expect((await db.select().from(cnpjs).where(eq(cnpjs.tenantId, ids.demo))).length).toBe(total);
      // Editing is not creating: the limit does not stand in the way.
      expect(
        (await salvar(formOf({ id: ids.campinas, numero: '11222333000262', razaoSocial: 'Filial Campinas' }))).status,
      ).toBe(200);
    } finally {
      await db.update(tenants).set({ planoId: tenant!.planoId }).where(eq(tenants.id, ids.demo));
    }
  });

  it('período de fechamento: altera, registra, vale no login seguinte e não toca o outro cliente', async () => {
    const alterar = (empresa: Record<string, unknown>, token = admin) =>
      call(env.app, '/api/empresa/alterar-periodo-fechamento', { empresa }, { token });
    // The seeds' client sends the session's whole empresa.
    const r = await alterar({
      id: 1,
      nome: 'Jornada Demonstração Ltda',
      diaInicioFechamento: 21,
      diaFinalFechamento: 20,
    });
    expect([r.status, r.body.mensagem]).toEqual([200, MSG.periodoFechamentoAlterado]);
    expect(await listar()).toMatchObject({ diaInicioFechamento: 21, diaFinalFechamento: 20 });
    expect(await lastLog()).toMatchObject({
      acao: 'Editar',
      descricao: 'Período de fechamento 1 a 31 alterado para 21 a 20',
    });
    const sessao = await call(
      env.app,
      '/api/login/aut-usuario',
      { email: ADMIN, senha: DEMO_PASSWORD },
      { ip: '10.7.7.7' },
    );
    expect(sessao.body.dadosRequisicao.empresa).toMatchObject({ diaInicioFechamento: 21, diaFinalFechamento: 20 });
    expect(await listar(beta)).toMatchObject({ diaInicioFechamento: 1, diaFinalFechamento: 31 });
    expect((await alterar({ diaInicioFechamento: 1, diaFinalFechamento: 31 })).status).toBe(200);
    const [empresa] = await env.database.owner.select().from(empresas).where(eq(empresas.tenantId, ids.demo));
    expect([empresa!.diaInicioFechamento, empresa!.diaFinalFechamento]).toEqual([1, 31]);
  });

  it.each([
    [
      { diaInicioFechamento: 21, diaFinalFechamento: 25 },
      'Um período que começa no dia 21 termina no dia 20 do mês seguinte.',
    ],
    [
      { diaInicioFechamento: 1, diaFinalFechamento: 30 },
      'Um período que começa no dia 1 termina no dia 31 (o mês inteiro).',
    ],
    [{ diaInicioFechamento: 0, diaFinalFechamento: 31 }, 'Os dias devem estar entre 1 e 31.'],
    [{ diaInicioFechamento: 1, diaFinalFechamento: 32 }, 'Os dias devem estar entre 1 e 31.'],
    [{ diaInicioFechamento: 1.5, diaFinalFechamento: 31 }, 'Os dias devem estar entre 1 e 31.'],
    [{ diaFinalFechamento: 31 }, MSG.informeDiaInicio],
    [{ diaInicioFechamento: 21 }, MSG.informeDiaFinal],
  ])('período de fechamento %j → 400 e nada muda', async (empresa, mensagem) => {
    const r = await call(env.app, '/api/empresa/alterar-periodo-fechamento', { empresa }, { token: admin });
    expect(r.status).toBe(400);
    expect(r.body.mensagem).toContain(mensagem);
    expect(await listar()).toMatchObject({ diaInicioFechamento: 1, diaFinalFechamento: 31 });
  });
});
