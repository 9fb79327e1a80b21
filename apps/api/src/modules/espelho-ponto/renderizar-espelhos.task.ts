import { renderizarEspelhos, type EspelhoPonto } from './espelho-pdf.js';

/** Worker-thread task (shared/cpu-pool.ts): a batch of espelhos laid out as one PDF, off the HTTP thread. */
export default async function renderizarLote(espelhos: EspelhoPonto[]): Promise<Uint8Array> {
  return new Uint8Array(await renderizarEspelhos(espelhos));
}
