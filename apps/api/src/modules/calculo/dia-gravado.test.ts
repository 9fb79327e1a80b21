import { describe, expect, it } from 'vitest';
import { calculatePeriod, parseDate, type DayResult } from '@jornada/engine';
import {
  Assinador,
  assinaturaDoValor,
  COLUNAS_LOTE,
  Gravadas,
  LoteDias,
  literalDaColuna,
  restosEmJson,
  type ColunaLote,
  type ContextoDia,
} from './dia-gravado.js';
import { LoteJson } from './linhas-lote.js';

describe('Assinador: a impressão digital de uma linha gravada (decisões 0078, 0090)', () => {
  it('é um uuid, e o mesmo valor dá sempre a mesma', () => {
    const v = { f: 1, dias: [480, 'terca', true, null], resto: { column: 'terca' } };
    expect(assinaturaDoValor(v)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(assinaturaDoValor(v)).toBe(assinaturaDoValor(structuredClone(v)));
  });

  it('valores que o JSON distingue têm assinaturas diferentes: tipo, número, texto, chave, ordem, aninhamento', () => {
    const valores: unknown[] = [
      1,
      2,
      -1,
      0.5,
      2 ** 40,
      '1',
      '',
      'a',
      'ab',
      'ba',
      true,
      false,
      null,
      [],
      {},
      [1],
      [[1]],
      [1, 2],
      [2, 1],
      ['1', 2],
      { a: 1 },
      { b: 1 },
      { a: 2 },
      { a: 1, b: 2 },
      { b: 2, a: 1 },
      { a: { b: 1 } },
      { a: [1] },
      'xyz',
      'xy',
      'xyzw',
      new Date('2026-02-03T00:00:00Z'),
      new Date('2026-02-04T00:00:00Z'),
    ];
    const vistas = new Set(valores.map(assinaturaDoValor));
    expect(vistas.size).toBe(valores.length);
  });

  it('o que o JSON deixa de fora também fica: membros undefined; -0 é 0', () => {
    expect(assinaturaDoValor({ a: 1, b: undefined })).toBe(assinaturaDoValor({ a: 1 }));
    expect(assinaturaDoValor(-0)).toBe(assinaturaDoValor(0));
  });

  it('propriedade: entre trezentos valores ao acaso, assinaturas iguais exatamente quando os JSON são iguais', () => {
    // A small domain, so equal values come up often; a seeded generator, so a failure repeats.
    let semente = 26;
    const acaso = (n: number) => {
      semente = (Math.imul(semente, 1103515245) + 12345) >>> 0;
      return (semente >>> 8) % n;
    };
    const gerar = (fundo: number): unknown => {
      const k = acaso(fundo > 1 ? 5 : 8);
      if (k === 0) return acaso(3);
      if (k === 1) return ['a', 'b', ''][acaso(3)];
      if (k === 2) return acaso(2) === 0;
      if (k === 3) return null;
      if (k === 4) return acaso(2) === 0 ? 0.5 : -2;
      if (k === 5) return Array.from({ length: acaso(3) }, () => gerar(fundo + 1));
      const o: Record<string, unknown> = {};
      for (let i = acaso(3); i > 0; i--) o[['x', 'y', 'z'][acaso(3)]!] = gerar(fundo + 1);
      return o;
    };
    const valores = Array.from({ length: 300 }, () => gerar(0));
    const json = valores.map((v) => JSON.stringify(v));
    const assinaturas = valores.map(assinaturaDoValor);
    let iguais = 0;
    for (let i = 0; i < valores.length; i++) {
      for (let j = i + 1; j < valores.length; j++) {
        if (json[i] === json[j]) iguais++;
        if ((assinaturas[i] === assinaturas[j]) !== (json[i] === json[j])) expect([json[i], json[j]]).toBe('iguais?');
      }
    }
    expect(iguais).toBeGreaterThan(100);
    expect(new Set(json).size).toBeGreaterThan(30);
  });

  it('dez mil linhas que diferem num número: dez mil assinaturas diferentes', () => {
    const vistas = new Set<string>();
    for (let i = 0; i < 10_000; i++) vistas.add(assinaturaDoValor({ trabalhado: i, pairs: [i % 97, i] }));
    expect(vistas.size).toBe(10_000);
  });
});

describe('Gravadas: as assinaturas guardadas, achadas pela chave no texto que a leitura traz', () => {
  const uuid = (i: number) => assinaturaDoValor(i);
  const assinado = (v: unknown) => {
    const s = new Assinador().comecar();
    s.valor(v);
    return s.fechar();
  };

  it('acha cada chave, a primeira, a do meio, a última e uma negativa (antes de 1970); uma ausente não', () => {
    const g = Gravadas.de(`20485:${uuid(1)},-3:${uuid(2)},7:${uuid(3)}`)!;
    expect(g.igual(assinado(1), 20485)).toBe(true);
    expect(g.igual(assinado(2), -3)).toBe(true);
    expect(g.igual(assinado(3), 7)).toBe(true);
    expect(g.igual(assinado(3), 20485)).toBe(false);
    expect(g.igual(assinado(1), 8)).toBe(false);
    expect(Gravadas.de('')).toBeUndefined();
    expect(Gravadas.de(undefined)).toBeUndefined();
  });

  it('um uuid guardado que não é o dela nunca é igual: outro dígito, maiúsculas', () => {
    const u = uuid(1);
    const trocado = `${u.slice(0, 35)}${u[35] === '0' ? '1' : '0'}`;
    expect(Gravadas.de(`5:${trocado}`)!.igual(assinado(1), 5)).toBe(false);
    expect(u).toMatch(/[a-f]/);
    expect(Gravadas.de(`5:${u.toUpperCase()}`)!.igual(assinado(1), 5)).toBe(false);
    expect(Gravadas.de(`5:${u}`)!.igual(assinado(1), 5)).toBe(true);
  });
});

describe('LoteDias: os dias de um lote em colunas', () => {
  const mes = (funcionario: number) =>
    calculatePeriod({
      start: '2026-02-01',
      end: '2026-02-28',
      schedules: [
        {
          from: '2026-01-01',
          schedule: {
            kind: 'weekly',
            dayRows: [2, 3, 4, 5, 6].map((dayOfWeek) => ({
              dayOfWeek,
              slots: [
                ['08:00', '12:00'],
                ['13:00', '17:00'],
              ] as [string, string][],
            })),
            policy: {},
          },
        },
      ],
      punches: ['2026-02-02 08:1' + (funcionario % 10), '2026-02-02 12:00', '2026-02-02 13:00', '2026-02-02 18:30'].map(
        (at) => ({ at }),
      ),
      holidays: [],
    }).days.map((d) => ({
      d,
      c: { funcionarioId: funcionario, cnpjId: 1, centroCustoId: 2, cargoId: null, escalaId: 3, afastado: false },
    }));
  const colunas = Object.keys(COLUNAS_LOTE) as ColunaLote[];

  it('leva cada dia que viaja com os seus valores em colunas, o resto em JSON e a sua assinatura', () => {
    const lote = new LoteDias();
    const [primeiro] = mes(1);
    lote.adicionar(primeiro!.d, primeiro!.c);
    const d = lote.dados();
    const valores = colunas.map((c) => d.colunas[c].slice(1));
    expect(valores.slice(0, 7)).toEqual(['1', String(parseDate('2026-02-01')), '1', '2', 'NULL', '3', 'sunday']);
    expect(valores[colunas.indexOf('assinatura')]).toMatch(/^[0-9a-f]{8}-/);
    expect(JSON.parse(restosEmJson(d))).toEqual([{ column: primeiro!.d.column }]);
  });

  it('cada valor de um dia e do seu contexto entra na assinatura: mudar um só muda-a', () => {
    const [{ d, c }] = mes(1).slice(1, 2) as [{ d: DayResult; c: ContextoDia }];
    const assinar = (dia: DayResult, ctx: ContextoDia) => {
      const lote = new LoteDias();
      lote.adicionar(dia, ctx);
      return lote.dados().colunas.assinatura.slice(1);
    };
    const base = assinar(d, c);
    // Another value of the same kind: every field the engine gives (the equivalence test shows each one is stored).
    const outro = (v: unknown): unknown =>
      typeof v === 'number'
        ? v + 1
        : typeof v === 'boolean'
          ? !v
          : typeof v === 'string'
            ? v === '2026-02-02'
              ? '2026-02-03'
              : `${v}x`
            : Array.isArray(v)
              ? [...v, 'x']
              : v === null
                ? 9
                : { ...(v as object), n50: 1 };
    const campos = Object.keys(d) as (keyof DayResult)[];
    expect(campos.length).toBeGreaterThan(25);
    for (const k of campos) expect([k, assinar({ ...d, [k]: outro(d[k]) }, c)]).not.toEqual([k, base]);
    for (const k of Object.keys(c) as (keyof ContextoDia)[])
      expect([k, assinar(d, { ...c, [k]: outro(c[k]) })]).not.toEqual([k, base]);
  });

  it('juntar as partes de outras threads dá o mesmo lote que calcular tudo num só', () => {
    const todos = new LoteDias();
    const partes = [1, 2, 3].map((f) => {
      const parte = new LoteDias();
      for (const { d, c } of mes(f)) {
        parte.adicionar(d, c);
        todos.adicionar(d, c);
      }
      return parte.dados();
    });
    const juntas = new LoteDias();
    juntas.juntar(new LoteDias().dados());
    for (const p of partes) juntas.juntar(p);
    expect(juntas.dados()).toEqual(todos.dados());
    expect(todos.dados().tamanho).toBe(28 * 3);
    expect(literalDaColuna(todos.dados(), 'funcionarioId')).toMatch(/^\{1,1,.*,3\}$/);
    expect(JSON.parse(restosEmJson(todos.dados()))).toHaveLength(28 * 3);
  });

  it('um dia igual ao gravado (mesma assinatura) não viaja, mas conta entre os dias calculados', () => {
    const dias = mes(4);
    const todos = new LoteDias();
    for (const { d, c } of dias) todos.adicionar(d, c);
    const assinaturas = todos.dados().colunas.assinatura.slice(1).split(',');
    const chaves = todos.dados().chavesN.slice(1).split(',');
    // As the read brings them: 'n:uuid,…', in no particular order; the second day's is another one.
    const outra = '0123abcd-0000-4000-8000-000000000000';
    const gravadas = Gravadas.de(
      chaves
        .map((n, i) => `${n}:${i === 1 ? outra : assinaturas[i]}`)
        .reverse()
        .join(','),
    );
    const lote = new LoteDias();
    for (const { d, c } of dias) lote.adicionar(d, c, gravadas);
    const x = lote.dados();
    expect(x.tamanho).toBe(1);
    expect(x.colunas.assinatura.slice(1)).toBe(assinaturas[1]);
    expect(x.chavesF.slice(1).split(',')).toHaveLength(28);
    expect(x.chavesN).toBe(todos.dados().chavesN);
  });
});

describe('LoteJson: semanas e resumos de um lote, só os que mudaram (decisão 0088)', () => {
  const semana = (f: number, segunda: string, dsrPago: number) => ({
    funcionarioId: f,
    segunda,
    dsrPago,
    resultado: {},
  });
  const n = (d: string) => parseDate(d);

  it('leva cada linha com a assinatura do seu JSON; uma igual à gravada não viaja, mas a sua chave sim', () => {
    const linhas = [semana(7, '2026-02-02', 0), semana(7, '2026-02-09', 480), semana(8, '2026-02-02', 0)];
    const todas = new LoteJson();
    for (const l of linhas) todas.adicionar(l, l.funcionarioId, n(l.segunda), undefined);
    const levadas = JSON.parse(`[${todas.dados().json.slice(1)}]`) as { assinatura: string }[];
    expect(levadas.map((l) => l.assinatura)).toEqual(linhas.map((l) => assinaturaDoValor(l)));
    expect(levadas[1]).toEqual({ ...linhas[1], assinatura: levadas[1]!.assinatura });

    const lote = new LoteJson();
    linhas.forEach((l, i) =>
      lote.adicionar(
        l,
        l.funcionarioId,
        n(l.segunda),
        Gravadas.de(`${n(l.segunda)}:${i === 1 ? levadas[0]!.assinatura : levadas[i]!.assinatura}`),
      ),
    );
    const x = lote.dados();
    expect(x.tamanho).toBe(1);
    expect(JSON.parse(`[${x.json.slice(1)}]`)).toEqual([levadas[1]]);
    expect(x.chavesF).toBe(',7,7,8');
    expect(x.chavesN).toBe(`,${n('2026-02-02')},${n('2026-02-09')},${n('2026-02-02')}`);
  });

  it('um valor diferente muda a assinatura; juntar as partes dá o lote inteiro', () => {
    const a = new LoteJson();
    a.adicionar(
      semana(1, '2026-02-02', 0),
      1,
      undefined,
      Gravadas.de(`1:${assinaturaDoValor(semana(1, '2026-02-02', 1))}`),
    );
    expect(a.dados().tamanho).toBe(1);
    // A summary is found by its employee: the same values stored under it do not travel.
    const b = new LoteJson();
    b.adicionar(
      semana(1, '2026-02-02', 1),
      1,
      undefined,
      Gravadas.de(`1:${assinaturaDoValor(semana(1, '2026-02-02', 1))}`),
    );
    expect(b.dados().tamanho).toBe(0);
    const partes = [1, 2].map((f) => {
      const p = new LoteJson();
      p.adicionar(semana(f, '2026-02-02', f), f, undefined, undefined);
      return p.dados();
    });
    const juntas = new LoteJson();
    juntas.juntar(new LoteJson().dados());
    for (const p of partes) juntas.juntar(p);
    const inteiro = new LoteJson();
    for (const f of [1, 2]) inteiro.adicionar(semana(f, '2026-02-02', f), f, undefined, undefined);
    expect(juntas.dados()).toEqual(inteiro.dados());
    expect(inteiro.dados().chavesN).toBe('');
  });
});
