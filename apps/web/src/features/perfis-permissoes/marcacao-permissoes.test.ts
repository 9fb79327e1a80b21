import { describe, expect, it } from 'vitest';
import { todasMarcadas, marcarPermissao, type ItemPermissao } from './marcacao-permissoes';

// Cargos: 19 main, 20/21/22 the others (permissions.ts). Cadastros: 49 alone.
const CARGOS: ItemPermissao = {
  permissoes: [
    { id: 19, principal: true },
    { id: 20, principal: false },
    { id: 21, principal: false },
    { id: 22, principal: false },
  ],
};
const CADASTROS: ItemPermissao = { permissoes: [{ id: 49, principal: true }] };
// An item with one permission that is not marked main (none in the catalogue today): rules must not invent one.
const SEM_PRINCIPAL: ItemPermissao = { permissoes: [{ id: 500, principal: false }] };

const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe('regras de marcação de permissões (seed 000 §4)', () => {
  it.each<[string, ItemPermissao, number[], number, boolean, number[]]>([
    // [caso, item, marcadas antes, código clicado, marcado?, marcadas depois]
    ['marcar a principal sozinha marca só ela', CARGOS, [], 19, true, [19]],
    ['marcar outra marca também a principal', CARGOS, [], 21, true, [19, 21]],
    ['marcar outra com a principal já marcada', CARGOS, [19, 20], 22, true, [19, 20, 22]],
    ['desmarcar a principal desmarca todas do item', CARGOS, [19, 20, 21, 22], 19, false, []],
    ['desmarcar a principal com só ela marcada', CARGOS, [19], 19, false, []],
    ['desmarcar uma de várias outras mantém a principal', CARGOS, [19, 20, 21], 20, false, [19, 21]],
    ['desmarcar a última outra desmarca a principal', CARGOS, [19, 22], 22, false, []],
    ['códigos de outros itens ficam como estão', CARGOS, [19, 20, 33, 34], 20, false, [33, 34]],
    ['item de uma só permissão: marcar', CADASTROS, [], 49, true, [49]],
    ['item de uma só permissão: desmarcar', CADASTROS, [49, 19], 49, false, [19]],
    ['item sem principal: marcar só ela', SEM_PRINCIPAL, [], 500, true, [500]],
    ['item sem principal: desmarcar', SEM_PRINCIPAL, [500], 500, false, []],
    ['código fora do item não muda nada', CARGOS, [19, 20], 33, true, [19, 20]],
  ])('%s', (_caso, item, before, codigo, checked, after) => {
    const input = new Set(before);
    expect(sorted(marcarPermissao(item, input, codigo, checked))).toEqual(after);
    // Pure: the set passed in is untouched.
    expect(sorted(input)).toEqual([...before].sort((a, b) => a - b));
  });

  it.each<[number[], number[], boolean]>([
    [[19, 20], [19, 20], true],
    [[19, 20], [19, 20, 33], true],
    [[19, 20], [19], false],
    [[], [], false],
  ])('todas as permissões: %j com %j marcadas → %s', (all, ticked, expected) => {
    expect(todasMarcadas(all, new Set(ticked))).toBe(expected);
  });
});
