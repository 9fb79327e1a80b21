import { describe, expect, it } from 'vitest';
import { MSG_IMPORTACAO, type CharsetImportacao } from '@jornada/contracts';
import { CsvFileError, readCsv, splitLine, type CsvLine } from './csv-reader.js';

const OPTS = { maxLineChars: 200, maxLines: 50 };

/** Reads `bytes` delivered in chunks of `size` bytes (chunk edges must not matter). */
async function read(bytes: Buffer, charset: CharsetImportacao = 'UTF-8', size = bytes.length || 1): Promise<CsvLine[]> {
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  }
  const out: CsvLine[] = [];
  for await (const line of readCsv(chunks(), { ...OPTS, charset })) out.push(line);
  return out;
}

async function failure(bytes: Buffer, charset: CharsetImportacao = 'UTF-8', opts = OPTS): Promise<string> {
  try {
    for await (const _ of readCsv([bytes], { ...opts, charset })) {
      /* read to the end */
    }
  } catch (e) {
    expect(e).toBeInstanceOf(CsvFileError);
    return (e as Error).message;
  }
  throw new Error('o arquivo deveria ter sido recusado');
}

describe('splitLine', () => {
  it.each([
    ['a;b;c', ['a', 'b', 'c']],
    [' a ; b ;c ', ['a', 'b', 'c']],
    ['a;;', ['a', '', '']],
    ['"a;b";c', ['a;b', 'c']],
    ['"diz ""oi""";x', ['diz "oi"', 'x']],
    [' "a" ;b', ['a', 'b']],
    ['""', ['']],
    ['"  espaços  "', ['  espaços  ']],
    ['a"b;c', ['a"b', 'c']],
  ])('%s', (line, celulas) => {
    expect(splitLine(line)).toEqual({ celulas });
  });

  it.each(['"aberta;b', 'a;"sem fim', '"a"x;b'])('%s → aspas abertas', (line) => {
    expect(splitLine(line)).toEqual({ erro: MSG_IMPORTACAO.aspasAbertas });
  });
});

describe('readCsv', () => {
  const text = 'Ana;1\r\nJoão;2\r\n\r\n;;\r\nZé;3';

  it('lê CR LF, LF e CR, com os números de linha do arquivo, pulando linhas vazias', async () => {
    const expected = [
      { numero: 1, celulas: ['Ana', '1'] },
      { numero: 2, celulas: ['João', '2'] },
      { numero: 5, celulas: ['Zé', '3'] },
    ];
    expect(await read(Buffer.from(text))).toEqual(expected);
    expect(await read(Buffer.from(text.replaceAll('\r\n', '\n')))).toEqual(expected);
    expect(await read(Buffer.from(text.replaceAll('\r\n', '\r')))).toEqual(expected);
  });

  it('o resultado não depende de onde os pedaços do envio se cortam', async () => {
    const bytes = Buffer.from(`\uFEFF${text}\r\n"a;""b""";c\r\n`);
    const whole = await read(bytes);
    for (const size of [1, 2, 3, 5, 7]) expect(await read(bytes, 'UTF-8', size)).toEqual(whole);
    expect(whole.at(-1)).toEqual({ numero: 6, celulas: ['a;"b"', 'c'] });
  });

  it('pula o BOM do UTF-8', async () => {
    expect(await read(Buffer.from('\uFEFFAna;1'))).toEqual([{ numero: 1, celulas: ['Ana', '1'] }]);
    expect(await read(Buffer.from('\uFEFFAna;1'), 'ISO-8859-1')).toEqual([{ numero: 1, celulas: ['Ana', '1'] }]);
  });

  it('ISO-8859-1 é lido como o Windows-1252 que o Excel grava', async () => {
    const bytes = Buffer.concat([
      Buffer.from('Jo', 'latin1'),
      Buffer.from([0xe3]),
      Buffer.from('o;'),
      Buffer.from([0x93, 0x41, 0x94]),
    ]);
    expect(await read(bytes, 'ISO-8859-1')).toEqual([{ numero: 1, celulas: ['João', '\u201CA\u201D'] }]);
  });

  it('uma linha quebrada é relatada sozinha e a seguinte é lida', async () => {
    expect(await read(Buffer.from('"Ana;1\nBia;2'))).toEqual([
      { numero: 1, erro: MSG_IMPORTACAO.aspasAbertas },
      { numero: 2, celulas: ['Bia', '2'] },
    ]);
  });

  it('UTF-8 escolhido para um arquivo ISO-8859-1: recusa dizendo a linha', async () => {
    const bytes = Buffer.from('Ana;1\nJo\u00e3o;2\n', 'latin1');
    expect(await failure(bytes, 'UTF-8')).toBe(MSG_IMPORTACAO.naoEhUtf8(2));
  });

  it('ISO-8859-1 escolhido para um arquivo UTF-8: recusa em vez de ler "JoÃ£o"', async () => {
    expect(await failure(Buffer.from('Ana;1\nJoão;2\n'), 'ISO-8859-1')).toBe(MSG_IMPORTACAO.pareceUtf8);
  });

  it.each([
    ['vazio', Buffer.alloc(0), MSG_IMPORTACAO.arquivoVazio],
    ['só linhas em branco', Buffer.from('\r\n ; ;\r\n\r\n'), MSG_IMPORTACAO.arquivoVazio],
    ['binário (NUL)', Buffer.from([0x41, 0x3b, 0x00, 0x42]), MSG_IMPORTACAO.arquivoBinario],
    ['UTF-16', Buffer.from('\uFEFFAna;1', 'utf16le'), MSG_IMPORTACAO.arquivoBinario],
    ['linha longa demais', Buffer.from(`a;b\n${'x'.repeat(201)}`), MSG_IMPORTACAO.linhaLongaDemais(2, 200)],
    ['linhas demais', Buffer.from('a;1\n'.repeat(51)), MSG_IMPORTACAO.linhasDemais(50)],
  ])('%s → CsvFileError', async (_n, bytes, message) => {
    expect(await failure(bytes, 'ISO-8859-1')).toBe(message);
  });

  it('linha de exatamente o limite passa', async () => {
    expect(await read(Buffer.from('x'.repeat(200)))).toEqual([{ numero: 1, celulas: ['x'.repeat(200)] }]);
  });

  it('20 MB de lixo: recusado na primeira marca de binário, sem ler tudo para a memória', async () => {
    let sent = 0;
    async function* junk() {
      for (let i = 0; i < 320; i++) {
        const chunk = Buffer.alloc(64 * 1024);
        for (let j = 0; j < chunk.length; j++) chunk[j] = (j * 7919 + i) % 256;
        sent += chunk.length;
        yield chunk;
      }
    }
    await expect(
      (async () => {
        for await (const _ of readCsv(junk(), { ...OPTS, charset: 'ISO-8859-1' })) {
          /* read */
        }
      })(),
    ).rejects.toThrow(MSG_IMPORTACAO.arquivoBinario);
    expect(sent).toBeLessThan(20 * 1024 * 1024);
  });
});
