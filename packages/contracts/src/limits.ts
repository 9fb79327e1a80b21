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
  // Digits only (seed 000 §5 masks): (99) 9999-9999, (99) 99999-9999, 99999-999. A Telefone field also takes a
  // mobile number, 11 digits (issue 24 §9): many companies' only line is a mobile one.
  telefoneDigitos: [10, 11] as readonly number[],
  celularDigitos: 11,
  cepDigitos: 8,
  // Years the API accepts in a path or filter (seed 000 §9: copy years 1 to 9999).
  anoMinimo: 1,
  anoMaximo: 9999,
  /**
   * Logs de Operações: the most entries one search answers (decision 0024).
   * Past it the user is asked to narrow the period or filter.
   */
  logOperacoesMaxLinhas: 5000,
  /** A login as the log records it: an e-mail, or 'suporte:' + the support agent's e-mail. */
  logLogin: 300,
  // The provider's area (issue 9).
  planoNome: 80,
  planoLimite: 1_000_000,
  clienteNome: 120,
  noticiaTitulo: 200,
  noticiaConteudo: 20_000,
  // Seed 001 §3, §9: schedules and employees.
  escalaDescricao: 80,
  cicloListaDescricao: 80,
  funcionarioNome: 50,
  funcionarioNomeCurto: 12,
  funcionarioEmail: 50,
  funcionarioPis: 15,
  funcionarioCpf: 14,
  funcionarioCracha: 14,
  funcionarioRegistro: 20,
  funcionarioSenhaTeclado: 4,
  /** Scheduled activation: from tomorrow to this many days ahead (seed 001 §9). */
  funcionarioAtivacaoDiasMax: 6,
  /** Import: column positions 1..20 (seed 001 §9). */
  importacaoColunaMax: 20,
} as const;

/** Support access (seed 000 §4, §9; decision 0016). */
export const SUPORTE = {
  /** An authorisation ends this many days after the day it was created. */
  diasAutorizacao: 6,
  /** The one-time code of a support link lives this long. */
  refAcessoMinutos: 5,
} as const;

/** Paginator options (seed 000 §9). */
export const PAGINATOR = {
  cadastros: { rows: 10, options: [10, 20, 30, 50] },
  empresas: { rows: 10, options: [10, 15, 20] },
  logs: { rows: 10, options: [10, 20, 30, 50] },
  autorizacaoSuporte: { rows: 10, options: [10, 20, 30, 50] },
  noticias: { rows: 10, options: [10, 20, 30, 50] },
  usuarios: { rows: 10, options: [10, 15, 20] },
  // Seed 001 §9.
  escalas: { rows: 10, options: [10, 15, 20] },
  funcionarios: { rows: 10, options: [10, 15, 20, 30] },
  historicos: { rows: 10, options: [10, 15, 20] },
  clienteApp: { rows: 10, options: [10, 20, 30, 50] },
  dispositivos: { rows: 10, options: [10, 15, 20, 30] },
  monitoramentoPush: { rows: 10, options: [10, 20, 30, 50] },
  // Seed 002 §2, §9: Controle do Ponto's employee table.
  controlePonto: { rows: 10, options: [10, 15, 20, 30] },
  // Seed 002 §2 Solicitações: 20, 25 or 30 rows, default 20.
  solicitacoes: { rows: 20, options: [20, 25, 30] },
  // Histórico de Relatórios/Documentos (seed 002 does not give its sizes).
  historico: { rows: 10, options: [10, 20, 30, 50] },
} as const;

/** Notícias: the month picker offers 5 years before to 1 after the current year (seed 000 §9). */
export const NOTICIAS_ANOS = { antes: 5, depois: 1 } as const;

/** Interface version shown on Sobre o Sistema (seed 000 §2.6). */
export const INTERFACE_VERSION = '2.29.25';
