import {
  controlePontoApi,
  PERMISSOES_DISPOSITIVO,
  SOLICITACAO_MSG,
  wireDate,
  solicitacaoApi,
  TIPO_SOLICITACAO_ROTULO,
} from '@jornada/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { withSystem, withTenant } from '../../db/tenant-tx.js';
import {
  badRequest,
  conflict,
  forbidden,
  gone,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../shared/app-error.js';
import { addDays, localDate } from '../../shared/clock.js';
import { RateLimiter } from '../../shared/rate-limiter.js';
import { newToken, tokenHash } from '../../shared/secrets.js';
import { registrarSolicitacao } from '../solicitacoes/solicitacoes.service.js';
import { appFuncionarioRepository as repo, type SessaoDispositivo } from './app-funcionario.repository.js';

/** The app API's answers (decision 0086): Portuguese, shown to the employee by the app. */
export const APP_FUNCIONARIO_MSG = {
  codigoNaoEncontrado: 'Código de ativação não encontrado.',
  codigoExpirado: 'Código de ativação expirado ou já usado: peça um novo ao RH.',
  dispositivoInativo: 'Este dispositivo está inativo: fale com o RH.',
  funcionarioInativo: 'Funcionário inativo: fale com o RH.',
  tipoErrado: (tipo: string) => `Este código é de um dispositivo ${tipo}.`,
  tokenInvalido: 'Dispositivo não ativado ou ativado em outro aparelho: ative de novo.',
  semPermissao: 'Este dispositivo não tem permissão para esta solicitação.',
  muitasTentativas: 'Muitas tentativas de ativação: aguarde e tente de novo.',
  muitasChamadas: 'Muitas chamadas deste dispositivo: aguarde e tente de novo.',
  corpoInvalido: (onde: string) => `Dados inválidos: ${onde}.`,
} as const;
const M = APP_FUNCIONARIO_MSG;
const S = SOLICITACAO_MSG;

const ativar = z.object({
  codigoAtivacao: z.string().trim().min(1).max(20),
  tipo: z.enum(['Mob', 'Web']),
  instalacaoId: z.string().trim().min(1).max(100),
  plataforma: z.string().trim().max(40).optional(),
  modelo: z.string().trim().max(100).optional(),
  versaoApp: z.string().trim().max(20).optional(),
});

/** `?de&ate` of the employee's list: real days (a 31/02 would reach the database as an error). */
const periodo = z.object({ de: wireDate(S.informePeriodo), ate: wireDate(S.informePeriodo) });

/**
 * The justification types each request takes (spec/calculation-rules.md §14): an event's, as Justificar and
 * Ajuste parcial take them (1–3); an inclusion's, type 4 (Inclusão de marcação).
 */
const TIPOS_JUSTIFICAR = controlePontoApi.TIPOS_JUSTIFICATIVA_AJUSTE;
const TIPOS_INCLUIR = [4] as const;

/** The first problem of a body, as one Portuguese line (the contract's message when it has one). */
function lerCorpo<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const i = r.error.issues[0]!;
  const propria = Object.values(S).includes(i.message as never);
  throw badRequest(propria ? i.message : M.corpoInvalido(i.path.length ? i.path.join('.') : i.message));
}

const cpfMascarado = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

/**
 * The employee's app, server side (spec/devices.md §4(c) Activation and
 * "Other permissions"; decision 0086): a Marcação Online device is activated
 * with its one-time code and gets a token (kept as its SHA-256; a new
 * activation replaces it); with it, the employee asks the back office to
 * justify a day's events (`justificarPonto`) or to include punches
 * (`incluirMarcacao`) — requests that change nothing until approved — and
 * follows their answers. The punch itself (REP-P, NSR and hash chain) is not
 * here yet.
 */
export function appFuncionarioService(deps: Deps) {
  const cfg = deps.config.appFuncionario;
  const porEndereco = new RateLimiter(cfg.ativacoesPorMinuto / 60, cfg.rajadaAtivacao);
  const porToken = new RateLimiter(cfg.chamadasPorSegundo, cfg.rajada);

  /** The limit, then the device of the token: active, of an active employee. */
  async function sessao(authorization: string | undefined): Promise<SessaoDispositivo> {
    const m = /^Device\s+([A-Za-z0-9_-]{20,100})\s*$/.exec(authorization ?? '');
    if (!m) throw unauthorized(M.tokenInvalido);
    const token = m[1]!;
    if (!porToken.take(token, Date.now())) throw tooManyRequests(M.muitasChamadas, porToken.retryAfterSeconds(token));
    const s = await withSystem(deps.systemDb, (tx) => repo.sessao(tx, tokenHash(token)));
    if (!s) throw unauthorized(M.tokenInvalido);
    if (!s.ativo) throw forbidden(M.dispositivoInativo);
    if (!s.funcionarioAtivo) throw forbidden(M.funcionarioInativo);
    return s;
  }

  return {
    /** POST /ativar: 404 an unknown code, 410 expired or used, 409 an inactive device (devices.md §4(c)). */
    async ativar(body: unknown, ip: string) {
      const b = lerCorpo(ativar, body);
      if (!porEndereco.take(ip, Date.now()))
        throw tooManyRequests(M.muitasTentativas, porEndereco.retryAfterSeconds(ip));
      const agora = deps.clock.now();
      const hash = tokenHash(b.codigoAtivacao.toUpperCase());
      const d = await withSystem(deps.systemDb, (tx) => repo.doCodigo(tx, hash, agora));
      if (!d) throw notFound(M.codigoNaoEncontrado);
      if (!d.codigoValido) throw gone(M.codigoExpirado);
      if (!d.ativo) throw conflict(M.dispositivoInativo);
      if (!d.funcionarioAtivo) throw conflict(M.funcionarioInativo);
      if (d.tipo !== b.tipo) throw badRequest(M.tipoErrado(d.tipo));
      const token = newToken();
      const instalacao = Object.fromEntries(
        Object.entries({
          instalacaoId: b.instalacaoId,
          plataforma: b.plataforma,
          modelo: b.modelo,
          versaoApp: b.versaoApp,
        }).filter((e): e is [string, string] => e[1] !== undefined),
      );
      const f = await withTenant(deps.db, d.tenantId, (tx) =>
        repo.ativar(tx, d.tenantId, d.id, { tokenHash: tokenHash(token), instalacao, agora }),
      );
      // Another app redeemed the same code a moment before.
      if (!f) throw gone(M.codigoExpirado);
      return {
        tokenDispositivo: token,
        funcionario: { nome: f.nome, cpfMascarado: cpfMascarado(f.cpf), empresa: f.empresa },
        permissoes: PERMISSOES_DISPOSITIVO.map((p) => p.nome).filter((nome) => f.permissoes[nome]),
        fusoHorario: f.fuso,
        horaServidor: agora.toISOString(),
      };
    },

    /** GET /justificativas: those a request may name, with their type (1–3 justify events, 4 includes punches). */
    async justificativas(authorization: string | undefined) {
      const s = await sessao(authorization);
      return withTenant(deps.db, s.tenantId, (tx) =>
        repo.justificativas(tx, s.tenantId, [...TIPOS_JUSTIFICAR, ...TIPOS_INCLUIR]),
      );
    },

    /** GET /solicitacoes?de&ate: the employee's own requests and their answers. */
    async minhas(authorization: string | undefined, query: unknown) {
      const s = await sessao(authorization);
      const p = lerCorpo(periodo, query);
      const rows = await withTenant(deps.db, s.tenantId, (tx) =>
        repo.minhas(tx, s.tenantId, s.funcionarioId, p.de, p.ate),
      );
      return rows.map((r) => ({
        id: r.id,
        dataPonto: r.dataPonto,
        tipo: TIPO_SOLICITACAO_ROTULO[r.origem as keyof typeof TIPO_SOLICITACAO_ROTULO],
        status: r.status,
        data: new Date(r.criadaEm).toISOString(),
        observacaoAprovacao: r.observacaoAprovacao,
      }));
    },

    /**
     * POST /solicitacoes: a request for one day, stored PENDENTE. The device
     * must hold the request's permission; the day may not be after today on
     * the company's clock; the justification must be one of the tenant's of
     * the request's types. A retry with the same clientId answers the first
     * (200), a new one 201.
     */
    async criar(authorization: string | undefined, body: unknown) {
      const s = await sessao(authorization);
      const b = lerCorpo(solicitacaoApi.novaSolicitacaoApp, body);
      if (!s.permissoes[b.tipo]) throw forbidden(M.semPermissao);
      if (b.dataPonto > localDate(deps.clock.now(), s.fuso)) throw badRequest(S.dataFutura);
      return withTenant(deps.db, s.tenantId, async (tx) => {
        const tipos = b.tipo === 'justificarPonto' ? TIPOS_JUSTIFICAR : TIPOS_INCLUIR;
        const validas = new Map((await repo.justificativas(tx, s.tenantId, tipos)).map((j) => [j.id, j]));
        const justificativa = (id: number) => {
          const j = validas.get(id);
          if (!j) throw badRequest(S.justificativaInvalida);
          return { id: j.id, descricao: j.descricao };
        };
        let criada;
        const comum = {
          cnpjId: s.cnpjId,
          funcionarioId: s.funcionarioId,
          dispositivoId: s.id,
          clientId: b.clientId,
          dataPonto: b.dataPonto,
          observacao: b.observacao || null,
        };
        if (b.tipo === 'justificarPonto') {
          const codigos = new Set(b.eventos.map((e) => e.codigo));
          if (codigos.size !== b.eventos.length) throw badRequest(S.eventoInvalido);
          criada = await registrarSolicitacao(tx, s.tenantId, {
            ...comum,
            origem: 'CTRL_JUSTIFICAR',
            itens: {
              eventos: b.eventos.map((e) => ({ codigo: e.codigo, justificativa: justificativa(e.justificativa) })),
            },
          });
        } else {
          const dias = new Set([b.dataPonto, addDays(b.dataPonto, 1)]);
          if (b.marcacoes.some((m) => !dias.has(m.data))) throw badRequest(S.marcacaoForaDoDia);
          criada = await registrarSolicitacao(tx, s.tenantId, {
            ...comum,
            origem: 'CTRL_EDITAR_MARCACAO',
            itens: { marcacoes: b.marcacoes, justificativa: justificativa(b.justificativa) },
          });
        }
        return { status: criada.nova ? 201 : 200, corpo: { id: criada.id, status: criada.status } };
      });
    },
  };
}
