/**
 * The device emulator as a process of its own (tests and benchmarks start it beside the server, on loopback):
 *
 *   node --import tsx apps/api/test/emulador-controlid/processo.ts \
 *     --push http://127.0.0.1:P/cid/TOKEN \
 *     --monitor-host 127.0.0.1 --monitor-port P --monitor-path cid/TOKEN/notifications \
 *     --dispositivos 1001,1002   (or a range: 1001-1200, or both: 1001-1100,2001)
 *     [--periodo-ms 5000] [--alive-ms 30000] [--retry-ms 5000] [--retries 3] [--timeout-ms 5000]
 *     [--push-timeout-ms 30000] [--max-sockets 256] [--eventos ack,perdida,comando,...]
 *
 * stdin: one JSON command per line (`{"id":1,"cmd":"marcar",…}`, see ComandoProcesso in cliente.ts); stdout: one
 * reply line per command (`{"id":1,"ok":true,…}`) and event lines (`{"evento":"ack",…}`); nothing else is
 * written to stdout (diagnostics go to stderr). When stdin ends (the parent died or closed it) the process stops.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { ComandoProcesso, Latencias, ResultadoRajada } from './cliente.js';
import {
  DispositivoControlId,
  percentil,
  type Amostras,
  type EventosDispositivo,
  type Marcacao,
  type ResultadoMarcacao,
} from './dispositivo.js';

const { values: a } = parseArgs({
  options: {
    push: { type: 'string' },
    'monitor-host': { type: 'string' },
    'monitor-port': { type: 'string' },
    'monitor-path': { type: 'string' },
    dispositivos: { type: 'string' },
    'periodo-ms': { type: 'string' },
    'alive-ms': { type: 'string' },
    'retry-ms': { type: 'string' },
    retries: { type: 'string' },
    'timeout-ms': { type: 'string' },
    'push-timeout-ms': { type: 'string' },
    'max-sockets': { type: 'string' },
    eventos: { type: 'string' },
  },
  strict: true,
});

function falhar(msg: string): never {
  process.stderr.write(`emulador-controlid: ${msg}\n`);
  process.exit(2);
}

function numero(nome: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) falhar(`--${nome} must be a non-negative number (got ${v})`);
  return n;
}

/** `1001,1002` and `1001-1200`, mixed. */
function listaDispositivos(texto: string): number[] {
  const ids: number[] = [];
  for (const parte of texto.split(',').map((p) => p.trim())) {
    if (parte === '') continue;
    const faixa = /^(\d+)-(\d+)$/.exec(parte);
    if (faixa) {
      const [de, ate] = [Number(faixa[1]), Number(faixa[2])];
      if (ate < de) falhar(`bad range ${parte}`);
      for (let i = de; i <= ate; i++) ids.push(i);
    } else if (/^\d+$/.test(parte)) ids.push(Number(parte));
    else falhar(`bad device id ${parte}`);
  }
  return ids;
}

if (!a.dispositivos) falhar('--dispositivos is required');
const ids = listaDispositivos(a.dispositivos);
if (ids.length === 0) falhar('--dispositivos lists no device');
const temMonitor = a['monitor-host'] !== undefined || a['monitor-port'] !== undefined;
if (temMonitor && (!a['monitor-host'] || !a['monitor-port'])) falhar('--monitor-host and --monitor-port go together');

const TODOS_EVENTOS: (keyof EventosDispositivo)[] = [
  'ack',
  'perdida',
  'comando',
  'erro-rede',
  'resultado',
  'alive',
  'protocolo',
];
const eventosImpressos = new Set(a.eventos ? a.eventos.split(',').map((e) => e.trim()) : TODOS_EVENTOS);

const agent = new http.Agent({
  keepAlive: true,
  maxSockets: numero('max-sockets', a['max-sockets']) ?? 256,
  maxFreeSockets: numero('max-sockets', a['max-sockets']) ?? 256,
});

function escrever(obj: unknown): void {
  process.stdout.write(`${JSON.stringify(obj)}\n`);
}

const dispositivos = new Map<number, DispositivoControlId>();
for (const deviceId of ids) {
  const d = new DispositivoControlId({
    deviceId,
    ...(a.push ? { pushAddr: a.push } : {}),
    ...(temMonitor
      ? {
          monitor: {
            hostname: a['monitor-host']!,
            port: numero('monitor-port', a['monitor-port'])!,
            path: a['monitor-path'] ?? '',
          },
        }
      : {}),
    pushRequestPeriodMs: numero('periodo-ms', a['periodo-ms']),
    pushRequestTimeoutMs: numero('push-timeout-ms', a['push-timeout-ms']),
    aliveIntervalMs: numero('alive-ms', a['alive-ms']),
    monitorRetryDelayMs: numero('retry-ms', a['retry-ms']),
    monitorRetries: numero('retries', a.retries),
    requestTimeoutMs: numero('timeout-ms', a['timeout-ms']),
    agent,
  });
  for (const nome of TODOS_EVENTOS) {
    if (!eventosImpressos.has(nome)) continue;
    d.on(nome, (payload: { origem?: string }) => {
      // Punches of a burst stay off stdout unless the burst asked for them (see `rajada`).
      if (payload.origem === 'rajada') return;
      escrever({ evento: nome, ...payload, ...(payload.origem === 'rajada-eventos' ? { origem: 'rajada' } : {}) });
    });
  }
  dispositivos.set(deviceId, d);
}

function dispositivo(deviceId: unknown): DispositivoControlId {
  const d = dispositivos.get(Number(deviceId));
  if (!d) throw new Error(`unknown deviceId ${String(deviceId)}`);
  return d;
}

function resumo(amostras: readonly number[]): Latencias {
  const n = amostras.length;
  // One sort, and no Math.max(...xs): a spread of 100 000 samples overflows the call stack.
  const o = [...amostras].sort((x, y) => x - y);
  return {
    n,
    p50: percentil(o, 50),
    p90: percentil(o, 90),
    p99: percentil(o, 99),
    max: n ? o[n - 1]! : 0,
    media: n ? o.reduce((s, x) => s + x, 0) / n : 0,
  };
}

function contadores(deviceId: unknown) {
  const alvo = deviceId === undefined ? [...dispositivos.values()] : [dispositivo(deviceId)];
  const soma: Record<string, number> = {};
  const amostras: Amostras = { push: [], result: [], dao: [], alive: [], ack: [] };
  for (const d of alvo) {
    for (const [k, v] of Object.entries(d.contadores)) soma[k] = (soma[k] ?? 0) + v;
    for (const k of Object.keys(amostras) as (keyof Amostras)[]) {
      for (const x of d.amostras[k]) amostras[k].push(x);
    }
  }
  const latenciaMs = Object.fromEntries(
    (Object.keys(amostras) as (keyof Amostras)[]).map((k) => [k, resumo(amostras[k])]),
  );
  return { dispositivos: alvo.length, contadores: soma, latenciaMs };
}

function dormir(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * Every chosen device punches `porDispositivo` times, users in turn. Punch k goes to device k % n; its start time
 * is k / rate (with `taxaPorSegundo`) or round(k / n) × intervaloMs. Answers once every punch was acked or dropped.
 */
async function rajada(c: Extract<ComandoProcesso, { cmd: 'rajada' }>): Promise<ResultadoRajada> {
  const alvo = c.dispositivos ? c.dispositivos.map(dispositivo) : [...dispositivos.values()];
  const userIds = c.userIds && c.userIds.length > 0 ? c.userIds : [1];
  const por = Math.max(0, Math.floor(c.porDispositivo));
  const total = alvo.length * por;
  const n = alvo.length;
  const instante = (k: number) =>
    c.taxaPorSegundo ? (k * 1000) / c.taxaPorSegundo : Math.floor(k / n) * (c.intervaloMs ?? 0);
  const origem = c.eventos ? 'rajada-eventos' : 'rajada';
  const resultados: Promise<ResultadoMarcacao>[] = [];
  const t0 = performance.now();
  let k = 0;
  while (k < total) {
    const decorrido = performance.now() - t0;
    while (k < total && instante(k) <= decorrido) {
      const m: Marcacao = alvo[k % n]!.marcar(userIds[k % userIds.length]!, { origem });
      resultados.push(m.resultado);
      k++;
    }
    if (k < total) await dormir(Math.max(1, instante(k) - (performance.now() - t0)));
  }
  const fim = await Promise.all(resultados);
  const duracaoMs = performance.now() - t0;
  const lat = fim.filter((r) => r.ack).map((r) => r.latenciaMs ?? 0);
  return {
    total,
    acks: lat.length,
    perdidas: total - lat.length,
    duracaoMs,
    taxaObtidaPorSegundo: duracaoMs > 0 ? (total * 1000) / duracaoMs : 0,
    latenciaMs: resumo(lat),
  };
}

let parando: Promise<void> | null = null;
function pararTudo(): Promise<void> {
  parando ??= Promise.all([...dispositivos.values()].map((d) => d.parar())).then(() => agent.destroy());
  return parando;
}

async function sair(codigo: number): Promise<never> {
  await pararTudo();
  // Let the last lines reach the pipe before leaving.
  await new Promise<void>((r) => process.stdout.write('', () => r()));
  process.exit(codigo);
}

async function tratar(c: ComandoProcesso): Promise<Record<string, unknown>> {
  switch (c.cmd) {
    case 'marcar':
    case 'naoIdentificado':
    case 'negado': {
      const d = dispositivo(c.deviceId);
      const o = c.time !== undefined ? { time: c.time } : {};
      const m =
        c.cmd === 'marcar' ? d.marcar(c.userId, o) : c.cmd === 'negado' ? d.negado(c.userId, o) : d.naoIdentificado(o);
      // By default the reply comes at once (the ack follows as an event); `aguardar` waits for the outcome.
      return c.aguardar ? { ...(await m.resultado) } : { accessLogId: m.accessLogId };
    }
    case 'desconectar':
    case 'reconectar': {
      const alvo = c.deviceId === undefined ? [...dispositivos.values()] : [dispositivo(c.deviceId)];
      for (const d of alvo) {
        if (c.cmd === 'desconectar') d.desconectar();
        else d.reconectar();
      }
      return { dispositivos: alvo.map((d) => d.deviceId) };
    }
    case 'estado':
      return { estado: dispositivo(c.deviceId).estado() };
    case 'executar':
      return { resultado: dispositivo(c.deviceId).executar(c.comando) };
    case 'contadores':
      return contadores(c.deviceId);
    case 'rajada':
      return { ...(await rajada(c)) };
    case 'parar':
      await pararTudo();
      return {};
    default:
      throw new Error(`unknown cmd ${(c as { cmd?: unknown }).cmd as string}`);
  }
}

const entrada = createInterface({ input: process.stdin });
entrada.on('line', (texto) => {
  if (texto.trim() === '') return;
  let c: ComandoProcesso;
  try {
    c = JSON.parse(texto) as ComandoProcesso;
  } catch {
    escrever({ id: null, ok: false, erro: `not JSON: ${texto.slice(0, 200)}` });
    return;
  }
  tratar(c).then(
    (r) => {
      escrever({ id: c.id, ok: true, ...r });
      if (c.cmd === 'parar') void sair(0);
    },
    (e: unknown) => escrever({ id: c.id, ok: false, erro: (e as Error).message ?? String(e) }),
  );
});
// The parent went away (or closed our stdin): nobody is listening, stop.
entrada.on('close', () => void sair(0));
process.stdout.on('error', () => void sair(0));
process.on('SIGTERM', () => void sair(0));
process.on('SIGINT', () => void sair(0));

for (const d of dispositivos.values()) d.iniciar();
escrever({ evento: 'pronto', dispositivos: ids, pid: process.pid });
