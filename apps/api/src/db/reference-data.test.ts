import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ibgeData } from './reference-data.js';

const dir = fileURLToPath(new URL('./reference/', import.meta.url));

describe('IBGE reference data', () => {
  it('has no quoted field, so the plain comma split is exact', () => {
    for (const f of ['estados.csv', 'municipios.csv']) expect(readFileSync(dir + f, 'utf8')).not.toContain('"');
  });

  it('reads 27 states and every municipality with a state and a time zone', () => {
    const { estados, cidades } = ibgeData();
    expect(estados).toHaveLength(27);
    expect(cidades.length).toBeGreaterThan(5500);
    const ufs = new Set(estados.map((e) => e.id));
    for (const c of cidades) {
      expect(ufs.has(c.estadoId)).toBe(true);
      expect(c.fusoHorario).toMatch(/^America\//);
      expect(Number.isInteger(c.id) && c.id >= 1_000_000 && c.id <= 9_999_999).toBe(true);
    }
    expect(cidades.find((c) => c.id === 3550308)).toMatchObject({ nome: 'São Paulo', estadoId: 35 });
    expect(estados.find((e) => e.id === 35)).toMatchObject({ uf: 'SP', nome: 'São Paulo' });
  });
});
