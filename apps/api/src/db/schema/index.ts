export * from './tenancy.js';
export * from './access.js';
export * from './cargos.js';
export * from './system.js';
export * from './suporte.js';
