import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { mensagemResponse } from '../common.js';

const email = z
  .string({ error: MSG.informeEmail })
  .trim()
  .min(1, MSG.informeEmail)
  .max(LIMITS.email, 'E-mail muito longo')
  .toLowerCase();
const senha = z
  .string({ error: MSG.informeSenha })
  .trim()
  .min(1, MSG.informeSenha)
  .max(LIMITS.senha, 'Senha muito longa');

/** Password policy of seed 000 §5 (length on the client; all of it on the server). */
export const novaSenha = z
  .string({ error: MSG.informeSenha })
  .trim()
  .min(1, MSG.informeSenha)
  .max(LIMITS.senha, 'Senha muito longa');

export function isStrongPassword(s: string): boolean {
  return s.length >= LIMITS.senhaMin && /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s);
}

export const cnpjResumo = z.object({ id: z.number(), numero: z.string(), razaoSocial: z.string() });
export const centroCustoResumo = z.object({
  id: z.number(),
  codigo: z.string(),
  nome: z.string(),
  tipo: z.string(),
  idCnpj: z.number(),
});

export const sessao = z.object({
  token: z.object({ valor: z.string(), expiraEm: z.string() }),
  user: z.object({ id: z.number(), nome: z.string(), email: z.string() }),
  /** The profile's codes with 0 appended (seed 000 §3). */
  permissoes: z.array(z.number()),
  versao: z.string(),
  dadosRequisicao: z.object({
    usuario: z.object({ id: z.number(), nome: z.string(), email: z.string(), nomeLogin: z.string() }),
    empresa: z.object({
      id: z.number(),
      nome: z.string(),
      diaInicioFechamento: z.number(),
      diaFinalFechamento: z.number(),
      /**
       * The main company's IANA zone (issue 24 §10): every instant on screen is
       * shown in it, whatever the browser's zone — the calendar the server's
       * logs, reports and 'today' use. Optional: a session saved before it existed.
       */
      fusoHorario: z.string().optional(),
    }),
    cnpj: cnpjResumo.nullable(),
    justificativas: z.array(z.object({ id: z.number(), descricao: z.string(), tipo: z.number() })),
    permissoes: z.array(z.number()),
  }),
  cacheEmpresa: z.object({
    idCnpjSelecionado: z.number().nullable(),
    cnpjSelecionado: cnpjResumo.nullable(),
    cnpjs: z.array(cnpjResumo),
    centrosCustos: z.array(centroCustoResumo),
  }),
  /**
   * A support session (decision 0016): the provider's staff acting in this
   * customer under an Autorização de Suporte, with its Administrador codes.
   */
  suporte: z.boolean().optional(),
});
export type Sessao = z.infer<typeof sessao>;

export const autUsuario = defineEndpoint({
  method: 'POST',
  path: '/api/login/aut-usuario',
  permission: null,
  suporte: 'permitido',
  summary: 'Login com e-mail e senha (ou acesso de suporte)',
  body: z.strictObject({
    email,
    senha,
    referencia: z.string().max(200).optional(),
    autorizacao: z.string().max(200).optional(),
    refAcesso: z.string().max(200).optional(),
  }),
  response: sessao,
});

export const validarToken = defineEndpoint({
  method: 'POST',
  path: '/api/login/validar-token',
  permission: null,
  suporte: 'permitido',
  summary: 'Valida o token guardado no navegador e o renova',
  body: z.strictObject({
    id: z.coerce.number().int().positive().optional(),
    email: z.string().trim().max(LIMITS.email).optional(),
    token: z.string({ error: 'Informe o token' }).min(1, 'Informe o token').max(200),
  }),
  response: z.object({
    tokenValido: z.boolean(),
    token: z.object({ valor: z.string(), expiraEm: z.string() }).nullable(),
  }),
});

export const solicitarRedefinirSenha = defineEndpoint({
  method: 'POST',
  path: '/api/login/solicitar-redefinir-senha',
  permission: null,
  suporte: 'permitido',
  summary: 'Envia por e-mail o link de redefinição de senha',
  body: z.strictObject({ email }),
  response: mensagemResponse,
});

export const redefinirSenha = defineEndpoint({
  method: 'POST',
  path: '/api/login/redefinir-senha',
  permission: null,
  suporte: 'permitido',
  summary: 'Redefine a senha com o link recebido por e-mail',
  body: z.strictObject({
    email,
    senha: novaSenha,
    repetirSenha: novaSenha,
    time: z.coerce.number({ error: 'Link inválido' }).int().nonnegative(),
    token: z.string({ error: 'Link inválido' }).min(1, 'Link inválido').max(200),
  }),
  response: mensagemResponse,
});

/** Sair: revokes the bearer token server-side (seed 000 §2.4 only clears the browser). */
export const sair = defineEndpoint({
  method: 'POST',
  path: '/api/login/sair',
  permission: 0,
  suporte: 'permitido',
  summary: 'Encerra a sessão (revoga o token)',
  body: z.strictObject({ usuarioRequisicao: z.unknown().optional() }).optional(),
  response: mensagemResponse,
});
