import { describe, expect, it, vi } from 'vitest';
import { cargoApi, loginApi } from '@jornada/contracts';
import { reply, stub, stubApi, takeStubBreaches } from '../test/api-stub';
import { expectConsoleError } from '../test/console-guard';
import { makeSession } from '../test/render-app';
import { endpointApi } from './endpoint';
import { ContractMismatchError } from './http';
import { setSession } from './session';

describe('endpointApi', () => {
  it('adds the requester block only to bodies whose contract declares it', async () => {
    setSession(makeSession([19]));
    const api = stubApi(stub(cargoApi.listarCargos, []), stub(loginApi.solicitarRedefinirSenha, { mensagem: 'ok' }));
    await endpointApi(cargoApi.listarCargos).fetch({});
    await endpointApi(loginApi.solicitarRedefinirSenha).fetch({ email: 'a@b.com' });
    expect(api.callsTo(cargoApi.listarCargos)[0]?.body).toHaveProperty('usuarioRequisicao');
    // The login bodies are strict: an extra key would be a 400.
    expect(api.callsTo(loginApi.solicitarRedefinirSenha)[0]?.body).toEqual({ email: 'a@b.com' });
  });

  it('rejects an answer outside the contract in development and tests', async () => {
    // A hand-made fetch: the typed stub would refuse to answer this.
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify([{ id: 'um' }]), { status: 200 }));
    await expect(endpointApi(cargoApi.listarCargos).fetch({})).rejects.toBeInstanceOf(ContractMismatchError);
    expectConsoleError(/fora do contrato/);
  });
});

describe('typed endpoint stub', () => {
  it('flags a reply outside the response schema', async () => {
    stubApi(stub(cargoApi.listarCargos, [{ id: 1, codigo: 1, nome: 'X' }] as never));
    await endpointApi(cargoApi.listarCargos)
      .fetch({})
      .catch(() => undefined);
    expectConsoleError(/fora do contrato/);
    expect(takeStubBreaches()).toEqual([expect.stringContaining('O stub de POST /api/cargo/listar respondeu 200')]);
  });

  it('flags an error reply without the { mensagem } shape', async () => {
    stubApi(stub(cargoApi.listarCargos, reply(409, { erro: 'x' })));
    await endpointApi(cargoApi.listarCargos)
      .fetch({})
      .catch(() => undefined);
    expect(takeStubBreaches()).toEqual([expect.stringContaining('respondeu 409 fora do contrato')]);
  });

  it('flags a body the screen sends outside the contract', async () => {
    stubApi(stub(loginApi.solicitarRedefinirSenha, { mensagem: 'ok' }));
    await endpointApi(loginApi.solicitarRedefinirSenha).fetch({ email: '' });
    expect(takeStubBreaches()).toEqual([expect.stringContaining('corpo fora do contrato')]);
  });
});
