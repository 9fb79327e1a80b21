export * from './reference.js';
export * from './tenancy.js';
export * from './access.js';
export * from './cargos.js';
export * from './organizacao.js';
export * from './afastamentos.js';
export * from './justificativas.js';
export * from './system.js';
