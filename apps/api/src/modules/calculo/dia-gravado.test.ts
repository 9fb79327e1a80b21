import { describe, expect, it } from 'vitest';
import { assinatura } from './dia-gravado.js';

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
