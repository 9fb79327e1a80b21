/**
 * One emulated Control iD access-line device (iDFace / iDFlex) in attendance mode: the DEVICE side of the
 * Push and Monitor protocols of /work/shared/spec/devices.md §1.2–1.5, written from that text and not from our
 * server, so a test that drives our server with it checks the server against the documented shapes.
 *
 * - Push (§1.4): the device polls `GET {push_remote_address}/push?deviceId&uuid`, runs the command (or batch)
 *   the server hands it against its in-memory object store (§1.3), answers on `POST …/result?deviceId&uuid`.
 * - Monitor (§1.5): every punch is an `access_logs` row, announced on `POST http://host:port/path/dao`;
 *   `device_is_alive` every alive interval.
 *
 * Where the spec is silent the choice is written beside the code ("emulator choice"), so a reader can tell a
 * documented fact from a decision of ours.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

// ---------------------------------------------------------------------------------------------------------------
// Public types

/** Where Monitor notifications go: `http://hostname:port/<path>/<endpoint>` (§1.5 `monitor` configuration). */
export interface AlvoMonitor {
  hostname: string;
  port: number;
  /** e.g. `cid/<companyToken>/notifications`, with or without slashes around it. */
  path: string;
}

export interface OpcoesDispositivo {
  /** The push `deviceId` (§1.4: an int64; a JS number is exact up to 2^53). */
  deviceId: number;
  /** `push_remote_address` (§1.4): a full URL that may carry a path; the device appends `/push` and `/result`. */
  pushAddr?: string;
  /** The `monitor` target (§1.5). Without it punches stay on the device only. */
  monitor?: AlvoMonitor;
  /** Wait between polls when nothing is pending (`push_request_period`, seconds on the device; §1.4). Default 5000. */
  pushRequestPeriodMs?: number;
  /** Timeout of each push request (`push_request_timeout`, ms; §1.4). Default 30000. */
  pushRequestTimeoutMs?: number;
  /** Heartbeat period (`monitor.alive_interval`, ms; §1.5). Default 30000; 0 turns the heartbeat off. */
  aliveIntervalMs?: number;
  /** Wait between Monitor retries: 5 s in the reference emulator (§1.5). */
  monitorRetryDelayMs?: number;
  /** Retries after the first try: three in the reference emulator (§1.5). */
  monitorRetries?: number;
  /** Timeout of each Monitor request (`monitor.request_timeout`, ms; §1.5). Default 5000. */
  requestTimeoutMs?: number;
  /** HTTP agent; by default one keep-alive agent shared by every device of the process (cheap at 200 devices). */
  agent?: http.Agent;
  /** `portal_id` of the punches (§1.5 example: 1). */
  portalId?: number;
  /** `identifier_id` of the punches (§1.5 leaves the value out: emulator choice 0). */
  identifierId?: number;
  /** Clock, epoch ms (tests may pin it). Default Date.now. */
  relogio?: () => number;
  /** Cap of each latency sample list, so a long benchmark does not grow without bound. Default 100 000. */
  maxAmostras?: number;
}

/** One push command (§1.4), as the server sends it, or as `executar` takes it. */
export interface ComandoPush {
  verb?: string;
  endpoint: string;
  body?: unknown;
  contentType?: string;
  queryString?: string;
}

/** One element of a push batch (§1.4 `transactions`). */
export interface TransacaoPush extends ComandoPush {
  transactionid: unknown;
}

/** The outcome of one command on the device: the fcgi answer, or the `{error, code}` pair (§1.4). */
export type ResultadoComando =
  | { ok: true; endpoint: string; valor: unknown; /** what goes in `response` */ texto: string }
  | { ok: false; endpoint: string; error: string; code: number };

export type Etapa = 'push' | 'result' | 'dao' | 'alive';

export interface EventoAck {
  deviceId: number;
  accessLogId: number;
  status: number;
  tentativas: number;
  /** From the punch to its acknowledgement, retries included. */
  latenciaMs: number;
  origem?: string;
}
export interface EventoPerdida {
  deviceId: number;
  accessLogId: number;
  tentativas: number;
  motivo: string;
  origem?: string;
}
export interface EventoComando {
  deviceId: number;
  uuid: string;
  endpoint: string;
  success: boolean;
  transactionid?: unknown;
  erro?: string;
}
export interface EventoErroRede {
  deviceId: number;
  etapa: Etapa;
  url: string;
  erro: string;
  /** Present when the server answered, with a non-2xx status. */
  status?: number;
}
export interface EventoResultado {
  deviceId: number;
  uuid: string;
  status: number;
}
export interface EventoAlive {
  deviceId: number;
  status: number;
}
/** The server answered /push with something that is neither empty nor a command nor a batch. */
export interface EventoProtocolo {
  deviceId: number;
  etapa: Etapa;
  detalhe: string;
}

export interface EventosDispositivo {
  ack: [EventoAck];
  perdida: [EventoPerdida];
  comando: [EventoComando];
  'erro-rede': [EventoErroRede];
  resultado: [EventoResultado];
  alive: [EventoAlive];
  protocolo: [EventoProtocolo];
}

export interface ResultadoMarcacao {
  accessLogId: number;
  ack: boolean;
  tentativas: number;
  status?: number;
  motivo?: string;
  latenciaMs?: number;
}

export interface Marcacao {
  accessLogId: number;
  /** The stored access_logs row. */
  log: Linha;
  /** Settles when the dao notification was acknowledged or dropped; never rejects. */
  resultado: Promise<ResultadoMarcacao>;
}

export interface OpcoesMarcacao {
  /** Epoch seconds; default now. */
  time?: number;
  /** §1.5: 7 granted (a punch in attendance mode), 6 denied, 3 not identified. Default 7. */
  event?: number;
  cardValue?: number;
  logTypeId?: number;
  portalId?: number;
  identifierId?: number;
  /** Carried into the ack/perdida events (the process uses it to keep bursts off stdout). */
  origem?: string;
}

export interface Contadores {
  polls: number;
  pollsVazios: number;
  comandos: number;
  comandosComErro: number;
  resultados: number;
  daoTentativas: number;
  acks: number;
  perdidas: number;
  alives: number;
  errosRede: number;
  errosProtocolo: number;
}

export interface Amostras {
  push: number[];
  result: number[];
  dao: number[];
  alive: number[];
  /** Punch → acknowledgement (retries included). */
  ack: number[];
}

export type Linha = Record<string, unknown>;

export interface Imagem {
  timestamp: number;
  jpeg: Buffer;
}

// ---------------------------------------------------------------------------------------------------------------
// Errors

/** A command failure, sent to the server as `{"error": message, "code": code}` (§1.4). */
export class ErroDispositivo extends Error {
  constructor(
    message: string,
    /**
     * §1.4 only shows `code` 1 (Shielder's server checks `code==1` with a "unique" message for a duplicate);
     * no other code is documented, so every failure of the emulator uses 1.
     */
    readonly code = 1,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Object model (§1.3)

interface Esquema {
  /** Has an integer primary key `id` (autoincrement when not given). */
  id: boolean;
  /** Column sets that must be unique (SQLite's "UNIQUE constraint failed: t.a, t.b" on a clash). */
  unicos: string[][];
  /** Columns a row gets when created without them (what load_objects returns). */
  padrao: Linha;
}

/**
 * The objects the emulator keeps. §1.3 names users, cards, user_groups, templates, qrcodes and access_logs; groups
 * and access rules are there because integrators put users in the default group 1 "so the user falls under the
 * default group's access rule" (§1.3), so a fresh device has group 1 and rule 1. Unique keys beyond the primary key
 * (cards.value, the link tables' pairs) are an emulator choice, after what the firmware's SQLite would refuse.
 * Foreign keys are not checked (not documented).
 */
const ESQUEMAS: Record<string, Esquema> = {
  users: {
    id: true,
    unicos: [],
    padrao: {
      registration: '',
      name: '',
      password: '',
      salt: '',
      expires: 0,
      user_type_id: 0,
      begin_time: 0,
      end_time: 0,
      image_timestamp: 0,
    },
  },
  groups: { id: true, unicos: [], padrao: { name: '' } },
  user_groups: { id: false, unicos: [['user_id', 'group_id']], padrao: {} },
  cards: { id: true, unicos: [['value']], padrao: { value: 0, user_id: 0 } },
  templates: { id: true, unicos: [], padrao: {} },
  qrcodes: { id: true, unicos: [['value']], padrao: {} },
  access_logs: { id: true, unicos: [], padrao: {} },
  access_rules: { id: true, unicos: [], padrao: { name: '', type: 1, priority: 0 } },
  user_access_rules: { id: false, unicos: [['user_id', 'access_rule_id']], padrao: {} },
  group_access_rules: { id: false, unicos: [['group_id', 'access_rule_id']], padrao: {} },
};

/** Objects that hang off a user and go with it (§1.3: "Destroying a user cascades to its cards, groups and image"). */
const DEPENDENTES_DO_USUARIO = ['cards', 'user_groups', 'templates', 'qrcodes', 'user_access_rules'];

/** §1.3: "under 1 MB". */
const MAX_IMAGEM = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/** One keep-alive agent for every device of the process: 200 devices share sockets per origin. */
export const agenteCompartilhado = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 });

function ehObjeto(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);
}

function numerico(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return null;
}

/** SQLite-like equality: numbers compare as numbers ("123" = 123, integer affinity), the rest as text. */
function igual(a: unknown, b: unknown): boolean {
  const na = numerico(a);
  const nb = numerico(b);
  if (na !== null && nb !== null) return na === nb;
  return String(a) === String(b);
}

function comparar(valor: unknown, op: string, alvo: unknown): boolean {
  if (op === '=' || op === '==') return igual(valor, alvo);
  if (op === '!=' || op === '<>') return !igual(valor, alvo);
  const a = numerico(valor);
  const b = numerico(alvo);
  const [x, y]: [number | string, number | string] =
    a !== null && b !== null ? [a, b] : [String(valor ?? ''), String(alvo ?? '')];
  switch (op) {
    case '>':
      return x > y;
    case '>=':
      return x >= y;
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    default:
      throw new ErroDispositivo(`Invalid operator in where: ${op}`);
  }
}

/**
 * `where` is keyed by object name (§1.3: `{"where":{"users":{"id":[1,2]}}}`). A field's condition is a value
 * (equality), an array (IN: the destroy example) or an operator object such as `{">": cursor}` (§4(a) backstop;
 * the exact operator syntax is [unverified] in the spec: the emulator takes = != > >= < <=, ANDed). A key naming
 * another object would be a join, which the emulator does not do: it fails loudly instead of filtering wrongly.
 */
function filtroDe(objeto: string, where: unknown): Record<string, unknown> | null {
  if (where === undefined || where === null) return null;
  if (!ehObjeto(where)) throw new ErroDispositivo('Invalid where clause: expected an object keyed by object name');
  for (const chave of Object.keys(where)) {
    if (chave !== objeto) {
      throw new ErroDispositivo(
        ESQUEMAS[chave]
          ? `Unsupported where on ${chave} for object ${objeto} (the emulator does no joins)`
          : `Invalid where clause: unknown object ${chave} (where is keyed by object name)`,
      );
    }
  }
  const filtro = where[objeto];
  if (filtro === undefined) return null;
  if (!ehObjeto(filtro)) throw new ErroDispositivo(`Invalid where clause for ${objeto}`);
  return filtro;
}

function casa(linha: Linha, filtro: Record<string, unknown> | null): boolean {
  if (!filtro) return true;
  for (const [campo, cond] of Object.entries(filtro)) {
    const v = linha[campo];
    if (Array.isArray(cond)) {
      if (!cond.some((c) => igual(v, c))) return false;
    } else if (ehObjeto(cond)) {
      for (const [op, alvo] of Object.entries(cond)) if (!comparar(v, op, alvo)) return false;
    } else if (!igual(v, cond)) return false;
  }
  return true;
}

function inteiro(v: unknown, campo: string): number {
  const n = numerico(v);
  if (n === null || !Number.isInteger(n)) throw new ErroDispositivo(`Invalid ${campo}: expected an integer`);
  return n;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** §1.4: an octet-stream command carries its bytes as base64. Anything else (a data: URL, text) is refused. */
function decodificarBase64(texto: unknown, campo: string): Buffer {
  if (typeof texto !== 'string') throw new ErroDispositivo(`Invalid ${campo}: expected a base64 string`);
  const limpo = texto.replace(/\s+/g, '');
  if (limpo.length % 4 !== 0 || !BASE64.test(limpo)) throw new ErroDispositivo(`Invalid ${campo}: not base64`);
  return Buffer.from(limpo, 'base64');
}

/** Why an image would be refused, or null. §1.3: a JPEG under 1 MB (PNG also accepted: emulator choice). */
function problemaDaImagem(buf: Buffer): string | null {
  if (buf.length === 0) return 'Empty image';
  if (buf.length >= MAX_IMAGEM) return `Image too large: ${buf.length} bytes (limit 1 MB)`;
  const jpeg = buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff;
  const png = buf.length > 4 && buf[0] === 0x89 && buf[1] === 0x50 && buf[2] === 0x4e && buf[3] === 0x47;
  return jpeg || png ? null : 'Invalid image: not a JPEG';
}

/**
 * Face scores the emulator reports for an accepted image. The real device measures the face; the field names
 * follow integrators' stubs, the values are fixed: do not build logic on them.
 */
const SCORES = {
  bounds_width: 300,
  horizontal_center_offset: 0,
  vertical_center_offset: 0,
  center_pose_quality: 1000,
  sharpness_quality: 1000,
};

/** The answer of `user_get_image` with `get_timestamp=0`: the image itself, not JSON (see `texto`). */
class RespostaBruta {
  constructor(readonly texto: string) {}
}

/** Nearest-rank percentile; `ordenadas` must be sorted ascending. */
export function percentil(ordenadas: readonly number[], p: number): number {
  if (ordenadas.length === 0) return 0;
  const i = Math.min(ordenadas.length - 1, Math.max(0, Math.ceil((p / 100) * ordenadas.length) - 1));
  return ordenadas[i]!;
}

interface RespostaHttp {
  status: number;
  corpo: string;
}

// ---------------------------------------------------------------------------------------------------------------
// The device

export class DispositivoControlId extends EventEmitter<EventosDispositivo> {
  readonly deviceId: number;
  readonly tabelas = new Map<string, Linha[]>();
  /** Face photos by user id (§1.3 user_set_image*). */
  readonly imagens = new Map<number, Imagem>();
  /** get/set_configuration modules; values are strings, as the device keeps them (§1.4 push_server example). */
  readonly configuracao: Record<string, Record<string, string>>;
  readonly contadores: Contadores = {
    polls: 0,
    pollsVazios: 0,
    comandos: 0,
    comandosComErro: 0,
    resultados: 0,
    daoTentativas: 0,
    acks: 0,
    perdidas: 0,
    alives: 0,
    errosRede: 0,
    errosProtocolo: 0,
  };
  /** Per-request latency in ms, by request kind, plus punch → ack. */
  readonly amostras: Amostras = { push: [], result: [], dao: [], alive: [], ack: [] };

  private readonly pushAddr: string | null;
  private readonly monitor: AlvoMonitor | null;
  private readonly periodoMs: number;
  private readonly pushTimeoutMs: number;
  private readonly aliveMs: number;
  private readonly retryMs: number;
  private readonly retries: number;
  private readonly timeoutMs: number;
  private readonly agent: http.Agent;
  private readonly portalId: number;
  private readonly identifierId: number;
  private readonly relogio: () => number;
  private readonly maxAmostras: number;

  /**
   * Last access_logs id handed out. A counter rather than max+1: O(1) per punch, and an id is never reused after a
   * destroy (emulator choice, as SQLite AUTOINCREMENT), which a server reading `id > cursor` relies on.
   */
  private ultimoAccessLogId = 0;
  /** Row ids of tables without an `id` column (what create_objects answers for them). */
  private readonly rowids = new Map<string, number>();
  private desconectado = false;
  private iniciado = false;
  private parado = false;
  private readonly lacos: Promise<void>[] = [];
  private readonly emVoo = new Set<Promise<unknown>>();
  private readonly marcacoesPendentes = new Set<Promise<ResultadoMarcacao>>();
  private readonly acordadores = new Set<() => void>();

  constructor(opcoes: OpcoesDispositivo) {
    super();
    this.deviceId = opcoes.deviceId;
    this.pushAddr = opcoes.pushAddr ? opcoes.pushAddr.replace(/\/+$/, '') : null;
    this.monitor = opcoes.monitor ?? null;
    this.periodoMs = opcoes.pushRequestPeriodMs ?? 5000;
    this.pushTimeoutMs = opcoes.pushRequestTimeoutMs ?? 30_000;
    this.aliveMs = opcoes.aliveIntervalMs ?? 30_000;
    this.retryMs = opcoes.monitorRetryDelayMs ?? 5000;
    this.retries = opcoes.monitorRetries ?? 3;
    this.timeoutMs = opcoes.requestTimeoutMs ?? 5000;
    this.agent = opcoes.agent ?? agenteCompartilhado;
    this.portalId = opcoes.portalId ?? 1;
    this.identifierId = opcoes.identifierId ?? 0;
    this.relogio = opcoes.relogio ?? Date.now;
    this.maxAmostras = opcoes.maxAmostras ?? 100_000;
    if (this.pushAddr && !this.pushAddr.startsWith('http://')) {
      // Loopback tests and benchmarks only: TLS would be node:https with the same code.
      throw new Error(`pushAddr must be an http:// URL (got ${this.pushAddr})`);
    }
    for (const nome of Object.keys(ESQUEMAS)) this.tabelas.set(nome, []);
    // A fresh device: the default group and access rule (see ESQUEMAS).
    this.tabela('groups').push({ id: 1, name: 'Padrão' });
    this.tabela('access_rules').push({ id: 1, name: 'Padrão', type: 1, priority: 0 });
    this.tabela('group_access_rules').push({ group_id: 1, access_rule_id: 1 });
    // §1.3 attendance mode and §1.4/§1.5 settings, as get_configuration would show them.
    this.configuracao = {
      general: { attendance_mode: '1', language: 'pt_BR' },
      identifier: { log_type: '0' },
      push_server: {
        push_remote_address: this.pushAddr ?? '',
        push_request_period: String(this.periodoMs / 1000),
        push_request_timeout: String(this.pushTimeoutMs),
      },
      monitor: {
        hostname: this.monitor?.hostname ?? '',
        port: this.monitor ? String(this.monitor.port) : '',
        path: this.monitor?.path ?? '',
        request_timeout: String(this.timeoutMs),
        alive_interval: String(this.aliveMs),
      },
    };
  }

  // ----- lifecycle -----

  /** Starts the push loop (when there is a push address) and the heartbeat (when there is a monitor target). */
  iniciar(): void {
    if (this.iniciado || this.parado) return;
    this.iniciado = true;
    if (this.pushAddr) this.lacos.push(this.lacoPush());
    if (this.monitor && this.aliveMs > 0) this.lacos.push(this.lacoAlive());
  }

  /** Stops every loop and retry wait, then awaits the requests already on the wire. */
  async parar(): Promise<void> {
    this.parado = true;
    for (const acordar of [...this.acordadores]) acordar();
    await Promise.all(this.lacos);
    await Promise.all([...this.marcacoesPendentes]);
    await Promise.allSettled([...this.emVoo]);
  }

  /** Every outgoing request fails as a network error, before reaching the server, until `reconectar()`. */
  desconectar(): void {
    this.desconectado = true;
  }

  reconectar(): void {
    this.desconectado = false;
  }

  get estaDesconectado(): boolean {
    return this.desconectado;
  }

  // ----- state -----

  tabela(nome: string): Linha[] {
    const t = this.tabelas.get(nome);
    if (!t) throw new ErroDispositivo(`Invalid object: ${nome}`);
    return t;
  }

  /** A JSON-able picture of the device (the process's `estado` command). */
  estado() {
    const logs = this.tabela('access_logs');
    return {
      deviceId: this.deviceId,
      desconectado: this.desconectado,
      users: this.tabela('users').map((u) => ({ ...u })),
      user_groups: this.tabela('user_groups').map((g) => ({ ...g })),
      cards: this.tabela('cards').map((c) => ({ ...c })),
      imagens: [...this.imagens.entries()]
        .sort(([a], [b]) => a - b)
        .map(([user_id, img]) => ({ user_id, timestamp: img.timestamp, bytes: img.jpeg.length })),
      access_logs: logs.length,
      ultimoAccessLogId: logs.length > 0 ? Number(logs[logs.length - 1]!.id) : 0,
      config: structuredClone(this.configuracao),
      contadores: { ...this.contadores },
    };
  }

  private agoraSegundos(): number {
    return Math.floor(this.relogio() / 1000);
  }

  // ----- punches (§1.5) -----

  /** A recognised face: access_log event 7 (in attendance mode, a punch; §1.3, §1.5), then `dao`. */
  marcar(userId: number, opcoes: OpcoesMarcacao = {}): Marcacao {
    return this.registrarAcesso(userId, { event: 7, ...opcoes });
  }

  /** A face the device did not recognise: event 3, user 0 (§1.5). */
  naoIdentificado(opcoes: OpcoesMarcacao = {}): Marcacao {
    return this.registrarAcesso(0, { ...opcoes, event: 3 });
  }

  /** A recognised user who was denied: event 6 (§1.5). */
  negado(userId: number, opcoes: OpcoesMarcacao = {}): Marcacao {
    return this.registrarAcesso(userId, { ...opcoes, event: 6 });
  }

  private registrarAcesso(userId: number, o: OpcoesMarcacao): Marcacao {
    const inicio = performance.now();
    const log: Linha = {
      id: ++this.ultimoAccessLogId,
      time: o.time ?? this.agoraSegundos(),
      event: o.event ?? 7,
      device_id: this.deviceId,
      identifier_id: o.identifierId ?? this.identifierId,
      user_id: userId,
      portal_id: o.portalId ?? this.portalId,
      card_value: o.cardValue ?? 0,
      // §1.5 example: -1.
      log_type_id: o.logTypeId ?? -1,
    };
    this.tabela('access_logs').push(log);
    const accessLogId = log.id as number;
    const resultado = this.notificarDao(log, inicio, o.origem);
    this.marcacoesPendentes.add(resultado);
    void resultado.finally(() => this.marcacoesPendentes.delete(resultado));
    return { accessLogId, log: { ...log }, resultado };
  }

  /**
   * §1.5: `{"object_changes":[{"object":"access_logs","type":"inserted","values":{…}}],"device_id":n}`, every
   * value a string and the top-level device_id a number. Any 2xx acknowledges; a non-2xx or a timeout is retried
   * `monitorRetries` more times `monitorRetryDelayMs` apart (the reference emulator's 3 × 5 s), then dropped. The
   * row stays in access_logs either way, so `load_objects … id > cursor` recovers it. Each punch has its own
   * sender, as in the reference emulator (a lost punch does not hold back the next one).
   */
  private async notificarDao(log: Linha, inicio: number, origem?: string): Promise<ResultadoMarcacao> {
    const accessLogId = log.id as number;
    if (!this.monitor) return { accessLogId, ack: false, tentativas: 0, motivo: 'sem monitor' };
    const valores: Record<string, string> = {};
    for (const [k, v] of Object.entries(log)) valores[k] = String(v);
    const corpo = JSON.stringify({
      object_changes: [{ object: 'access_logs', type: 'inserted', values: valores }],
      device_id: this.deviceId,
    });
    const url = this.urlMonitor('dao');
    let motivo = '';
    let tentativas = 0;
    for (let tentativa = 1; tentativa <= 1 + this.retries; tentativa++) {
      if (this.parado) {
        motivo = 'parado';
        break;
      }
      tentativas = tentativa;
      this.contadores.daoTentativas++;
      let status: number | null = null;
      try {
        status = (await this.requisitar('POST', url, corpo, this.timeoutMs, 'dao')).status;
      } catch (e) {
        motivo = (e as Error).message;
        this.erroRede('dao', url, motivo);
      }
      if (status !== null && status >= 200 && status < 300) {
        const latenciaMs = performance.now() - inicio;
        this.contadores.acks++;
        this.amostrar('ack', latenciaMs);
        this.emit('ack', {
          deviceId: this.deviceId,
          accessLogId,
          status,
          tentativas,
          latenciaMs,
          ...(origem ? { origem } : {}),
        });
        return { accessLogId, ack: true, tentativas, status, latenciaMs };
      }
      if (status !== null) {
        motivo = `HTTP ${status}`;
        this.erroRede('dao', url, motivo, status);
      }
      if (tentativa <= this.retries) await this.dormir(this.retryMs);
    }
    this.contadores.perdidas++;
    this.emit('perdida', { deviceId: this.deviceId, accessLogId, tentativas, motivo, ...(origem ? { origem } : {}) });
    return { accessLogId, ack: false, tentativas, motivo };
  }

  /** §1.5: `{"access_logs":n,"device_id":n,"time":epoch}` every alive_interval; one try each, no retry. */
  private async lacoAlive(): Promise<void> {
    const url = this.urlMonitor('device_is_alive');
    while (!this.parado) {
      await this.dormir(this.aliveMs);
      if (this.parado) break;
      const corpo = JSON.stringify({
        // The spec's example shows 0 without saying what it counts: the emulator sends how many access_logs
        // the device holds.
        access_logs: this.tabela('access_logs').length,
        device_id: this.deviceId,
        time: this.agoraSegundos(),
      });
      let status: number;
      try {
        status = (await this.requisitar('POST', url, corpo, this.timeoutMs, 'alive')).status;
      } catch (e) {
        this.erroRede('alive', url, (e as Error).message);
        continue;
      }
      if (status >= 200 && status < 300) {
        this.contadores.alives++;
        this.emit('alive', { deviceId: this.deviceId, status });
      } else this.erroRede('alive', url, `HTTP ${status}`, status);
    }
  }

  private urlMonitor(endpoint: string): string {
    const m = this.monitor!;
    const caminho = m.path.replace(/^\/+|\/+$/g, '');
    return `http://${m.hostname}:${m.port}/${caminho ? `${caminho}/` : ''}${endpoint}`;
  }

  // ----- push (§1.4) -----

  private async lacoPush(): Promise<void> {
    while (!this.parado) {
      const esperar = await this.umaVolta();
      if (esperar && !this.parado) await this.dormir(this.periodoMs);
    }
  }

  /** One poll; true when the device should wait the period before the next (nothing pending, or a failure). */
  private async umaVolta(): Promise<boolean> {
    // §1.4: a fresh uuid per poll, echoed on /result; every parameter in the query string.
    const uuid = randomUUID();
    const query = `deviceId=${encodeURIComponent(String(this.deviceId))}&uuid=${encodeURIComponent(uuid)}`;
    const urlPush = `${this.pushAddr}/push?${query}`;
    let r: RespostaHttp;
    this.contadores.polls++;
    try {
      r = await this.requisitar('GET', urlPush, undefined, this.pushTimeoutMs, 'push');
    } catch (e) {
      this.erroRede('push', urlPush, (e as Error).message);
      return true;
    }
    if (r.status < 200 || r.status >= 300) {
      this.erroRede('push', urlPush, `HTTP ${r.status}`, r.status);
      return true;
    }
    // §1.4: "If nothing is pending, reply HTTP 200 with an empty body."
    if (r.corpo.trim() === '') {
      this.contadores.pollsVazios++;
      return true;
    }
    let pedido: unknown;
    try {
      pedido = JSON.parse(r.corpo);
    } catch {
      this.protocolo('push', `push reply is neither empty nor JSON: ${r.corpo.slice(0, 200)}`);
      return true;
    }
    let corpoResultado: unknown;
    if (ehObjeto(pedido) && Array.isArray(pedido.transactions)) {
      corpoResultado = { transactions_results: this.executarLote(pedido.transactions, uuid) };
    } else if (ehObjeto(pedido) && typeof pedido.endpoint === 'string') {
      const res = this.executarComando(pedido as unknown as ComandoPush, uuid);
      // §1.4: the answer travels as a JSON string in `response`; a failure as {"error","code"} in the body.
      corpoResultado = res.ok ? { response: res.texto } : { error: res.error, code: res.code };
    } else {
      // e.g. `null` or `{}`: §1.4 says "nothing pending" is an EMPTY body, and a command has an endpoint.
      this.protocolo('push', `push reply is neither empty, a command nor a batch: ${r.corpo.slice(0, 200)}`);
      return true;
    }
    const urlResult = `${this.pushAddr}/result?${query}`;
    let status: number;
    try {
      status = (await this.requisitar('POST', urlResult, JSON.stringify(corpoResultado), this.pushTimeoutMs, 'result'))
        .status;
    } catch (e) {
      // Emulator choice (firmware behaviour unknown): the result is not resent. The server sees the command
      // unanswered and, per §4(a) step 3, hands it out again after its timeout.
      this.erroRede('result', urlResult, (e as Error).message);
      return true;
    }
    if (status < 200 || status >= 300) {
      this.erroRede('result', urlResult, `HTTP ${status}`, status);
      return true;
    }
    this.contadores.resultados++;
    this.emit('resultado', { deviceId: this.deviceId, uuid, status });
    // §1.4 step 3: "The device polls /push again straight away".
    return false;
  }

  /** §1.4 batch: every transaction runs, in order, each with its own success (a failure does not stop the rest). */
  private executarLote(transacoes: unknown[], uuid: string) {
    return transacoes.map((t) => {
      const transactionid = ehObjeto(t) ? t.transactionid : undefined;
      const res: ResultadoComando =
        ehObjeto(t) && typeof t.endpoint === 'string'
          ? this.executarComando(t as unknown as ComandoPush, uuid, transactionid)
          : this.registrarComando(
              { ok: false, endpoint: '', error: 'Invalid transaction: endpoint missing', code: 1 },
              uuid,
              transactionid,
            );
      return {
        transactionid,
        success: res.ok,
        response: res.ok ? res.texto : JSON.stringify({ error: res.error, code: res.code }),
      };
    });
  }

  private executarComando(cmd: ComandoPush, uuid: string, transactionid?: unknown): ResultadoComando {
    return this.registrarComando(this.executar(cmd), uuid, transactionid);
  }

  private registrarComando(res: ResultadoComando, uuid: string, transactionid?: unknown): ResultadoComando {
    this.contadores.comandos++;
    if (!res.ok) this.contadores.comandosComErro++;
    this.emit('comando', {
      deviceId: this.deviceId,
      uuid,
      endpoint: res.endpoint,
      success: res.ok,
      ...(transactionid !== undefined ? { transactionid } : {}),
      ...(res.ok ? {} : { erro: res.error }),
    });
    return res;
  }

  // ----- commands (§1.3) -----

  /**
   * Runs one command as the device's `/<endpoint>.fcgi` would. Public so a test can seed the device, or
   * check a handler, without a server.
   */
  executar(cmd: ComandoPush): ResultadoComando {
    const endpoint = cmd.endpoint;
    try {
      // §1.4: verb is GET or POST (default POST).
      const verbo = (cmd.verb ?? 'POST').toUpperCase();
      if (verbo !== 'GET' && verbo !== 'POST') throw new ErroDispositivo(`Invalid verb: ${cmd.verb}`);
      const query = new URLSearchParams((cmd.queryString ?? '').replace(/^\?/, ''));
      const corpo = this.corpoDe(cmd);
      const valor = this.despachar(endpoint, corpo, query);
      const texto = valor instanceof RespostaBruta ? valor.texto : JSON.stringify(valor);
      return { ok: true, endpoint, valor: valor instanceof RespostaBruta ? valor.texto : valor, texto };
    } catch (e) {
      if (e instanceof ErroDispositivo) return { ok: false, endpoint, error: e.message, code: e.code };
      return { ok: false, endpoint, error: `Internal error: ${(e as Error).message}`, code: 1 };
    }
  }

  /**
   * §1.4: contentType `application/json` (the default) carries the fcgi's JSON body as an object;
   * `application/octet-stream` carries bytes as base64 (for user_set_image).
   */
  private corpoDe(cmd: ComandoPush): unknown {
    const tipo = (cmd.contentType ?? 'application/json').toLowerCase();
    if (tipo.startsWith('application/octet-stream')) return decodificarBase64(cmd.body, 'octet-stream body');
    if (tipo.startsWith('application/json')) {
      if (cmd.body !== undefined && cmd.body !== null && !ehObjeto(cmd.body)) {
        // The device hands this body to its fcgi as the JSON document: a string or array is not one.
        throw new ErroDispositivo('Invalid JSON body: expected an object');
      }
      return cmd.body ?? undefined;
    }
    throw new ErroDispositivo(`Unsupported contentType: ${cmd.contentType}`);
  }

  private despachar(endpoint: string, corpo: unknown, query: URLSearchParams): unknown {
    switch (endpoint) {
      case 'create_objects':
        return this.createObjects(json(corpo, endpoint));
      case 'load_objects':
        return this.loadObjects(json(corpo, endpoint));
      case 'count_objects':
        return { count: this.selecionar(json(corpo, endpoint)).length };
      case 'modify_objects':
        return this.modifyObjects(json(corpo, endpoint));
      case 'destroy_objects':
        return this.destroyObjects(json(corpo, endpoint));
      case 'user_set_image':
        return this.userSetImage(corpo, query);
      case 'user_set_image_list':
        return this.userSetImageList(json(corpo, endpoint));
      case 'user_get_image':
        return this.userGetImage(query);
      case 'user_list_images':
        return { user_ids: [...this.imagens.keys()].sort((a, b) => a - b) };
      case 'user_destroy_image':
        return this.userDestroyImage(corpo, query);
      case 'set_configuration':
        return this.setConfiguration(json(corpo, endpoint));
      case 'get_configuration':
        return this.getConfiguration(json(corpo, endpoint));
      case 'user_hash_password':
        return this.userHashPassword(json(corpo, endpoint));
      default:
        // Wording after the iDClass's `Invalid command: create_objects` (§1.1); e.g. an endpoint sent with
        // ".fcgi" lands here too (§1.4: "endpoint is any API command without .fcgi").
        throw new ErroDispositivo(`Invalid command: ${endpoint}`);
    }
  }

  private proximoId(nome: string): number {
    let max = 0;
    for (const l of this.tabela(nome)) {
      const n = numerico(l.id);
      if (n !== null && n > max) max = n;
    }
    return max + 1;
  }

  private objetoDe(corpo: Record<string, unknown>): string {
    const objeto = corpo.object;
    if (typeof objeto !== 'string') throw new ErroDispositivo('Invalid request: field "object" missing');
    if (!ESQUEMAS[objeto]) throw new ErroDispositivo(`Invalid object: ${objeto}`);
    return objeto;
  }

  /** Throws the SQLite-style unique-constraint message when `linhas` clash (§1.4: a "unique" message, code 1). */
  private verificarUnicos(objeto: string, linhas: Linha[]): void {
    const esquema = ESQUEMAS[objeto]!;
    const chaves = [...(esquema.id ? [['id']] : []), ...esquema.unicos];
    for (const colunas of chaves) {
      const vistos = new Set<string>();
      for (const l of linhas) {
        if (colunas.some((c) => l[c] === undefined || l[c] === null)) continue;
        const k = JSON.stringify(colunas.map((c) => numerico(l[c]) ?? String(l[c])));
        if (vistos.has(k)) {
          throw new ErroDispositivo(`UNIQUE constraint failed: ${colunas.map((c) => `${objeto}.${c}`).join(', ')}`);
        }
        vistos.add(k);
      }
    }
  }

  /** §1.3: `{"object","values":[…]}` → `{"ids":[…]}`; all or nothing, like one SQL transaction. */
  private createObjects(corpo: Record<string, unknown>) {
    const objeto = this.objetoDe(corpo);
    if (!Array.isArray(corpo.values) || !corpo.values.every(ehObjeto)) {
      throw new ErroDispositivo('Invalid request: "values" must be an array of objects');
    }
    const esquema = ESQUEMAS[objeto]!;
    const tabela = this.tabela(objeto);
    let proximo = esquema.id
      ? Math.max(this.proximoId(objeto), objeto === 'access_logs' ? this.ultimoAccessLogId + 1 : 1)
      : (this.rowids.get(objeto) ?? tabela.length) + 1;
    const novas: Linha[] = [];
    const ids: number[] = [];
    for (const v of corpo.values as Linha[]) {
      const linha: Linha = { ...esquema.padrao, ...v };
      if (esquema.id) {
        if (linha.id === undefined || linha.id === null) linha.id = proximo;
        linha.id = inteiro(linha.id, `${objeto}.id`);
        proximo = Math.max(proximo, (linha.id as number) + 1);
        ids.push(linha.id as number);
      } else {
        ids.push(proximo++);
      }
      novas.push(linha);
    }
    this.verificarUnicos(objeto, [...tabela, ...novas]);
    tabela.push(...novas);
    if (!esquema.id) this.rowids.set(objeto, proximo - 1);
    if (objeto === 'access_logs') for (const id of ids) this.ultimoAccessLogId = Math.max(this.ultimoAccessLogId, id);
    return { ids };
  }

  private selecionar(corpo: Record<string, unknown>): Linha[] {
    const objeto = this.objetoDe(corpo);
    const filtro = filtroDe(objeto, corpo.where);
    return this.tabela(objeto).filter((l) => casa(l, filtro));
  }

  /** §1.3: → `{"<object>":[…]}`. `fields`, `limit` and `offset` as the access API documents them for load_objects. */
  private loadObjects(corpo: Record<string, unknown>) {
    const objeto = this.objetoDe(corpo);
    let linhas = this.selecionar(corpo);
    const offset = corpo.offset === undefined ? 0 : inteiro(corpo.offset, 'offset');
    linhas = linhas.slice(offset);
    if (corpo.limit !== undefined) linhas = linhas.slice(0, inteiro(corpo.limit, 'limit'));
    const campos = Array.isArray(corpo.fields) ? corpo.fields.map(String) : null;
    return {
      [objeto]: linhas.map((l) => (campos ? Object.fromEntries(campos.map((c) => [c, l[c]])) : { ...l })),
    };
  }

  /** §1.3: `{"object","values":{…},"where":{…}}` → `{"changes":n}`. */
  private modifyObjects(corpo: Record<string, unknown>) {
    const objeto = this.objetoDe(corpo);
    if (!ehObjeto(corpo.values)) throw new ErroDispositivo('Invalid request: "values" must be an object');
    const valores = corpo.values;
    const filtro = filtroDe(objeto, corpo.where);
    const tabela = this.tabela(objeto);
    const depois = tabela.map((l) => (casa(l, filtro) ? { ...l, ...valores } : l));
    const changes = depois.filter((l, i) => l !== tabela[i]).length;
    this.verificarUnicos(objeto, depois);
    tabela.splice(0, tabela.length, ...depois);
    return { changes };
  }

  /**
   * §1.3: `{"object","where"}` → `{"changes":n}`. Without `where` every row of the object goes (§1.3 and §6.3
   * mark this [unverified] on hardware; the emulator does it, as the sync's "destroy all users" step expects).
   * A user takes its cards, groups, templates, QR codes, rules and photo with it.
   */
  private destroyObjects(corpo: Record<string, unknown>) {
    const objeto = this.objetoDe(corpo);
    const filtro = filtroDe(objeto, corpo.where);
    const tabela = this.tabela(objeto);
    const saem = tabela.filter((l) => casa(l, filtro));
    this.tabelas.set(
      objeto,
      tabela.filter((l) => !saem.includes(l)),
    );
    if (objeto === 'users') {
      const ids = new Set(saem.map((u) => numerico(u.id)));
      for (const dep of DEPENDENTES_DO_USUARIO) {
        this.tabelas.set(
          dep,
          this.tabela(dep).filter((l) => !ids.has(numerico(l.user_id))),
        );
      }
      for (const id of ids) if (id !== null) this.imagens.delete(id);
    } else if (objeto === 'groups') {
      const ids = new Set(saem.map((g) => numerico(g.id)));
      for (const dep of ['user_groups', 'group_access_rules']) {
        this.tabelas.set(
          dep,
          this.tabela(dep).filter((l) => !ids.has(numerico(l.group_id))),
        );
      }
    }
    return { changes: saem.length };
  }

  private usuarioExiste(userId: number): boolean {
    return this.tabela('users').some((u) => igual(u.id, userId));
  }

  private guardarImagem(userId: number, timestamp: number, jpeg: Buffer): void {
    this.imagens.set(userId, { timestamp, jpeg });
    for (const u of this.tabela('users')) if (igual(u.id, userId)) u.image_timestamp = timestamp;
  }

  /** §1.3: `user_set_image?user_id=…` with the raw JPEG (in push: octet-stream, base64). */
  private userSetImage(corpo: unknown, query: URLSearchParams) {
    if (!Buffer.isBuffer(corpo)) {
      throw new ErroDispositivo('user_set_image expects contentType application/octet-stream with a base64 body');
    }
    const userId = inteiro(query.get('user_id'), 'user_id');
    if (!this.usuarioExiste(userId)) throw new ErroDispositivo(`User not found: ${userId}`);
    const problema = problemaDaImagem(corpo);
    if (problema) return { user_id: userId, success: false, errors: [{ code: 1, message: problema }] };
    const ts = query.get('timestamp');
    this.guardarImagem(userId, ts === null ? this.agoraSegundos() : inteiro(ts, 'timestamp'), corpo);
    return { user_id: userId, success: true, scores: SCORES };
  }

  /**
   * §1.3: `{"match":false,"user_images":[{user_id,timestamp,image}]}` → a per-user result list. The envelope key
   * is not in the spec: the emulator answers `{"results":[{user_id, success, scores | errors}]}`. `match` true
   * refuses a face "already enrolled"; with no face matching here, that means the same bytes on another user.
   */
  private userSetImageList(corpo: Record<string, unknown>) {
    if (!Array.isArray(corpo.user_images)) throw new ErroDispositivo('Invalid request: "user_images" must be an array');
    const match = corpo.match === true || corpo.match === 1 || corpo.match === '1';
    const results = corpo.user_images.map((item: unknown) => {
      if (!ehObjeto(item)) return { user_id: null, success: false, errors: [{ code: 1, message: 'Invalid item' }] };
      const falha = (message: string) => ({ user_id: item.user_id, success: false, errors: [{ code: 1, message }] });
      const userId = numerico(item.user_id);
      if (userId === null || !Number.isInteger(userId)) return falha('Invalid user_id');
      if (!this.usuarioExiste(userId)) return falha(`User not found: ${userId}`);
      let jpeg: Buffer;
      try {
        jpeg = decodificarBase64(item.image, 'image');
      } catch (e) {
        return falha((e as Error).message);
      }
      const problema = problemaDaImagem(jpeg);
      if (problema) return falha(problema);
      if (match) {
        for (const [outro, img] of this.imagens) {
          if (outro !== userId && img.jpeg.equals(jpeg)) return falha(`Face already enrolled for user ${outro}`);
        }
      }
      const ts = item.timestamp === undefined ? this.agoraSegundos() : numerico(item.timestamp);
      if (ts === null) return falha('Invalid timestamp');
      this.guardarImagem(userId, ts, jpeg);
      return { user_id: userId, success: true, scores: SCORES };
    });
    return { results };
  }

  /**
   * §1.3: `user_get_image?user_id=…&get_timestamp=1` → `{"timestamp","image":"<b64>"}`. With get_timestamp=0 the
   * fcgi answers the JPEG itself; push has no binary channel, so the emulator puts the bare base64 text (not
   * JSON) in `response` (not in the spec: the sync uses get_timestamp=1).
   */
  private userGetImage(query: URLSearchParams) {
    const userId = inteiro(query.get('user_id'), 'user_id');
    const img = this.imagens.get(userId);
    if (!img) throw new ErroDispositivo(`User image not found: ${userId}`);
    const b64 = img.jpeg.toString('base64');
    if (query.get('get_timestamp') === '1') return { timestamp: img.timestamp, image: b64 };
    return new RespostaBruta(b64);
  }

  /** §1.3 names user_destroy_image only; it takes `user_id` (body or query), `user_ids` or `all` → `{}`. */
  private userDestroyImage(corpo: unknown, query: URLSearchParams) {
    const c = ehObjeto(corpo) ? corpo : {};
    let ids: number[];
    if (c.all === true || c.all === 1) ids = [...this.imagens.keys()];
    else if (Array.isArray(c.user_ids)) ids = c.user_ids.map((v) => inteiro(v, 'user_ids'));
    else if (c.user_id !== undefined) ids = [inteiro(c.user_id, 'user_id')];
    else if (query.get('user_id') !== null) ids = [inteiro(query.get('user_id'), 'user_id')];
    else throw new ErroDispositivo('Invalid request: user_id, user_ids or all required');
    for (const id of ids) {
      this.imagens.delete(id);
      for (const u of this.tabela('users')) if (igual(u.id, id)) u.image_timestamp = 0;
    }
    return {};
  }

  /**
   * §1.3/§1.4: `{"<module>":{"key":"value"}}` → `{}`; values kept as strings. Stored only: a push_server or
   * monitor change does NOT move this emulator's loops (the test's command line owns them; a server pointing the
   * device at its public name would otherwise take it off loopback).
   */
  private setConfiguration(corpo: Record<string, unknown>) {
    for (const [modulo, chaves] of Object.entries(corpo)) {
      if (!ehObjeto(chaves)) throw new ErroDispositivo(`Invalid configuration for module ${modulo}`);
      const alvo = (this.configuracao[modulo] ??= {});
      for (const [k, v] of Object.entries(chaves)) alvo[k] = typeof v === 'string' ? v : JSON.stringify(v);
    }
    return {};
  }

  /** `{"<module>":["key",…]}` → `{"<module>":{"key":"value"}}`; an unknown key is left out. */
  private getConfiguration(corpo: Record<string, unknown>) {
    const saida: Record<string, Record<string, string>> = {};
    for (const [modulo, chaves] of Object.entries(corpo)) {
      if (!Array.isArray(chaves)) throw new ErroDispositivo(`Invalid configuration request for module ${modulo}`);
      const origem = this.configuracao[modulo] ?? {};
      saida[modulo] = {};
      for (const k of chaves.map(String)) if (origem[k] !== undefined) saida[modulo][k] = origem[k];
    }
    return saida;
  }

  /**
   * §1.3: `{password}` → `{password, salt}`. The firmware's hash is not documented: the emulator gives
   * sha256(password + salt) in hex with a random salt. Only the shape is the device's.
   */
  private userHashPassword(corpo: Record<string, unknown>) {
    if (typeof corpo.password !== 'string') throw new ErroDispositivo('Invalid request: "password" must be a string');
    const salt = randomBytes(16).toString('hex');
    const password = createHash('sha256')
      .update(corpo.password + salt)
      .digest('hex');
    return { password, salt };
  }

  // ----- transport -----

  private erroRede(etapa: Etapa, url: string, erro: string, status?: number): void {
    this.contadores.errosRede++;
    this.emit('erro-rede', { deviceId: this.deviceId, etapa, url, erro, ...(status !== undefined ? { status } : {}) });
  }

  private protocolo(etapa: Etapa, detalhe: string): void {
    this.contadores.errosProtocolo++;
    this.emit('protocolo', { deviceId: this.deviceId, etapa, detalhe });
  }

  private amostrar(tipo: keyof Amostras, ms: number): void {
    const lista = this.amostras[tipo];
    if (lista.length < this.maxAmostras) lista.push(ms);
  }

  /** A wait that `parar()` cuts short. */
  private dormir(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.parado) return resolve();
      const acordar = () => {
        clearTimeout(timer);
        this.acordadores.delete(acordar);
        resolve();
      };
      const timer = setTimeout(acordar, ms);
      this.acordadores.add(acordar);
    });
  }

  /**
   * One HTTP request over the shared keep-alive agent. JSON bodies with Content-Length, never
   * `Expect: 100-continue` (§1.2: "Turn off Expect: 100-continue or calls fail"). A timeout destroys the request.
   * While disconnected nothing is sent: the call fails like a refused connection.
   */
  private requisitar(
    metodo: 'GET' | 'POST',
    url: string,
    corpo: string | undefined,
    timeoutMs: number,
    tipo: Etapa,
  ): Promise<RespostaHttp> {
    if (this.desconectado) {
      return new Promise((_, reject) =>
        setImmediate(() => reject(new Error('connect ECONNREFUSED (emulator disconnected)'))),
      );
    }
    const inicio = performance.now();
    const p = new Promise<RespostaHttp>((resolve, reject) => {
      const u = new URL(url);
      const headers: http.OutgoingHttpHeaders = {};
      if (corpo !== undefined) {
        headers['Content-Type'] = 'application/json';
        headers['Content-Length'] = Buffer.byteLength(corpo);
      }
      const req = http.request(
        { hostname: u.hostname, port: u.port, path: u.pathname + u.search, method: metodo, agent: this.agent, headers },
        (res) => {
          const partes: Buffer[] = [];
          res.on('data', (c: Buffer) => partes.push(c));
          res.on('end', () => {
            clearTimeout(timer);
            this.amostrar(tipo, performance.now() - inicio);
            resolve({ status: res.statusCode ?? 0, corpo: Buffer.concat(partes).toString('utf8') });
          });
          res.on('error', (e) => {
            clearTimeout(timer);
            reject(e);
          });
          res.on('aborted', () => reject(new Error('response aborted')));
        },
      );
      const timer = setTimeout(() => req.destroy(new Error(`timeout after ${timeoutMs} ms`)), timeoutMs);
      req.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      req.end(corpo);
    });
    this.emVoo.add(p);
    const limpar = () => this.emVoo.delete(p);
    void p.then(limpar, limpar);
    return p;
  }
}

function json(corpo: unknown, endpoint: string): Record<string, unknown> {
  if (!ehObjeto(corpo)) throw new ErroDispositivo(`${endpoint} expects a JSON object body`);
  return corpo;
}
