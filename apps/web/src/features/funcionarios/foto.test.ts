import { describe, expect, it, vi } from 'vitest';
import { funcionarioApi } from '@jornada/contracts';
import { base64DeDataUrl, ehJpeg, prepararFoto, tamanhoRedimensionado, type FotoIo } from './foto';

const M = funcionarioApi.FUNCIONARIO_MSG;
const arquivo = (name: string, type: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type });

/** A picture reader that "decodes" every file as `largura`×`altura` and records what it draws. */
function io(largura: number, altura: number, legivel = true) {
  const liberar = vi.fn();
  const desenhar = vi.fn(
    (_f: CanvasImageSource, w: number, h: number, q: number) => `data:image/jpeg;base64,${w}x${h}@${q}`,
  );
  const fake: FotoIo = {
    carregar: () =>
      legivel
        ? Promise.resolve({ fonte: {} as CanvasImageSource, largura, altura, liberar })
        : Promise.reject(new Error('ilegível')),
    desenhar,
  };
  return { fake, desenhar, liberar };
}

describe('photo rules (seed 001 §5 Photo)', () => {
  it('takes JPG and JPEG only, by type or, without one, by name', () => {
    expect(ehJpeg({ name: 'a.jpg', type: 'image/jpeg' })).toBe(true);
    expect(ehJpeg({ name: 'A.JPEG', type: '' })).toBe(true);
    expect(ehJpeg({ name: 'a.png', type: 'image/png' })).toBe(false);
    expect(ehJpeg({ name: 'a.jpg', type: 'image/png' })).toBe(false);
    expect(ehJpeg({ name: 'a.gif', type: '' })).toBe(false);
  });

  it('redraws 130 px wide keeping the proportion', () => {
    expect(tamanhoRedimensionado(640, 480)).toEqual({ largura: 130, altura: 98 });
    expect(tamanhoRedimensionado(100, 200)).toEqual({ largura: 130, altura: 260 });
    expect(tamanhoRedimensionado(640, 1)).toEqual({ largura: 130, altura: 1 });
  });

  it('a PNG is refused with the seed message before it is read', async () => {
    const { fake, desenhar } = io(100, 100);
    expect(await prepararFoto(arquivo('a.png', 'image/png'), fake)).toEqual({ ok: false, mensagem: M.fotoTipo });
    expect(desenhar).not.toHaveBeenCalled();
  });

  it('a picture larger than 640×480 is refused with the size message', async () => {
    for (const [w, h] of [
      [641, 480],
      [640, 481],
    ] as const) {
      const { fake, liberar } = io(w, h);
      expect(await prepararFoto(arquivo('a.jpg', 'image/jpeg'), fake)).toEqual({ ok: false, mensagem: M.fotoTamanho });
      expect(liberar).toHaveBeenCalled();
    }
    expect(M.fotoTamanho).toBe('Tamanho máximo: L 640 x A 480');
  });

  it('a 640×480 JPEG becomes a 130 px wide JPEG at quality 0.9', async () => {
    const { fake, desenhar } = io(640, 480);
    const r = await prepararFoto(arquivo('a.jpeg', 'image/jpeg'), fake);
    expect(r).toEqual({ ok: true, dataUrl: 'data:image/jpeg;base64,130x98@0.9' });
    expect(desenhar).toHaveBeenCalledWith(expect.anything(), 130, 98, 0.9);
  });

  it('a file named .jpg that does not decode is refused as not a JPEG', async () => {
    const { fake } = io(0, 0, false);
    expect(await prepararFoto(arquivo('a.jpg', ''), fake)).toEqual({ ok: false, mensagem: M.fotoTipo });
    expect(M.fotoTipo).toBe('Selecione uma imagem do tipo JPG ou JPEG');
  });

  it('sends the base64 part of the data URL', () => {
    expect(base64DeDataUrl('data:image/jpeg;base64,/9j/4AAQ')).toBe('/9j/4AAQ');
  });
});
