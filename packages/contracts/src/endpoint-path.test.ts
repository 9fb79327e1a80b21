import { describe, expect, it } from 'vitest';
import { fillPathParams, matchPathParams, pathParamNames } from './endpoint.js';

describe('path parameters {name}', () => {
  it('names, fills (encoded) and leaves the rest for the query', () => {
    expect(pathParamNames('/api/feriado/listar-cidades/{idEstado}')).toEqual(['idEstado']);
    expect(fillPathParams('/api/x/{a}/y/{b}', { a: 35, b: 'a b/c', fdb: 'f' })).toEqual({
      path: '/api/x/35/y/a%20b%2Fc',
      rest: { fdb: 'f' },
    });
    expect(fillPathParams('/api/cargo/listar', { x: 1 })).toEqual({ path: '/api/cargo/listar', rest: { x: 1 } });
  });

  it('matches a concrete path against its template', () => {
    expect(matchPathParams('/api/feriado/listar-cidades/{idEstado}', '/api/feriado/listar-cidades/35')).toEqual({
      idEstado: '35',
    });
    expect(
      matchPathParams('/api/feriado/listar-cidades/{idEstado}', '/api/feriado/listar-cidades/35/x'),
    ).toBeUndefined();
    expect(matchPathParams('/api/feriado/listar-cidades/{idEstado}', '/api/feriado/listar-estados')).toBeUndefined();
    expect(matchPathParams('/api/a.b/{c}', '/api/aXb/1')).toBeUndefined();
  });
});
