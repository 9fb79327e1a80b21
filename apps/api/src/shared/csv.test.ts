import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.js';

describe('csvCell: texto que começa como fórmula vira texto (OWASP CSV injection)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1+cmd', "'-1+cmd"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    // The CR also needs the quotes of a line break.
    ['\r=1', `"'\r=1"`],
    ['=HYPERLINK("http://x.test";"Clique")', `"'=HYPERLINK(""http://x.test"";""Clique"")"`],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    // Only the first character counts: a formula sign inside the text is plain text.
    ['Maria = Silva', 'Maria = Silva'],
    ['a-1', 'a-1'],
    ['', ''],
  ])('%j → %j', (entrada, saida) => {
    expect(csvCell(entrada)).toBe(saida);
  });

  it.each([
    ['Alfa; Beta', '"Alfa; Beta"'],
    ['Diz "oi"', '"Diz ""oi"""'],
    ['linha 1\nlinha 2', '"linha 1\nlinha 2"'],
    ['linha 1\r\nlinha 2', '"linha 1\r\nlinha 2"'],
    ['=1;=2', `"'=1;=2"`],
    ['"=1"', '"""=1"""'],
  ])('aspas, ponto e vírgula e quebras de linha: %j → %j', (entrada, saida) => {
    expect(csvCell(entrada)).toBe(saida);
  });

  it('números que o produto calcula saem como números, negativos inclusive; o texto "-1" não', () => {
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell(50_000)).toBe('50000');
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('csvLine junta com ";" e termina com CRLF', () => {
    expect(csvLine(['=1', 2, null, 'a;b'])).toBe(`'=1;2;;"a;b"\r\n`);
  });
});
