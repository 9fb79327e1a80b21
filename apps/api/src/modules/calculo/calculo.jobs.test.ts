import { describe, expect, it } from 'vitest';
import { LOTE_FUNCIONARIOS, lotesDaExecucao } from './calculo.jobs.js';

describe('lotes de uma execução do Cálculo do Ponto', () => {
  // A selection in name order: ids scattered over the company, as funcionariosDaSelecao answers them.
  const porNome = Array.from({ length: 2 * LOTE_FUNCIONARIOS + 7 }, (_, i) => ((i * 7919) % 1009) + 1);

  it('cada lote é uma faixa de ids vizinhos, seja qual for a ordem da seleção', () => {
    const lotes = lotesDaExecucao(porNome);
    expect(lotes.map((l) => l.length)).toEqual([LOTE_FUNCIONARIOS, LOTE_FUNCIONARIOS, 7]);
    const juntos = lotes.flat();
    expect(juntos).toEqual([...porNome].sort((a, b) => a - b));
    for (let i = 1; i < lotes.length; i++) expect(lotes[i]![0]!).toBeGreaterThan(lotes[i - 1]!.at(-1)!);
  });

  it('não altera a lista guardada nos parâmetros da execução', () => {
    const copia = [...porNome];
    lotesDaExecucao(porNome);
    expect(porNome).toEqual(copia);
  });
});
