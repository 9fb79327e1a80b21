import { describe, expect, it } from 'vitest';
import { calculatePeriod, parseDate } from '@jornada/engine';
import { assinatura, COLUNAS_LOTE, LoteDias, literalDaColuna, restosEmJson, type ColunaLote } from './dia-gravado.js';
import { LoteJson } from './linhas-lote.js';

describe('assinatura de um dia gravado (decisão 0078)', () => {
  const dia = (trabalhado: number, resto = '{"column":"terca"}') =>
    `1|20423|5|7|NULL|3|weekday|f|f|480|${trabalhado}|480|0|0|0|0|0|f|0|0|0|0|0|0|0|0|${resto}`;

  it('é um uuid, e o mesmo texto dá sempre a mesma', () => {
    expect(assinatura(dia(480))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(assinatura(dia(480))).toBe(assinatura(dia(480)));
  });

  it('um caractere a mais, a menos ou trocado muda a assinatura', () => {
    const base = assinatura(dia(480));
    for (const outro of [dia(481), dia(48), dia(4800), dia(480, '{"column":"quarta"}'), `${dia(480)} `]) {
      expect(assinatura(outro)).not.toBe(base);
    }
  });

  it('dez mil dias que diferem num número e no resto: dez mil assinaturas diferentes', () => {
    const vistas = new Set<string>();
    for (let i = 0; i < 10_000; i++) vistas.add(assinatura(dia(i, `{"pairs":[${i % 97},${i}]}`)));
    expect(vistas.size).toBe(10_000);
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

  it('assina cada dia com os seus valores, cada um seguido de |, e o resto', () => {
    const lote = new LoteDias();
    const [primeiro] = mes(1);
    lote.adicionar(primeiro!.d, primeiro!.c);
    const d = lote.dados();
    const valores = colunas.filter((c) => c !== 'assinatura').map((c) => d.colunas[c].slice(1));
    expect(valores.slice(0, 2)).toEqual(['1', String(parseDate('2026-02-01'))]);
    expect(d.colunas.assinatura.slice(1)).toBe(assinatura(`${valores.join('|')}|${d.resultado.slice(1)}`));
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
    const lote = new LoteDias();
    dias.forEach(({ d, c }, i) => lote.adicionar(d, c, i === 1 ? 'outra' : assinaturas[i]));
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
    expect(levadas.map((l) => l.assinatura)).toEqual(linhas.map((l) => assinatura(JSON.stringify(l))));
    expect(levadas[1]).toEqual({ ...linhas[1], assinatura: levadas[1]!.assinatura });

    const lote = new LoteJson();
    linhas.forEach((l, i) =>
      lote.adicionar(l, l.funcionarioId, n(l.segunda), i === 1 ? 'outra' : levadas[i]!.assinatura),
    );
    const x = lote.dados();
    expect(x.tamanho).toBe(1);
    expect(JSON.parse(`[${x.json.slice(1)}]`)).toEqual([levadas[1]]);
    expect(x.chavesF).toBe(',7,7,8');
    expect(x.chavesN).toBe(`,${n('2026-02-02')},${n('2026-02-09')},${n('2026-02-02')}`);
  });

  it('um valor diferente muda a assinatura; juntar as partes dá o lote inteiro', () => {
    const a = new LoteJson();
    a.adicionar(semana(1, '2026-02-02', 0), 1, undefined, assinatura(JSON.stringify(semana(1, '2026-02-02', 1))));
    expect(a.dados().tamanho).toBe(1);
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
