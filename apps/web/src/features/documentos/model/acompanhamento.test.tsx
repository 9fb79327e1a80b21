import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SolicitacaoDocumento } from '@jornada/contracts';
import { usePolling } from '../../../shared/use-polling';
import { CADENCIA_AFD_MS, intervaloDaVez, linkExpirado, pendentes } from './acompanhamento';

const s = (id: number, o: Partial<SolicitacaoDocumento>): SolicitacaoDocumento =>
  ({
    id,
    nome: 'Espelho de Ponto',
    status: 'PROCESSADO',
    link: null,
    dataValidadeLink: null,
    linkExpirado: false,
    ...o,
  }) as SolicitacaoDocumento;

/** Fake clock only: every wait is exact. */
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

async function run(ms: number) {
  for (let t = 0; t < ms; t += 500) await act(() => vi.advanceTimersByTimeAsync(500));
}

describe('acompanhamento das solicitações (seed 002 §4)', () => {
  it('espera 3 s, depois 4 s e então 5 s entre as consultas, e para quando nada mais está em andamento', async () => {
    const at: number[] = [];
    const start = Date.now();
    let ids = [1, 2];
    const { rerender } = renderHook(({ list }) => usePolling(list, intervaloDaVez, check, () => {}), {
      initialProps: { list: ids },
    });
    async function check(seen: readonly number[]) {
      at.push(Date.now() - start);
      expect(seen).toEqual(ids);
    }
    await run(17_000);
    expect(at).toEqual([3_000, 7_000, 12_000, 17_000]);
    ids = [2];
    rerender({ list: ids });
    await run(5_000);
    expect(at).toHaveLength(5);
    rerender({ list: [] });
    await run(30_000);
    expect(at).toHaveLength(5);
    // Monitoring that starts again starts the cadence again.
    ids = [9];
    rerender({ list: ids });
    await run(3_000);
    expect(at.at(-1)).toBe(17_000 + 5_000 + 30_000 + 3_000);
  });

  it('a importação AFD, a cada 15 s', async () => {
    const at: number[] = [];
    const start = Date.now();
    renderHook(() =>
      usePolling(
        [7],
        () => CADENCIA_AFD_MS,
        async () => void at.push(Date.now() - start),
        () => {},
      ),
    );
    await run(45_000);
    expect(at).toEqual([15_000, 30_000, 45_000]);
  });

  it('uma consulta que falha encerra o acompanhamento e avisa; sair da tela também encerra', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    renderHook(() =>
      usePolling(
        [1],
        intervaloDaVez,
        async () => {
          calls++;
          throw new Error('falhou');
        },
        (e) => errors.push(e),
      ),
    );
    await run(30_000);
    expect([calls, errors.length]).toEqual([1, 1]);
    calls = 0;
    const { unmount } = renderHook(() =>
      usePolling(
        [1],
        intervaloDaVez,
        async () => void calls++,
        () => {},
      ),
    );
    await run(3_000);
    unmount();
    await run(30_000);
    expect(calls).toBe(1);
  });

  it('separa as importações AFD e sabe quando um link venceu', () => {
    expect(
      pendentes([
        s(1, { status: 'FILA' }),
        s(2, { status: 'PROCESSANDO', nome: 'AFD' }),
        s(3, { status: 'ERRO' }),
        s(4, { status: 'PROCESSANDO' }),
      ]),
    ).toEqual({ lista: [1, 4], afd: [2] });
    const now = new Date('2026-03-10T12:00:00Z');
    expect(linkExpirado(s(1, { link: '/x', dataValidadeLink: '2026-03-11T00:00:00Z' }), now)).toBe(false);
    expect(linkExpirado(s(1, { link: '/x', dataValidadeLink: '2026-03-10T11:59:59Z' }), now)).toBe(true);
    expect(linkExpirado(s(1, { linkExpirado: true }), now)).toBe(true);
    expect(linkExpirado(s(1, {}), now)).toBe(false);
    expect(linkExpirado(s(1, { status: 'ERRO', linkExpirado: true }), now)).toBe(false);
  });
});
