import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { funcionarioApi } from '@jornada/contracts';
import type { FotoIo } from '../foto';
import { FotoFuncionario } from './foto-funcionario';

const M = funcionarioApi.FUNCIONARIO_MSG;

/** A picture reader for jsdom (no canvas): every file is `largura`×`altura`. */
const io = (largura: number, altura: number): FotoIo => ({
  carregar: () => Promise.resolve({ fonte: {} as CanvasImageSource, largura, altura, liberar: () => undefined }),
  desenhar: (_f, w, h, q) => `data:image/jpeg;base64,${w}x${h}@${q}`,
});

function camera(result: 'ok' | 'negada') {
  const stop = vi.fn();
  const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
  const getUserMedia = vi.fn(() =>
    result === 'ok' ? Promise.resolve(stream) : Promise.reject(new DOMException('negada', 'NotAllowedError')),
  );
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  // jsdom has no canvas: the frame is "drawn" and "encoded" by these.
  const drawImage = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as never);
  const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    return `data:image/jpeg;base64,${this.width}x${this.height}`;
  });
  return { getUserMedia, stop, drawImage, toDataURL };
}

describe('the photo (seed 001 §2.6, §5 Photo)', () => {
  it('the placeholder without a photo; a chosen JPEG becomes the photo; Remover foto only with one', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <FotoFuncionario src={null} nome="Ana" onChange={onChange} onRemove={vi.fn()} io={io(320, 240)} />,
    );
    expect(screen.getByRole('img', { name: 'Sem foto' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover foto' })).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Arquivo da foto'), new File(['x'], 'ana.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('data:image/jpeg;base64,130x98@0.9'));
    rerender(<FotoFuncionario src="data:x" nome="Ana" onChange={onChange} onRemove={vi.fn()} io={io(320, 240)} />);
    expect(screen.getByRole('img', { name: 'Foto de Ana' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remover foto' })).toBeInTheDocument();
  });

  it('a picture over 640×480 is refused with the seed message and the photo stays', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<FotoFuncionario src={null} nome="Ana" onChange={onChange} onRemove={vi.fn()} io={io(800, 600)} />);
    await user.upload(screen.getByLabelText('Arquivo da foto'), new File(['x'], 'ana.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(M.fotoTamanho)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('the webcam frame is a 320×240 JPEG at quality 0.95, and the camera is released', async () => {
    const cam = camera('ok');
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<FotoFuncionario src={null} nome="Ana" onChange={onChange} onRemove={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Webcam' }));
    const capturar = await screen.findByRole('button', { name: 'Capturar' });
    await waitFor(() => expect(capturar).toBeEnabled());
    await user.click(capturar);
    expect(cam.toDataURL).toHaveBeenCalledWith('image/jpeg', 0.95);
    expect(cam.drawImage).toHaveBeenCalledWith(expect.any(HTMLVideoElement), 0, 0, 320, 240);
    expect(onChange).toHaveBeenCalledWith('data:image/jpeg;base64,320x240');
    await waitFor(() => expect(cam.stop).toHaveBeenCalled());
  });

  it('a refused camera closes the dialog without a message', async () => {
    const cam = camera('negada');
    const user = userEvent.setup();
    render(<FotoFuncionario src={null} nome="Ana" onChange={vi.fn()} onRemove={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Webcam' }));
    await waitFor(() => expect(cam.getUserMedia).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Capturar' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
