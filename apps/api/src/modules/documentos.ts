import { espelhoPontoProducer } from './espelho-ponto/espelho-ponto.service.js';
import type { DocumentProducer } from './solicitacao-documento/solicitacao-documento.service.js';

/**
 * The servicos `POST /api/solicitacao-documento` can queue (seed 002 §7:
 * espelhoPonto, divergenciasPdf, divergenciasXls, …), each with its code and
 * its job (a `documentJob` listed in `jobs.ts`). Each report adds its line
 * here; until a servico has a producer the call refuses it
 * with a message (decision 0043). Append-only.
 */
export const DOCUMENT_PRODUCERS: readonly DocumentProducer[] = [espelhoPontoProducer];
