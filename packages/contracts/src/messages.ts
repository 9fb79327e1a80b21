/**
 * Portuguese texts shared by server and browser. Where a seed gives the
 * wording it is copied letter for letter (typos included: the seeds are the
 * product owner's words); the rest are ours, in the same register.
 */
export const MSG = {
  // Seed 000 §8
  oops: 'Oops! Algo deu errado!',
  tituloMensagem: 'Mensagem',
  tituloErro: 'Erro',
  tituloOk: 'OK',
  // Seed 000 §5
  informeEmail: 'Informe o email',
  informeSenha: 'Informe a senha',
  informeNome: 'Informe o nome',
  informeCodigo: 'Informe o código',
  senhaFraca: 'A senha deverá ser formada por 8 caracteres, números e letras. No minímo 1 maiúsculo e 1 minúsuculo.',
  naoSaoIguais: 'Não são iguais',
  // Ours (server side)
  naoAutenticado: 'Sessão expirada ou inválida. Faça login novamente.',
  semPermissao: 'Você não tem permissão para executar esta operação.',
  naoEncontrado: 'Registro não encontrado.',
  rotaNaoEncontrada: 'Recurso não encontrado.',
  loginInvalido: 'E-mail ou senha inválidos.',
  usuarioInativo: 'Usuário inativo. Procure o administrador do sistema.',
  muitasTentativas: (segundos: number) => `Muitas tentativas. Tente novamente em ${segundos} s.`,
  acessoSuspenso: 'Acesso suspenso. Entre em contato com o suporte.',
  acessoSuporteInvalido: 'Autorização de acesso de suporte inválida ou expirada.',
  redefinicaoSolicitada: 'Se o e-mail estiver cadastrado, você receberá em instantes um link para redefinir a senha.',
  linkInvalido: 'Link de redefinição de senha inválido ou expirado. Solicite um novo.',
  senhasDiferentes: 'As senhas informadas não são iguais.',
  senhaRedefinida: 'Senha redefinida com sucesso! Faça login com a nova senha.',
  corpoInvalido: 'Requisição inválida.',
  requisicaoMalformada: 'Requisição malformada.',
  requisicaoLenta: 'A requisição demorou demais para chegar. Tente novamente.',
  requisicaoGrandeDemais: 'Requisição grande demais.',
  cabecalhosGrandesDemais: 'Cabeçalhos da requisição grandes demais.',
  tipoDeConteudoNaoSuportado: 'Tipo de conteúdo não suportado: envie JSON.',
  corpoJsonVazio: 'Corpo JSON vazio.',
  jsonMalformado: 'JSON malformado no corpo da requisição.',
  enderecoInvalido: 'Endereço da requisição inválido.',
  caracteresDeControle: (campo: string) =>
    `Caracteres de controle não são permitidos${campo ? ` (campo ${campo})` : ''}.`,
  idInvalido: 'Identificador inválido',
  registroDuplicado: 'Já existe um registro com esses dados.',
  registroVinculado: 'O registro está vinculado a outros cadastros.',
  textoInvalido: 'O texto contém caracteres inválidos.',
  textoLongoDemais: 'Texto maior que o permitido.',
  numeroForaDoIntervalo: 'Número fora do intervalo permitido.',
  conflitoConcorrente: 'Outro usuário alterou estes dados ao mesmo tempo. Tente novamente.',
  sequenciaEsgotada: 'Não há mais códigos automáticos disponíveis: informe o código.',
  emailJaCadastrado: 'E-mail já cadastrado.',
  cargoSalvo: 'Cargo cadastrado com sucesso!',
  cargoAlterado: 'Cargo alterado com sucesso!',
  cargoExcluido: 'Cargo excluído com sucesso!',
  cargoCodigoDuplicado: (codigo: string) => `Já existe um cargo com o código ${codigo}.`,
  cargoCodigoEmUso: 'Já existe um cargo com este código.',
  telaEmConstrucao: 'Esta tela ainda não está disponível nesta versão do Jornada.',
  dataInvalida: 'Data inválida: use o formato dd/mm/aaaa.',
  anoInvalido: 'Ano inválido.',
  mesInvalido: 'Mês inválido: informe de 1 a 12.',
  informeDataInicial: 'Informe a data inicial',
  informeDataFinal: 'Informe a data final',
  periodoInvertido: 'A data inicial deve ser anterior ou igual à data final.',
  logOperacoesLimite: (max: number) =>
    `A pesquisa encontrou mais de ${max.toLocaleString('pt-BR')} operações. ` +
    'Reduza o período ou filtre por usuário ou operação.',
} as const;
