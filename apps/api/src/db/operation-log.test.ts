import { describe, expect, it } from 'vitest';
import { alvoComum } from './operation-log.js';

describe('alvoComum: de que empresa é uma entrada sobre vários funcionários (decision 0065)', () => {
  it('uma empresa e um centro de custo; uma empresa e vários centros; várias empresas; nenhum', () => {
    expect(
      alvoComum([
        { cnpjId: 1, centroCustoId: 5 },
        { cnpjId: 1, centroCustoId: 5 },
      ]),
    ).toEqual({ cnpjId: 1, centroCustoId: 5 });
    expect(
      alvoComum([
        { cnpjId: 1, centroCustoId: 5 },
        { cnpjId: 1, centroCustoId: 6 },
      ]),
    ).toEqual({ cnpjId: 1, centroCustoId: null });
    expect(
      alvoComum([
        { cnpjId: 1, centroCustoId: 5 },
        { cnpjId: 2, centroCustoId: 5 },
      ]),
    ).toBeUndefined();
    expect(alvoComum([])).toBeUndefined();
  });
});
