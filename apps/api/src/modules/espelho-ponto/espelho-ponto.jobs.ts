import { documentJob } from '../solicitacao-documento/solicitacao-documento.service.js';
import { ESPELHO_PONTO_QUEUE, produzirEspelhos } from './espelho-ponto.service.js';

/** The espelho's document job (decision 0043): a thousand employees take about 20 s here; an hour is the room. */
export const espelhoPontoJob = documentJob(ESPELHO_PONTO_QUEUE, produzirEspelhos, { expireInSeconds: 3600 });
