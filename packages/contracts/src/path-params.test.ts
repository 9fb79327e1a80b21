import { describe, expect, it } from 'vitest';
import { fillPath, matchPath, pathParamNames } from './endpoint.js';
import { isWireDate } from './common.js';

describe('path parameters', () => {
  const path = '/api/adm/mensagem/listar/:a/:b';

  it('names, fills and matches the :name segments', () => {
    expect(pathParamNames(path)).toEqual(['a', 'b']);
    expect(fillPath(path, { a: 2026, b: 3 })).toBe('/api/adm/mensagem/listar/2026/3');
    expect(matchPath(path, '/api/adm/mensagem/listar/2026/3')).toEqual({ a: '2026', b: '3' });
  });

  it('encodes what it fills, so a value cannot add a segment', () => {
    expect(fillPath(path, { a: '../x', b: '1/2' })).toBe('/api/adm/mensagem/listar/..%2Fx/1%2F2');
  });

  it('does not match other paths or malformed escapes', () => {
    expect(matchPath(path, '/api/adm/mensagem/listar/2026')).toBeUndefined();
    expect(matchPath(path, '/api/adm/mensagem/listar/2026/3/4')).toBeUndefined();
    expect(matchPath(path, '/api/adm/mensagem/listar/%E0%A4%A/3')).toBeUndefined();
    expect(matchPath('/api/cargo/listar', '/api/cargo/listar')).toEqual({});
    expect(matchPath('/api/cargo/listar', '/api/cargo/listarx')).toBeUndefined();
  });
});

describe('isWireDate', () => {
  it.each([
    ['2026-03-10', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-3-10', false],
    ['10/03/2026', false],
    ['0000-01-01', false],
  ])('%s → %s', (s, ok) => {
    expect(isWireDate(s)).toBe(ok);
  });
});
