import { describe, expect, it } from 'vitest';
import { PERM, cargoApi, usuarioApi, type Endpoint } from '@jornada/contracts';
import { makeSession } from '../test/render-app';
import { podeChamar } from './session';

const publica: Pick<Endpoint, 'permission' | 'altPermission' | 'suporte'> = { permission: null, suporte: 'permitido' };

describe('podeChamar: the server wall, read in the browser (issue 24 §11)', () => {
  it("the contract's code or its second one opens the call; neither, no call", () => {
    expect(podeChamar(makeSession([PERM.CARGOS_EXCLUIR]), cargoApi.excluirCargo)).toBe(true);
    expect(podeChamar(makeSession([PERM.CARGOS_VER]), cargoApi.excluirCargo)).toBe(false);
    // salvar asks 20 or 21 …
    expect(podeChamar(makeSession([PERM.CARGOS_EDITAR]), cargoApi.salvarCargo)).toBe(true);
    // … and the service narrows it: Novo needs 20 itself.
    expect(podeChamar(makeSession([PERM.CARGOS_EDITAR]), cargoApi.salvarCargo, PERM.CARGOS_NOVO)).toBe(false);
    expect(podeChamar(makeSession([PERM.CARGOS_NOVO]), cargoApi.salvarCargo, PERM.CARGOS_NOVO)).toBe(true);
  });

  it("a support session is refused the calls declared 'negado' whatever its codes (decision 0064)", () => {
    const codes = [PERM.USUARIOS_VER, PERM.USUARIOS_NOVO, PERM.CARGOS_EXCLUIR];
    expect(podeChamar(makeSession(codes), usuarioApi.salvarUsuario)).toBe(true);
    expect(podeChamar(makeSession(codes, { suporte: true }), usuarioApi.salvarUsuario)).toBe(false);
    expect(podeChamar(makeSession(codes, { suporte: true }), cargoApi.excluirCargo)).toBe(true);
  });

  it('a public call needs no session; any other needs one', () => {
    expect(podeChamar(null, publica)).toBe(true);
    expect(podeChamar(null, cargoApi.listarCargos)).toBe(false);
    // Code 0: every logged-in user.
    expect(podeChamar(makeSession([]), cargoApi.listarCargos)).toBe(true);
  });
});
