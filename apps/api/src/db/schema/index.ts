export * from './tenancy.js';
export * from './access.js';
export * from './cargos.js';
export * from './justificativas.js';
export * from './system.js';
