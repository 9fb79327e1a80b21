/** Field limits (seed 000 §9 and our own where the seeds are silent). */
export const LIMITS = {
  cargoCodigo: 12,
  cargoNome: 100,
  email: 254,
  senha: 128,
  senhaMin: 8,
  nome: 100,
} as const;

/** Paginator options (seed 000 §9). */
export const PAGINATOR = {
  cadastros: { rows: 10, options: [10, 20, 30, 50] },
} as const;

/** Interface version shown on Sobre o Sistema (seed 000 §2.6). */
export const INTERFACE_VERSION = '2.29.25';
