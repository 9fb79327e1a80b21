import { juntarPdfs } from './juntar-pdfs.js';

/** Worker-thread task (shared/cpu-pool.ts): the batches' PDFs as one document, off the HTTP thread. */
export default function juntarLotes(partes: Uint8Array[]): Promise<Uint8Array> {
  return juntarPdfs(partes);
}
