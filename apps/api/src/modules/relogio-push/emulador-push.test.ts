import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import {
  ADMIN,
  backends,
  call,
  createTestEnv,
  describeEachBackend,
  login,
  type TestEnv,
} from '../../../test/harness.js';
import { jpeg } from '../../../test/funcionario-fixtures.js';
import { demoIds, type DemoIds } from '../../../test/scope-fixtures.js';
import { ClienteEmulador } from '../../../test/emulador-controlid/cliente.js';

/**
 * Issue 25 §4–§5: the product with the device emulator (apps/api/test/emulador-controlid, written from
 * spec/devices.md §1.3–1.5) as a separate process talking HTTP on loopback: a full sync lands the company's
 * employees and photos on the device, a punch reaches the store and the calculation, a device that drops and
 * comes back has its lost punches collected, faces come back from the device; and a server killed with
 * SIGKILL in the middle of a burst has stored every punch it acknowledged.
 */
const limites = {
  chamadasPorSegundo: 1_000,
  rajada: 1_000,
  chamadasPorSegundoPorToken: 100_000,
  rajadaPorToken: 100_000,
  comandoSemRespostaMs: 60_000,
  tentativasPorComando: 3,
  semContatoMs: 180_000,
  adiantamentoMaximoMs: 600_000,
};

/** Polls `ok` until it holds (a state, not a time), for at most `ms`; fails naming what did not happen. */
async function ate(ok: () => Promise<boolean>, oQue: string, ms = 60_000): Promise<void> {
  const limite = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > limite) throw new Error(`não aconteceu em ${ms / 1000} s: ${oQue}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface Cenario {
  token: string;
  admin: string;
  ids: DemoIds;
  relogioId: number;
  funcionarios: { id: number; nome: string; cracha: string }[];
}

/** A token, an IdFace Push clock with `deviceId` on the main company, and its employees. */
async function cenario(env: TestEnv, deviceId: number, serie: string): Promise<Cenario> {
  const admin = await login(env.app, ADMIN);
  const ids = await demoIds(env);
  const token = (await call(env.app, '/api/relogio-ponto/gerar-token', {}, { token: admin })).body.valor as string;
  const r = await call(
    env.app,
    '/api/relogio-ponto/salvar',
    {
      relogioPonto: {
        fabricante: 'ControlId IdFace',
        numeroSerie: serie,
        tipoServico: 'Push',
        idCloud: String(deviceId),
      },
      cnpj: { id: ids.principal },
    },
    { token: admin },
  );
  expect(r.status).toBe(200);
  const [rel] = await queryRows<{ id: number }>(
    env.database.owner,
    sql`SELECT id FROM relogios_ponto WHERE numero_serie = ${serie}`,
  );
  const funcionarios = await queryRows<{ id: number; nome: string; cracha: string }>(
    env.database.owner,
    sql`SELECT id, nome, cracha FROM funcionarios
         WHERE cnpj_id = ${ids.principal} AND (data_demissao IS NULL OR data_demissao >= ${env.clock.now().toISOString().slice(0, 10)}::date)
         ORDER BY id`,
  );
  return { token, admin, ids, relogioId: rel!.id, funcionarios };
}

const marcacoesDoRelogio = (env: TestEnv, serie: string) =>
  queryRows<{ nsr: number; vinculo: number | null }>(
    env.database.owner,
    sql`SELECT m.nsr::int AS nsr, mf.funcionario_id AS vinculo FROM marcacoes m
          LEFT JOIN marcacao_funcionarios mf ON mf.marcacao_id = m.id
         WHERE m.relogio = ${serie} ORDER BY m.nsr`,
  );

describeEachBackend('o emulador de relógio Control iD contra o produto (issue 25 §5)', (backend) => {
  let env: TestEnv;
  let c: Cenario;
  let emulador: ClienteEmulador;
  const DEVICE = 880_001;
  const SERIE = 'EMU-1';

  beforeAll(async () => {
    env = await createTestEnv(backend, { config: { dispositivos: limites } });
    // The device stamps its punches with the real time: the server's clock goes there too.
    env.clock.advanceMs(Date.now() - env.clock.now().getTime());
    c = await cenario(env, DEVICE, SERIE);
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (env.app.server.address() as AddressInfo).port;
    emulador = await ClienteEmulador.iniciar({
      push: `http://127.0.0.1:${port}/cid/${c.token}`,
      monitor: { hostname: '127.0.0.1', port, path: `cid/${c.token}/notifications` },
      dispositivos: [DEVICE],
      periodoMs: 20,
      aliveMs: 60_000,
      retryMs: 20,
      retries: 3,
    });
  }, 120_000);
  afterAll(async () => {
    await emulador?.encerrar();
    await env?.close();
  });

  const linha = async () =>
    (
      await call(env.app, `/api/relogio-ponto/monitoramento/buscar/${c.relogioId}`, undefined, {
        token: c.admin,
        method: 'GET',
      })
    ).body;

  it('sincronizar todos: o equipamento fica só com os funcionários ativos da empresa, com crachá e foto', async () => {
    const comFoto = c.funcionarios[0]!.id;
    await env.database.owner.execute(
      sql`INSERT INTO funcionario_fotos (tenant_id, funcionario_id, imagem) VALUES (${c.ids.demo}, ${comFoto}, ${jpeg(120, 160)})
          ON CONFLICT (funcionario_id) DO UPDATE SET imagem = EXCLUDED.imagem`,
    );
    // Someone registered by hand on the device goes away with the full sync.
    await emulador.executar(DEVICE, {
      verb: 'POST',
      endpoint: 'create_objects',
      body: { object: 'users', values: [{ id: 9_999_999, name: 'Avulso' }] },
    });
    const r = await call(
      env.app,
      '/api/relogio-ponto/criar-tarefa-sincrionizar-todos',
      { cnpj: c.ids.principal },
      { token: c.admin },
    );
    expect(r.status).toBe(200);
    await ate(async () => (await linha()).dataUltimaSincronizacao !== null, 'a sincronização terminar');
    const estado = await emulador.estado(DEVICE);
    expect(estado.users.map((u) => Number(u.id)).sort((a, b) => a - b)).toEqual(c.funcionarios.map((f) => f.id));
    const um = estado.users.find((u) => Number(u.id) === comFoto)!;
    expect(um).toMatchObject({ name: c.funcionarios[0]!.nome, registration: c.funcionarios[0]!.cracha });
    expect(estado.user_groups).toHaveLength(c.funcionarios.length);
    expect(estado.imagens.map((i) => i.user_id)).toContain(comFoto);
    expect(await linha()).toMatchObject({ status: 'Autenticado', funcionariosSincronizar: 0 });
  });

  it('uma marcação no equipamento chega aceita, vinculada, e o cálculo grava o dia', async () => {
    const f = c.funcionarios[1]!;
    const { accessLogId } = await emulador.marcar(DEVICE, f.id);
    await emulador.aguardarEvento((e) => e.evento === 'ack' && e.accessLogId === accessLogId, 30_000);
    expect((await marcacoesDoRelogio(env, SERIE)).find((m) => m.nsr === accessLogId)).toEqual({
      nsr: accessLogId,
      vinculo: f.id,
    });
    await env.settle();
    const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(env.clock.now());
    const [dia] = await queryRows<{ n: number }>(
      env.database.owner,
      sql`SELECT count(*)::int AS n FROM calculo_dias WHERE funcionario_id = ${f.id} AND dia = ${hoje}::date`,
    );
    expect(dia!.n).toBe(1);
  });

  it('o equipamento que cai perde a notificação; de volta depois de um silêncio, a marcação é coletada pelo cursor', async () => {
    const f = c.funcionarios[2]!;
    await emulador.desconectar(DEVICE);
    const { accessLogId } = await emulador.marcar(DEVICE, f.id);
    await emulador.aguardarEvento((e) => e.evento === 'perdida' && e.accessLogId === accessLogId, 30_000);
    expect((await marcacoesDoRelogio(env, SERIE)).some((m) => m.nsr === accessLogId)).toBe(false);
    env.clock.advanceMs(limites.semContatoMs + 1000);
    await emulador.reconectar(DEVICE);
    await ate(
      async () => (await marcacoesDoRelogio(env, SERIE)).some((m) => m.nsr === accessLogId),
      'a coleta da marcação perdida',
    );
    expect((await marcacoesDoRelogio(env, SERIE)).find((m) => m.nsr === accessLogId)?.vinculo).toBe(f.id);
  });

  it('importar imagens de face: as fotos do equipamento voltam para os funcionários', async () => {
    const f = c.funcionarios[3]!;
    const foto = jpeg(96, 128);
    await emulador.executar(DEVICE, {
      verb: 'POST',
      endpoint: 'user_set_image_list',
      body: { match: false, user_images: [{ user_id: f.id, timestamp: 1, image: foto.toString('base64') }] },
    });
    const r = await call(
      env.app,
      '/api/relogio-ponto/criar-tarefa-importar-imagens',
      { relogioPonto: { id: c.relogioId }, cnpj: c.ids.principal },
      { token: c.admin },
    );
    expect(r.status).toBe(200);
    const daFoto = async () =>
      (
        await queryRows<{ imagem: Uint8Array }>(
          env.database.owner,
          sql`SELECT imagem FROM funcionario_fotos WHERE funcionario_id = ${f.id}`,
        )
      )[0];
    await ate(async () => (await daFoto()) !== undefined, 'a foto importada');
    expect(Buffer.from((await daFoto())!.imagem).equals(foto)).toBe(true);
  });
});

const servidor = join(fileURLToPath(import.meta.url), '../../../server.ts');

/** A free loopback port (the server process is told which to take). */
async function portaLivre(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

if (backends().includes('postgres')) {
  describe('kill -9 no meio de uma rajada [postgres]', () => {
    let env: TestEnv;
    beforeAll(async () => {
      env = await createTestEnv('postgres');
    });
    afterAll(() => env.close());

    it('toda marcação que o servidor aceitou antes do SIGKILL está gravada', { timeout: 300_000 }, async () => {
      const DEVICES = [881_001, 881_002, 881_003, 881_004];
      const c = await cenario(env, DEVICES[0]!, 'KILL-0');
      for (const [i, d] of DEVICES.slice(1).entries()) {
        await call(
          env.app,
          '/api/relogio-ponto/salvar',
          {
            relogioPonto: {
              fabricante: 'ControlId IdFace',
              numeroSerie: `KILL-${i + 1}`,
              tipoServico: 'Push',
              idCloud: String(d),
            },
            cnpj: c.ids.principal,
          },
          { token: c.admin },
        );
      }
      const port = await portaLivre();
      const proc = spawn(process.execPath, ['--import', 'tsx', servidor], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          DATABASE_URL: env.databaseUrl!,
          JORNADA_DATA_DIR: env.config.dataDir,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const morto = new Promise<string | null>((resolve) => proc.once('exit', (_c, signal) => resolve(signal)));
      const emulador = await ClienteEmulador.iniciar({
        monitor: { hostname: '127.0.0.1', port, path: `cid/${c.token}/notifications` },
        dispositivos: DEVICES,
        retryMs: 50,
        retries: 1_000,
        eventos: ['ack'],
      });
      try {
        const rajada = emulador.rajada(
          { porDispositivo: 400, userIds: c.funcionarios.map((f) => f.id), intervaloMs: 2, eventos: true },
          240_000,
        );
        // SIGKILL once the server has acknowledged a good part of the burst, while the rest is in flight.
        await emulador.aguardarEvento(() => emulador.eventos.filter((e) => e.evento === 'ack').length >= 300, 120_000);
        proc.kill('SIGKILL');
        expect(await morto).toBe('SIGKILL');
        const aceitas = emulador.eventos.filter((e) => e.evento === 'ack') as {
          deviceId: number;
          accessLogId: number;
        }[];
        expect(aceitas.length).toBeGreaterThanOrEqual(300);
        const gravadas = new Set(
          (
            await queryRows<{ k: string }>(
              env.database.owner,
              sql`SELECT r.id_cloud || ':' || m.nsr AS k FROM marcacoes m
                    JOIN relogios_ponto r ON r.numero_serie = m.relogio AND r.tenant_id = m.tenant_id
                   WHERE m.relogio LIKE 'KILL-%'`,
            )
          ).map((r) => r.k),
        );
        const perdidas = aceitas.filter((a) => !gravadas.has(`${a.deviceId}:${a.accessLogId}`));
        expect(perdidas).toEqual([]);
        // Really mid-burst: not everything was sent yet.
        expect(gravadas.size).toBeLessThan(DEVICES.length * 400);
        void rajada.catch(() => {});
      } finally {
        await emulador.encerrar();
        if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      }
    });
  });
}
