import { describe, expect, it } from 'vitest';
import { cargoApi, loginApi } from '@jornada/contracts';
import { responseSerializer } from './serializer.js';

const compile = (schema: unknown) =>
  responseSerializer(false)({ schema, method: 'POST', url: '/x', httpStatus: '200' } as never) as (
    d: unknown,
  ) => string;

describe('serializador de produção (contrato compilado)', () => {
  it('escreve só os campos do contrato', () => {
    const out = JSON.parse(
      compile(cargoApi.listarCargos.response)([{ id: 1, codigo: '1', nome: 'A', tenantId: 9, senhaHash: 'x' }]),
    );
    expect(out).toEqual([{ id: 1, codigo: '1', nome: 'A' }]);
  });

  it('serializa a sessão com campos anuláveis', () => {
    const token = { valor: 't', expiraEm: '2026-01-01T00:00:00.000Z' };
    expect(JSON.parse(compile(loginApi.validarToken.response)({ tokenValido: false, token: null }))).toEqual({
      tokenValido: false,
      token: null,
    });
    expect(JSON.parse(compile(loginApi.validarToken.response)({ tokenValido: true, token }))).toEqual({
      tokenValido: true,
      token,
    });
  });
});
