import { describe, expect, it } from 'vitest';
import type { Listen } from '../db/job-schema.js';
import { mudancas } from './mudancas.js';

/** A LISTEN of one channel, driven by the test: `avisar` plays a commit's NOTIFY. */
function canalDeTeste() {
  const ouvintes = new Set<(payload: string) => void>();
  let abertos = 0;
  const listen: Listen = async (_canal, onNotify) => {
    abertos++;
    ouvintes.add(onNotify);
    return async () => void ouvintes.delete(onNotify);
  };
  return {
    listen,
    avisar: (p: string) => ouvintes.forEach((o) => o(p)),
    abertos: () => abertos,
    ouvindo: () => ouvintes.size,
  };
}

const LONGE = 60_000;

describe('mudancas (long poll, decisão 0080)', () => {
  it('acorda só quem segue o id avisado; um único LISTEN para todos', async () => {
    const canal = canalDeTeste();
    const m = mudancas(canal.listen, 'c');
    const um = await m.inscrever(1);
    const dois = await m.inscrever(2);
    const espera1 = um.ate(LONGE);
    let fim2: string | undefined;
    const espera2 = dois.ate(LONGE).then((f) => (fim2 = f));
    canal.avisar('1');
    expect(await espera1).toBe('mudou');
    expect(fim2).toBeUndefined();
    expect(canal.abertos()).toBe(1);
    canal.avisar('2');
    await espera2;
    expect(fim2).toBe('mudou');
    um.cancelar();
    dois.cancelar();
  });

  it('uma mudança entre a inscrição e a espera não se perde', async () => {
    const canal = canalDeTeste();
    const m = mudancas(canal.listen, 'c');
    const i = await m.inscrever(7);
    canal.avisar('7');
    expect(await i.ate(LONGE)).toBe('mudou');
  });

  it('sem mudança, termina no tempo; cancelada, um aviso não a acorda mais', async () => {
    const canal = canalDeTeste();
    const m = mudancas(canal.listen, 'c');
    const i = await m.inscrever(3);
    expect(await i.ate(1)).toBe('tempo');
    i.cancelar();
    canal.avisar('3');
    const outra = await m.inscrever(4);
    expect(await outra.ate(1)).toBe('tempo');
  });

  it('fechar encerra as esperas e o LISTEN; sem LISTEN, espera o tempo', async () => {
    const canal = canalDeTeste();
    const m = mudancas(canal.listen, 'c');
    const i = await m.inscrever(5);
    const espera = i.ate(LONGE);
    await m.fechar();
    expect(await espera).toBe('encerrado');
    expect(canal.ouvindo()).toBe(0);
    expect(await (await m.inscrever(5)).ate(LONGE)).toBe('encerrado');
    const semListen = mudancas(undefined, 'c');
    expect(await (await semListen.inscrever(1)).ate(1)).toBe('tempo');
  });
});
