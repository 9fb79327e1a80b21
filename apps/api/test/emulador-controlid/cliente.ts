/**
 * Typed wrapper around `processo.ts`: spawns the emulator as its own process (so the server under test and the
 * devices do not share an event loop), talks to it over newline-delimited JSON on stdin/stdout, and lets a test
 * wait for STATES (an event matching a predicate) rather than for time.
 *
 *   const emu = await ClienteEmulador.iniciar({
 *     push: `http://127.0.0.1:${port}/cid/${token}`,
 *     monitor: { hostname: '127.0.0.1', port, path: `cid/${token}/notifications` },
 *     dispositivos: [1001, 1002],
 *     periodoMs: 50, aliveMs: 1000, retryMs: 100,
 *   });
 *   const { accessLogId } = await emu.marcar(1001, 5);
 *   await emu.aguardarEvento((e) => e.evento === 'ack' && e.accessLogId === accessLogId);
 *   await emu.encerrar();
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type {
  ComandoPush,
  EventoAck,
  EventoAlive,
  EventoComando,
  EventoErroRede,
  EventoPerdida,
  EventoProtocolo,
  EventoResultado,
  ResultadoComando,
} from './dispositivo.js';

const AQUI = dirname(fileURLToPath(import.meta.url));
export const CAMINHO_PROCESSO = join(AQUI, 'processo.ts');

// ---------------------------------------------------------------------------------------------------------------
// The line protocol (shared with processo.ts)

export interface Latencias {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  media: number;
}

/** A command line on stdin. `id` is echoed on its one reply line. */
export type ComandoProcesso =
  | { id: number; cmd: 'marcar'; deviceId: number; userId: number; time?: number; aguardar?: boolean }
  | { id: number; cmd: 'naoIdentificado'; deviceId: number; time?: number; aguardar?: boolean }
  | { id: number; cmd: 'negado'; deviceId: number; userId: number; time?: number; aguardar?: boolean }
  | { id: number; cmd: 'desconectar' | 'reconectar'; deviceId?: number }
  | { id: number; cmd: 'estado'; deviceId: number }
  | { id: number; cmd: 'executar'; deviceId: number; comando: ComandoPush }
  | { id: number; cmd: 'contadores'; deviceId?: number }
  | {
      id: number;
      cmd: 'rajada';
      /** Punches per device. */
      porDispositivo: number;
      /** Users punched in turn (default [1]). */
      userIds?: number[];
      /** Devices taking part (default all). */
      dispositivos?: number[];
      /** Each device waits this long between its punches (default 0: all at once)… */
      intervaloMs?: number;
      /** …or a total target rate over all devices, punches per second (wins over intervaloMs). */
      taxaPorSegundo?: number;
      /** Also print each ack/perdida line (default false: a burst would flood stdout). */
      eventos?: boolean;
    }
  | { id: number; cmd: 'parar' };

export type NomeComando = ComandoProcesso['cmd'];

export type RespostaProcesso =
  { id: number; ok: true; [campo: string]: unknown } | { id: number; ok: false; erro: string };

/** Unsolicited lines on stdout: the device events, plus `pronto` once every device has started. */
export type EventoProcesso =
  | ({ evento: 'ack' } & EventoAck)
  | ({ evento: 'perdida' } & EventoPerdida)
  | ({ evento: 'comando' } & EventoComando)
  | ({ evento: 'erro-rede' } & EventoErroRede)
  | ({ evento: 'resultado' } & EventoResultado)
  | ({ evento: 'alive' } & EventoAlive)
  | ({ evento: 'protocolo' } & EventoProtocolo)
  | { evento: 'pronto'; dispositivos: number[]; pid: number };

export interface EstadoDispositivo {
  deviceId: number;
  desconectado: boolean;
  users: Record<string, unknown>[];
  user_groups: Record<string, unknown>[];
  cards: Record<string, unknown>[];
  imagens: { user_id: number; timestamp: number; bytes: number }[];
  access_logs: number;
  ultimoAccessLogId: number;
  config: Record<string, Record<string, string>>;
  contadores: Record<string, number>;
}

export interface ResultadoRajada {
  total: number;
  acks: number;
  perdidas: number;
  duracaoMs: number;
  taxaObtidaPorSegundo: number;
  /** Punch → acknowledgement, over the acknowledged punches. */
  latenciaMs: Latencias;
}

// ---------------------------------------------------------------------------------------------------------------
// The client

export interface OpcoesProcesso {
  /** `push_remote_address`; without it no device polls. */
  push?: string;
  monitor?: { hostname: string; port: number; path: string };
  /** Device ids, or the command-line form (`1001,1002` or `1001-1200`). */
  dispositivos: number[] | string;
  periodoMs?: number;
  aliveMs?: number;
  retryMs?: number;
  retries?: number;
  timeoutMs?: number;
  pushTimeoutMs?: number;
  maxSockets?: number;
  /** Event names printed on stdout (default all). */
  eventos?: string[];
  /** How long to wait for the `pronto` line (tsx compiles on first run). Default 30 s. */
  prontoTimeoutMs?: number;
}

export function argumentosProcesso(o: OpcoesProcesso): string[] {
  const args = ['--dispositivos', Array.isArray(o.dispositivos) ? o.dispositivos.join(',') : o.dispositivos];
  if (o.push) args.push('--push', o.push);
  if (o.monitor) {
    args.push('--monitor-host', o.monitor.hostname, '--monitor-port', String(o.monitor.port));
    args.push('--monitor-path', o.monitor.path);
  }
  const num: [keyof OpcoesProcesso, string][] = [
    ['periodoMs', '--periodo-ms'],
    ['aliveMs', '--alive-ms'],
    ['retryMs', '--retry-ms'],
    ['retries', '--retries'],
    ['timeoutMs', '--timeout-ms'],
    ['pushTimeoutMs', '--push-timeout-ms'],
    ['maxSockets', '--max-sockets'],
  ];
  for (const [k, flag] of num) if (o[k] !== undefined) args.push(flag, String(o[k]));
  if (o.eventos) args.push('--eventos', o.eventos.join(','));
  return args;
}

interface Espera {
  pred: (e: EventoProcesso) => boolean;
  resolve: (e: EventoProcesso) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

type SemId<T> = T extends unknown ? Omit<T, 'id'> : never;

export class ClienteEmulador {
  /** Every event line received, in order (aguardarEvento also looks here, so an early event is not missed). */
  readonly eventos: EventoProcesso[] = [];
  private readonly pendentes = new Map<
    number,
    { resolve: (r: RespostaProcesso) => void; reject: (e: Error) => void }
  >();
  private readonly esperas = new Set<Espera>();
  private proximoId = 1;
  private stderr = '';
  private saida: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private readonly saiu: Promise<void>;

  private constructor(readonly filho: ChildProcessWithoutNullStreams) {
    filho.stderr.setEncoding('utf8');
    filho.stderr.on('data', (t: string) => {
      this.stderr = (this.stderr + t).slice(-8000);
    });
    const linhas = createInterface({ input: filho.stdout });
    linhas.on('line', (l) => this.linha(l));
    // stdin of a dead child raises EPIPE on the next write: the 'exit' handler below explains it instead.
    filho.stdin.on('error', () => {});
    this.saiu = new Promise((resolve) => {
      filho.on('exit', (code, signal) => {
        this.saida = { code, signal };
        const erro = new Error(`emulator process exited (code ${code}, signal ${signal})${this.rabicho()}`);
        for (const p of this.pendentes.values()) p.reject(erro);
        this.pendentes.clear();
        for (const w of this.esperas) {
          clearTimeout(w.timer);
          w.reject(erro);
        }
        this.esperas.clear();
        resolve();
      });
    });
  }

  /** Spawns `node --import tsx processo.ts …` and resolves once it printed `pronto`. */
  static async iniciar(o: OpcoesProcesso): Promise<ClienteEmulador> {
    const filho = spawn(process.execPath, ['--import', 'tsx', CAMINHO_PROCESSO, ...argumentosProcesso(o)], {
      // --import resolves `tsx` from the working directory: this folder sits under the repository's node_modules.
      cwd: AQUI,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const cliente = new ClienteEmulador(filho);
    try {
      await cliente.aguardarEvento((e) => e.evento === 'pronto', o.prontoTimeoutMs ?? 30_000);
    } catch (e) {
      await cliente.matar(0);
      throw e;
    }
    return cliente;
  }

  private rabicho(): string {
    const t = this.stderr.trim();
    return t ? `\n--- emulator stderr (tail) ---\n${t.slice(-2000)}` : '';
  }

  private linha(texto: string): void {
    if (texto.trim() === '') return;
    let msg: unknown;
    try {
      msg = JSON.parse(texto);
    } catch {
      this.stderr = (this.stderr + `\n[stdout, not JSON] ${texto}`).slice(-8000);
      return;
    }
    const m = msg as Record<string, unknown>;
    if (typeof m.evento === 'string') {
      const evento = m as unknown as EventoProcesso;
      this.eventos.push(evento);
      for (const w of [...this.esperas]) {
        if (w.pred(evento)) {
          clearTimeout(w.timer);
          this.esperas.delete(w);
          w.resolve(evento);
        }
      }
    } else if (typeof m.id === 'number') {
      const p = this.pendentes.get(m.id);
      if (p) {
        this.pendentes.delete(m.id);
        p.resolve(m as unknown as RespostaProcesso);
      }
    }
  }

  /** Sends a command and resolves with its reply line; rejects on `ok:false`, exit or timeout. */
  comando<T extends object = Record<string, unknown>>(
    cmd: SemId<ComandoProcesso>,
    timeoutMs = 30_000,
  ): Promise<T & { id: number; ok: true }> {
    if (this.saida) return Promise.reject(new Error(`emulator process already exited${this.rabicho()}`));
    const id = this.proximoId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pendentes.delete(id);
        reject(new Error(`emulator: no reply to ${cmd.cmd} (id ${id}) within ${timeoutMs} ms${this.rabicho()}`));
      }, timeoutMs);
      this.pendentes.set(id, {
        resolve: (r) => {
          clearTimeout(timer);
          if (r.ok) resolve(r as T & { id: number; ok: true });
          else reject(new Error(`emulator: ${cmd.cmd} failed: ${r.erro}`));
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.filho.stdin.write(`${JSON.stringify({ ...cmd, id })}\n`);
    });
  }

  /**
   * Resolves with the first event (already received, from index `desde`, or still to come) that matches `pred`;
   * rejects after `timeoutMs` naming what it waited for and the last events seen.
   */
  aguardarEvento(
    pred: (e: EventoProcesso) => boolean,
    timeoutMs = 10_000,
    desde = 0,
    descricao = pred.toString(),
  ): Promise<EventoProcesso> {
    const ja = this.eventos.slice(desde).find(pred);
    if (ja) return Promise.resolve(ja);
    if (this.saida) return Promise.reject(new Error(`emulator process already exited${this.rabicho()}`));
    return new Promise((resolve, reject) => {
      const w: Espera = {
        pred,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.esperas.delete(w);
          const ultimos = this.eventos
            .slice(-5)
            .map((e) => JSON.stringify(e))
            .join('\n  ');
          reject(
            new Error(
              `emulator: no event matching ${descricao} within ${timeoutMs} ms` +
                `\n last events:\n  ${ultimos || '(none)'}${this.rabicho()}`,
            ),
          );
        }, timeoutMs),
      };
      this.esperas.add(w);
    });
  }

  // ----- conveniences -----

  marcar(deviceId: number, userId: number, time?: number): Promise<{ accessLogId: number }> {
    return this.comando<{ accessLogId: number }>({ cmd: 'marcar', deviceId, userId, ...(time ? { time } : {}) });
  }

  desconectar(deviceId?: number): Promise<unknown> {
    return this.comando({ cmd: 'desconectar', ...(deviceId !== undefined ? { deviceId } : {}) });
  }

  reconectar(deviceId?: number): Promise<unknown> {
    return this.comando({ cmd: 'reconectar', ...(deviceId !== undefined ? { deviceId } : {}) });
  }

  async estado(deviceId: number): Promise<EstadoDispositivo> {
    return (await this.comando<{ estado: EstadoDispositivo }>({ cmd: 'estado', deviceId })).estado;
  }

  async executar(deviceId: number, comando: ComandoPush): Promise<ResultadoComando> {
    return (await this.comando<{ resultado: ResultadoComando }>({ cmd: 'executar', deviceId, comando })).resultado;
  }

  /** A burst: see `rajada` in ComandoProcesso. Resolves when every punch was acknowledged or dropped. */
  rajada(
    o: Omit<Extract<ComandoProcesso, { cmd: 'rajada' }>, 'id' | 'cmd'>,
    timeoutMs = 120_000,
  ): Promise<ResultadoRajada> {
    return this.comando<ResultadoRajada>({ cmd: 'rajada', ...o }, timeoutMs);
  }

  private async matar(esperaMs: number): Promise<void> {
    const term = setTimeout(() => this.filho.kill('SIGTERM'), esperaMs);
    const kill = setTimeout(() => this.filho.kill('SIGKILL'), esperaMs + 5000);
    await this.saiu;
    clearTimeout(term);
    clearTimeout(kill);
  }

  /** Stops the devices (awaiting their in-flight requests), then makes sure the process is gone. */
  async encerrar(): Promise<void> {
    if (!this.saida) {
      try {
        await this.comando({ cmd: 'parar' }, 10_000);
      } catch {
        // Already dying, or stuck: the kill below settles it.
      }
    }
    // After `parar` the process exits by itself; a signal only if it does not.
    await this.matar(2000);
  }
}
