import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { CHAVE_ARQUIVO } from '@jornada/contracts';
import { fileNameOfKey, localFileStorage, safeFileName } from './file-storage.js';

describe('armazenamento de arquivos (pasta local, links assinados)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'jornada-arquivos-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const storage = localFileStorage({ folder });
  const now = new Date('2026-03-10T12:00:00Z');

  it('guarda de um buffer ou de um stream e devolve o conteúdo pela chave', async () => {
    const a = await storage.put(7, 'Espelho de Ponto março.pdf', Buffer.from('um'));
    const b = await storage.put(7, 'afd.txt', Readable.from(['do', 'is']));
    expect(a).toMatch(CHAVE_ARQUIVO);
    expect(fileNameOfKey(a)).toBe('Espelho_de_Ponto_marco.pdf');
    expect(await text((await storage.get(a))!.stream)).toBe('um');
    // Read to the end before the delete: a stream left unread opens its file later, after the delete (ENOENT).
    const doStream = (await storage.get(b))!;
    expect(doStream.bytes).toBe(4);
    expect(await text(doStream.stream)).toBe('dois');
    await storage.delete(b);
    expect(await storage.get(b)).toBeUndefined();
    expect(await storage.get('../../etc/passwd')).toBeUndefined();
  });

  it('o link vale até a validade, só para a sua chave, e a mesma pasta assina igual', async () => {
    const key = await storage.put(1, 'x.pdf', Buffer.from('x'));
    const link = new URL(storage.signedLink(key, new Date(now.getTime() + 60_000)), 'http://h');
    const exp = link.searchParams.get('exp')!;
    const sig = link.searchParams.get('sig')!;
    expect(link.pathname).toBe(`/api/arquivo/${key}`);
    expect(storage.verify(key, exp, sig, now)).toBe(true);
    expect(localFileStorage({ folder }).verify(key, exp, sig, now)).toBe(true);
    expect(storage.verify(key, exp, sig, new Date(now.getTime() + 60_000))).toBe(false);
    expect(storage.verify(key, String(Number(exp) + 1), sig, now)).toBe(false);
    expect(storage.verify(key.replace(/^1-/, '2-'), exp, sig, now)).toBe(false);
    expect(storage.verify(key, exp, `${sig}x`, now)).toBe(false);
    expect(localFileStorage({ folder, secret: 'outra chave' }).verify(key, exp, sig, now)).toBe(false);
  });

  it('nomes seguros: sem acentos, sem barras, nunca vazios', () => {
    expect(safeFileName('../../relatório é.pdf')).toBe('relatorio_e.pdf');
    expect(safeFileName('///')).toBe('arquivo');
  });
});
