import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { withSystem, withTenant, type Tx } from '../../db/tenant-tx.js';
import { badRequest, tooManyRequests, unauthorized } from '../../shared/app-error.js';
import { jpegSize } from '../../shared/jpeg.js';
import { RateLimiter } from '../../shared/rate-limiter.js';
import { tokenHash } from '../../shared/secrets.js';
import { FusoDaEmpresa, deslocamentoDeMinutos } from '../afd/fuso.js';
import { coletarMarcacoes, TIPO_COMANDO, buscarImagem, usuarioDaConsulta } from './comandos.js';
import { GroupCommit } from './ingestao.js';
import {
  TOQUE_MINIMO_MS,
  relogioPushRepository as repo,
  type MarcacaoPush,
  type RelogioPush,
} from './relogio-push.repository.js';

/** The device routes' answers (decision 0081): Portuguese like every other, for whoever reads the device's log. */
export const DISPOSITIVO_PUSH_MSG = {
  tokenInvalido: 'Token da empresa inválido ou cliente inativo.',
  deviceIdInvalido: 'deviceId inválido: informe o número do equipamento (somente dígitos).',
  uuidInvalido: 'uuid inválido.',
  corpoInvalido: (onde: string) => `Corpo inválido: ${onde}.`,
  horaForaDoIntervalo: (id: string) => `A marcação ${id} tem hora fora do intervalo aceito (relógio do equipamento?).`,
  muitasChamadas: 'Muitas chamadas deste equipamento: aguarde e tente de novo.',
  muitasChamadasToken: 'Muitas chamadas com este token: aguarde e tente de novo.',
  comandoRecusado: (tipo: string, erro: string) => `O equipamento recusou o comando ${tipo}: ${erro}`,
  comandoSemResposta: (tipo: string, vezes: number) =>
    `O equipamento não respondeu ao comando ${tipo} depois de ${vezes} envios.`,
} as const;
const M = DISPOSITIVO_PUSH_MSG;

const deviceId = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,19}$/));
const textoNumerico = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,19}$/));

/** An access-log row as the monitor sends it (string values, devices.md §1.5) or load_objects answers it. */
const acessoLog = z
  .object({
    id: textoNumerico,
    time: textoNumerico,
    event: z.union([z.string(), z.number()]).transform(String),
    user_id: textoNumerico.optional(),
  })
  .loose();
type AcessoLog = z.output<typeof acessoLog>;

const dao = z
  .object({
    object_changes: z
      .array(
        z
          .object({ object: z.string().max(60), type: z.string().max(30), values: z.record(z.string(), z.unknown()) })
          .loose(),
      )
      .max(1000),
    device_id: deviceId,
  })
  .loose();

const vivo = z.object({ device_id: deviceId }).loose();

/** /result: a single command's `response` (a JSON string, or already an object) or its `error`. */
const resultado = z
  .object({
    response: z.unknown().optional(),
    error: z.unknown().optional(),
    code: z.unknown().optional(),
    transactions_results: z.array(z.object({ success: z.unknown(), response: z.unknown() }).loose()).optional(),
  })
  .loose();

/** Event 7: access granted, a punch in attendance mode (devices.md §1.5). Denied (6) and unknown (3) are not. */
const EVENTO_MARCACAO = '7';
/** A clock set to 1970 (a reset device) or any time before this is refused. */
const HORA_MINIMA_MS = Date.UTC(2000, 0, 1);
/** How long a token's lookup is trusted (a customer suspended stops within this). */
const TOKEN_CACHE_MS = 30_000;
/** How long the monitor's calls trust a deviceId → clock lookup. */
const RELOGIO_CACHE_MS = 5_000;

interface ChamadaMarcacoes {
  relogio: RelogioPush;
  logs: AcessoLog[];
}

function lerCorpo<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const i = r.error.issues[0]!;
  throw badRequest(M.corpoInvalido(i.path.length ? i.path.join('.') : i.message));
}

/** The instant of a device time (epoch seconds) on the company's wall clock. */
function naHoraDaEmpresa(fuso: FusoDaEmpresa, segundos: number) {
  const ms = segundos * 1000;
  const minutos = fuso.deslocamentoEm(Math.floor(ms / 60_000) * 60_000);
  const local = new Date(ms + minutos * 60_000).toISOString();
  return {
    dataHora: `${local.slice(0, 10)} ${local.slice(11, 16)}:00`,
    instante: new Date(ms).toISOString(),
    deslocamento: deslocamentoDeMinutos(minutos),
  };
}

/**
 * The device side of Control iD push and monitor (spec/devices.md §1.4,
 * §1.5, §4(a); issue 25 §4; decision 0081). A device authenticates by the
 * company token in its server address and its `deviceId` registered on one
 * of that customer's clocks (the Id Cloud); nothing here reads a session.
 */
export function dispositivoPushService(deps: Deps) {
  const cfg = deps.config.dispositivos;
  const porDispositivo = new RateLimiter(cfg.chamadasPorSegundo, cfg.rajada);
  const porToken = new RateLimiter(cfg.chamadasPorSegundoPorToken, cfg.rajadaPorToken);
  const tokens = new Map<string, { tenantId: number | undefined; ate: number }>();
  /** When this process last wrote each clock's contact (ms of deps.clock). */
  const tocadoEm = new Map<number, number>();
  /**
   * The clock of a deviceId, for the monitor's calls (a punch, a heartbeat): read once per RELOGIO_CACHE_MS, so a
   * burst of punches costs no lookup each. A clock edited meanwhile (its company, its Id Cloud) is seen within it.
   */
  const relogios = new Map<string, { r: RelogioPush | undefined; ate: number }>();

  async function tenantDoToken(token: string): Promise<number> {
    const agora = Date.now();
    const hash = tokenHash(token);
    let t = tokens.get(hash);
    if (!t || t.ate < agora) {
      const tenantId = /^[A-Za-z0-9_-]{20,100}$/.test(token)
        ? await withSystem(deps.systemDb, (tx) => repo.tenantDoToken(tx, hash))
        : undefined;
      if (tokens.size > 10_000) tokens.clear();
      tokens.set(hash, (t = { tenantId, ate: agora + TOKEN_CACHE_MS }));
    }
    if (t.tenantId === undefined) throw unauthorized(M.tokenInvalido);
    return t.tenantId;
  }

  /** The limits, then the token: a flood of bad tokens is throttled before it reaches the database. */
  async function entrada(token: string, device: string): Promise<number> {
    const agora = Date.now();
    const chaveToken = token.slice(0, 100);
    if (!porToken.take(chaveToken, agora))
      throw tooManyRequests(M.muitasChamadasToken, porToken.retryAfterSeconds(chaveToken));
    const chave = `${chaveToken}\u0000${device}`;
    if (!porDispositivo.take(chave, agora))
      throw tooManyRequests(M.muitasChamadas, porDispositivo.retryAfterSeconds(chave));
    return tenantDoToken(token);
  }

  function lerDevice(v: unknown): string {
    const r = deviceId.safeParse(v);
    if (!r.success) throw badRequest(M.deviceIdInvalido);
    return r.data;
  }

  /**
   * Notes contact with the clocks; a clock heard from again after a silence
   * longer than `semContatoMs` may have given up on punches it could not
   * deliver (a device retries a notification a few times, then drops it —
   * devices.md §1.5): its punches from the cursor on are asked for again.
   */
  async function tocar(tx: Tx, tenantId: number, relogioIds: readonly number[], now: Date): Promise<void> {
    // A clock this process touched within TOQUE_MINIMO_MS is not written again (the statement skips it too).
    const agora = now.getTime();
    const aTocar = relogioIds.filter((id) => {
      const ultimo = tocadoEm.get(id);
      return ultimo === undefined || agora - ultimo >= TOQUE_MINIMO_MS || agora < ultimo;
    });
    if (aTocar.length === 0) return;
    if (tocadoEm.size > 100_000) tocadoEm.clear();
    for (const id of aTocar) tocadoEm.set(id, agora);
    const tocados = await repo.tocar(tx, tenantId, aTocar, now, new Date(agora - cfg.semContatoMs));
    const voltaram = tocados.filter((t) => t.proximoNsr !== null);
    await repo.enfileirar(
      tx,
      tenantId,
      null,
      voltaram.map((t) => ({
        relogioId: t.id,
        tipo: TIPO_COMANDO.coletarMarcacoes,
        payload: coletarMarcacoes(t.proximoNsr!),
        funcionarioIds: [],
      })),
    );
  }

  /** Refuses a call whose punches cannot be stored as they are: nothing of it is written. */
  function validarLogs(logs: readonly AcessoLog[], now: Date): void {
    const maxima = now.getTime() + cfg.adiantamentoMaximoMs;
    for (const l of logs) {
      if (l.event !== EVENTO_MARCACAO) continue;
      const ms = Number(l.time) * 1000;
      if (ms < HORA_MINIMA_MS || ms > maxima) throw badRequest(M.horaForaDoIntervalo(l.id));
      // The punch store keeps 'ID<user>' for a user no employee matches: 12 digits at most.
      if (l.user_id !== undefined && l.user_id.length > 12) throw badRequest(M.corpoInvalido(`user_id ${l.id}`));
    }
  }

  /** One tenant's calls in one transaction (the group commit's writer). */
  async function gravarChamadas(tenantId: number, chamadas: ChamadaMarcacoes[]): Promise<number[]> {
    const now = deps.clock.now();
    return withTenant(deps.db, tenantId, async (tx) => {
      await tocar(tx, tenantId, [...new Set(chamadas.map((c) => c.relogio.id))], now);
      const usuarios = new Set<number>();
      for (const c of chamadas) for (const l of c.logs) if (l.user_id !== undefined) usuarios.add(Number(l.user_id));
      const funcionarios = new Map(
        (
          await repo.funcionariosDosUsuarios(
            tx,
            tenantId,
            [...usuarios].filter((u) => u <= 2_147_483_647),
          )
        ).map((f) => [f.id, f]),
      );
      const fusos = new Map<string, FusoDaEmpresa>();
      const linhas: MarcacaoPush[] = [];
      const porChamada: number[] = [];
      for (const c of chamadas) {
        let n = 0;
        const r = c.relogio;
        let fuso = fusos.get(r.fuso);
        if (!fuso) fusos.set(r.fuso, (fuso = new FusoDaEmpresa(r.fuso)));
        for (const l of c.logs) {
          if (l.event !== EVENTO_MARCACAO) continue;
          const f = l.user_id === undefined ? undefined : funcionarios.get(Number(l.user_id));
          // Only an employee of the clock's own company: a user id is just a number the device holds.
          const dono = f && f.cnpjId === r.cnpjId ? f : undefined;
          linhas.push({
            relogioId: r.id,
            cnpjId: r.cnpjId,
            relogio: r.numeroSerie,
            nsr: Number(l.id),
            ...naHoraDaEmpresa(fuso, Number(l.time)),
            fuso: r.fuso,
            identificador: dono ? (r.portaria === '1510' && dono.pis ? dono.pis : dono.cpf) : `ID${l.user_id ?? '0'}`,
            funcionarioId: dono?.id ?? null,
          });
          n++;
        }
        porChamada.push(n);
      }
      await repo.gravarMarcacoes(tx, tenantId, linhas);
      return porChamada;
    });
  }

  const grupo = new GroupCommit<ChamadaMarcacoes, number>(gravarChamadas);

  /** The clock of a monitor call, or undefined (an unknown device), through the short cache. */
  async function relogioDoMonitor(tenantId: number, device: string): Promise<RelogioPush | undefined> {
    const chave = `${tenantId}:${device}`;
    const agora = Date.now();
    const c = relogios.get(chave);
    if (c && c.ate > agora) return c.r;
    const r = await withTenant(deps.db, tenantId, (tx) => repo.relogioDoDispositivo(tx, tenantId, device));
    // Only a found clock is kept: a device registered a moment ago must not have its first punches refused.
    if (relogios.size > 100_000) relogios.clear();
    if (r) relogios.set(chave, { r, ate: agora + RELOGIO_CACHE_MS });
    return r;
  }

  /** Post-processing of a command's answer (devices.md §4(a) 'POST /result' step 3). */
  async function aposResultado(
    tx: Tx,
    tenantId: number,
    r: RelogioPush,
    tipo: string,
    consulta: string | undefined,
    tarefaId: number | null,
    resposta: unknown,
    now: Date,
  ): Promise<AcessoLog[]> {
    const o = (typeof resposta === 'object' && resposta !== null ? resposta : {}) as Record<string, unknown>;
    if (tipo === TIPO_COMANDO.coletarMarcacoes) {
      const logs = lerCorpo(z.array(acessoLog).max(100_000), o.access_logs ?? []);
      validarLogs(logs, now);
      return logs;
    }
    if (tipo === TIPO_COMANDO.listarImagens) {
      const ids = lerCorpo(z.array(z.coerce.number().int().positive()).max(100_000), o.user_ids ?? []);
      await repo.enfileirar(
        tx,
        tenantId,
        tarefaId,
        ids.map((id) => ({
          relogioId: r.id,
          tipo: TIPO_COMANDO.buscarImagem,
          payload: buscarImagem(id),
          funcionarioIds: [id],
        })),
      );
    }
    if (tipo === TIPO_COMANDO.buscarImagem) {
      const usuario = usuarioDaConsulta(consulta);
      const imagem = typeof o.image === 'string' ? Buffer.from(o.image, 'base64') : undefined;
      // Only a JPEG within the register's limits (seed 001 §5) becomes the employee's photo.
      const tamanho = imagem ? jpegSize(imagem) : undefined;
      if (usuario !== undefined && imagem && tamanho && imagem.length <= 1024 * 1024)
        await repo.salvarFoto(tx, tenantId, r.cnpjId, usuario, imagem, now);
    }
    return [];
  }

  return {
    /** GET /push (devices.md §1.4, §4(a) 'GET /push algorithm'): the next command, or '' for none. */
    async poll(token: string, query: { deviceId?: unknown; uuid?: unknown }): Promise<unknown> {
      const device = lerDevice(query.deviceId);
      const uuid = typeof query.uuid === 'string' && /^[\w.:-]{1,64}$/.test(query.uuid) ? query.uuid : undefined;
      if (uuid === undefined) throw badRequest(M.uuidInvalido);
      const tenantId = await entrada(token, device);
      return withTenant(deps.db, tenantId, async (tx) => {
        const now = deps.clock.now();
        // Read afresh on every poll: stopping monitoring or re-binding a device takes effect at once.
        const r = await repo.relogioDoDispositivo(tx, tenantId, device);
        if (!r) {
          await repo.registrarDesconhecido(tx, tenantId, device, now);
          return '';
        }
        await tocar(tx, tenantId, [r.id], now);
        if (!r.monitoramentoAtivo) return '';
        for (;;) {
          const c = await repo.proximoComando(tx, tenantId, r.id);
          if (!c) return '';
          if (c.status === 'ENVIADO' && c.tentativas >= cfg.tentativasPorComando) {
            const erro = M.comandoSemResposta(c.tipo, c.tentativas);
            await repo.falharComando(tx, tenantId, c.id, erro, now);
            await repo.anotarErro(tx, tenantId, r.id, erro);
            continue;
          }
          await repo.marcarEnviado(tx, tenantId, c.id, uuid, now);
          return c.payload;
        }
      });
    },

    /** POST /result: closes the command handed out with `uuid` and runs what its answer brings. */
    async resultado(token: string, query: { deviceId?: unknown; uuid?: unknown }, body: unknown): Promise<void> {
      const device = lerDevice(query.deviceId);
      const uuid = typeof query.uuid === 'string' ? query.uuid.slice(0, 64) : '';
      const tenantId = await entrada(token, device);
      const b = lerCorpo(resultado, body ?? {});
      const r = await relogioDoMonitor(tenantId, device);
      if (!r) return;
      let resposta: unknown = b.response;
      if (typeof resposta === 'string') {
        try {
          resposta = resposta === '' ? {} : JSON.parse(resposta);
        } catch {
          throw badRequest(M.corpoInvalido('response não é JSON'));
        }
      }
      const falhou = b.error !== undefined && b.error !== null && b.error !== '';
      const erro = falhou
        ? String(typeof b.error === 'string' ? b.error : JSON.stringify(b.error)).slice(0, 500)
        : null;
      const logs = await withTenant(deps.db, tenantId, async (tx) => {
        const now = deps.clock.now();
        await tocar(tx, tenantId, [r.id], now);
        const c = await repo.fecharComando(tx, tenantId, r.id, uuid, erro, now);
        // A replay, or the answer to a command already closed: nothing to do, and the device must not retry.
        if (!c) return [];
        if (erro !== null) {
          await repo.anotarErro(tx, tenantId, r.id, M.comandoRecusado(c.tipo, erro));
          return [];
        }
        const lidos = await aposResultado(tx, tenantId, r, c.tipo, c.payload.queryString, c.tarefaId, resposta, now);
        if (c.tarefaId !== null && !(await repo.haComandosAbertos(tx, tenantId, r.id)))
          await repo.anotarSincronizacao(tx, tenantId, r.id, now);
        return lidos;
      });
      if (logs.length > 0) await grupo.enviar(tenantId, { relogio: r, logs });
    },

    /** POST /notifications/dao: punches (access_logs inserted, event 7), stored before the answer. */
    async dao(token: string, body: unknown): Promise<void> {
      const b = lerCorpo(dao, body);
      const tenantId = await entrada(token, b.device_id);
      const logs: AcessoLog[] = [];
      for (const [i, ch] of b.object_changes.entries()) {
        if (ch.object !== 'access_logs' || ch.type !== 'inserted') continue;
        const l = acessoLog.safeParse(ch.values);
        if (!l.success)
          throw badRequest(M.corpoInvalido(`object_changes.${i}.values.${l.error.issues[0]!.path.join('.')}`));
        logs.push(l.data);
      }
      validarLogs(logs, deps.clock.now());
      const r = await relogioDoMonitor(tenantId, b.device_id);
      if (!r) {
        deps.log.warn({ tenantId, deviceId: b.device_id }, 'notificação de um equipamento não cadastrado');
        return;
      }
      await grupo.enviar(tenantId, { relogio: r, logs });
    },

    /** POST /notifications/device_is_alive: the heartbeat feeds 'Última Conexão' and the status. */
    async vivo(token: string, body: unknown): Promise<void> {
      const b = lerCorpo(vivo, body);
      const tenantId = await entrada(token, b.device_id);
      const r = await relogioDoMonitor(tenantId, b.device_id);
      if (!r) return;
      await withTenant(deps.db, tenantId, (tx) => tocar(tx, tenantId, [r.id], deps.clock.now()));
    },

    /** Any other monitor notification (door, catra_event…): acknowledged so the device does not retry it. */
    async outra(token: string, body: unknown): Promise<void> {
      const d = (body as { device_id?: unknown } | null)?.device_id;
      await entrada(token, d === undefined ? '?' : String(d).slice(0, 20));
    },
  };
}

export type DispositivoPushService = ReturnType<typeof dispositivoPushService>;
