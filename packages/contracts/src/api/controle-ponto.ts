import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { PAGINATOR } from '../limits.js';
import { MSG } from '../messages.js';
import { idWith, mensagemResponse, usuarioRequisicao, wireDate } from '../common.js';
import { PERM } from '../permissions.js';

/**
 * Controle do Ponto, tab Controle (seed 002 §2 route 126, §3 "Period control
 * row", §5 "Time control", §7; catalogue: the two chosen paths). One page of
 * the employees of a company for a month, each with the month's divergence
 * counters as the calculation stored them (`calculo_resumos`, decision 0049)
 * and the lock of its closing period (`periodos_funcionario`): read, never
 * recomputed per row (decision 0070).
 */

export const CONTROLE_PONTO_LIMITS = {
  maxCentrosCustos: 5_000,
  /** The free text 'crachá/pis/cpf/nome' as typed (the server keeps its first 10 words). */
  crachaNome: 200,
} as const;
const L = CONTROLE_PONTO_LIMITS;

export const CONTROLE_PONTO_MSG = {
  // Seed 002 §5 Time control, §8 (local warnings of the screen).
  selecioneEmpresa: MSG.selecioneEmpresa,
  selecioneCentroCusto: 'Selecione um Centro de Custo',
  informeCrachaNome: 'Informe um crachá ou nome para a pesquisa',
  // Ours.
  informeMesAno: 'Selecione o mês e o ano do período',
  linhasPorPagina: `Linhas por página: ${PAGINATOR.controlePonto.options.join(', ')}`,
  crachaNomeLongo: `A pesquisa deve ter no máximo ${L.crachaNome} caracteres`,
  centroCustoInvalido: 'Centro de custo inválido.',
} as const;
const M = CONTROLE_PONTO_MSG;

const mes = z.number({ error: M.informeMesAno }).int(M.informeMesAno).min(1, M.informeMesAno).max(12, M.informeMesAno);
const ano = z
  .number({ error: M.informeMesAno })
  .int(M.informeMesAno)
  .min(2000, M.informeMesAno)
  .max(2100, M.informeMesAno);

/** The company: its id or the seeds' {id, …} object. */
const cnpj = z.union(
  [
    idWith(M.selecioneEmpresa),
    z.object({ id: idWith(M.selecioneEmpresa) }, { error: M.selecioneEmpresa }).transform((c) => c.id),
  ],
  { error: M.selecioneEmpresa },
);

/**
 * The screen's filter: the company, Ativo (true = active employees, false =
 * inactive ones, as the Funcionários list), the cost centres chosen (each
 * with the centres under it; [] = the whole company) and the free text.
 * Always only what the caller may see (decision 0020).
 */
const filtro = {
  cnpj,
  ativo: z.boolean().optional().default(true),
  idsCentrosCustos: z.array(idWith(M.centroCustoInvalido)).max(L.maxCentrosCustos).optional().default([]),
  crachaNome: z.string().max(L.crachaNome, M.crachaNomeLongo).nullish(),
};

export const listarBody = z.strictObject({
  mes,
  ano,
  ...filtro,
  /** Rows per page (seed 002 §9: 10, 15, 20 or 30). */
  qtdLinhas: z
    .number({ error: M.linhasPorPagina })
    .int(M.linhasPorPagina)
    .refine((n) => (PAGINATOR.controlePonto.options as readonly number[]).includes(n), M.linhasPorPagina)
    .optional()
    .default(PAGINATOR.controlePonto.rows),
  /** The page, counting from 0. */
  numPagina: z.number().int().min(0).max(1_000_000).optional().default(0),
  usuarioRequisicao,
});
export type ListarControlePontoFiltro = z.input<typeof listarBody>;

/** One row of the table (seed 002 §3 "Period control row"). */
export const periodoControle = z.object({
  funcionario: z.object({ id: z.number(), cracha: z.string(), nome: z.string() }),
  /** The employee has pending requests (the icon beside the name). */
  temPendencias: z.boolean(),
  qtdFaltas: z.number(),
  qtdAtrasos: z.number(),
  qtdExcessoRefeicao: z.number(),
  qtdSaidasAntecipadas: z.number(),
  qtdFaltaMarcacao: z.number(),
  qtdInterjornada: z.number(),
  /** The month's closing period is closed for the employee. */
  fechado: z.boolean(),
  /** Ours: the month has a stored calculation for the employee (else the counters are 0 and say nothing). */
  calculado: z.boolean(),
});
export type PeriodoControle = z.infer<typeof periodoControle>;

export const listar = defineEndpoint({
  method: 'POST',
  path: '/api/controle-ponto/listar',
  permission: PERM.CONTROLE_PONTO,
  suporte: 'permitido',
  summary: 'Controle do Ponto: uma página de funcionários com as divergências do mês e o estado do período',
  body: listarBody,
  // The seeds' key is spelled qdtFuncionarios.
  response: z.object({ qdtFuncionarios: z.number(), periodosControle: z.array(periodoControle) }),
});

export const quantidadeFuncionarios = defineEndpoint({
  method: 'POST',
  path: '/api/controle-ponto/quantidade-funcionarios',
  permission: PERM.CONTROLE_PONTO,
  suporte: 'permitido',
  summary: 'Controle do Ponto: quantos funcionários o filtro da tela lista',
  body: z.strictObject({
    // The month does not change who is listed; accepted as the list sends it.
    mes: mes.nullish(),
    ano: ano.nullish(),
    ...filtro,
    usuarioRequisicao,
  }),
  response: z.object({ totalFuncionarios: z.number() }),
});

// ---------------------------------------------------------------------------
// Marcações (route 127): one employee's month, read from what the calculation
// stored (decision 0071). Detalhes = buscar-calcular-ponto (or
// buscar-calcular-marcacoes-funcionario, which with applicarCalculos first
// recalculates the month); Resumo = buscar-resumo-funcionario; "Por quê?" =
// explicar-dia (ours), the engine's trace of one day computed on demand.
// ---------------------------------------------------------------------------

export const MARCACOES_MSG = {
  selecioneFuncionario: 'Selecione um funcionário',
  informeData: 'Informe a data',
  funcionarioNaoEncontrado: 'Funcionário não encontrado.',
  dataForaDoPeriodo: 'A data está fora do período do funcionário.',
  periodoFechado: 'O período está fechado: não pode ser recalculado.',
  // Fechar período, Concluir, Abrir período (seed 002 §2, §4; decision 0072).
  informeFecharPeriodo: 'Informe se o período deve ser fechado (fecharPeriodo)',
  periodoFechadoSucesso: 'Período fechado com sucesso!',
  periodoConcluidoSucesso: 'Período concluído com sucesso!',
  periodoAbertoSucesso: 'Período aberto com sucesso!',
  periodoJaFechado: 'O período já está fechado.',
  periodoNaoFechado: 'O período não está fechado.',
  periodoNaoEncontrado: 'Período não encontrado.',
  selecionePeriodo: 'Selecione o período',
  confirmarFechar:
    'Ao fechar o período, os dias ficam concluídos e as marcações não podem mais ser tratadas. Somente o Administrador pode abri-lo de novo. Deseja fechar o período?',
  confirmarConcluir: 'Deseja concluir o período? Os dias ficam marcados como tratados; o período continua aberto.',
  confirmarAbrir: 'Deseja abrir o período? Os dias voltam a poder ser tratados e o mês é recalculado.',
} as const;

/** The employee: its id or the seeds' {id, …} object. */
const funcionario = z.union(
  [
    idWith(MARCACOES_MSG.selecioneFuncionario),
    z
      .object({ id: idWith(MARCACOES_MSG.selecioneFuncionario) }, { error: MARCACOES_MSG.selecioneFuncionario })
      .transform((f) => f.id),
  ],
  { error: MARCACOES_MSG.selecioneFuncionario },
);

const funcionarioMes = { mes, ano, cnpj, funcionario, usuarioRequisicao };

/** 'HH:MM' or null (no punch in that place). */
const hora = z.string().nullable();

/** One day of the Detalhes table (seed 002 §3 "Day of the timesheet"). */
export const diaPonto = z.object({
  /** The day itself ('yyyy-mm-dd'): a stored day is keyed by employee and date. */
  id: z.string(),
  dia: z.string(),
  /** 'Dom' … 'Sáb'. */
  diaDaSemana: z.string(),
  irregular: z.boolean(),
  temPendencias: z.boolean(),
  /** Every effective punch of the day, 'HH:MM' apart by spaces (after midnight: '00:10+1'). */
  descricaoMarcacoes: z.string(),
  entrada1: hora,
  saida1: hora,
  entrada2: hora,
  saida2: hora,
  entrada3: hora,
  saida3: hora,
  /** Normal hours worked (jornada), 'HH:MM'. */
  jornadaFormatada: z.string(),
  /** Falta + atraso + saída antecipada + excesso de intervalo + falta de marcação after justifications. */
  horasFaltantesFormatada: z.string(),
  /** The schedule's code (or, without one, its description). */
  codigoHorario: z.string().nullable(),
  /** The occurrences of the day: their justifications. */
  ocorrenciaMarcacoes: z.string(),
  descricaoEventos: z.string(),
  /** Ours: the engine's day type and whether the employee was on leave. */
  tipoDia: z.enum(['weekday', 'saturday', 'sunday', 'holiday', 'dayoff']),
  afastado: z.boolean(),
  /** Ours: the day had not ended when it was calculated (today or later): nothing owed yet (decision 0073). */
  emAberto: z.boolean(),
});
export type DiaPonto = z.infer<typeof diaPonto>;

/** The month's closing period for the employee (seed 002 §3 periodoFechamento). */
export const periodoFechamentoFuncionario = z.object({
  /** periodos_funcionario.id; null while nobody closed or concluded it. */
  id: z.number().nullable(),
  fechado: z.boolean(),
  concluido: z.boolean(),
  dataInicio: z.string(),
  dataFinal: z.string(),
});

/** Minutes, as the engine gives them (the screen formats them 'HH:MM'). */
export const sumarioMes = z.object({
  diasTrabalhados: z.number(),
  jornada: z.number(),
  jornadaEAbono: z.number(),
  horasExtras: z.number(),
  outrosEventos: z.number(),
  /** Hour bank: null without an active bank in the period. */
  saldoAnteriorBH: z.number().nullable(),
  saldoDebitoLancado: z.number().nullable(),
  saldoCreditoLancado: z.number().nullable(),
  creditosBH: z.number().nullable(),
  totalCreditos: z.number().nullable(),
  debitosBH: z.number().nullable(),
  saldoFinal: z.number().nullable(),
});
export type SumarioMes = z.infer<typeof sumarioMes>;

export const cabecalhoFuncionario = z.object({
  id: z.number(),
  cracha: z.string(),
  nome: z.string(),
  centroCusto: z.string().nullable(),
  possuiFoto: z.boolean(),
});

export const marcacoesMes = z.object({
  funcionario: cabecalhoFuncionario,
  periodoFechamento: periodoFechamentoFuncionario,
  /** Ours: when the month was last calculated (ISO), null when never: then pontos is empty. */
  calculadoEm: z.string().nullable(),
  pontos: z.array(diaPonto),
  sumario: sumarioMes.nullable(),
});
export type MarcacoesMes = z.infer<typeof marcacoesMes>;

const marcacoesEndpoint = {
  method: 'POST',
  permission: PERM.CONTROLE_PONTO_MARCACOES,
  suporte: 'permitido',
  response: marcacoesMes,
} as const;

export const buscarCalcularPonto = defineEndpoint({
  ...marcacoesEndpoint,
  path: '/api/controle-ponto/buscar-calcular-ponto',
  summary: 'Marcações, aba Detalhes: os dias do mês do funcionário como o cálculo os gravou, o sumário e o período',
  body: z.strictObject(funcionarioMes),
});

export const buscarCalcularMarcacoesFuncionario = defineEndpoint({
  ...marcacoesEndpoint,
  path: '/api/controle-ponto/buscar-calcular-marcacoes-funcionario',
  summary: 'Marcações: o mesmo que buscar-calcular-ponto; com applicarCalculos, recalcula o mês antes (Calcular)',
  body: z.strictObject({
    ...funcionarioMes,
    /** The seeds' spelling. True: recalculate the month (and the bank onward) in this request first. */
    applicarCalculos: z.boolean().optional().default(false),
  }),
});

export const resumoFuncionario = z.object({
  totaisJornadas: z.array(z.object({ descricao: z.string(), dias: z.number(), total: z.number() })),
  horasExtrasEventos: z.array(z.object({ descricao: z.string(), valor: z.number() })),
  outrosEventos: z.array(z.object({ descricao: z.string(), dias: z.number(), valor: z.number() })),
  totaisBancoHoras: z.array(z.object({ descricao: z.string(), valor: z.number() })),
});
export type ResumoFuncionario = z.infer<typeof resumoFuncionario>;

export const buscarResumoFuncionario = defineEndpoint({
  method: 'POST',
  path: '/api/controle-ponto/buscar-resumo-funcionario',
  permission: PERM.CONTROLE_PONTO_MARCACOES,
  suporte: 'permitido',
  summary: 'Marcações, aba Resumo: jornada, horas extras, eventos e banco de horas do mês (minutos)',
  body: z.strictObject(funcionarioMes),
  response: resumoFuncionario,
});

/** One step of a day's explanation: which rule produced which number, in plain Portuguese. */
export const passoExplicacao = z.object({
  regra: z.string(),
  quantidade: z.string(),
  minutos: z.number(),
  motivo: z.string(),
});

export const explicacaoDia = z.object({
  dia: z.string(),
  /** What ruled the day: the schedule (code, description, version in force), its type and column. */
  contexto: z.array(z.object({ rotulo: z.string(), valor: z.string() })),
  passos: z.array(passoExplicacao),
});
export type ExplicacaoDia = z.infer<typeof explicacaoDia>;

export const explicarDia = defineEndpoint({
  method: 'POST',
  path: '/api/controle-ponto/explicar-dia',
  permission: PERM.CONTROLE_PONTO_MARCACOES,
  suporte: 'permitido',
  summary: 'Marcações, "Por quê?": o rastro do motor para um dia, recalculado sob demanda (nada é gravado)',
  body: z.strictObject({
    cnpj,
    funcionario,
    data: wireDate(MARCACOES_MSG.informeData),
    usuarioRequisicao,
  }),
  response: explicacaoDia,
});

/**
 * Fechar período (fecharPeriodo true) and Concluir (false) of one employee's
 * month (seed 002 §2, §4; decision 0072). Closing recalculates the month in
 * the same transaction first, so what is frozen is current.
 */
export const concluirFecharPeriodo = defineEndpoint({
  method: 'POST',
  path: '/api/controle-ponto/concluir-fechar-periodo',
  permission: PERM.CONTROLE_PONTO_MARCACOES,
  suporte: 'permitido',
  summary: 'Marcações: fecha (fecharPeriodo) ou conclui o período do funcionário no mês',
  body: z.strictObject({
    ...funcionarioMes,
    fecharPeriodo: z.boolean({ error: MARCACOES_MSG.informeFecharPeriodo }),
  }),
  response: mensagemResponse,
});

/** Abrir período: a closed period opens again, for holders of 175 only (the Administrador profile; decision 0072). */
export const abrirPeriodo = defineEndpoint({
  method: 'POST',
  path: '/api/controle-ponto/abrir-periodo',
  permission: PERM.CONTROLE_PONTO_ABRIR_PERIODO,
  suporte: 'permitido',
  summary: 'Marcações: abre um período fechado (somente o Administrador)',
  body: z.strictObject({ idPeriodoFechamento: idWith(MARCACOES_MSG.selecionePeriodo), usuarioRequisicao }),
  response: mensagemResponse,
});

// ---------------------------------------------------------------------------
// Day actions of Marcações (seed 002 §2 "Day dialogs", §4, §7; issue 23 §3;
// decision 0074). Each changes one day of an open period of one employee and
// answers, with its message, the month recalculated in the same request and
// transaction (the day and what it changes: the week's DSR, the next day's
// interjornada, the bank onward), as buscar-calcular-ponto answers it.
// ---------------------------------------------------------------------------

export const ACOES_DIA_MSG = {
  periodoFechado: 'O período está fechado: o dia não pode ser tratado.',
  // Folga (seed 002 §2: the launch dialog, or the delete one when the day has a day off).
  folgaLancada: 'Folga lançada com sucesso!',
  folgaExcluida: 'Folga excluída com sucesso!',
  jaTemFolga: 'O funcionário já tem folga nesse dia.',
  naoTemFolga: 'O funcionário não tem folga nesse dia.',
  confirmarLancarFolga: 'Deseja lançar folga para o funcionário nesse dia?',
  confirmarExcluirFolga: 'O dia tem folga lançada. Deseja excluir a folga?',
  // Feriado (seed 002 §2: 'É Feriado' / 'Não é Feriado', the warning when none is registered).
  semFeriado: 'Não existe feriado cadastrado para essa data',
  informeFeriado: 'Informe se o dia é feriado',
  feriadoSalvo: 'Feriado do dia salvo com sucesso!',
  // Excluir ocorrências do dia (seed 002 §2 confirm dialog; §7 ocorrencia/marcar-excluir).
  confirmarExcluirOcorrencias: 'Deseja excluir as ocorrências desse dia?',
  ocorrenciasExcluidas: 'Ocorrências do dia excluídas com sucesso!',
  semOcorrencias: 'Não há ocorrências nesse dia.',
  // Editar marcações (seed 002 §5 Time control "Edit markings"; Portaria 671 art. 82: originals are never changed).
  nenhumPonto: 'Nenhum ponto selecionado.',
  justificativaDescartar: 'Selecione uma justificativa para descartar a marcação do REP.',
  justificativaInserir: 'Selecione uma justificativa para cada marcação inserida.',
  informeHoraInserida: 'Informe a hora de cada marcação inserida (HH:MM).',
  dataInseridaForaDoDia: 'A marcação inserida deve ser do dia ou do dia seguinte.',
  marcacaoNaoEncontrada: 'Marcação não encontrada para o funcionário.',
  justificativaInvalida: 'Justificativa inválida para esta marcação.',
  marcacaoInseridaRepetida: 'Já existe uma marcação nesse horário.',
  marcacoesSalvas: 'Marcações salvas com sucesso!',
  nadaMudou: 'Nenhuma alteração nas marcações.',
  // Mudança de Horário of the day (seed 002 §2, §5 "Schedule change": in the day dialog a justification is required).
  selecioneJustificativa: 'Selecione uma justificativa',
  configureHorario: 'Configure um horário',
  horarioInvalido: 'Informe os horários no formato HH:MM',
  horarioIncompleto: 'Informe a saída de cada entrada',
  mudancaSalva: 'Mudança de horário salva com sucesso!',
  mudancaExcluida: 'Mudança de horário excluída com sucesso!',
  semMudanca: 'Não há mudança de horário nesse dia.',
  // Mover Marcações (seed 002 §5: the target is the day before or after).
  selecioneMarcacaoMover: 'Selecione uma marcação para mover',
  selecioneDataMover: 'Selecione uma data para mover',
  dataMoverInvalida: 'A data de destino deve ser o dia anterior ou o seguinte.',
  marcacoesMovidas: 'Marcações movidas com sucesso!',
  // Ajuste parcial (seed 002 §5 Time control "Partial adjustment"; the rest ours).
  selecioneEvento: 'Selecione um evento',
  informeHoraInicio: 'Informe a hora início',
  informeHoraFinal: 'Informe a hora final',
  informeDataInicio: 'Informe a data início',
  informeDataFinal: 'Informe a data final',
  ajusteFimAntesInicio: 'O fim do ajuste deve ser depois do início.',
  ajusteForaDoDia: 'O ajuste deve ficar no dia ou no dia seguinte.',
  eventoSemHoras: 'O evento não tem horas a justificar nesse dia.',
  justificativaEventoInvalida: 'Justificativa inválida para o evento: use uma de abono, explicação ou compensação.',
  ajusteNaoEncontrado: 'Ajuste parcial não encontrado.',
  ajusteSalvo: 'Ajuste parcial salvo com sucesso!',
  ajusteAlterado: 'Ajuste parcial alterado com sucesso!',
  ajusteExcluido: 'Ajuste parcial excluído com sucesso!',
  confirmarExcluirAjuste: 'Deseja excluir o ajuste parcial?',
  // Justificar (seed 002 §5 Time control "Justify"; the rest ours).
  selecioneEventoJustificativa: 'Selecione um evento e uma justificativa',
  nenhumEvento: 'Nenhum evento selecionado',
  observacaoLonga: 'A observação deve ter no máximo 300 caracteres',
  eventoRepetido: 'O mesmo evento foi justificado duas vezes.',
  eventoJaJustificado: 'O evento já está justificado nesse dia.',
  eventosJustificados: 'Eventos justificados com sucesso!',
} as const;
const A = ACOES_DIA_MSG;

const data = wireDate(MARCACOES_MSG.informeData);

/** The employee's day a dialog reads or changes. */
const funcionarioDia = { cnpj, funcionario, data, usuarioRequisicao };

/** What every day action answers: its message and the month recalculated. */
export const acaoDiaResponse = z.object({ mensagem: z.string(), marcacoes: marcacoesMes });
export type AcaoDiaResponse = z.infer<typeof acaoDiaResponse>;

const acaoDia = {
  method: 'POST',
  permission: PERM.CONTROLE_PONTO_MARCACOES,
  suporte: 'permitido',
} as const;

export const buscarFolgaPontoDia = defineEndpoint({
  ...acaoDia,
  path: '/api/folga/buscar-folga-ponto-dia',
  summary: 'Marcações, Lançar/Excluir Folga: se o funcionário tem folga no dia',
  body: z.strictObject(funcionarioDia),
  response: z.object({ temFolga: z.boolean() }),
});

export const lancarFolgaPontoDia = defineEndpoint({
  ...acaoDia,
  path: '/api/folga/lancar-folga-ponto-dia',
  summary: 'Marcações: lança folga no dia e devolve o mês recalculado',
  body: z.strictObject(funcionarioDia),
  response: acaoDiaResponse,
});

export const excluirFolgaPontoDia = defineEndpoint({
  ...acaoDia,
  path: '/api/folga/excluir-folga-ponto-dia',
  summary: 'Marcações: exclui a folga do dia e devolve o mês recalculado',
  body: z.strictObject(funcionarioDia),
  response: acaoDiaResponse,
});

export const feriadoDoDia = z.object({
  /** The holidays registered for the date that apply to the employee (none: the seed's warning). */
  feriados: z.array(z.object({ descricao: z.string() })),
  /** 'Não é Feriado' is in force for the employee on that date. */
  feriadoExcluido: z.boolean(),
});
export type FeriadoDoDia = z.infer<typeof feriadoDoDia>;

export const buscarFeriadoDia = defineEndpoint({
  ...acaoDia,
  path: '/api/feriado-excluido/buscar-feriado',
  summary: 'Marcações, Feriado: os feriados da data para o funcionário e se o dia está como "Não é Feriado"',
  body: z.strictObject(funcionarioDia),
  response: feriadoDoDia,
});

export const salvarFeriadoExcluido = defineEndpoint({
  ...acaoDia,
  path: '/api/feriado-excluido/salvar',
  summary: 'Marcações, Feriado: É Feriado (excluido false) ou Não é Feriado (true) no dia; devolve o mês recalculado',
  body: z.strictObject({ ...funcionarioDia, excluido: z.boolean({ error: A.informeFeriado }) }),
  response: acaoDiaResponse,
});

export const marcarExcluirOcorrencia = defineEndpoint({
  ...acaoDia,
  path: '/api/ocorrencia/marcar-excluir',
  summary: 'Marcações: exclui as ocorrências do dia (as de vários dias perdem só esse dia); devolve o mês recalculado',
  // The seed's names for this call: idFuncionario and diaPonto.
  body: z.strictObject({
    cnpj,
    idFuncionario: funcionario,
    diaPonto: data,
    usuarioRequisicao,
  }),
  response: acaoDiaResponse,
});

/** A justification as a punch dialog lists it: type 4 inserts a punch, type 5 discards one (TIPOS_JUSTIFICATIVA). */
const justificativaMarcacao = z.object({ id: z.number(), descricao: z.string(), tipo: z.number() });

/** An original punch (REP 'R' or pre-assigned 'P') of the day: never changed, at most discarded with a reason. */
export const marcacaoRep = z.object({
  id: z.number(),
  data: z.string(),
  hora: z.string(),
  fonte: z.enum(['R', 'P']),
  descartado: z.boolean(),
  justificativa: z.object({ id: z.number(), descricao: z.string() }).nullable(),
});
export type MarcacaoRep = z.infer<typeof marcacaoRep>;

/** A punch inserted by an operator (source 'I'), with its reason. */
export const marcacaoInserida = z.object({
  id: z.number(),
  data: z.string(),
  hora: z.string(),
  fonte: z.literal('I'),
  justificativa: z.object({ id: z.number(), descricao: z.string() }),
  /** Who inserted it and when (ISO). */
  usuario: z.string(),
  criadoEm: z.string(),
});
export type MarcacaoInserida = z.infer<typeof marcacaoInserida>;

export const marcacoesDoDia = z.object({
  marcacoesREPP: z.array(marcacaoRep),
  marcacoesInseridas: z.array(marcacaoInserida),
  justificativas: z.array(justificativaMarcacao),
});
export type MarcacoesDoDia = z.infer<typeof marcacoesDoDia>;

export const listarEdicaoMarcacoes = defineEndpoint({
  ...acaoDia,
  path: '/api/edicao-marcacoes/listar',
  summary: 'Marcações, Editar marcações: as marcações originais e inseridas do dia e as justificativas possíveis',
  body: z.strictObject({ cnpj, funcionario, data: wireDate(A.nenhumPonto), usuarioRequisicao }),
  response: marcacoesDoDia,
});

/** 'HH:MM' (00:00–23:59); the screen sends '' for a time it could not read (seed 002 §5). */
const horaMarcacao = z
  .string({ error: A.informeHoraInserida })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, A.informeHoraInserida);

export const salvarEdicaoMarcacoes = defineEndpoint({
  ...acaoDia,
  path: '/api/edicao-marcacoes/salvar',
  summary:
    'Marcações, Editar marcações: descarta ou retoma originais (com justificativa), insere e exclui inseridas; devolve o mês recalculado',
  body: z
    .strictObject({
      cnpj,
      funcionario,
      data: wireDate(A.nenhumPonto),
      /** Each original of the day with its state: discarded (with a type-5 justification) or not. */
      marcacoesREPP: z
        .array(
          z.strictObject({
            id: idWith(A.marcacaoNaoEncontrada),
            descartado: z.boolean(),
            justificativa: z.number().int().positive().nullish(),
          }),
        )
        .max(200)
        .default([]),
      /** New punches to insert (nova) and inserted ones to delete (excluir, by id). */
      marcacoesInseridas: z
        .array(
          z.strictObject({
            id: z.number().int().positive().nullish(),
            nova: z.boolean().default(false),
            excluir: z.boolean().default(false),
            data: wireDate(A.informeHoraInserida),
            hora: horaMarcacao,
            justificativa: z.number().int().positive().nullish(),
          }),
        )
        .max(50)
        .default([]),
      usuarioRequisicao,
    })
    .superRefine((b, ctx) => {
      if (b.marcacoesREPP.some((m) => m.descartado && !m.justificativa))
        ctx.addIssue({ code: 'custom', message: A.justificativaDescartar, path: ['marcacoesREPP'] });
      if (b.marcacoesInseridas.some((m) => m.nova && !m.excluir && !m.justificativa))
        ctx.addIssue({ code: 'custom', message: A.justificativaInserir, path: ['marcacoesInseridas'] });
      if (b.marcacoesInseridas.some((m) => !m.nova && m.excluir && !m.id))
        ctx.addIssue({ code: 'custom', message: A.marcacaoNaoEncontrada, path: ['marcacoesInseridas'] });
    }),
  response: acaoDiaResponse,
});

/** A Mudança de Horário time: 'HH:MM', hours up to 29 (a night journey past midnight; seed 002 §5). */
const HORA_MUDANCA = /^([01]\d|2[0-9]):[0-5]\d$/;
const horaMudanca = z
  .string()
  .trim()
  .nullish()
  .transform((h) => (h ? h : null))
  .refine((h) => h === null || HORA_MUDANCA.test(h), A.horarioInvalido);

/** The day's replacement times (seed 002 §3 horarioFlexivel), up to three pairs. */
export const horarioFlexivel = z
  .object({
    entrada1: horaMudanca,
    saida1: horaMudanca,
    entrada2: horaMudanca,
    saida2: horaMudanca,
    entrada3: horaMudanca,
    saida3: horaMudanca,
  })
  .superRefine((h, ctx) => {
    const pares = [
      [h.entrada1, h.saida1],
      [h.entrada2, h.saida2],
      [h.entrada3, h.saida3],
    ];
    if (pares.every(([a, b]) => a === null && b === null))
      ctx.addIssue({ code: 'custom', message: A.configureHorario });
    else if (pares.some(([a, b]) => (a === null) !== (b === null)))
      ctx.addIssue({ code: 'custom', message: A.horarioIncompleto });
  });
export type HorarioFlexivel = z.output<typeof horarioFlexivel>;

export const mudancaHorarioDia = z.object({
  /** The day's change (null: none; the dialog offers Salvar, else Excluir with the dates locked). */
  horarioFlexivel: z
    .object({
      id: z.number(),
      dia: z.string(),
      entrada1: z.string().nullable(),
      saida1: z.string().nullable(),
      entrada2: z.string().nullable(),
      saida2: z.string().nullable(),
      entrada3: z.string().nullable(),
      saida3: z.string().nullable(),
    })
    .nullable(),
  justificativa: z.object({ id: z.number(), descricao: z.string() }).nullable(),
  justificativas: z.array(z.object({ id: z.number(), descricao: z.string() })),
});
export type MudancaHorarioDia = z.infer<typeof mudancaHorarioDia>;

export const buscarMudancaHorarioDia = defineEndpoint({
  ...acaoDia,
  path: '/api/mudanca-horario/controle-buscar',
  summary: 'Marcações, Mudança de Horário: a mudança do dia (se houver) e as justificativas',
  body: z.strictObject(funcionarioDia),
  response: mudancaHorarioDia,
});

export const salvarMudancaHorarioDia = defineEndpoint({
  ...acaoDia,
  path: '/api/mudanca-horario/controle-salvar',
  summary: 'Marcações, Mudança de Horário: grava os horários do dia e devolve o mês recalculado',
  body: z.strictObject({
    ...funcionarioDia,
    horarioFlexivel,
    justificativa: idWith(A.selecioneJustificativa),
  }),
  response: acaoDiaResponse,
});

export const excluirMudancaHorarioDia = defineEndpoint({
  ...acaoDia,
  path: '/api/mudanca-horario/controle-excluir',
  summary: 'Marcações, Mudança de Horário: exclui a mudança do dia e devolve o mês recalculado',
  body: z.strictObject(funcionarioDia),
  response: acaoDiaResponse,
});

/** A punch that can be moved (seed 002 §3 "A punch to move: dataHora, selecionado"). */
export const marcacaoMover = z.object({
  id: z.number(),
  /** 'YYYY-MM-DD HH:MM' on the company's clock. */
  dataHora: z.string(),
  selecionado: z.boolean(),
});

export const buscarMarcacoesMover = defineEndpoint({
  ...acaoDia,
  path: '/api/controle-mover-marcacao/buscar-ponto-marcacaoes',
  summary: 'Marcações, Mover Marcações: as marcações originais do dia que podem ir para o dia anterior ou o seguinte',
  body: z.strictObject(funcionarioDia),
  response: z.array(marcacaoMover),
});

export const salvarMoverMarcacoes = defineEndpoint({
  ...acaoDia,
  path: '/api/controle-mover-marcacao/salvar',
  summary:
    'Marcações, Mover Marcações: as marcações escolhidas passam a contar no dia de destino; devolve o mês recalculado',
  body: z.strictObject({
    ...funcionarioDia,
    dataDestino: wireDate(A.selecioneDataMover),
    marcacoes: z
      .array(z.object({ id: idWith(A.selecioneMarcacaoMover), selecionado: z.boolean().optional().default(true) }))
      .max(50)
      .refine((ms) => ms.some((m) => m.selecionado), A.selecioneMarcacaoMover),
  }),
  response: acaoDiaResponse,
});

// ---------------------------------------------------------------------------
// Ajuste parcial (seed 002 §2 "Day dialogs", §3 "Partial adjustment", §5;
// spec §14.3): part of one event of the day, [início, fim), justified by a
// type 1 (Abonar), 2 (Explicação) or 3 (Compensação) justification.
// ---------------------------------------------------------------------------

/** The day's debit events (the engine's DebitCategory) that Justificar and Ajuste parcial treat, in the screen's order. */
export const EVENTOS_DEBITO = ['falta', 'atraso', 'saida', 'excesso', 'fm'] as const;
export type EventoDebito = (typeof EVENTOS_DEBITO)[number];
export const EVENTO_DEBITO_ROTULO: Record<EventoDebito, string> = {
  falta: 'Falta',
  atraso: 'Atraso',
  saida: 'Saída Antecipada',
  excesso: 'Excesso de Refeição',
  fm: 'Falta de Marcação',
};
/** The justification types a partial adjustment takes (4 and 5 edit punches: spec §14). */
export const TIPOS_JUSTIFICATIVA_AJUSTE = [1, 2, 3] as const;

/** 'HH:MM' (00:00–23:59) as the adjustment's times are typed; the seed clears an invalid one. */
const horaAjuste = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, required);

const ajusteParcialBody = z
  .object({
    /** An existing adjustment (alterar); absent for a new one. */
    id: z.number().int().positive().optional(),
    /** The event, on create only: an existing adjustment keeps its own (the dialog locks it). */
    codigoEvento: z.enum(EVENTOS_DEBITO).nullish(),
    justificativa: idWith(A.selecioneJustificativa),
    diaInicio: wireDate(A.informeDataInicio),
    horaInicio: horaAjuste(A.informeHoraInicio),
    diaFinal: wireDate(A.informeDataFinal),
    horaFinal: horaAjuste(A.informeHoraFinal),
  })
  .superRefine((a, ctx) => {
    if (a.id === undefined && !a.codigoEvento)
      ctx.addIssue({ code: 'custom', message: A.selecioneEvento, path: ['codigoEvento'] });
    if (`${a.diaFinal} ${a.horaFinal}` <= `${a.diaInicio} ${a.horaInicio}`)
      ctx.addIssue({ code: 'custom', message: A.ajusteFimAntesInicio, path: ['horaFinal'] });
  });

const ajusteParcialGravado = z.object({
  id: z.number(),
  dia: z.string(),
  codigoEvento: z.enum(EVENTOS_DEBITO),
  diaInicio: z.string(),
  horaInicio: z.string(),
  diaFinal: z.string(),
  horaFinal: z.string(),
});

export const ajusteParcialDia = z.object({
  /** The day's events with minutes still unjustified (as the calculation stored the day). */
  eventosInjustificados: z.array(
    z.object({ id: z.number(), codigo: z.enum(EVENTOS_DEBITO), descricaoEventoReal: z.string(), minutos: z.number() }),
  ),
  /** The day's adjustments ('evento abonado': the dialog offers them only when there are some). */
  eventosAjusteParcial: z.array(
    z.object({
      id: z.number(),
      descricaoEventoReal: z.string(),
      ajusteParcial: ajusteParcialGravado,
      justificativa: z.object({ id: z.number(), descricao: z.string() }),
    }),
  ),
  justificativas: z.array(z.object({ id: z.number(), descricao: z.string() })),
});
export type AjusteParcialDia = z.infer<typeof ajusteParcialDia>;

export const buscarAjusteParcial = defineEndpoint({
  ...acaoDia,
  path: '/api/ajuste-parcial/buscar',
  summary: 'Marcações, Ajuste parcial: os eventos do dia a justificar, os ajustes do dia e as justificativas',
  body: z.strictObject(funcionarioDia),
  response: ajusteParcialDia,
});

export const salvarAjusteParcial = defineEndpoint({
  ...acaoDia,
  path: '/api/ajuste-parcial/salvar',
  summary: 'Marcações, Ajuste parcial: justifica parte de um evento do dia e devolve o mês recalculado',
  body: z.strictObject({ ...funcionarioDia, ajusteParcial: ajusteParcialBody }),
  response: acaoDiaResponse,
});

export const alterarAjusteParcial = defineEndpoint({
  ...acaoDia,
  path: '/api/ajuste-parcial/alterar',
  summary: 'Marcações, Ajuste parcial: altera o intervalo ou a justificativa de um ajuste do dia',
  body: z.strictObject({
    ...funcionarioDia,
    ajusteParcial: ajusteParcialBody.refine((a) => a.id !== undefined, A.ajusteNaoEncontrado),
  }),
  response: acaoDiaResponse,
});

export const excluirAjusteParcial = defineEndpoint({
  ...acaoDia,
  path: '/api/ajuste-parcial/excluir',
  summary: 'Marcações, Ajuste parcial: exclui um ajuste do dia e devolve o mês recalculado',
  body: z.strictObject({
    ...funcionarioDia,
    ajusteParcial: z.object({ id: idWith(A.ajusteNaoEncontrado) }),
  }),
  response: acaoDiaResponse,
});

// ---------------------------------------------------------------------------
// Justificar (seed 002 §2 "Day dialogs", §3 "Events for justification", §5;
// spec §14.1): whole events of the day justified, each an occurrence of that
// one day covering that one event, with its justification and observation.
// ---------------------------------------------------------------------------

export const JUSTIFICAR_LIMITS = { observacao: 300 } as const;

export const eventosJustificacao = z.object({
  /** The day's events with minutes still unjustified (seed: id, codigo, descricaoEventoReal). */
  naoJustificados: z.array(
    z.object({ id: z.number(), codigo: z.enum(EVENTOS_DEBITO), descricaoEventoReal: z.string(), minutos: z.number() }),
  ),
  /** The occurrences that cover the day, one row per event they cover (seed: … justificativa, observacao, usuarioJustificativa). */
  justificados: z.array(
    z.object({
      id: z.number(),
      codigo: z.enum(EVENTOS_DEBITO),
      descricaoEventoReal: z.string(),
      justificativa: z.object({ id: z.number(), descricao: z.string() }),
      observacao: z.string().nullable(),
      usuarioJustificativa: z.string(),
    }),
  ),
  justificativas: z.array(z.object({ id: z.number(), descricao: z.string() })),
});
export type EventosJustificacao = z.infer<typeof eventosJustificacao>;

export const listarEventosJustificativa = defineEndpoint({
  ...acaoDia,
  path: '/api/evento-justificativa/listar-eventos',
  summary: 'Marcações, Justificar: os eventos do dia não justificados e os justificados, e as justificativas',
  body: z.strictObject(funcionarioDia),
  response: eventosJustificacao,
});

export const salvarEventosJustificativa = defineEndpoint({
  ...acaoDia,
  path: '/api/evento-justificativa/salvar',
  summary:
    'Marcações, Justificar: justifica eventos do dia (uma ocorrência do dia por evento); devolve o mês recalculado',
  body: z.strictObject({
    ...funcionarioDia,
    eventos: z
      .array(
        z.object({
          codigo: z.enum(EVENTOS_DEBITO, { error: A.selecioneEventoJustificativa }),
          justificativa: idWith(A.selecioneEventoJustificativa),
          observacao: z
            .string()
            .trim()
            .max(JUSTIFICAR_LIMITS.observacao, A.observacaoLonga)
            .nullish()
            .transform((o) => (o ? o : null)),
        }),
        { error: A.nenhumEvento },
      )
      .min(1, A.nenhumEvento)
      .max(EVENTOS_DEBITO.length, A.eventoRepetido)
      .refine((es) => new Set(es.map((e) => e.codigo)).size === es.length, A.eventoRepetido),
  }),
  response: acaoDiaResponse,
});

// ---------------------------------------------------------------------------
// Análise de pontos duplicados (seed 002 §2 Controle, §4, §9; decision 0076):
// in a support session, the employees of the Controle filter are searched in
// pages of 50 for original punches less than a few minutes after the one kept
// before them; resolving discards each (type 5, Portaria 671 art. 82: never
// deleted) in batches of 50, the month recalculated.
// ---------------------------------------------------------------------------

export const PONTO_DUPLICADO_LIMITS = {
  /** Employees per search page and per resolve batch (seed 002 §9). */
  funcionariosPorChamada: 50,
  /** A punch less than this many minutes after the one kept before it is a duplicate. */
  janelaMinutos: 5,
} as const;

export const PONTO_DUPLICADO_MSG = {
  tudoOk: 'Tudo OK! Sem pontos duplicados.',
  somenteSuporte: 'A análise de pontos duplicados é feita numa sessão de suporte.',
  semJustificativa: 'Cadastre uma justificativa do tipo Desconsiderar marcação para descartar os pontos duplicados.',
  selecioneFuncionarios: 'Selecione um ou mais funcionários',
  muitosFuncionarios: `Envie no máximo ${PONTO_DUPLICADO_LIMITS.funcionariosPorChamada} funcionários por vez`,
  resolvidos: 'Pontos duplicados resolvidos com sucesso!',
  confirmarResolver:
    'Os pontos duplicados encontrados serão descartados (continuam gravados, com a justificativa). Deseja continuar?',
} as const;
const PD = PONTO_DUPLICADO_MSG;

const pontoDuplicado = { method: 'POST', permission: PERM.CONTROLE_PONTO, suporte: 'permitido' } as const;

export const buscarQuantidadeFuncionariosDuplicados = defineEndpoint({
  ...pontoDuplicado,
  // The seed's spelling.
  path: '/api/ponto-duplicado/buscar-quatidade-funcionarios',
  summary: 'Pontos duplicados (sessão de suporte): quantos funcionários o filtro do Controle lista',
  body: z.strictObject({ mes, ano, ...filtro, usuarioRequisicao }),
  response: z.object({ totalFuncionarios: z.number() }),
});

/** An employee with duplicates and how many. */
export const funcionarioDuplicado = z.object({
  id: z.number(),
  cracha: z.string(),
  nome: z.string(),
  duplicadas: z.number(),
});
export type FuncionarioDuplicado = z.infer<typeof funcionarioDuplicado>;

export const analisarPontoDuplicado = defineEndpoint({
  ...pontoDuplicado,
  path: '/api/ponto-duplicado/analisar',
  summary: 'Pontos duplicados (sessão de suporte): uma página de 50 funcionários do filtro, os que têm duplicados',
  body: z.strictObject({
    mes,
    ano,
    ...filtro,
    /** The page of 50, counting from 0. */
    numPagina: z.number().int().min(0).max(1_000_000).optional().default(0),
    usuarioRequisicao,
  }),
  response: z.object({ funcionarios: z.array(funcionarioDuplicado) }),
});

export const buscarMarcacoesDuplicadas = defineEndpoint({
  ...pontoDuplicado,
  // The seed's spelling.
  path: '/api/ponto-duplicado/buscar-ponto-marcacaoes',
  summary: 'Pontos duplicados (sessão de suporte): as marcações de um funcionário no mês, as duplicadas marcadas',
  body: z.strictObject({
    mes,
    ano,
    cnpj,
    funcionario: idWith(MARCACOES_MSG.funcionarioNaoEncontrado),
    usuarioRequisicao,
  }),
  response: z.array(z.object({ id: z.number(), dataHora: z.string(), fonte: z.string(), duplicada: z.boolean() })),
});

export const resolverPontoDuplicado = defineEndpoint({
  ...pontoDuplicado,
  path: '/api/ponto-duplicado/resolver-ponto-duplicado',
  summary: 'Pontos duplicados (sessão de suporte): descarta os duplicados de até 50 funcionários e recalcula o mês',
  body: z.strictObject({
    mes,
    ano,
    cnpj,
    idsFuncionarios: z
      .array(idWith(PD.selecioneFuncionarios), { error: PD.selecioneFuncionarios })
      .min(1, PD.selecioneFuncionarios)
      .max(PONTO_DUPLICADO_LIMITS.funcionariosPorChamada, PD.muitosFuncionarios),
    usuarioRequisicao,
  }),
  response: z.object({
    mensagem: z.string(),
    /** Punches discarded by this call. */
    descartadas: z.number(),
    /** Employees left alone because their period is closed. */
    fechados: z.number(),
  }),
});

// ---------------------------------------------------------------------------
// Fechar Período (route 150, seed 002 §2, §4, §5 "Period closing"): the months
// of many employees closed at once, after each is recalculated (decision
// 0072's Fechar período, in bulk). The screen sends the employees in batches.
// ---------------------------------------------------------------------------

export const FECHAR_PERIODO_LIMITS = {
  /** Employees per call: each is recalculated in the request before it is closed. */
  funcionariosPorChamada: 100,
} as const;

export const FECHAR_PERIODO_MSG = {
  selecioneFuncionarios: 'Selecione um ou mais funcionários',
  muitosFuncionarios: `Envie no máximo ${FECHAR_PERIODO_LIMITS.funcionariosPorChamada} funcionários por vez`,
  aviso:
    'Ao fechar o período, todos os dias dos funcionários selecionados ficam concluídos e a data do período não pode mais ser alterada. Esta ação não pode ser desfeita: depois de fechado, somente o Administrador pode abrir o período.',
  confirmar: 'Deseja fechar o período dos funcionários selecionados? Esta ação não pode ser desfeita.',
  fechados: 'Período fechado com sucesso!',
} as const;

const funcionarioLote = z.union([
  idWith(MARCACOES_MSG.funcionarioNaoEncontrado),
  z.object({ id: idWith(MARCACOES_MSG.funcionarioNaoEncontrado) }).transform((f) => f.id),
]);

export const concluirPeriodoEmLote = defineEndpoint({
  method: 'POST',
  // The seed's spelling.
  path: '/api/concluir-fechar-periodo/conluir',
  permission: PERM.FECHAR_PERIODO,
  suporte: 'permitido',
  summary: 'Fechar Período: recalcula e fecha o mês de vários funcionários (não pode ser desfeito)',
  body: z.strictObject({
    mes,
    ano,
    cnpj,
    funcionarios: z
      .array(funcionarioLote, { error: FECHAR_PERIODO_MSG.selecioneFuncionarios })
      .min(1, FECHAR_PERIODO_MSG.selecioneFuncionarios)
      .max(FECHAR_PERIODO_LIMITS.funcionariosPorChamada, FECHAR_PERIODO_MSG.muitosFuncionarios),
    usuarioRequisicao,
  }),
  response: z.object({
    mensagem: z.string(),
    /** Closed by this call. */
    fechados: z.number(),
    /** Already closed before it (left as they were). */
    jaFechados: z.number(),
  }),
});
