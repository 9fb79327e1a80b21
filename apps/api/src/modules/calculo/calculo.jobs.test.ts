import { describe, expect, it } from 'vitest';
import { FilaDeLotes, LOTE_COM_REQUISICOES, LOTE_FUNCIONARIOS } from './calculo.jobs.js';

describe('lotes de uma execução do Cálculo do Ponto', () => {
  // A selection in name order: ids scattered over the company, as funcionariosDaSelecao answers them.
  const porNome = Array.from({ length: 2 * LOTE_FUNCIONARIOS + 7 }, (_, i) => ((i * 7919) % 1009) + 1);

  const tirarTodos = (fila: FilaDeLotes, comRequisicoes: (i: number) => boolean) => {
    const lotes: number[][] = [];
    for (let l = fila.tirar(comRequisicoes(0)); l; l = fila.tirar(comRequisicoes(lotes.length))) lotes.push(l);
    return lotes;
  };

  it('cada lote é uma faixa de ids vizinhos, seja qual for a ordem da seleção', () => {
    const lotes = tirarTodos(new FilaDeLotes(porNome), () => false);
    expect(lotes.map((l) => l.length)).toEqual([LOTE_FUNCIONARIOS, LOTE_FUNCIONARIOS, 7]);
    expect(lotes.flat()).toEqual([...porNome].sort((a, b) => a - b));
    for (let i = 1; i < lotes.length; i++) expect(lotes[i]![0]!).toBeGreaterThan(lotes[i - 1]!.at(-1)!);
  });

  it('com requisições em curso os lotes são menores (decisão 0089), sem perder nem repetir ninguém', () => {
    const fila = new FilaDeLotes(porNome);
    const lotes = tirarTodos(fila, (i) => i % 2 === 1);
    expect(lotes.map((l) => l.length)).toEqual([
      LOTE_FUNCIONARIOS,
      LOTE_COM_REQUISICOES,
      porNome.length - LOTE_FUNCIONARIOS - LOTE_COM_REQUISICOES,
    ]);
    expect(lotes.flat()).toEqual([...porNome].sort((a, b) => a - b));
    expect(fila.vazia).toBe(true);
  });

  it('não altera a lista guardada nos parâmetros da execução', () => {
    const copia = [...porNome];
    tirarTodos(new FilaDeLotes(porNome), () => false);
    expect(porNome).toEqual(copia);
  });
});
