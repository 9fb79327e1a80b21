import { describe, expect, it } from 'vitest';
import { DEFAULT_POOL_SIZE, loadConfig } from './config.js';

describe('DATABASE_POOL_SIZE', () => {
  it.each([
    [undefined, DEFAULT_POOL_SIZE],
    ['6', 6],
    ['1', 1],
    ['0', DEFAULT_POOL_SIZE],
    ['-3', DEFAULT_POOL_SIZE],
    ['2.5', DEFAULT_POOL_SIZE],
    ['dez', DEFAULT_POOL_SIZE],
    ['', DEFAULT_POOL_SIZE],
  ])('%s → %i conexões', (valor, esperado) => {
    expect(loadConfig(valor === undefined ? {} : { DATABASE_POOL_SIZE: valor }).databasePoolSize).toBe(esperado);
  });
});
