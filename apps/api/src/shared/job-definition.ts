import type { Deps } from '../deps.js';
import type { JobInfo, JobWorkOptions } from './job-queue.js';

/**
 * One kind of job as a module declares it (listed in `modules/jobs.ts`): the
 * server (and `npm run worker` on PostgreSQL) registers every handler of
 * that list with the queue. The handler receives the process's ports and the
 * job's data; a job sent from a tenant transaction carries `tenantId`.
 */
export interface JobDefinition<T extends object = object> {
  readonly name: string;
  readonly handler: (deps: Deps, data: T, job: JobInfo) => Promise<void>;
  /** Required: at least its expiry (`expireInSeconds`, the longest a sound run takes; decision 0066). */
  readonly options: JobWorkOptions;
}

export function defineJob<T extends object>(d: JobDefinition<T>): JobDefinition<T> {
  return d;
}

/** The data of a job sent from a tenant transaction (the database stamps `tenantId`). */
export interface TenantJobData {
  tenantId: number;
}
