/**
 * The emulator against a tiny server written here that plays the documented server role of devices.md §1.4–1.5
 * (serves queued commands on /push, records /result, dao and heartbeat bodies). Tests wait for states (a request
 * the server saw, an event the device emitted), never for a fixed time.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ClienteEmulador } from './cliente.js';
import { DispositivoControlId, type EventosDispositivo, type OpcoesDispositivo } from './dispositivo.js';

// ---------------------------------------------------------------------------------------------------------------
// The server side, as §1.4/§1.5 document it

interface Registro {
  metodo: string;
  /** push | result | dao | device_is_alive | … (last path segment). */
  endpoint: string;
  caminho: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  corpo: string;
  /** performance-free wall clock of arrival, ms. */
  t: number;
  /** For /push: what the server answered (undefined = empty body). */
  servido?: unknown;
}

class ServidorControlId {
  readonly registros: Registro[] = [];
  /** HTTP status per notification endpoint (default 200). */
  readonly status: Record<string, number> = {};
  private readonly filas = new Map<string, unknown[]>();
  private readonly ouvintes = new Set<(r: Registro) => void>();
  private porta = 0;

  private constructor(
    private readonly server: http.Server,
    readonly token: string,
  ) {}

  static async iniciar(token = 'tok-teste'): Promise<ServidorControlId> {
    const srv = new ServidorControlId(http.createServer(), token);
    srv.server.on('request', (req, res) => srv.tratar(req, res));
    srv.server.listen(0, '127.0.0.1');
    await once(srv.server, 'listening');
    srv.porta = (srv.server.address() as AddressInfo).port;
    return srv;
  }

  get pushAddr(): string {
    return `http://127.0.0.1:${this.porta}/cid/${this.token}`;
  }

  get monitor() {
    return { hostname: '127.0.0.1', port: this.porta, path: `cid/${this.token}/notifications` };
  }

  /** The next /push of `deviceId` gets `resposta`: an object (sent as JSON) or a string (sent as is). */
  enfileirar(deviceId: number, resposta: unknown): void {
    const fila = this.filas.get(String(deviceId)) ?? [];
    fila.push(resposta);
    this.filas.set(String(deviceId), fila);
  }

  private tratar(req: http.IncomingMessage, res: http.ServerResponse): void {
    const u = new URL(req.url ?? '/', 'http://x');
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      const registro: Registro = {
        metodo: req.method ?? '',
        endpoint: u.pathname.split('/').pop() ?? '',
        caminho: u.pathname,
        query: Object.fromEntries(u.searchParams),
        headers: req.headers,
        corpo: Buffer.concat(partes).toString('utf8'),
        t: Date.now(),
      };
      const base = `/cid/${this.token}`;
      let status = 200;
      let corpo = '';
      if (req.method === 'GET' && u.pathname === `${base}/push`) {
        // §1.4: a command, or HTTP 200 with an empty body when nothing is pending.
        const fila = this.filas.get(registro.query.deviceId ?? '');
        const proximo = fila?.shift();
        if (proximo !== undefined) {
          registro.servido = proximo;
          corpo = typeof proximo === 'string' ? proximo : JSON.stringify(proximo);
          res.setHeader('Content-Type', 'application/json');
        }
      } else if (req.method === 'POST' && u.pathname === `${base}/result`) {
        // §1.4: "Reply with an empty body."
        status = this.status.result ?? 200;
      } else if (req.method === 'POST' && u.pathname.startsWith(`${base}/notifications/`)) {
        status = this.status[registro.endpoint] ?? 200;
      } else status = 404;
      this.registros.push(registro);
      res.statusCode = status;
      res.end(corpo);
      for (const o of [...this.ouvintes]) o(registro);
    });
  }

  /** The first request (from index `desde`) matching `pred`, already seen or still to come. */
  aguardar(pred: (r: Registro) => boolean, desde = 0, timeoutMs = 5000): Promise<Registro> {
    const ja = this.registros.slice(desde).find(pred);
    if (ja) return Promise.resolve(ja);
    return new Promise((resolve, reject) => {
      const ouvinte = (r: Registro) => {
        if (!pred(r)) return;
        clearTimeout(timer);
        this.ouvintes.delete(ouvinte);
        resolve(r);
      };
      const timer = setTimeout(() => {
        this.ouvintes.delete(ouvinte);
        const vistos = this.registros.slice(-5).map((r) => `${r.metodo} ${r.caminho} ${r.corpo.slice(0, 120)}`);
        reject(
          new Error(`server: no request matching ${pred.toString()} in ${timeoutMs} ms; last:\n${vistos.join('\n')}`),
        );
      }, timeoutMs);
      this.ouvintes.add(ouvinte);
    });
  }

  /** Queues `comando` for `deviceId`, waits for the poll that took it and the /result with the same uuid. */
  async rodar(deviceId: number, comando: unknown): Promise<{ push: Registro; result: Registro; corpo: unknown }> {
    this.enfileirar(deviceId, comando);
    const push = await this.aguardar((r) => r.endpoint === 'push' && r.servido === comando);
    const result = await this.aguardar(
      (r) => r.endpoint === 'result' && r.query.uuid === push.query.uuid && r.query.deviceId === String(deviceId),
    );
    return { push, result, corpo: JSON.parse(result.corpo) };
  }

  de(endpoint: string): Registro[] {
    return this.registros.filter((r) => r.endpoint === endpoint);
  }

  async fechar(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

const limpezas: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of limpezas.splice(0).reverse()) await f();
});

async function servidor(): Promise<ServidorControlId> {
  const s = await ServidorControlId.iniciar();
  limpezas.push(() => s.fechar());
  return s;
}

function dispositivo(s: ServidorControlId, o: Partial<OpcoesDispositivo> = {}): DispositivoControlId {
  const d = new DispositivoControlId({
    deviceId: 478435,
    pushAddr: s.pushAddr,
    monitor: s.monitor,
    pushRequestPeriodMs: 20,
    aliveIntervalMs: 0,
    monitorRetryDelayMs: 20,
    ...o,
  });
  limpezas.push(() => d.parar());
  return d;
}

function evento<K extends keyof EventosDispositivo>(
  d: DispositivoControlId,
  nome: K,
  pred: (e: EventosDispositivo[K][0]) => boolean = () => true,
  timeoutMs = 5000,
): Promise<EventosDispositivo[K][0]> {
  return new Promise((resolve, reject) => {
    const ouvinte = (e: EventosDispositivo[K][0]) => {
      if (!pred(e)) return;
      clearTimeout(timer);
      (d.off as (n: K, f: typeof ouvinte) => void)(nome, ouvinte);
      resolve(e);
    };
    const timer = setTimeout(() => {
      (d.off as (n: K, f: typeof ouvinte) => void)(nome, ouvinte);
      reject(new Error(`device: no '${nome}' event matching ${pred.toString()} in ${timeoutMs} ms`));
    }, timeoutMs);
    (d.on as (n: K, f: typeof ouvinte) => void)(nome, ouvinte);
  });
}

/** A minimal JPEG (SOI, APP0 'JFIF', EOI): enough for the device's format check. */
function jpeg(marca: number): Buffer {
  return Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, marca, 0xff, 0xd9]);
}

function semExpect(r: Registro): void {
  // §1.2: Expect: 100-continue makes calls fail.
  expect(r.headers.expect).toBeUndefined();
}

// ---------------------------------------------------------------------------------------------------------------

describe('DispositivoControlId — push (devices.md §1.4)', () => {
  it('200 with an empty body: waits the period and polls again, a fresh uuid each time', async () => {
    const s = await servidor();
    const d = dispositivo(s, { pushRequestPeriodMs: 60 });
    d.iniciar();
    const p1 = await s.aguardar((r) => r.endpoint === 'push');
    const p2 = await s.aguardar((r) => r.endpoint === 'push', s.registros.indexOf(p1) + 1);
    for (const p of [p1, p2]) {
      expect(p.metodo).toBe('GET');
      expect(p.caminho).toBe(`/cid/${s.token}/push`);
      expect(Object.keys(p.query).sort()).toEqual(['deviceId', 'uuid']);
      expect(p.query.deviceId).toBe('478435');
      expect(p.query.uuid).toMatch(/^\S{8,}$/);
      expect(p.corpo).toBe('');
      semExpect(p);
    }
    expect(p2.query.uuid).not.toBe(p1.query.uuid);
    // Timer slack: Node may fire a timeout a millisecond early.
    expect(p2.t - p1.t).toBeGreaterThanOrEqual(55);
    expect(s.de('result')).toEqual([]);
  });

  it('one create_objects: /result carries `response` as a JSON string, and the next poll comes straight away', async () => {
    const s = await servidor();
    // A long period: a second poll soon after the result shows the device did not wait it.
    const d = dispositivo(s, { pushRequestPeriodMs: 3000 });
    const comando = {
      verb: 'POST',
      endpoint: 'create_objects',
      body: { object: 'users', values: [{ id: 123, name: 'Ana', registration: '0123' }] },
      contentType: 'application/json',
      queryString: '',
    };
    s.enfileirar(478435, comando);
    const feito = evento(d, 'comando', (e) => e.endpoint === 'create_objects');
    d.iniciar();
    const push = await s.aguardar((r) => r.endpoint === 'push' && r.servido === comando);
    const result = await s.aguardar((r) => r.endpoint === 'result');
    expect(result.metodo).toBe('POST');
    expect(result.caminho).toBe(`/cid/${s.token}/result`);
    expect(result.query).toEqual({ deviceId: '478435', uuid: push.query.uuid });
    expect(result.headers['content-type']).toBe('application/json');
    semExpect(result);
    const corpo = JSON.parse(result.corpo) as { response: unknown };
    expect(Object.keys(corpo)).toEqual(['response']);
    expect(typeof corpo.response).toBe('string');
    expect(JSON.parse(corpo.response as string)).toEqual({ ids: [123] });
    expect(await feito).toMatchObject({ deviceId: 478435, uuid: push.query.uuid, success: true });

    const seguinte = await s.aguardar((r) => r.endpoint === 'push', s.registros.indexOf(result) + 1);
    expect(seguinte.t - result.t).toBeLessThan(1500);
    expect(d.tabela('users')).toEqual([expect.objectContaining({ id: 123, name: 'Ana', registration: '0123' })]);
  });

  it('a failing command: /result is {"error","code":1} with the unique-constraint message', async () => {
    const s = await servidor();
    const d = dispositivo(s);
    expect(d.executar({ endpoint: 'create_objects', body: { object: 'users', values: [{ id: 5 }] } }).ok).toBe(true);
    d.iniciar();
    const { corpo } = await s.rodar(478435, {
      verb: 'POST',
      endpoint: 'create_objects',
      body: { object: 'users', values: [{ id: 5, name: 'De novo' }] },
    });
    expect(corpo).toEqual({ error: 'UNIQUE constraint failed: users.id', code: 1 });
    expect(d.tabela('users')).toHaveLength(1);
  });

  it('a transactions batch: transactions_results, each with its transactionid, success and response string', async () => {
    const s = await servidor();
    const d = dispositivo(s);
    d.iniciar();
    const { corpo } = await s.rodar(478435, {
      transactions: [
        {
          transactionid: '1',
          verb: 'POST',
          endpoint: 'create_objects',
          body: {
            object: 'users',
            values: [
              { id: 1, name: 'A' },
              { id: 2, name: 'B' },
            ],
          },
        },
        {
          transactionid: '2',
          verb: 'POST',
          endpoint: 'create_objects',
          body: { object: 'user_groups', values: [{ user_id: 1, group_id: 1 }] },
          contentType: 'application/json',
        },
        {
          transactionid: '3',
          verb: 'POST',
          endpoint: 'create_objects',
          body: { object: 'users', values: [{ id: 1 }] },
        },
        {
          transactionid: 4,
          verb: 'POST',
          endpoint: 'load_objects',
          body: { object: 'users', where: { users: { id: [2, 3] } } },
        },
        { transactionid: '5', verb: 'POST', endpoint: 'create_objects.fcgi', body: {} },
      ],
    });
    const { transactions_results: r } = corpo as {
      transactions_results: { transactionid: unknown; success: boolean; response: string }[];
    };
    expect(Object.keys(corpo as object)).toEqual(['transactions_results']);
    expect(r.map((x) => [x.transactionid, x.success])).toEqual([
      ['1', true],
      ['2', true],
      ['3', false],
      [4, true],
      ['5', false],
    ]);
    for (const x of r) expect(typeof x.response).toBe('string');
    expect(JSON.parse(r[0]!.response)).toEqual({ ids: [1, 2] });
    expect(JSON.parse(r[2]!.response)).toEqual({ error: 'UNIQUE constraint failed: users.id', code: 1 });
    expect(JSON.parse(r[3]!.response)).toEqual({ users: [expect.objectContaining({ id: 2, name: 'B' })] });
    expect(JSON.parse(r[4]!.response)).toEqual({ error: 'Invalid command: create_objects.fcgi', code: 1 });
  });

  it('destroy_objects: where by id takes one user with its card, group and photo; without where takes all', async () => {
    const s = await servidor();
    const d = dispositivo(s);
    for (const cmd of [
      { endpoint: 'create_objects', body: { object: 'users', values: [{ id: 1 }, { id: 2 }] } },
      {
        endpoint: 'create_objects',
        body: {
          object: 'user_groups',
          values: [
            { user_id: 1, group_id: 1 },
            { user_id: 2, group_id: 1 },
          ],
        },
      },
      {
        endpoint: 'create_objects',
        body: {
          object: 'cards',
          values: [
            { user_id: 1, value: 111 },
            { user_id: 2, value: 222 },
          ],
        },
      },
      {
        endpoint: 'user_set_image_list',
        body: {
          match: false,
          user_images: [
            { user_id: 1, timestamp: 1, image: jpeg(1).toString('base64') },
            { user_id: 2, timestamp: 2, image: jpeg(2).toString('base64') },
          ],
        },
      },
    ]) {
      expect(d.executar(cmd)).toMatchObject({ ok: true });
    }
    d.iniciar();

    const um = await s.rodar(478435, {
      verb: 'POST',
      endpoint: 'destroy_objects',
      body: { object: 'users', where: { users: { id: [1] } } },
    });
    expect(JSON.parse((um.corpo as { response: string }).response)).toEqual({ changes: 1 });
    expect(d.tabela('users').map((u) => u.id)).toEqual([2]);
    expect(d.tabela('cards').map((c) => c.user_id)).toEqual([2]);
    expect(d.tabela('user_groups').map((g) => g.user_id)).toEqual([2]);
    expect([...d.imagens.keys()]).toEqual([2]);

    const todos = await s.rodar(478435, { verb: 'POST', endpoint: 'destroy_objects', body: { object: 'users' } });
    expect(JSON.parse((todos.corpo as { response: string }).response)).toEqual({ changes: 1 });
    expect(d.tabela('users')).toEqual([]);
    expect(d.tabela('cards')).toEqual([]);
    expect(d.tabela('user_groups')).toEqual([]);
    expect(d.imagens.size).toBe(0);
    // access_logs are not the user's: they stay.
    expect(d.tabela('groups').map((g) => g.id)).toEqual([1]);
  });

  it('photos: user_set_image_list, user_list_images, user_get_image and user_set_image (octet-stream, base64)', async () => {
    const s = await servidor();
    const d = dispositivo(s);
    d.executar({ endpoint: 'create_objects', body: { object: 'users', values: [{ id: 7 }, { id: 8 }] } });
    d.iniciar();
    const lote = await s.rodar(478435, {
      transactions: [
        {
          transactionid: 'a',
          verb: 'POST',
          endpoint: 'user_set_image_list',
          body: {
            match: false,
            user_images: [
              { user_id: 7, timestamp: 1700000000, image: jpeg(7).toString('base64') },
              { user_id: 99, timestamp: 1700000000, image: jpeg(9).toString('base64') },
              { user_id: 8, timestamp: 1700000000, image: `data:image/jpeg;base64,${jpeg(8).toString('base64')}` },
            ],
          },
        },
        { transactionid: 'b', verb: 'POST', endpoint: 'user_list_images' },
        { transactionid: 'c', verb: 'GET', endpoint: 'user_get_image', queryString: 'user_id=7&get_timestamp=1' },
      ],
    });
    const r = (lote.corpo as { transactions_results: { response: string; success: boolean }[] }).transactions_results;
    expect(r.every((x) => x.success)).toBe(true);
    const lista = JSON.parse(r[0]!.response) as { results: { user_id: unknown; success: boolean }[] };
    expect(lista.results.map((x) => [x.user_id, x.success])).toEqual([
      [7, true],
      [99, false],
      [8, false],
    ]);
    expect(JSON.parse(r[1]!.response)).toEqual({ user_ids: [7] });
    expect(JSON.parse(r[2]!.response)).toEqual({ timestamp: 1700000000, image: jpeg(7).toString('base64') });

    const bruto = await s.rodar(478435, {
      verb: 'POST',
      endpoint: 'user_set_image',
      body: jpeg(8).toString('base64'),
      contentType: 'application/octet-stream',
      queryString: 'user_id=8&timestamp=1700000100',
    });
    expect(JSON.parse((bruto.corpo as { response: string }).response)).toMatchObject({ user_id: 8, success: true });
    expect(d.imagens.get(8)).toEqual({ timestamp: 1700000100, jpeg: jpeg(8) });

    // The same photo as JSON is not what §1.3 documents: refused, not stored.
    const json = await s.rodar(478435, {
      verb: 'POST',
      endpoint: 'user_set_image',
      body: { image: jpeg(8).toString('base64') },
      queryString: 'user_id=7',
    });
    expect(json.corpo).toMatchObject({ code: 1, error: expect.stringContaining('octet-stream') });

    const depois = await s.rodar(478435, { verb: 'POST', endpoint: 'user_list_images' });
    expect(JSON.parse((depois.corpo as { response: string }).response)).toEqual({ user_ids: [7, 8] });
  });

  it('load_objects access_logs with {">": cursor} (the backstop for lost dao notifications)', async () => {
    const s = await servidor();
    const d = dispositivo(s, { monitor: undefined });
    for (const [i, u] of [5, 6, 7].entries()) await d.marcar(u, { time: 1764400000 + i }).resultado;
    d.iniciar();
    const { corpo } = await s.rodar(478435, {
      transactions: [
        {
          transactionid: '1',
          verb: 'POST',
          endpoint: 'load_objects',
          body: { object: 'access_logs', where: { access_logs: { id: { '>': 1 } } } },
        },
        {
          transactionid: '2',
          verb: 'POST',
          endpoint: 'load_objects',
          body: { object: 'access_logs', where: { access_logs: { id: { '>': 1, '<': 3 } } } },
        },
        {
          transactionid: '3',
          verb: 'POST',
          endpoint: 'load_objects',
          body: { object: 'access_logs', where: { id: { '>': 1 } } },
        },
      ],
    });
    const r = (corpo as { transactions_results: { success: boolean; response: string }[] }).transactions_results;
    const maiores = JSON.parse(r[0]!.response) as { access_logs: Record<string, unknown>[] };
    expect(maiores.access_logs.map((l) => [l.id, l.user_id, l.time, l.event])).toEqual([
      [2, 6, 1764400001, 7],
      [3, 7, 1764400002, 7],
    ]);
    expect(maiores.access_logs[0]).toEqual({
      id: 2,
      time: 1764400001,
      event: 7,
      device_id: 478435,
      identifier_id: 0,
      user_id: 6,
      portal_id: 1,
      card_value: 0,
      log_type_id: -1,
    });
    expect((JSON.parse(r[1]!.response) as { access_logs: { id: number }[] }).access_logs.map((l) => l.id)).toEqual([2]);
    // `where` is keyed by object name (§1.3); a bare field map is refused rather than misread.
    expect(r[2]!.success).toBe(false);
  });

  it('modify_objects, get/set_configuration and user_hash_password have the documented shapes', () => {
    const d = new DispositivoControlId({ deviceId: 1 });
    d.executar({ endpoint: 'create_objects', body: { object: 'users', values: [{ id: 1 }, { id: 2 }, { id: 3 }] } });
    expect(
      d.executar({
        endpoint: 'modify_objects',
        body: { object: 'users', values: { name: 'X' }, where: { users: { id: [1, 3] } } },
      }),
    ).toMatchObject({ ok: true, valor: { changes: 2 } });
    expect(d.tabela('users').map((u) => u.name)).toEqual(['X', '', 'X']);
    expect(
      d.executar({
        endpoint: 'set_configuration',
        body: { general: { attendance_mode: '1' }, identifier: { log_type: '0' } },
      }),
    ).toMatchObject({ ok: true, texto: '{}' });
    expect(
      d.executar({ endpoint: 'get_configuration', body: { general: ['attendance_mode'], identifier: ['log_type'] } }),
    ).toMatchObject({ ok: true, valor: { general: { attendance_mode: '1' }, identifier: { log_type: '0' } } });
    const hash = d.executar({ endpoint: 'user_hash_password', body: { password: '1234' } });
    expect(hash).toMatchObject({ ok: true, valor: { password: expect.any(String), salt: expect.any(String) } });
    expect(d.executar({ endpoint: 'nao_existe' })).toEqual({
      ok: false,
      endpoint: 'nao_existe',
      error: 'Invalid command: nao_existe',
      code: 1,
    });
  });

  it('a poll answered with something that is not empty, a command nor a batch: a protocolo event, no /result', async () => {
    const s = await servidor();
    const d = dispositivo(s);
    s.enfileirar(478435, 'null');
    const aviso = evento(d, 'protocolo');
    d.iniciar();
    expect((await aviso).detalhe).toContain('null');
    // It keeps polling afterwards.
    const servido = await s.aguardar((r) => r.endpoint === 'push' && r.servido === 'null');
    await s.aguardar((r) => r.endpoint === 'push', s.registros.indexOf(servido) + 1);
    expect(s.de('result')).toEqual([]);
  });
});

describe('DispositivoControlId — monitor (devices.md §1.5)', () => {
  it('a punch: POST …/dao with the exact body (string values, numeric top-level device_id), then ack', async () => {
    const s = await servidor();
    const d = dispositivo(s, { pushAddr: undefined });
    const ack = evento(d, 'ack');
    const m = d.marcar(123, { time: 1764400000 });
    expect(m.accessLogId).toBe(1);
    expect(await m.resultado).toMatchObject({ accessLogId: 1, ack: true, tentativas: 1, status: 200 });
    expect(await ack).toMatchObject({ deviceId: 478435, accessLogId: 1, status: 200, tentativas: 1 });

    const [dao] = s.de('dao');
    expect(dao!.metodo).toBe('POST');
    expect(dao!.caminho).toBe(`/cid/${s.token}/notifications/dao`);
    expect(dao!.headers['content-type']).toBe('application/json');
    semExpect(dao!);
    const corpo = JSON.parse(dao!.corpo) as { object_changes: { values: Record<string, unknown> }[] };
    expect(corpo).toEqual({
      object_changes: [
        {
          object: 'access_logs',
          type: 'inserted',
          values: {
            id: '1',
            time: '1764400000',
            event: '7',
            device_id: '478435',
            user_id: '123',
            portal_id: '1',
            identifier_id: '0',
            card_value: '0',
            log_type_id: '-1',
          },
        },
      ],
      device_id: 478435,
    });
    for (const v of Object.values(corpo.object_changes[0]!.values)) expect(typeof v).toBe('string');

    await d.naoIdentificado({ time: 1764400001 }).resultado;
    await d.negado(9, { time: 1764400002 }).resultado;
    const eventos = s.de('dao').map((r) => {
      const v = (JSON.parse(r.corpo) as { object_changes: { values: Record<string, string> }[] }).object_changes[0]!
        .values;
      return [v.id, v.event, v.user_id];
    });
    expect(eventos).toEqual([
      ['1', '7', '123'],
      ['2', '3', '0'],
      ['3', '6', '9'],
    ]);
  });

  it('the server answers 500: the device tries 3 more times, then drops the notification (the log stays)', async () => {
    const s = await servidor();
    s.status.dao = 500;
    const d = dispositivo(s, { pushAddr: undefined, monitorRetryDelayMs: 20 });
    const perdida = evento(d, 'perdida');
    const r = await d.marcar(5, { time: 1764400000 }).resultado;
    expect(r).toMatchObject({ accessLogId: 1, ack: false, tentativas: 4, motivo: 'HTTP 500' });
    expect(await perdida).toMatchObject({ deviceId: 478435, accessLogId: 1, tentativas: 4 });
    const daos = s.de('dao');
    expect(daos).toHaveLength(4);
    expect(new Set(daos.map((x) => x.corpo)).size).toBe(1);
    // Retries are spaced by the retry delay.
    for (let i = 1; i < daos.length; i++) expect(daos[i]!.t - daos[i - 1]!.t).toBeGreaterThanOrEqual(15);
    expect(d.tabela('access_logs').map((l) => l.id)).toEqual([1]);
  });

  it('desconectar: nothing reaches the server, the punch is dropped after the retries; reconectar: push recovers it', async () => {
    const s = await servidor();
    const d = dispositivo(s, { monitorRetryDelayMs: 20 });
    d.iniciar();
    await s.aguardar((r) => r.endpoint === 'push');

    d.desconectar();
    // A poll started after the drop has failed: any poll begun before it has finished and been recorded.
    await evento(d, 'erro-rede', (e) => e.etapa === 'push');
    const vistos = s.registros.length;
    const r = await d.marcar(5, { time: 1764400000 }).resultado;
    expect(r).toMatchObject({ ack: false, tentativas: 4 });
    expect(r.motivo).toContain('ECONNREFUSED');
    expect(s.registros.length).toBe(vistos);

    d.reconectar();
    const { corpo } = await s.rodar(478435, {
      verb: 'POST',
      endpoint: 'load_objects',
      body: { object: 'access_logs', where: { access_logs: { id: { '>': 0 } } } },
    });
    const logs = JSON.parse((corpo as { response: string }).response) as {
      access_logs: { id: number; user_id: number }[];
    };
    expect(logs.access_logs.map((l) => [l.id, l.user_id])).toEqual([[1, 5]]);
    expect(await d.marcar(6).resultado).toMatchObject({ accessLogId: 2, ack: true });
  });

  it('heartbeat: POST …/device_is_alive {"access_logs","device_id","time"} every alive interval', async () => {
    const s = await servidor();
    const d = dispositivo(s, { pushAddr: undefined, aliveIntervalMs: 30 });
    await d.marcar(1).resultado;
    await d.marcar(2).resultado;
    d.iniciar();
    const a1 = await s.aguardar((r) => r.endpoint === 'device_is_alive');
    const a2 = await s.aguardar((r) => r.endpoint === 'device_is_alive', s.registros.indexOf(a1) + 1);
    expect(a1.caminho).toBe(`/cid/${s.token}/notifications/device_is_alive`);
    const corpo = JSON.parse(a1.corpo) as Record<string, unknown>;
    expect(Object.keys(corpo).sort()).toEqual(['access_logs', 'device_id', 'time']);
    expect(corpo.access_logs).toBe(2);
    expect(corpo.device_id).toBe(478435);
    expect(typeof corpo.time).toBe('number');
    expect(Math.abs((corpo.time as number) - Date.now() / 1000)).toBeLessThan(60);
    expect(a2.t - a1.t).toBeGreaterThanOrEqual(25);
  });
});

describe('processo.ts through cliente.ts', () => {
  it('spawns the devices; marcar → dao → ack event; a queued command runs; estado shows it', async () => {
    const s = await servidor();
    s.enfileirar(1002, {
      verb: 'POST',
      endpoint: 'create_objects',
      body: { object: 'users', values: [{ id: 42, name: 'Bia', registration: '42' }] },
      contentType: 'application/json',
    });
    const emu = await ClienteEmulador.iniciar({
      push: s.pushAddr,
      monitor: s.monitor,
      dispositivos: '1001-1002',
      periodoMs: 50,
      aliveMs: 1000,
      retryMs: 100,
    });
    limpezas.push(() => emu.encerrar());

    const { accessLogId } = await emu.marcar(1001, 5, 1764400000);
    expect(accessLogId).toBe(1);
    const ack = await emu.aguardarEvento((e) => e.evento === 'ack' && e.deviceId === 1001 && e.accessLogId === 1);
    expect(ack).toMatchObject({ status: 200, tentativas: 1 });
    const dao = await s.aguardar((r) => r.endpoint === 'dao');
    expect(JSON.parse(dao.corpo)).toMatchObject({
      device_id: 1001,
      object_changes: [{ values: { id: '1', user_id: '5', time: '1764400000', event: '7' } }],
    });

    await emu.aguardarEvento((e) => e.evento === 'comando' && e.deviceId === 1002 && e.success);
    await s.aguardar((r) => r.endpoint === 'result' && r.query.deviceId === '1002');
    const estado = await emu.estado(1002);
    expect(estado.users).toEqual([expect.objectContaining({ id: 42, name: 'Bia' })]);
    expect(estado.access_logs).toBe(0);
    expect((await emu.estado(1001)).access_logs).toBe(1);

    await emu.encerrar();
    expect(emu.filho.exitCode ?? emu.filho.signalCode).not.toBeNull();
  });
});
