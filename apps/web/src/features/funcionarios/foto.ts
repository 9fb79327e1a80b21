import { funcionarioApi } from '@jornada/contracts';

const { FUNCIONARIO_MSG, LIMITS_FOTO } = funcionarioApi;

/** Seed 001 §5 Photo: the uploaded picture is saved 130 px wide at JPEG quality 0.9. */
export const FOTO_QUALIDADE = 0.9;
/** Seed 001 §5 Photo: the webcam frame is a 320×240 canvas at JPEG quality 0.95. */
export const WEBCAM = { largura: 320, altura: 240, qualidade: 0.95 } as const;

/**
 * JPG or JPEG only (seed 001 §5). The browser's type is trusted when it has
 * one; some systems give none, and then the name decides. The server checks
 * the bytes again.
 */
export function ehJpeg(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return file.type === 'image/jpeg' || file.type === 'image/pjpeg';
  return /\.jpe?g$/i.test(file.name);
}

/** At most 640 wide by 480 high (seed 001 §5). */
export const dentroDoTamanhoMaximo = (largura: number, altura: number): boolean =>
  largura <= LIMITS_FOTO.larguraMax && altura <= LIMITS_FOTO.alturaMax;

/** The saved size: 130 px wide, the height in proportion (never 0). */
export function tamanhoRedimensionado(largura: number, altura: number): { largura: number; altura: number } {
  const alvo = LIMITS_FOTO.larguraRedimensionada;
  return { largura: alvo, altura: Math.max(1, Math.round((altura * alvo) / largura)) };
}

/** A decoded picture, ready to be drawn. */
export interface ImagemCarregada {
  fonte: CanvasImageSource;
  largura: number;
  altura: number;
  liberar: () => void;
}

/** What the browser does with pictures, apart so the rules above are tested without a canvas. */
export interface FotoIo {
  carregar: (file: File) => Promise<ImagemCarregada>;
  /** The picture drawn at `largura`×`altura`, as a JPEG data URL. */
  desenhar: (fonte: CanvasImageSource, largura: number, altura: number, qualidade: number) => string;
}

export const browserFotoIo: FotoIo = {
  carregar: (file) =>
    new Promise((resolve, reject) => {
      const url = URL.createObjectURL(file);
      const img = new Image();
      img.onload = () =>
        resolve({
          fonte: img,
          largura: img.naturalWidth,
          altura: img.naturalHeight,
          liberar: () => URL.revokeObjectURL(url),
        });
      img.onerror = () => {
        URL.revokeObjectURL(url);
        reject(new Error('imagem ilegível'));
      };
      img.src = url;
    }),
  desenhar: (fonte, largura, altura, qualidade) => {
    const canvas = document.createElement('canvas');
    canvas.width = largura;
    canvas.height = altura;
    canvas.getContext('2d')?.drawImage(fonte, 0, 0, largura, altura);
    return canvas.toDataURL('image/jpeg', qualidade);
  },
};

export type FotoPreparada = { ok: true; dataUrl: string } | { ok: false; mensagem: string };

/**
 * A chosen file as the photo the server keeps (seed 001 §5): JPEG only, at
 * most 640×480, redrawn 130 px wide at quality 0.9. A file that says it is a
 * JPEG but does not decode is refused with the type message.
 */
export async function prepararFoto(file: File, io: FotoIo = browserFotoIo): Promise<FotoPreparada> {
  if (!ehJpeg(file)) return { ok: false, mensagem: FUNCIONARIO_MSG.fotoTipo };
  let imagem: ImagemCarregada;
  try {
    imagem = await io.carregar(file);
  } catch {
    return { ok: false, mensagem: FUNCIONARIO_MSG.fotoTipo };
  }
  try {
    if (!dentroDoTamanhoMaximo(imagem.largura, imagem.altura)) {
      return { ok: false, mensagem: FUNCIONARIO_MSG.fotoTamanho };
    }
    const { largura, altura } = tamanhoRedimensionado(imagem.largura, imagem.altura);
    return { ok: true, dataUrl: io.desenhar(imagem.fonte, largura, altura, FOTO_QUALIDADE) };
  } finally {
    imagem.liberar();
  }
}

/** The base64 part of a data URL: what the API's imagemPerfilBase64 carries. */
export const base64DeDataUrl = (dataUrl: string): string => dataUrl.slice(dataUrl.indexOf(',') + 1);
