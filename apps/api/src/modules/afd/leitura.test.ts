import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpfCheckDigits, pisCheckDigit, writeAfd671, type Afd671Entry, type Afd671Input } from '@jornada/fiscal';
import { camposDaPessoa, camposDoDocumento, leiturasDoCampo } from './identificadores.js';
import { chaveDoRelogio } from '../relogio-ponto/serie.js';
import { AfdRecusado, lerAfd, type EmpresaAfd, type Lote, type ParametrosLeitura } from './leitura.js';
import { Vinculador, type FuncionarioDocumentos } from './vinculador.js';

const FIXTURES = join(import.meta.dirname, '../../../../../packages/fiscal/test/fixtures');
const fixture = (nome: string) => readFileSync(join(FIXTURES, nome));

const cpf = (base: string) => base + cpfCheckDigits(base);
const pis = (base: string) => base + pisCheckDigit(base);

/** Passes both the CPF and the PIS check (fixtures README: the real Control iD 671 line). */
const AMBOS = '04784026940';

describe('identificadores (fiscal-files.md §7)', () => {
  it('lê cada forma do art. 96 §2 e os dois documentos quando os dois conferem', () => {
    const c = cpf('529982247');
    const p = pis('1205641254');
    expect(leiturasDoCampo(`0${c}`)).toEqual([{ tipo: 'cpf', numero: c }]);
    expect(leiturasDoCampo(` ${c}`)).toEqual([{ tipo: 'cpf', numero: c }]);
    expect(leiturasDoCampo(`9${c}`)).toEqual([{ tipo: 'cpf', numero: c }]);
    expect(leiturasDoCampo(`8${c.slice(0, 10)}${pisCheckDigit(c.slice(0, 10))}`)).toEqual([{ tipo: 'cpf', numero: c }]);
    expect(leiturasDoCampo(`0${p}`)).toEqual([{ tipo: 'pis', numero: p }]);
    expect(leiturasDoCampo(`${p} `)).toEqual([{ tipo: 'pis', numero: p }]);
    expect(leiturasDoCampo(`0${AMBOS}`)).toEqual([
      { tipo: 'cpf', numero: AMBOS },
      { tipo: 'pis', numero: AMBOS },
    ]);
    expect(leiturasDoCampo('011111111111')).toEqual([]);
    expect(leiturasDoCampo('0123')).toEqual([]);
  });

  it('os campos de uma pessoa são exatamente os que se leem como ela', () => {
    for (let i = 0; i < 300; i++) {
      const c = cpf(String(100_000_000 + i * 2_718_281).slice(-9));
      const p = pis(String(1_000_000_000 + i * 31_415_926).slice(-10));
      for (const campo of camposDaPessoa(c, p)) {
        const leituras = leiturasDoCampo(campo);
        expect(
          leituras.some((l) => (l.tipo === 'cpf' ? l.numero === c : l.numero === p)),
          campo,
        ).toBe(true);
      }
      expect(camposDoDocumento({ tipo: 'cpf', numero: c })).toHaveLength(4);
    }
  });
});

const EMPRESA: EmpresaAfd = {
  id: 7,
  numero: '11222333000181',
  tipoNumeroDocumento: 'cnpj',
  razaoSocial: 'Empresa Fictícia',
  fuso: 'America/Sao_Paulo',
};

const at = (local: string) => ({ local, offset: '-0300' });

function afd(entries: Afd671Entry[], over: Partial<Afd671Input> = {}): Buffer {
  return writeAfd671({
    repKind: 'REP_C',
    employer: { idKind: 1, id: EMPRESA.numero, name: 'EMPRESA' },
    repIdentifier: '00004000000000001',
    developer: { idKind: 1, id: '11444777000161' },
    model: 'MODELO',
    firstDate: '2026-03-01',
    lastDate: '2026-03-31',
    generatedAt: at('2026-04-01T09:00'),
    entries,
    ...over,
  }).bytes;
}

const ANA = cpf('529982247');
const BRUNO_PIS = pis('1205641254');
const SEM_NINGUEM = cpf('111444777');

const FUNCIONARIOS: FuncionarioDocumentos[] = [
  { id: 1, nome: 'Ana', cpf: ANA, pis: null, dataAdmissao: '2020-01-01', dataDemissao: null },
  { id: 2, nome: 'Bruno', cpf: cpf('987654321'), pis: BRUNO_PIS, dataAdmissao: '2020-01-01', dataDemissao: null },
  // Two people whose documents are both AMBOS (one by CPF, one by PIS): a punch of AMBOS is ambiguous.
  { id: 3, nome: 'Carla', cpf: AMBOS, pis: null, dataAdmissao: '2020-01-01', dataDemissao: null },
  { id: 4, nome: 'Davi', cpf: cpf('123456789'), pis: AMBOS, dataAdmissao: '2020-01-01', dataDemissao: null },
];

async function ler(conteudo: Buffer, over: Partial<ParametrosLeitura> = {}) {
  const lotes: Lote[] = [];
  // Chunks of 100 bytes: records cross chunk borders.
  const chunks = Array.from({ length: Math.ceil(conteudo.length / 100) }, (_, i) =>
    conteudo.subarray(i * 100, i * 100 + 100),
  );
  const r = await lerAfd(chunks, {
    empresa: EMPRESA,
    portaria: '671',
    dataInicio: '2026-03-01',
    dataFinal: '2026-03-31',
    nomeArquivo: 'afd.txt',
    vinculador: new Vinculador(FUNCIONARIOS),
    tamanhoLote: 2,
    gravar: async (l) => void lotes.push(structuredClone(l)),
    ...over,
  });
  return { r, lotes, marcacoes: lotes.flatMap((l) => l.marcacoes) };
}

describe('lerAfd', () => {
  const punch = (local: string, c: string): Afd671Entry => ({ type: 3, dateTime: at(local), cpf: c });

  it('grava só o período, vincula por CPF ou PIS, e lista cada marcação não gravada ou sem vínculo', async () => {
    const conteudo = afd([
      punch('2026-02-28T08:00', ANA),
      punch('2026-03-02T08:00', ANA),
      punch('2026-03-02T12:00', SEM_NINGUEM),
      punch('2026-03-02T18:00', ANA),
      punch('2026-04-01T08:00', ANA),
    ]);
    const { r, lotes, marcacoes } = await ler(conteudo);
    expect(r.layout).toBe('671');
    expect(r.marcacoesNoArquivo).toBe(5);
    expect(r.marcacoesNoPeriodo).toBe(3);
    expect(marcacoes.map((m) => [m.dataHora, m.funcionarioId, m.origem])).toEqual([
      ['2026-03-02 08:00:00', 1, 'R'],
      ['2026-03-02 12:00:00', null, 'R'],
      ['2026-03-02 18:00:00', 1, 'R'],
    ]);
    expect(marcacoes[0]).toMatchObject({ identificador: `0${ANA}`, instante: '2026-03-02 08:00:00-03:00', nsr: 2 });
    expect(lotes[0]!.relogio).toBe('00004000000000001');
    // Batches of two, each saying how far the file is stored; the last one reaches the trailer.
    expect(lotes.map((l) => l.linhaFinal)).toEqual([4, r.linhas]);
    const codigos = r.ocorrencias.lista().map((o) => [o.codigo, o.linha]);
    expect(codigos).toContainEqual(['FORA_DO_PERIODO', 2]);
    expect(codigos).toContainEqual(['SEM_FUNCIONARIO', 4]);
    const fora = r.ocorrencias.lista().find((o) => o.codigo === 'FORA_DO_PERIODO')!;
    expect(fora.mensagem).toBe(
      '2 marcações fora do período de 01/03/2026 a 31/03/2026 não foram importadas (linhas 2, 6).',
    );
    expect([...r.camposSemVinculo]).toEqual([`0${SEM_NINGUEM}`]);
  });

  it('um número que é CPF de um e PIS de outro é ambíguo: fica sem vínculo e é listado com os dois nomes', async () => {
    const conteudo = afd([punch('2026-03-03T08:00', AMBOS)]);
    const { marcacoes, r } = await ler(conteudo);
    expect(marcacoes[0]!.funcionarioId).toBeNull();
    const o = r.ocorrencias.lista().find((x) => x.codigo === 'IDENTIFICADOR_AMBIGUO')!;
    expect(o.mensagem).toContain('Carla, Davi');
    expect(o.mensagem).toContain('CPF 047.840.269-40 ou PIS 047.84026.94-0');
  });

  it('o PIS no campo "CPF" do 671 (REP-C convertido) vincula pelo PIS', async () => {
    const base = afd([punch('2026-03-03T08:00', ANA)]).toString('latin1');
    // The REP wrote Bruno's PIS where the layout says CPF (fixtures README, Control iD).
    const conteudo = Buffer.from(base.replace(`0${ANA}`, `0${BRUNO_PIS}`), 'latin1');
    const { marcacoes } = await ler(conteudo);
    expect(marcacoes[0]!.funcionarioId).toBe(2);
  });

  it('recusa o AFD de outro empregador antes de gravar qualquer marcação', async () => {
    const conteudo = afd([punch('2026-03-03T08:00', ANA)], {
      employer: { idKind: 1, id: '11444777000161', name: 'OUTRA' },
    });
    const gravar = async () => {
      throw new Error('não deveria gravar');
    };
    await expect(ler(conteudo, { gravar })).rejects.toThrow(
      'O AFD é do empregador CNPJ 11.444.777/0001-61, não da empresa selecionada (CNPJ 11.222.333/0001-81).',
    );
    await expect(ler(conteudo, { gravar })).rejects.toBeInstanceOf(AfdRecusado);
  });

  it('recusa o que não é AFD', async () => {
    await expect(ler(fixture('synthetic/aej671_example.txt'))).rejects.toThrow(/não é um AFD/);
  });

  it('retomada: as linhas já gravadas não são enviadas de novo, mas as ocorrências são todas listadas', async () => {
    const conteudo = afd([
      punch('2026-03-02T08:00', ANA),
      punch('2026-03-02T12:00', SEM_NINGUEM),
      punch('2026-03-02T18:00', ANA),
    ]);
    const { marcacoes, r } = await ler(conteudo, { linhasGravadas: 3 });
    expect(marcacoes.map((m) => m.dataHora)).toEqual(['2026-03-02 18:00:00']);
    expect(r.ocorrencias.lista().map((o) => o.codigo)).toContain('SEM_FUNCIONARIO');
  });

  it('AFD real da Control iD (671, CRC MODBUS, empregador zerado): aceito com aviso, identificador lido como CPF e PIS', async () => {
    const { r, marcacoes } = await ler(fixture('real/p671_tiagoemsouza-controlid-repc_afd.txt'), {
      dataInicio: '2000-01-01',
      dataFinal: '2099-12-31',
    });
    expect(marcacoes).toHaveLength(1);
    expect(marcacoes[0]!.identificador).toBe('004784026940');
    const codigos = r.ocorrencias.lista().map((o) => o.codigo);
    expect(codigos).toContain('EMPREGADOR_NAO_INFORMADO');
    expect(codigos).toContain('IDENTIFICADOR_AMBIGUO');
  });

  it('formas do art. 96 no 1510 e o aviso de leiaute diferente da portaria escolhida', async () => {
    const { r } = await ler(fixture('synthetic/afd1510_art96-identifier-forms.txt'), {
      dataInicio: '2000-01-01',
      dataFinal: '2099-12-31',
      empresa: { ...EMPRESA, numero: '11222333000181' },
    });
    expect(r.layout).toBe('1510');
    expect(r.ocorrencias.lista().find((o) => o.codigo === 'LEIAUTE_DIFERENTE')?.mensagem).toBe(
      'O arquivo está no leiaute da Portaria 1510, mas foi escolhida a Portaria 671. O arquivo foi lido pelo leiaute da Portaria 1510.',
    );
    // Records that are not punches (employer, employees, clock adjustment) are listed, not dropped silently.
    expect(r.ocorrencias.lista().filter((o) => o.codigo === 'NAO_E_MARCACAO')).toHaveLength(3);
  });

  describe('deslocamento do arquivo × fuso da empresa (fiscal-files.md §6, calculation-rules.md §2.1)', () => {
    const em = (local: string, offset: string): Afd671Entry => ({ type: 3, dateTime: { local, offset }, cpf: ANA });
    // [as written, offset, company zone, the company's wall clock (null = outside the period)]
    const CASOS: [string, string, string, string | null][] = [
      ['2026-03-02T08:00', '-0300', 'America/Sao_Paulo', '2026-03-02 08:00:00'],
      ['2026-03-02T07:00', '-0400', 'America/Sao_Paulo', '2026-03-02 08:00:00'],
      ['2026-03-02T09:00', '-0200', 'America/Sao_Paulo', '2026-03-02 08:00:00'],
      ['2026-03-02T11:00', '+0000', 'America/Sao_Paulo', '2026-03-02 08:00:00'],
      ['2026-03-02T08:00', '-0300', 'America/Manaus', '2026-03-02 07:00:00'],
      ['2026-03-02T07:00', '-0400', 'America/Manaus', '2026-03-02 07:00:00'],
      ['2026-03-02T08:00', '-0300', 'America/Noronha', '2026-03-02 09:00:00'],
      // The day is the company's: across midnight, back into the period or out of it.
      ['2026-03-03T00:30', '-0200', 'America/Sao_Paulo', '2026-03-02 23:30:00'],
      ['2026-03-31T23:30', '-0400', 'America/Sao_Paulo', null],
      ['2026-02-28T23:30', '-0400', 'America/Sao_Paulo', '2026-03-01 00:30:00'],
      // Brazil's last daylight-saving summer (2018/19): the zone's offset of that instant, -0200.
      ['2019-01-15T08:00', '-0200', 'America/Sao_Paulo', '2019-01-15 08:00:00'],
      ['2019-01-15T08:00', '-0300', 'America/Sao_Paulo', '2019-01-15 09:00:00'],
    ];
    for (const [escrito, offset, fuso, local] of CASOS) {
      it(`${escrito}${offset} numa empresa em ${fuso} → ${local ?? 'fora do período'}`, async () => {
        const { marcacoes, r } = await ler(afd([em(escrito, offset)], { firstDate: '2019-01-01' }), {
          empresa: { ...EMPRESA, fuso },
          dataInicio: escrito.startsWith('2019') ? '2019-01-01' : '2026-03-01',
        });
        if (local === null) {
          expect(marcacoes).toEqual([]);
          expect(r.ocorrencias.lista().map((o) => o.codigo)).toContain('FORA_DO_PERIODO');
          return;
        }
        const horaArquivo = `${escrito.slice(0, 10)} ${escrito.slice(11)}:00`;
        expect(marcacoes).toEqual([
          {
            origem: 'R',
            nsr: 1,
            dataHora: local,
            dataHoraArquivo: horaArquivo,
            instante: `${horaArquivo}${offset.slice(0, 3)}:${offset.slice(3)}`,
            deslocamento: offset,
            identificador: `0${ANA}`,
            funcionarioId: 1,
          },
        ]);
        const fusoDiferente = r.ocorrencias.lista().filter((o) => o.codigo === 'FUSO_DIFERENTE');
        expect(fusoDiferente).toHaveLength(local === horaArquivo ? 0 : 1);
      });
    }

    it('uma ocorrência por deslocamento diferente do fuso, com as linhas e um exemplo da conversão', async () => {
      const { r } = await ler(
        afd([
          em('2026-03-02T07:00', '-0400'),
          em('2026-03-02T12:00', '-0300'),
          em('2026-03-02T12:00', '-0400'),
          em('2026-03-02T18:00', '-0200'),
          em('2026-03-02T16:00', '-0400'),
        ]),
      );
      expect(r.ocorrencias.lista().filter((o) => o.codigo === 'FUSO_DIFERENTE')).toEqual([
        {
          linha: 2,
          codigo: 'FUSO_DIFERENTE',
          severidade: 'aviso',
          mensagem:
            '3 marcações com deslocamento -0400 no arquivo, diferente do fuso da empresa (America/Sao_Paulo, -0300): ' +
            'gravadas na hora local da empresa, como 02/03/2026 07:00-0400 = 02/03/2026 08:00 (linhas 2, 4, 6).',
        },
        {
          linha: 5,
          codigo: 'FUSO_DIFERENTE',
          severidade: 'aviso',
          mensagem:
            '1 marcação com deslocamento -0200 no arquivo, diferente do fuso da empresa (America/Sao_Paulo, -0300): ' +
            'gravada na hora local da empresa, como 02/03/2026 18:00-0200 = 02/03/2026 17:00 (linhas 5).',
        },
      ]);
    });

    it('1510 (sem deslocamento): a hora do arquivo já é a da empresa', async () => {
      const { marcacoes, r } = await ler(fixture('synthetic/afd1510_art96-identifier-forms.txt'), {
        dataInicio: '2000-01-01',
        dataFinal: '2099-12-31',
        empresa: { ...EMPRESA, fuso: 'America/Manaus' },
      });
      expect(marcacoes.length).toBeGreaterThan(0);
      for (const m of marcacoes)
        expect([m.dataHoraArquivo, m.instante, m.deslocamento]).toEqual([m.dataHora, null, null]);
      expect(r.ocorrencias.lista().map((o) => o.codigo)).not.toContain('FUSO_DIFERENTE');
    });
  });

  it('paginação: só as linhas pedidas', async () => {
    const conteudo = afd([
      punch('2026-03-02T08:00', ANA),
      punch('2026-03-02T12:00', ANA),
      punch('2026-03-02T18:00', ANA),
    ]);
    const { marcacoes } = await ler(conteudo, { somenteLinhas: new Set([3]), tamanhoLote: Infinity });
    expect(marcacoes.map((m) => m.dataHora)).toEqual(['2026-03-02 12:00:00']);
  });
});

describe('chaveDoRelogio: a série cadastrada contra o identificador do REP no cabeçalho', () => {
  it.each([
    ['00004000700000010', '4000700000010'],
    ['4000700000010', '4000700000010'],
    [' 0000-4000.7000/00010 ', '4000700000010'],
    ['td-00ab12', 'TD00AB12'],
    ['000', ''],
  ])('%j → %j', (serie, chave) => expect(chaveDoRelogio(serie)).toBe(chave));
});
