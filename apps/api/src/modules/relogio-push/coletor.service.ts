import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { withSystem, withTenant, type Tx } from '../../db/tenant-tx.js';
import { badRequest, notFound, tooManyRequests, unauthorized } from '../../shared/app-error.js';
import { RateLimiter } from '../../shared/rate-limiter.js';
import { dummyPasswordHash, newToken, tokenHash, verifyPassword } from '../../shared/secrets.js';
import { FusoDaEmpresa } from '../afd/fuso.js';
import { importarColeta } from '../afd/importacao.service.js';
import { chaveDoRelogio } from '../relogio-ponto/serie.js';
import { coletorRepository as repo, type RelogioColetor, type SessaoColetor } from './coletor.repository.js';
import { DISPOSITIVO_PUSH_MSG } from './dispositivo-push.service.js';
import { relogioPushRepository as push } from './relogio-push.repository.js';

/** The agent API's answers (decision 0082): Portuguese, for whoever reads the collector's log. */
export const COLETOR_MSG = {
  loginInvalido: 'Login ou senha inválidos.',
  tokenInvalido: 'Token do coletor inválido ou expirado: faça login de novo.',
  muitasTentativas: 'Muitas tentativas de login: aguarde e tente de novo.',
  muitasChamadas: 'Muitas chamadas deste coletor: aguarde e tente de novo.',
  corpoInvalido: (onde: string) => `Corpo inválido: ${onde}.`,
  relogioNaoEncontrado: (serie: string) => `Relógio ${serie} não encontrado entre os relógios deste coletor.`,
  comandoNaoEncontrado: 'Comando não encontrado.',
  comandoNaoEntregue: 'Este comando ainda não foi entregue ao coletor: busque os comandos do relógio antes.',
  conteudoInvalido: 'conteudo não é base64 válido',
  intervaloNsr: 'nsrFinal menor que nsrInicial',
  nsrForaDoIntervalo: (ultimo: number, inicial: number, final: number) =>
    `O arquivo tem registros até o NSR ${ultimo}, fora do intervalo informado (${inicial} a ${final}).`,
  lacunaNsr: (proximo: number, inicial: number) =>
    `O coletor enviou a partir do NSR ${inicial}, mas o próximo esperado era ${proximo}: os registros entre eles podem estar faltando.`,
  erroDoColetor: (erro: string) => `Coletor Local: ${erro}`,
  relogioDesviado: (minutos: number) =>
    `Coletor Local: o relógio está ${Math.abs(minutos)} min ${minutos > 0 ? 'adiantado' : 'atrasado'} em relação ao servidor.`,
} as const;
const M = COLETOR_MSG;
/** What every error the collector's heartbeat writes on the clock starts with. */
const PREFIXO_ERRO = 'Coletor Local: ';

/** Commands handed out per call. */
const COMANDOS_POR_CHAMADA = 20;
/** The reader's findings for a file without a header or trailer: expected of an incremental `get_afd`, not warned. */
const PARCIAL = new Set(['MISSING_HEADER', 'MISSING_TRAILER']);

const login = z.object({
  login: z.string().trim().min(1).max(40),
  senha: z.string().min(1).max(200),
  maquina: z.string().trim().min(1).max(100),
});

const nsr = z.number().int().min(0).max(999_999_999);
const afd = z.object({
  nsrInicial: nsr,
  nsrFinal: nsr,
  conteudo: z.string().max(200_000_000),
});

/** A time as an agent sends it: ISO 8601, with or without its offset (without: the company's wall clock). */
const dataHora = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/)
  .max(40);

const heartbeat = z.object({
  relogioData: dataHora.optional(),
  lastNsr: nsr.optional(),
  userCount: z.number().int().min(0).max(10_000_000).optional(),
  erro: z.string().max(500).nullable().optional(),
});

const resultado = z.object({
  erro: z.string().max(2000).nullable().optional(),
  resposta: z.unknown().optional(),
});

function lerCorpo<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const i = r.error.issues[0]!;
  throw badRequest(M.corpoInvalido(i.path.length ? i.path.join('.') : i.message));
}

/** The serials a collector may collect, as `chaveDoRelogio` compares them. */
const serieDoColetor = (s: SessaoColetor) =>
  new Set(
    s.detalhes
      .split(',')
      .map((x) => chaveDoRelogio(x))
      .filter(Boolean),
  );

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A clock as the agent's list shows it. */
export interface RelogioDoColetor {
  serial: string;
  modelo: string | null;
  fabricante: string;
  portaria: string | null;
  proximoNsr: number | null;
  comandosPendentes: number;
}

/**
 * The Coletor Local's agent API (spec/devices.md §4(a) 'REP iDClass with
 * service type Coletor Local', §4(b) 'Agent API'; decision 0082). A LAN agent
 * logs in with a desktop Cliente App user's credentials and gets a bearer
 * token; with it, it sees only the clocks of its user's serial list in its
 * user's tenant, delivers their AFD records (stored by the AFD import's own
 * core), reports their state, and runs their queued REP commands.
 */
export function coletorService(deps: Deps) {
  const cfg = deps.config.coletor;
  const porEndereco = new RateLimiter(cfg.loginsPorMinuto / 60, cfg.rajadaLogin);
  const porLogin = new RateLimiter(cfg.loginsPorMinuto / 60, cfg.rajadaLogin);
  const porToken = new RateLimiter(cfg.chamadasPorSegundo, cfg.rajada);

  /** The limit, then the token's session (a flood of bad tokens is refused before it reaches the database). */
  async function sessao(authorization: string | undefined): Promise<SessaoColetor> {
    const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/.exec(authorization ?? '');
    if (!m) throw unauthorized(M.tokenInvalido);
    const token = m[1]!;
    if (!porToken.take(token, Date.now())) throw tooManyRequests(M.muitasChamadas, porToken.retryAfterSeconds(token));
    const s = await withSystem(deps.systemDb, (tx) => repo.sessao(tx, tokenHash(token), deps.clock.now()));
    if (!s) throw unauthorized(M.tokenInvalido);
    return s;
  }

  /** The collector's clocks (its tenant's, of its serial list). */
  async function relogiosDoColetor(tx: Tx, s: SessaoColetor): Promise<RelogioColetor[]> {
    const lista = serieDoColetor(s);
    return (await repo.relogios(tx, s.tenantId)).filter((r) => lista.has(chaveDoRelogio(r.numeroSerie)));
  }

  /** The collector's clock of `serial`, or 404 (another tenant's clock, or one not in its list, is never found). */
  async function relogioDoColetor(tx: Tx, s: SessaoColetor, serial: string): Promise<RelogioColetor> {
    const chave = chaveDoRelogio(serial.slice(0, 60));
    const r =
      chave === '' ? undefined : (await relogiosDoColetor(tx, s)).find((x) => chaveDoRelogio(x.numeroSerie) === chave);
    if (!r) throw notFound(M.relogioNaoEncontrado(serial.slice(0, 60)));
    return r;
  }

  const tocar = (tx: Tx, tenantId: number, relogioId: number) =>
    push.tocar(tx, tenantId, [relogioId], deps.clock.now());

  return {
    /** POST /login: a desktop user of an active customer; any failure is the same 401, after the same work. */
    async login(body: unknown, ip: string): Promise<{ token: string; expiraEm: string }> {
      const b = lerCorpo(login, body);
      const agora = Date.now();
      if (!porEndereco.take(ip, agora)) throw tooManyRequests(M.muitasTentativas, porEndereco.retryAfterSeconds(ip));
      const chave = b.login.toLowerCase();
      if (!porLogin.take(chave, agora)) throw tooManyRequests(M.muitasTentativas, porLogin.retryAfterSeconds(chave));
      const u = await withSystem(deps.systemDb, (tx) => repo.usuarioDoLogin(tx, b.login));
      // An unknown login (or one without a password) verifies a password nobody has: it takes as long as a wrong one.
      const ok = await verifyPassword(u?.senhaHash ?? (await dummyPasswordHash()), b.senha);
      if (!u || !u.senhaHash || !ok) throw unauthorized(M.loginInvalido);
      const token = newToken();
      const now = deps.clock.now();
      const expiraEm = new Date(now.getTime() + cfg.tokenHoras * 3_600_000);
      await withSystem(deps.systemDb, (tx) =>
        repo.criarToken(tx, {
          tenantId: u.tenantId,
          usuarioAppId: u.id,
          hash: tokenHash(token),
          maquina: b.maquina,
          now,
          expiraEm,
        }),
      );
      return { token, expiraEm: expiraEm.toISOString() };
    },

    /** GET /relogios: the collector's clocks, with where to read each one's AFD from and its open commands. */
    async relogios(authorization: string | undefined): Promise<RelogioDoColetor[]> {
      const s = await sessao(authorization);
      return withTenant(deps.db, s.tenantId, async (tx) =>
        (await relogiosDoColetor(tx, s)).map((r) => ({
          serial: r.numeroSerie,
          modelo: r.modelo,
          fabricante: r.fabricante,
          portaria: r.portaria,
          proximoNsr: r.proximoNsr,
          comandosPendentes: r.comandosPendentes,
        })),
      );
    },

    /**
     * POST /relogios/:serial/afd: the records the agent read with `get_afd` from `nsrInicial`, stored by the
     * AFD import's core (the same reader, employee matching, closed periods, dedupe by the punch store's key and
     * dirty-day marking) in one transaction: answered = committed, and a re-send stores nothing new.
     */
    async afd(
      authorization: string | undefined,
      serial: string,
      body: unknown,
    ): Promise<{
      aceitos: number;
      duplicados: number;
      vinculados: number;
      semVinculo: number;
      ultimoNsr: number | null;
      avisos: string[];
    }> {
      const s = await sessao(authorization);
      const b = lerCorpo(afd, body);
      if (b.nsrFinal < b.nsrInicial) throw badRequest(M.corpoInvalido(M.intervaloNsr));
      const texto = b.conteudo.replace(/\s+/g, '');
      if (texto.length % 4 === 1 || !BASE64.test(texto)) throw badRequest(M.corpoInvalido(M.conteudoInvalido));
      const bytes = Buffer.from(texto, 'base64');
      return withTenant(deps.db, s.tenantId, async (tx) => {
        const r = await relogioDoColetor(tx, s, serial);
        await tocar(tx, s.tenantId, r.id);
        const { resultado, ultimoNsr } = await importarColeta(tx, s.tenantId, {
          cnpjId: r.cnpjId,
          portaria: r.portaria === '1510' ? '1510' : '671',
          arquivo: `coletor-${r.numeroSerie}-nsr-${b.nsrInicial}-${b.nsrFinal}.txt`,
          conteudo: bytes,
          relogio: r.numeroSerie,
          now: deps.clock.now(),
        });
        const avisos = resultado.ocorrencias
          .filter((o) => !PARCIAL.has(o.codigo))
          .map((o) => (o.linha > 1 ? `Linha ${o.linha}: ${o.mensagem}` : o.mensagem));
        if (ultimoNsr !== null && (ultimoNsr > b.nsrFinal || ultimoNsr < b.nsrInicial))
          avisos.push(M.nsrForaDoIntervalo(ultimoNsr, b.nsrInicial, b.nsrFinal));
        if (r.proximoNsr !== null && b.nsrInicial > r.proximoNsr) avisos.push(M.lacunaNsr(r.proximoNsr, b.nsrInicial));
        if (ultimoNsr !== null) await repo.avancarNsr(tx, s.tenantId, r.id, ultimoNsr);
        return {
          aceitos: resultado.novas,
          duplicados: resultado.jaGravadas,
          vinculados: resultado.vinculadas,
          semVinculo: resultado.semVinculo,
          ultimoNsr,
          avisos,
        };
      });
    },

    /**
     * POST /relogios/:serial/heartbeat: the clock's contact ('Última Conexão'), the agent's error (or its
     * clearing), and the clock's drift; answers where to collect from and how many commands wait.
     */
    async heartbeat(
      authorization: string | undefined,
      serial: string,
      body: unknown,
    ): Promise<{ proximoNsr: number | null; comandosPendentes: number; desvioSegundos: number | null }> {
      const s = await sessao(authorization);
      const b = lerCorpo(heartbeat, body);
      return withTenant(deps.db, s.tenantId, async (tx) => {
        const r = await relogioDoColetor(tx, s, serial);
        const now = deps.clock.now();
        await tocar(tx, s.tenantId, r.id);
        let desvio: number | null = null;
        if (b.relogioData !== undefined) {
          const d = b.relogioData.replace(' ', 'T');
          let ms: number;
          if (/(Z|[+-]\d{2}:?\d{2})$/.test(d)) ms = Date.parse(d.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
          else {
            // The REP's wall clock, in the company's zone.
            const comoUtc = Date.parse(`${d}Z`);
            ms = comoUtc - new FusoDaEmpresa(r.fuso).deslocamentoEm(comoUtc) * 60_000;
          }
          if (!Number.isFinite(ms)) throw badRequest(M.corpoInvalido('relogioData'));
          desvio = Math.round((ms - now.getTime()) / 1000);
        }
        const erro =
          b.erro !== undefined && b.erro !== null && b.erro.trim() !== ''
            ? M.erroDoColetor(b.erro.trim())
            : desvio !== null && Math.abs(desvio) * 1000 > cfg.desvioMaximoMs
              ? M.relogioDesviado(Math.round(desvio / 60))
              : null;
        await repo.anotarErroDoColetor(tx, s.tenantId, r.id, PREFIXO_ERRO, erro);
        if (b.lastNsr !== undefined || b.userCount !== undefined)
          deps.log.debug({ relogioId: r.id, lastNsr: b.lastNsr, userCount: b.userCount }, 'heartbeat do coletor');
        return { proximoNsr: r.proximoNsr, comandosPendentes: r.comandosPendentes, desvioSegundos: desvio };
      });
    },

    /**
     * GET /relogios/:serial/comandos: the clock's open commands in queue order (up to 20), each marked handed out.
     * One handed out as often as allowed without a result fails and puts the clock in error (as on a push
     * clock); a stopped clock gets none.
     */
    async comandos(
      authorization: string | undefined,
      serial: string,
    ): Promise<{ id: number; tipo: string; payload: unknown; tentativas: number }[]> {
      const s = await sessao(authorization);
      return withTenant(deps.db, s.tenantId, async (tx) => {
        const r = await relogioDoColetor(tx, s, serial);
        const now = deps.clock.now();
        await tocar(tx, s.tenantId, r.id);
        if (!r.monitoramentoAtivo) return [];
        const entregues: { id: number; tipo: string; payload: unknown; tentativas: number }[] = [];
        for (const c of await repo.abertos(tx, s.tenantId, r.id, COMANDOS_POR_CHAMADA)) {
          if (c.status === 'ENVIADO' && c.tentativas >= deps.config.dispositivos.tentativasPorComando) {
            const erro = DISPOSITIVO_PUSH_MSG.comandoSemResposta(c.tipo, c.tentativas);
            await push.falharComando(tx, s.tenantId, c.id, erro, now);
            await push.anotarErro(tx, s.tenantId, r.id, erro);
            continue;
          }
          await push.marcarEnviado(tx, s.tenantId, c.id, `coletor:${c.id}`, now);
          entregues.push({ id: c.id, tipo: c.tipo, payload: c.payload, tentativas: c.tentativas + 1 });
        }
        return entregues;
      });
    },

    /**
     * POST /comandos/:id/resultado: closes a handed-out command of one of the collector's clocks (OK, or ERRO
     * with the REP's error, which puts the clock in error). A replay changes nothing and answers the status kept.
     */
    async resultado(
      authorization: string | undefined,
      id: string,
      body: unknown,
    ): Promise<{ id: number; status: 'OK' | 'ERRO' }> {
      const s = await sessao(authorization);
      const b = lerCorpo(resultado, body);
      const n = /^\d{1,15}$/.test(id) ? Number(id) : NaN;
      if (!Number.isSafeInteger(n)) throw notFound(M.comandoNaoEncontrado);
      return withTenant(deps.db, s.tenantId, async (tx) => {
        const c = await repo.comando(tx, s.tenantId, n);
        const lista = serieDoColetor(s);
        const r = c && (await relogiosDoColetor(tx, s)).find((x) => x.id === c.relogioId);
        if (!c || !r || !lista.has(chaveDoRelogio(r.numeroSerie))) throw notFound(M.comandoNaoEncontrado);
        const now = deps.clock.now();
        await tocar(tx, s.tenantId, r.id);
        if (c.status === 'OK' || c.status === 'ERRO') return { id: c.id, status: c.status };
        if (c.status !== 'ENVIADO') throw badRequest(M.comandoNaoEntregue);
        const erro =
          b.erro !== undefined && b.erro !== null && b.erro.trim() !== '' ? b.erro.trim().slice(0, 500) : null;
        const fechado = await push.fecharComando(tx, s.tenantId, r.id, `coletor:${c.id}`, erro, now);
        if (!fechado) throw notFound(M.comandoNaoEncontrado);
        if (erro !== null)
          await push.anotarErro(tx, s.tenantId, r.id, DISPOSITIVO_PUSH_MSG.comandoRecusado(c.tipo, erro));
        else if (fechado.tarefaId !== null && !(await push.haComandosAbertos(tx, s.tenantId, r.id)))
          await push.anotarSincronizacao(tx, s.tenantId, r.id, now);
        return { id: c.id, status: erro === null ? 'OK' : 'ERRO' };
      });
    },
  };
}

export type ColetorService = ReturnType<typeof coletorService>;
