import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataSecret, fieldCipher, keypadPinCipher } from './field-cipher.js';

describe('fieldCipher (AES-256-GCM, chave derivada por campo; decision 0065)', () => {
  const pins = fieldCipher('segredo de teste', 'funcionarios.senha_teclado');

  it('ida e volta; a mesma senha cifrada duas vezes não se repete; nada da senha aparece', () => {
    const a = pins.encrypt('1234');
    const b = pins.encrypt('1234');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^c1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(a).not.toContain('1234');
    expect(pins.decrypt(a)).toBe('1234');
    expect(pins.decrypt(b)).toBe('1234');
    expect(pins.decrypt(pins.encrypt(''))).toBe('');
  });

  it('recusa um valor alterado, um valor em claro e o de outra chave ou de outro campo', () => {
    const c = pins.encrypt('1234');
    const partes = c.split('.');
    const dados = Buffer.from(partes[3]!, 'base64url');
    dados[0] = dados[0]! ^ 1;
    expect(() => pins.decrypt([...partes.slice(0, 3), dados.toString('base64url'), partes[4]].join('.'))).toThrow();
    expect(() => pins.decrypt('1234')).toThrow(/não é um valor cifrado/);
    expect(() => fieldCipher('outro segredo', 'funcionarios.senha_teclado').decrypt(c)).toThrow(/outra chave/);
    expect(() => fieldCipher('segredo de teste', 'outro.campo').decrypt(c)).toThrow(/outra chave/);
  });
});

describe('dataSecret: JORNADA_DATA_SECRET ou um segredo guardado na pasta de dados', () => {
  const pasta = mkdtempSync(join(tmpdir(), 'jornada-chave-'));
  afterAll(() => rmSync(pasta, { recursive: true, force: true }));

  it('sem a variável, cria um na primeira vez (0600) e o mesmo nas seguintes', () => {
    const dataDir = join(pasta, 'dados');
    const s1 = dataSecret({ dataSecret: undefined, dataDir });
    expect(s1).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(dataSecret({ dataSecret: undefined, dataDir })).toBe(s1);
    if (process.platform !== 'win32') expect(statSync(join(dataDir, '.chave-dados')).mode & 0o777).toBe(0o600);
    // Another process (another config object) of the same folder opens what this one sealed.
    const selada = keypadPinCipher({ dataSecret: undefined, dataDir }).encrypt('4321');
    expect(keypadPinCipher({ dataSecret: undefined, dataDir }).decrypt(selada)).toBe('4321');
  });

  it('com a variável, ela vale e a pasta não é usada', () => {
    const dataDir = join(pasta, 'outra');
    expect(dataSecret({ dataSecret: 'da-variavel', dataDir })).toBe('da-variavel');
    const selada = keypadPinCipher({ dataSecret: 'da-variavel', dataDir }).encrypt('4321');
    expect(() => keypadPinCipher({ dataSecret: undefined, dataDir: join(pasta, 'dados') }).decrypt(selada)).toThrow(
      /outra chave/,
    );
  });
});
