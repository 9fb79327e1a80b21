import { describe, expect, it } from 'vitest';
import type { CentroCusto } from '@jornada/contracts';
import { comDescendentes, opcoesCentrosCustos } from './centros-custos';

const cc = (id: number, codigo: string, nome: string, pai: number | null): CentroCusto => ({
  id,
  codigo,
  nome,
  tipo: pai === null ? 'Departamento' : id >= 100 ? 'Seção' : 'Setor',
  centroCustoPaiId: pai,
  idCnpj: 1,
});

const arvore = [
  cc(2, '20', 'Produção', null),
  cc(11, '11', 'Vendas externas', 1),
  cc(1, '10', 'Comercial', null),
  cc(21, '21', 'Montagem', 2),
  cc(101, '211', 'Linha A', 21),
  cc(10, '10.1', 'Vendas internas', 1),
];

describe('cost centres of the filter and the form (seed 001 §3)', () => {
  it('reads as a tree: each department followed by its sectors and their sections', () => {
    expect(opcoesCentrosCustos(arvore).map((o) => [o.label, o.nivel])).toEqual([
      ['10 - Comercial (Departamento)', 0],
      ['10.1 - Vendas internas (Setor)', 1],
      ['11 - Vendas externas (Setor)', 1],
      ['20 - Produção (Departamento)', 0],
      ['21 - Montagem (Setor)', 1],
      ['211 - Linha A (Seção)', 2],
    ]);
  });

  it('a cost centre whose parent the user does not see starts its own branch', () => {
    expect(
      opcoesCentrosCustos([cc(21, '21', 'Montagem', 2), cc(101, '211', 'Linha A', 21)]).map((o) => o.nivel),
    ).toEqual([0, 1]);
  });

  it('a parent brings its children and grandchildren', () => {
    expect(comDescendentes(arvore, 2).sort((a, b) => a - b)).toEqual([2, 21, 101]);
    expect(comDescendentes(arvore, 21).sort((a, b) => a - b)).toEqual([21, 101]);
    expect(comDescendentes(arvore, 11)).toEqual([11]);
  });
});
