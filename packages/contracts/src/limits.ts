/** Field limits (seed 000 §9 and our own where the seeds are silent). */
export const LIMITS = {
  cargoCodigo: 12,
  cargoNome: 100,
  email: 254,
  senha: 128,
  senhaMin: 8,
  nome: 100,
  // Seed 000 §9 and §3.
  justificativaDescricao: 80,
  motivoDescricao: 80,
  centroCustoCodigo: 12,
  centroCustoNome: 50,
  empresaRazaoSocial: 150,
  empresaCodigoContabil: 15,
  empresaCodigoFilial: 3,
  enderecoRua: 150,
  enderecoNumero: 10,
  enderecoComplemento: 60,
  enderecoBairro: 80,
  perfilNome: 80,
} as const;

/** Paginator options (seed 000 §9). */
export const PAGINATOR = {
  cadastros: { rows: 10, options: [10, 20, 30, 50] },
} as const;

/** Interface version shown on Sobre o Sistema (seed 000 §2.6). */
export const INTERFACE_VERSION = '2.29.25';
