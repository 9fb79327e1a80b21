import { getPriority } from 'node:os';
import { isMainThread, threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { cpuTask, createCpuPool } from './cpu-pool.js';

const prioridade = cpuTask<undefined, { nice: number; geracaoJovemMb: number | undefined }>(
  new URL('../../test/cpu-tasks/prioridade.task.ts', import.meta.url),
);
const carregamento = cpuTask<undefined, { carregadoEm: number; thread: number }>(
  new URL('../../test/cpu-tasks/carregamento.task.ts', import.meta.url),
);
const soma = cpuTask<number[], { total: number; thread: number }>(
  new URL('../../test/cpu-tasks/soma.task.ts', import.meta.url),
);

describe('pool de threads para CPU', () => {
  const pool = createCpuPool(2);
  afterAll(() => pool.close());

  it('executa módulos TypeScript fora da thread principal, em paralelo, na ordem pedida', async () => {
    expect(isMainThread).toBe(true);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => pool.run(soma, [i, i, 1])));
    expect(results.map((r) => r.total)).toEqual([1, 3, 5, 7, 9, 11]);
    expect(results.every((r) => r.thread !== threadId)).toBe(true);
    expect(new Set(results.map((r) => r.thread)).size).toBeLessThanOrEqual(2);
  });

  it('o erro de uma tarefa chega a quem pediu; as outras seguem', async () => {
    const [bad, good] = await Promise.allSettled([pool.run(soma, [Number.NaN]), pool.run(soma, [2, 3])]);
    expect(bad).toMatchObject({ status: 'rejected', reason: { message: 'número inválido' } });
    expect(good).toMatchObject({ status: 'fulfilled', value: { total: 5 } });
  });

  it('as threads correm com a prioridade e a geração jovem pedidas (decisão 0089); a thread principal fica com a sua', async () => {
    const antes = getPriority();
    const baixa = createCpuPool(1, { nice: Math.min(19, antes + 7), geracaoJovemMb: 12 });
    try {
      expect(await baixa.run(prioridade, undefined)).toEqual({ nice: Math.min(19, antes + 7), geracaoJovemMb: 12 });
      expect((await pool.run(prioridade, undefined)).nice).toBe(antes);
      expect(getPriority()).toBe(antes);
    } finally {
      await baixa.close();
    }
  });

  it('preparar carrega o módulo da tarefa em cada thread antes da primeira tarefa (decisão 0090)', async () => {
    const p = createCpuPool(2);
    try {
      await p.preparar(carregamento);
      const preparado = Date.now();
      // Two at once on two idle threads: one each.
      const r = await Promise.all([p.run(carregamento, undefined), p.run(carregamento, undefined)]);
      expect(new Set(r.map((x) => x.thread)).size).toBe(2);
      for (const x of r) expect(x.carregadoEm).toBeLessThanOrEqual(preparado);
    } finally {
      await p.close();
    }
  });

  it('depois de fechado, recusa novas tarefas', async () => {
    const closed = createCpuPool(1);
    await closed.close();
    await expect(closed.run(soma, [1])).rejects.toThrow('Pool de processamento encerrado');
    await expect(closed.preparar(soma)).rejects.toThrow('Pool de processamento encerrado');
  });
});
