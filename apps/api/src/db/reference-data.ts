import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { cidades, estados } from './schema/index.js';

/**
 * The IBGE states and municipalities (reference/README.md) as global tables.
 * Run by openDatabase after the migrations: cheap when nothing is missing (two
 * counts), and an updated CSV reaches existing databases without a migration
 * carrying 5,570 INSERTs.
 */
const REFERENCE_DIR = fileURLToPath(new URL('./reference/', import.meta.url));

function readCsv(file: string): Record<string, string>[] {
  const text = readFileSync(REFERENCE_DIR + file, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = text.split(/\r?\n/).filter((l) => l.length > 0);
  const names = header!.split(',');
  // The files have no quoted fields (checked by reference-data.test.ts).
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']));
  });
}

export interface IbgeData {
  estados: { id: number; uf: string; nome: string }[];
  cidades: { id: number; nome: string; estadoId: number; fusoHorario: string }[];
}

let cached: IbgeData | undefined;

export function ibgeData(): IbgeData {
  cached ??= {
    estados: readCsv('estados.csv').map((r) => ({ id: Number(r.codigo_uf), uf: r.uf!, nome: r.nome! })),
    cidades: readCsv('municipios.csv').map((r) => ({
      id: Number(r.codigo_ibge),
      nome: r.nome!,
      estadoId: Number(r.codigo_uf),
      fusoHorario: r.fuso_horario!,
    })),
  };
  return cached;
}

async function countOf(owner: Db, table: typeof estados | typeof cidades): Promise<number> {
  const [row] = await owner.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

export async function ensureReferenceData(owner: Db): Promise<void> {
  const data = ibgeData();
  if ((await countOf(owner, estados)) >= data.estados.length && (await countOf(owner, cidades)) >= data.cidades.length)
    return;
  await owner.transaction(async (tx) => {
    await tx.insert(estados).values(data.estados).onConflictDoNothing();
    for (let i = 0; i < data.cidades.length; i += 1000) {
      await tx
        .insert(cidades)
        .values(data.cidades.slice(i, i + 1000))
        .onConflictDoNothing();
    }
  });
}
