/**
 * Just enough JPEG to vouch for an uploaded photo without decoding it: the
 * magic bytes, and the frame size from the first SOF header (seed 001 §5:
 * JPG/JPEG only, at most 640×480). The browser also checks both, but a
 * client can send anything.
 */

/** Start-of-frame markers carry the image size: SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

export interface JpegSize {
  width: number;
  height: number;
}

/**
 * The size of a JPEG (from its first SOF header), or undefined when the bytes
 * are not a JPEG (no FF D8 FF start, or no frame header before the data).
 */
export function jpegSize(bytes: Uint8Array): JpegSize | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return undefined;
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return undefined;
    const marker = bytes[i + 1]!;
    // Fill bytes (FF FF …) and the stand-alone markers (TEM, RSTn) have no length.
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // Start of scan or end of image before any frame header: not a usable JPEG.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (length < 2) return undefined;
    if (isSof(marker)) {
      if (i + 9 > bytes.length) return undefined;
      const height = (bytes[i + 5]! << 8) | bytes[i + 6]!;
      const width = (bytes[i + 7]! << 8) | bytes[i + 8]!;
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    i += 2 + length;
  }
  return undefined;
}

/**
 * The bytes of a base64 text, with or without a `data:image/…;base64,` prefix,
 * or undefined when it is not base64.
 */
export function decodeBase64Image(text: string): Buffer | undefined {
  const body = text.replace(/^data:[\w/+.-]{1,50};base64,/, '').replace(/\s+/g, '');
  if (body.length === 0 || body.length % 4 === 1 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return undefined;
  return Buffer.from(body, 'base64');
}
