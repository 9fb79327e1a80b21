import type { Db } from '../db/client.js';
import { readDataVersion } from '../db/data-versions.js';

/**
 * A cache of serialised list answers per tenant, valid while the tenant's
 * version counter for that list is unchanged (decision 0006). Correct with
 * any number of API processes: the counter lives in the database and is
 * bumped in the same transaction as the change, and the version is read
 * BEFORE the list, so a list is never stored under a newer version than the
 * data it holds.
 */
export class VersionedCache {
  private readonly entries = new Map<string, { versao: number; body: string }>();

  /**
   * @param db the system path: one indexed read per call, outside any tenant
   *   transaction, so a cache hit costs a single round trip.
   */
  constructor(
    private readonly db: Db,
    private readonly maxEntries = 5_000,
  ) {}

  async get(tenantId: number, chave: string, load: () => Promise<string>): Promise<string> {
    const versao = await readDataVersion(this.db, tenantId, chave);
    const key = `${tenantId}:${chave}`;
    const hit = this.entries.get(key);
    if (hit && hit.versao === versao) return hit.body;
    const body = await load();
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { versao, body });
    return body;
  }
}
