import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { IMPORTACAO, MSG, MSG_IMPORTACAO, funcionarioApi } from '@jornada/contracts';
import { queryRows } from '../../db/client.js';
import {
  funcionarioCargos,
  funcionarioEscalas,
  funcionarioImportacoes,
  funcionarios,
  logOperacoes,
} from '../../db/schema/index.js';
import {
  ADMIN,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  multipartBody,
  upload,
  type TestEnv,
} from '../../../test/harness.js';
import { keypadPinCipher } from '../../shared/field-cipher.js';
import { COLUNAS_PADRAO, cpfDe, linhaCsv } from '../../../test/importacao-fixtures.js';
import { demoIds, userWithScope, type DemoIds } from '../../../test/scope-fixtures.js';

const M = funcionarioApi.FUNCIONARIO_MSG;
const PROCESSAR = '/api/funcionario-upload/processar';
const SALVAR = '/api/funcionario-upload/salvar';

/** Lines joined as Excel writes them (CR LF), in ISO-8859-1. */
const arquivo = (...linhas: string[]) => Buffer.from(linhas.join('\r\n') + '\r\n', 'latin1');

describeEachBackend('Importação de funcionários', (backend) => {
  let env: TestEnv;
  let admin: string;
  let ids: DemoIds;
  let escalaId: number;
  let escalaBeta: number;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    admin = await login(env.app, ADMIN);
    ids = await demoIds(env);
    const escalas = await queryRows<{ id: number; tenant_id: number }>(
      env.database.owner,
      sql`SELECT id, tenant_id FROM escalas ORDER BY id`,
    );
    escalaId = Number(escalas.find((e) => Number(e.tenant_id) === ids.demo)!.id);
    escalaBeta = Number(escalas.find((e) => Number(e.tenant_id) === ids.beta)!.id);
  });
  afterAll(() => env.close());

  const processar = (
    conteudo: Buffer | string,
    o: { token?: string; colunas?: Record<string, unknown>; cnpj?: number; nome?: string } = {},
  ) =>
    upload(
      env.app,
      PROCESSAR,
      { jsonRequisicao: { cnpj: { id: o.cnpj ?? ids.principal } }, jsonColunas: o.colunas ?? COLUNAS_PADRAO },
      { nomeArquivo: o.nome ?? '11222333000181.csv', conteudo },
      { token: o.token ?? admin },
    );
  const salvar = (id: string, o: { token?: string; escala?: number; data?: string } = {}) =>
    call(
      env.app,
      SALVAR,
      { id, escala: { id: o.escala ?? escalaId }, dataIinicioEscala: o.data ?? '2026-03-16' },
      { token: o.token ?? admin },
    );
  const porCpf = (cpfs: string[]) =>
    env.database.owner.select().from(funcionarios).where(inArray(funcionarios.cpf, cpfs));

  it('lê o arquivo, diz cada linha com erro e guarda só as boas; salvar cria funcionários com escala e cargo', async () => {
    const r = await processar(
      arquivo(
        linhaCsv(1, { nome: 'João da Silva', centroCusto: 'Produção' }),
        linhaCsv(2, { cpf: '12345678900' }),
        '"linha quebrada;1;2',
        linhaCsv(3, { pis: '' }),
        linhaCsv(4, { dataAdmissao: '2020-01-02' }),
      ),
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      cnpj: { id: ids.principal },
      qtdLinhas: 5,
      qtdFuncionarios: 2,
      qtdLinhasErros: 3,
      linhasErros: [
        { linha: 2, motivo: M.cpfInvalido },
        { linha: 3, motivo: MSG_IMPORTACAO.aspasAbertas },
        { linha: 5, motivo: MSG_IMPORTACAO.dataInvalidaFormato('Data de Admissão', 'dd/MM/yyyy') },
      ],
    });
    expect(r.body.escalas.map((e: { id: number }) => e.id)).toContain(escalaId);
    expect(r.body.escalas.map((e: { id: number }) => e.id)).not.toContain(escalaBeta);
    expect(await porCpf([cpfDe(1), cpfDe(3)])).toEqual([]);

    const s = await salvar(r.body.id);
    expect(s.status).toBe(200);
    expect(s.body).toEqual({
      mensagem: MSG_IMPORTACAO.importacaoConcluida(2),
      qtdFuncionarios: 2,
      qtdJaCadastrados: 0,
    });
    const criados = await porCpf([cpfDe(1), cpfDe(3)]);
    expect(criados.map((f) => [f.nome, f.pis, f.cnpjId, f.ativo, f.dataAtivacao, f.dataAdmissao]).sort()).toEqual([
      ['Funcionário 3', null, ids.principal, true, '2026-03-10', '2020-01-02'],
      ['João da Silva', expect.any(String), ids.principal, true, '2026-03-10', '2020-01-02'],
    ]);
    expect(criados.find((f) => f.nome === 'João da Silva')!.centroCustoId).toBe(ids.cc.get('Produção'));
    for (const f of criados) {
      const [esc] = await env.database.owner
        .select()
        .from(funcionarioEscalas)
        .where(eq(funcionarioEscalas.funcionarioId, f.id));
      expect([esc!.escalaId, esc!.dataInicio, esc!.dataFinal]).toEqual([escalaId, '2026-03-16', null]);
      const [cargo] = await env.database.owner
        .select()
        .from(funcionarioCargos)
        .where(eq(funcionarioCargos.funcionarioId, f.id));
      expect([cargo!.dataInicio, cargo!.dataFinal]).toEqual(['2020-01-02', null]);
    }
    const log = await env.database.owner
      .select()
      .from(logOperacoes)
      .where(
        and(eq(logOperacoes.tenantId, ids.demo), sql`${logOperacoes.descricao} LIKE 'Importação de funcionários%'`),
      );
    expect(log.map((l) => [l.acao, l.loginUsuario])).toEqual([['Cadastrar', ADMIN]]);
    expect(log[0]!.descricao).toContain('2 de 2 (arquivo 11222333000181.csv');

    // The list finds them by a word of the name (its search words were rebuilt in the same transaction).
    const lista = await call(
      env.app,
      '/api/funcionario/listar',
      { idCnpj: ids.principal, crachaNome: 'joao silva' },
      { token: admin },
    );
    expect(lista.body.funcionarios.map((f: { nome: string; escala?: unknown }) => f.nome)).toEqual(['João da Silva']);

    // The import is gone once saved: a second salvar finds nothing and creates nothing.
    const again = await salvar(r.body.id);
    expect([again.status, again.body.mensagem]).toEqual([400, MSG_IMPORTACAO.importacaoNaoEncontrada]);
    expect(await porCpf([cpfDe(1), cpfDe(3)])).toHaveLength(2);
  });

  it('a senha do teclado da linha nunca fica em claro: nem na importação guardada, nem no funcionário (decision 0065)', async () => {
    const r = await processar(arquivo(linhaCsv(61, { senha: '7531' })));
    expect(r.status).toBe(200);
    const guardada = await queryRows<{ dados: unknown }>(
      env.database.owner,
      sql`SELECT dados::text AS dados FROM funcionario_importacoes WHERE id = ${r.body.id}`,
    );
    expect(String(guardada[0]!.dados)).not.toContain('7531');
    expect((await salvar(r.body.id)).status).toBe(200);
    const [f] = await porCpf([cpfDe(61)]);
    expect(f!.senhaTecladoCifrada).toMatch(/^c1\./);
    expect(keypadPinCipher(env.config).decrypt(f!.senhaTecladoCifrada!)).toBe('7531');
  });

  it('o mesmo arquivo duas vezes não cria nada na segunda: cada CPF é "já cadastrado", nunca sobrescrito', async () => {
    const csv = arquivo(linhaCsv(10), linhaCsv(11));
    const first = await processar(csv);
    expect((await salvar(first.body.id)).body.qtdFuncionarios).toBe(2);
    const before = await porCpf([cpfDe(10), cpfDe(11)]);

    const second = await processar(csv);
    expect(second.body).toMatchObject({ qtdFuncionarios: 0, qtdLinhasErros: 2 });
    expect(second.body.linhasErros).toEqual([
      { linha: 1, motivo: `${MSG_IMPORTACAO.cpfJaCadastrado}; ${MSG_IMPORTACAO.crachaJaCadastrado}` },
      { linha: 2, motivo: `${MSG_IMPORTACAO.cpfJaCadastrado}; ${MSG_IMPORTACAO.crachaJaCadastrado}` },
    ]);
    const s = await salvar(second.body.id);
    expect([s.status, s.body.mensagem]).toEqual([400, MSG_IMPORTACAO.nenhumFuncionarioValido]);
    expect(await porCpf([cpfDe(10), cpfDe(11)])).toEqual(before);
  });

  it('CPF ou crachá repetido no arquivo: a primeira linha vale, as outras dizem onde', async () => {
    const r = await processar(
      arquivo(linhaCsv(20), linhaCsv(21, { cpf: cpfDe(20) }), linhaCsv(22, { cracha: '50020' })),
    );
    expect(r.body.linhasErros).toEqual([
      { linha: 2, motivo: MSG_IMPORTACAO.cpfRepetidoNoArquivo(1) },
      { linha: 3, motivo: MSG_IMPORTACAO.crachaRepetidoNoArquivo(1) },
    ]);
    expect(r.body.qtdFuncionarios).toBe(1);
  });

  it('cargo e centro de custo pelo código ou pelo nome, sem diferenciar maiúsculas e acentos', async () => {
    const r = await processar(
      arquivo(
        linhaCsv(30, { cargo: '4', centroCusto: '9' }),
        linhaCsv(31, { cargo: 'OPERADOR DE MAQUINAS', centroCusto: '  recursos   humanos ' }),
        linhaCsv(32, { cargo: 'Astronauta', centroCusto: 'Logística' }),
        linhaCsv(33, { cargo: '', centroCusto: '' }),
      ),
    );
    expect(r.body.linhasErros).toEqual([
      {
        linha: 3,
        // Logística is the Campinas branch's: not a cost centre of this company.
        motivo: `${MSG_IMPORTACAO.cargoNaoEncontrado('Astronauta')}; ${MSG_IMPORTACAO.centroCustoNaoEncontrado('Logística')}`,
      },
      { linha: 4, motivo: `${M.selecioneCargo}; ${M.selecioneCentroCusto}` },
    ]);
    await salvar(r.body.id);
    const [a, b] = [await porCpf([cpfDe(30)]), await porCpf([cpfDe(31)])];
    expect(a[0]!.centroCustoId).toBe(ids.cc.get('Montagem'));
    expect(b[0]!.centroCustoId).toBe(ids.cc.get('Recursos Humanos'));
  });

  it('as regras do funcionário são as do formulário: cada motivo da linha', async () => {
    const r = await processar(
      arquivo(
        linhaCsv(40, { nome: '', registro: '', email: 'não é e-mail', senha: '12a4' }),
        linhaCsv(41, { nome: 'x'.repeat(51) }),
        linhaCsv(42, { dataAdmissao: '02/01/1900' }),
        'só;três;colunas',
      ),
    );
    const motivos = r.body.linhasErros.map((l: { motivo: string }) => l.motivo);
    // Several reasons make one sentence: their own final periods go.
    for (const m of [M.informeNome, M.informeRegistro, M.emailInvalido, M.senhaTeclado]) {
      expect(motivos[0]).toContain(m.replace(/\.$/, ''));
    }
    expect(motivos[0]).not.toContain('.;');
    expect(motivos[1]).toBe(M.maximo('Nome', 50));
    expect(motivos[2]).toMatch(/^Data de admissão: o ano deve estar entre/);
    expect(motivos[3]).toBe(MSG_IMPORTACAO.colunasFaltando(3, 8));
  });

  it('CPF e PIS sem os zeros à esquerda (coluna numérica do Excel) voltam a ter 11 dígitos', async () => {
    const cpf = '00000000191';
    const r = await processar(arquivo(linhaCsv(50, { cpf: '191', pis: '' }), linhaCsv(51, { cpf: cpf.slice(2) })));
    expect(r.body.linhasErros).toEqual([{ linha: 1, motivo: M.cpfInvalido }]);
    await salvar(r.body.id);
    expect(await porCpf([cpf])).toHaveLength(1);
  });

  it('o cabeçalho de um arquivo exportado não é funcionário: a primeira linha de nomes de coluna é pulada', async () => {
    const cabecalho = funcionarioApi.COLUNAS_CSV_FUNCIONARIOS.map((c) => funcionarioApi.CABECALHO_CSV_FUNCIONARIOS[c]);
    const r = await processar(arquivo(cabecalho.join(';'), linhaCsv(760), linhaCsv(761)));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ qtdFuncionarios: 2, linhasErros: [] });
    // Only a first line is a header: the same names further down are a line with errors.
    const meio = await processar(arquivo(linhaCsv(762), cabecalho.join(';')));
    expect(meio.body.qtdFuncionarios).toBe(1);
    expect(meio.body.linhasErros.map((e: { linha: number }) => e.linha)).toEqual([2]);
  });

  it('UTF-8 com BOM, outra ordem de colunas e datas yyyy-MM-dd', async () => {
    const colunas = { ...COLUNAS_PADRAO, nome: 2, pis: 1, email: null, dataNascimento: null, charset: 'UTF-8' };
    // pis (empty); nome; cpf; crachá; registro; admissão; cargo; centro de custo
    const linha = `;Zé Ação;${cpfDe(60)};60060;R60;2021-07-01;3;Qualidade`;
    const r = await processar(Buffer.from(`\uFEFF${linha}\r\n`, 'utf8'), {
      colunas: { ...colunas, formatoData: 'yyyy-MM-dd' },
    });
    expect(r.body).toMatchObject({ qtdFuncionarios: 1, qtdLinhasErros: 0 });
    await salvar(r.body.id);
    const [f] = await porCpf([cpfDe(60)]);
    expect([f!.nome, f!.dataAdmissao, f!.pis, f!.email]).toEqual(['Zé Ação', '2021-07-01', null, null]);
  });

  describe('arquivos ruins: 400 claro, nunca 500, nada guardado', () => {
    const guardadas = async () => (await env.database.owner.select().from(funcionarioImportacoes)).length;

    it.each([
      ['vazio', Buffer.alloc(0), MSG_IMPORTACAO.arquivoVazio],
      ['binário', Buffer.from([0x4e, 0x6f, 0x6d, 0x65, 0x00, 0x01, 0x02]), MSG_IMPORTACAO.arquivoBinario],
      [
        'linha enorme',
        Buffer.from('a'.repeat(IMPORTACAO.linhaMaxCaracteres + 1)),
        MSG_IMPORTACAO.linhaLongaDemais(1, IMPORTACAO.linhaMaxCaracteres),
      ],
      [
        'UTF-8 escolhido como ISO-8859-1',
        Buffer.from(linhaCsv(70, { nome: 'Conceição' }), 'utf8'),
        MSG_IMPORTACAO.pareceUtf8,
      ],
    ])('%s', async (_n, conteudo, mensagem) => {
      const n = await guardadas();
      const r = await processar(conteudo);
      expect([r.status, r.body.mensagem]).toEqual([400, mensagem]);
      expect(await guardadas()).toBe(n);
    });

    it('ISO-8859-1 escolhido como UTF-8: diz a linha', async () => {
      const r = await processar(arquivo(linhaCsv(71), linhaCsv(72, { nome: 'Conceição' })), {
        colunas: { ...COLUNAS_PADRAO, charset: 'UTF-8' },
      });
      // Line 1's 'Funcionário' is already ISO-8859-1.
      expect([r.status, r.body.mensagem]).toEqual([400, MSG_IMPORTACAO.naoEhUtf8(1)]);
    });

    it('20 MB de lixo', async () => {
      const junk = Buffer.alloc(20 * 1024 * 1024);
      for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919) % 256;
      const r = await processar(junk);
      expect([r.status, r.body.mensagem]).toEqual([400, MSG_IMPORTACAO.arquivoBinario]);
    });

    it('maior que o limite do arquivo → 413', async () => {
      const big = Buffer.alloc(IMPORTACAO.arquivoBytes + 10, 0x61);
      const r = await processar(big);
      expect([r.status, r.body.mensagem]).toEqual([
        413,
        MSG.arquivoGrandeDemais(IMPORTACAO.arquivoBytes / 1024 / 1024),
      ]);
    });

    it('não .csv, sem arquivo, JSON em vez de multipart, campos depois do arquivo, upload cortado', async () => {
      expect((await processar(arquivo(linhaCsv(73)), { nome: 'funcionarios.xlsx' })).body.mensagem).toBe(
        MSG.selecioneArquivo(['.csv']),
      );
      const semArquivo = await upload(
        env.app,
        PROCESSAR,
        { jsonRequisicao: { cnpj: { id: ids.principal } }, jsonColunas: COLUNAS_PADRAO },
        undefined,
        { token: admin },
      );
      expect([semArquivo.status, semArquivo.body.mensagem]).toEqual([400, MSG.selecioneArquivo(['.csv'])]);
      const json = await call(env.app, PROCESSAR, { jsonRequisicao: {}, jsonColunas: {} }, { token: admin });
      expect([json.status, json.body.mensagem]).toEqual([415, MSG.envieArquivo('funcionariosStream')]);
      const soArquivo = await upload(env.app, PROCESSAR, {}, { nomeArquivo: 'a.csv', conteudo: 'x' }, { token: admin });
      expect([soArquivo.status, soArquivo.body.mensagem]).toEqual([
        400,
        MSG.camposAntesDoArquivo(['jsonRequisicao', 'jsonColunas']),
      ]);
      const { payload, contentType } = multipartBody(
        { jsonRequisicao: { cnpj: { id: ids.principal } }, jsonColunas: COLUNAS_PADRAO },
        { nomeArquivo: 'a.csv', conteudo: arquivo(linhaCsv(74), linhaCsv(75)) },
      );
      const cut = await env.app.inject({
        method: 'POST',
        url: PROCESSAR,
        headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
        payload: payload.subarray(0, payload.length - 60),
      });
      expect([cut.statusCode, cut.json().mensagem]).toEqual([400, MSG.arquivoIncompleto]);
    });

    it('configuração de colunas: a mensagem do formulário', async () => {
      const igual = await processar(arquivo(linhaCsv(76)), { colunas: { ...COLUNAS_PADRAO, cpf: 2 } });
      expect([igual.status, igual.body.mensagem]).toEqual([400, 'jsonColunas.cpf: Coluna CPF igual a coluna PIS']);
      const semNome = await processar(arquivo(linhaCsv(76)), { colunas: { ...COLUNAS_PADRAO, nome: null } });
      expect([semNome.status, semNome.body.mensagem]).toEqual([400, 'jsonColunas.nome: Campo obrigatório']);
      const json = await upload(
        env.app,
        PROCESSAR,
        { jsonRequisicao: '{"cnpj":', jsonColunas: COLUNAS_PADRAO },
        { nomeArquivo: 'a.csv', conteudo: 'x' },
        { token: admin },
      );
      expect([json.status, json.body.mensagem]).toEqual([400, MSG.campoJsonInvalido('jsonRequisicao')]);
    });
  });

  it('salvar: escala de outro cliente → 404; importação de outro usuário → 400; expirada → 400', async () => {
    const r = await processar(arquivo(linhaCsv(80)));
    const beta = await salvar(r.body.id, { escala: escalaBeta });
    expect([beta.status, beta.body.mensagem]).toEqual([404, M.escalaNaoEncontrada]);
    const outro = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.principal] });
    const alheia = await salvar(r.body.id, { token: outro.token });
    expect([alheia.status, alheia.body.mensagem]).toEqual([400, MSG_IMPORTACAO.importacaoNaoEncontrada]);
    env.clock.advanceMs(IMPORTACAO.validadeMinutos * 60_000);
    try {
      const expirada = await salvar(r.body.id);
      expect([expirada.status, expirada.body.mensagem]).toEqual([400, MSG_IMPORTACAO.importacaoNaoEncontrada]);
    } finally {
      env.clock.advanceMs(-IMPORTACAO.validadeMinutos * 60_000);
    }
    expect(await porCpf([cpfDe(80)])).toEqual([]);
  });

  it('um CPF cadastrado entre processar e salvar é pulado, não sobrescrito', async () => {
    const r = await processar(arquivo(linhaCsv(90), linhaCsv(91)));
    const outro = await processar(arquivo(linhaCsv(91, { nome: 'Cadastrado Antes' })));
    expect((await salvar(outro.body.id)).body.qtdFuncionarios).toBe(1);
    const s = await salvar(r.body.id);
    expect(s.body).toMatchObject({ qtdFuncionarios: 1, qtdJaCadastrados: 1 });
    expect((await porCpf([cpfDe(91)])).map((f) => f.nome)).toEqual(['Cadastrado Antes']);
  });

  it('o limite do plano vale para a importação inteira: nada é gravado', async () => {
    const [row] = await queryRows<{ n: number; plano_id: number }>(
      env.database.owner,
      sql`SELECT (SELECT count(*)::int FROM funcionarios WHERE tenant_id = ${ids.demo} AND ativo) AS n,
                 (SELECT plano_id FROM tenants WHERE id = ${ids.demo}) AS plano_id`,
    );
    const r = await processar(arquivo(linhaCsv(100), linhaCsv(101)));
    await env.database.owner.execute(
      sql`UPDATE planos SET max_funcionarios = ${Number(row!.n) + 1} WHERE id = ${row!.plano_id}`,
    );
    try {
      const s = await salvar(r.body.id);
      expect([s.status, s.body.mensagem]).toEqual([400, M.limiteFuncionarios(Number(row!.n) + 1)]);
      expect(await porCpf([cpfDe(100), cpfDe(101)])).toEqual([]);
    } finally {
      await env.database.owner.execute(sql`UPDATE planos SET max_funcionarios = 50000 WHERE id = ${row!.plano_id}`);
    }
    // The refused import is still there: with room in the plan it goes through.
    expect((await salvar(r.body.id)).body.qtdFuncionarios).toBe(2);
  });

  describe('escopo do usuário', () => {
    it('empresa fora do escopo → 404; centro de custo fora do escopo é "não encontrado" na linha', async () => {
      const campinas = await userWithScope(env, { tenantId: ids.demo, cnpjIds: [ids.campinas] });
      const fora = await processar(arquivo(linhaCsv(110)), { token: campinas.token });
      expect([fora.status, fora.body.mensagem]).toEqual([404, MSG.naoEncontrado]);

      const rh = await userWithScope(env, {
        tenantId: ids.demo,
        cnpjIds: [ids.principal],
        centroCustoIds: [ids.cc.get('Recursos Humanos')!],
      });
      const r = await processar(
        arquivo(linhaCsv(111, { centroCusto: 'Departamento Pessoal' }), linhaCsv(112, { centroCusto: 'Montagem' })),
        { token: rh.token },
      );
      expect(r.body.linhasErros).toEqual([{ linha: 2, motivo: MSG_IMPORTACAO.centroCustoNaoEncontrado('Montagem') }]);
      // The scope is checked again when saving: the user lost the company meanwhile.
      await env.database.owner.execute(
        sql`DELETE FROM usuario_cnpjs WHERE usuario_id = ${rh.userId} AND cnpj_id = ${ids.principal}`,
      );
      const s = await salvar(r.body.id, { token: await login(env.app, rh.email) });
      expect(s.status).toBe(404);
      expect(await porCpf([cpfDe(111)])).toEqual([]);
    });

    it('sem o código 26 → 403 (os códigos de escala só abrem as telas)', async () => {
      const escalasSo = await userWithScope(env, {
        tenantId: ids.demo,
        cnpjIds: [ids.principal],
        codes: [70, 71, 72, 24, 25],
      });
      expect((await processar(arquivo(linhaCsv(120)), { token: escalasSo.token })).status).toBe(403);
      expect((await salvar('00000000-0000-4000-8000-000000000000', { token: escalasSo.token })).status).toBe(403);
    });
  });
});
