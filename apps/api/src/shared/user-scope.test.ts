import { describe, expect, it } from 'vitest';
import { MSG } from '@jornada/contracts';
import { AppError } from './app-error.js';
import { UserScope } from './user-scope.js';

/**
 * Company 10: 1 Adm → 2 Fin → 3 Pagar; 1 → 4 RH; 5 Prod → 6 Montagem → 7 Turno A.
 * Company 20: 8 Logística → 9 Expedição. Company 30 is not the user's.
 */
const TREE = [
  { id: 1, cnpjId: 10, paiId: null },
  { id: 2, cnpjId: 10, paiId: 1 },
  { id: 3, cnpjId: 10, paiId: 2 },
  { id: 4, cnpjId: 10, paiId: 1 },
  { id: 5, cnpjId: 10, paiId: null },
  { id: 6, cnpjId: 10, paiId: 5 },
  { id: 7, cnpjId: 10, paiId: 6 },
  { id: 8, cnpjId: 20, paiId: null },
  { id: 9, cnpjId: 20, paiId: 8 },
  { id: 11, cnpjId: 30, paiId: null },
];

const scopeOf = (cnpjs: number[], assigned: number[]) =>
  UserScope.fromAssignments(
    1,
    cnpjs,
    // The loader sends the trees of the companies with assignments only.
    TREE.filter((n) => TREE.some((a) => assigned.includes(a.id) && a.cnpjId === n.cnpjId)).map((n) => ({
      ...n,
      atribuido: assigned.includes(n.id),
    })),
  );

const statusOf = (fn: () => unknown): number | 'ok' => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return (e as AppError).status;
  }
};

describe('escopo do usuário (decisão 0020)', () => {
  it.each([
    // [empresas, atribuídos, centro de custo, vê, altera]
    [[10, 20], [], 3, true, true],
    [[10, 20], [], 9, true, true],
    [[10], [], 9, false, false],
    [[], [], 1, false, false],
    // A department brings its sectors and sections; its parent chain is visible, not changeable.
    [[10], [1], 1, true, true],
    [[10], [1], 3, true, true],
    [[10], [1], 4, true, true],
    [[10], [1], 5, false, false],
    [[10], [1], 7, false, false],
    [[10], [2], 1, true, false],
    [[10], [2], 3, true, true],
    [[10], [2], 4, false, false],
    [[10], [3], 2, true, false],
    [[10], [3], 1, true, false],
    // A limit in one company leaves the other whole.
    [[10, 20], [2], 9, true, true],
    // An assignment in a company that is not the user's opens nothing.
    [[10], [11], 11, false, false],
    [[10], [11], 3, true, true],
  ])('empresas %j, atribuídos %j: centro %i → vê %s, altera %s', (cnpjs, assigned, id, sees, changes) => {
    const scope = scopeOf(cnpjs, assigned);
    const cc = TREE.find((n) => n.id === id)!;
    expect(scope.seesCentroCusto(cc)).toBe(sees);
    expect(scope.hasCentroCusto(cc)).toBe(changes);
    expect(statusOf(() => scope.requireVisibleCentroCusto(cc))).toBe(sees ? 'ok' : 404);
    expect(statusOf(() => scope.requireWritableCentroCusto(cc))).toBe(changes ? 'ok' : sees ? 403 : 404);
  });

  it('diz quais empresas são vistas inteiras e quais centros são permitidos', () => {
    const scope = scopeOf([10, 20], [2, 4]);
    expect(scope.wholeCnpjIds).toEqual([20]);
    expect(scope.allowedCentroCustoIds.sort()).toEqual([2, 3, 4]);
    expect([...scope.ancestorIds]).toEqual([1]);
    expect(statusOf(() => scope.requireWholeCnpj(20))).toBe('ok');
    expect(statusOf(() => scope.requireWholeCnpj(10))).toBe(403);
    expect(statusOf(() => scope.requireWholeCnpj(30))).toBe(404);
    expect(statusOf(() => scope.requireCnpj(30))).toBe(404);
  });

  it('linhas com empresa e centro de custo: sem centro, só em empresa inteira', () => {
    const scope = scopeOf([10, 20], [2]);
    expect(scope.hasRow(20, null)).toBe(true);
    expect(scope.hasRow(10, null)).toBe(false);
    expect(scope.hasRow(10, 3)).toBe(true);
    expect(scope.hasRow(10, 7)).toBe(false);
    expect(scope.hasRow(30, null)).toBe(false);
  });

  it('um id inexistente é 404 com a mensagem de registro não encontrado', () => {
    const scope = scopeOf([10], []);
    expect(() => scope.requireVisibleCentroCusto(undefined)).toThrow(MSG.naoEncontrado);
    try {
      scope.requireWritableCentroCusto({ id: 2, cnpjId: 10 });
      scopeOf([10], [3]).requireWritableCentroCusto({ id: 2, cnpjId: 10 });
    } catch (e) {
      expect([(e as AppError).status, (e as AppError).mensagem]).toEqual([403, MSG.escopoSomenteAtribuidos]);
      return;
    }
    throw new Error('devia recusar');
  });
});
