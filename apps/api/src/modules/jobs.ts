import type { JobDefinition } from '../shared/job-definition.js';
import { LOGIN_JOBS } from './login/login.jobs.js';
import { importarAfdJob } from './afd/afd.service.js';
import { CALCULO_JOBS } from './calculo/calculo.jobs.js';
import { espelhoPontoJob } from './espelho-ponto/espelho-ponto.jobs.js';

/**
 * Every job handler of the API, in one registry beside `index.ts` (decision
 * 0041): the server registers them all with the queue (in-process on PGlite,
 * and on PostgreSQL unless JORNADA_TAREFAS=fila), and so does `npm run
 * worker`. A module adds its definitions at the end (`defineJob`, or
 * `documentJob` for a document request's producer). Append-only.
 */
export const API_JOBS: readonly JobDefinition<any>[] = [
  ...LOGIN_JOBS,
  importarAfdJob,
  ...CALCULO_JOBS,
  espelhoPontoJob,
];
