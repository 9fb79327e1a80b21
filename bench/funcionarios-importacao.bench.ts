/**
 * Employee import benchmark (issue 10 §7: "10,000 lines import in seconds"):
 * a 10,000-line CSV (ISO-8859-1, ';', CR LF, the default layout) sent to a
 * real server process through POST /api/funcionario-upload/processar (read and
 * check every line, store the good ones) and POST /api/funcionario-upload/salvar
 * (write them all in one transaction, with their schedule and position
 * histories), then the same file once more (every CPF already registered:
 * nothing created). On PostgreSQL (a fresh database, created and dropped) and
 * on the embedded PGlite. Figures are printed, never asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bancoDescartavel, startServer, stop } from './server.js';
import { COLUNAS_PADRAO as COLUNAS, cpfDe } from '../apps/api/test/importacao-fixtures.js';

const pgBase =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LINHAS = Number(process.env.BENCH_IMPORT_LINES ?? 10_000);

/** The file: every line a distinct employee of the demo's positions and cost centres (by code and by name). */
function arquivo(n: number): Buffer {
  const centros = ['Montagem', 'Turno A', 'qualidade', '6', 'Contas a Pagar'];
  const linhas: string[] = [];
  for (let i = 0; i < n; i++) {
    const dia = String((i % 28) + 1).padStart(2, '0');
    linhas.push(
      [
        `Funcionário de Bancada ${i} Conceição`,
        '',
        cpfDe(200_000_000 + i), // the same CPFs as before: clear of the demo's
        String(700_000 + i),
        `B${i}`,
        `${dia}/03/2019`,
        String((i % 8) + 1),
        centros[i % centros.length],
        String(1000 + (i % 9000)),
        `${dia}/07/1988`,
        `bancada${i}@empresa.com.br`,
      ].join(';'),
    );
  }
  return Buffer.from(linhas.join('\r\n') + '\r\n', 'latin1');
}

async function post(url: string, token: string, body: unknown): Promise<{ status: number; json: any }> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: await r.json() };
}

async function processar(url: string, token: string, cnpj: number, file: Buffer) {
  const form = new FormData();
  form.append('jsonRequisicao', JSON.stringify({ cnpj: { id: cnpj } }));
  form.append('jsonColunas', JSON.stringify(COLUNAS));
  form.append('funcionariosStream', new Blob([file], { type: 'text/csv' }), 'bancada.csv');
  const t0 = performance.now();
  const r = await fetch(`${url}/api/funcionario-upload/processar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = (await r.json()) as any;
  if (r.status !== 200) throw new Error(`processar ${r.status}: ${JSON.stringify(json)}`);
  return { ms: performance.now() - t0, json };
}

const ms = (v: number) => `${Math.round(v).toLocaleString('pt-BR').padStart(7)} ms`;

async function scenario(kind: 'postgres' | 'pglite'): Promise<void> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  const dataDir = mkdtempSync(join(tmpdir(), 'jornada-bench-'));
  if (kind === 'postgres') {
    const banco = await bancoDescartavel(pgBase, 'imp');
    env = { DATABASE_URL: banco.url, JORNADA_DATA_DIR: dataDir };
    cleanup = banco.drop;
  } else {
    env = { DATABASE_URL: '', JORNADA_DATA_DIR: dataDir };
    cleanup = async () => {};
  }
  const server = await startServer(env, 3401);
  try {
    const login = await fetch(`${server.url}/api/login/aut-usuario`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@jornada.demo', senha: 'Jornada@2026' }),
    });
    const token = ((await login.json()) as { token: { valor: string } }).token.valor;
    const cnpjs = await post(`${server.url}/api/empresa/listar-cnpjs`, token, {});
    const cnpj = (cnpjs.json as { id: number; numero: string }[]).find((c) => c.numero === '11222333000181')!.id;
    const file = arquivo(LINHAS);
    const mb = (file.length / (1024 * 1024)).toFixed(2);

    const p = await processar(server.url, token, cnpj, file);
    const escala = (p.json.escalas as { id: number }[])[0]!.id;
    const t0 = performance.now();
    const s = await post(`${server.url}/api/funcionario-upload/salvar`, token, {
      id: p.json.id,
      escala: { id: escala },
      dataIinicioEscala: '2026-03-16',
    });
    const salvarMs = performance.now() - t0;
    if (s.status !== 200) throw new Error(`salvar ${s.status}: ${JSON.stringify(s.json)}`);
    const again = await processar(server.url, token, cnpj, file);

    console.log(`\n[${kind}] arquivo: ${LINHAS.toLocaleString('pt-BR')} linhas, ${mb} MB (ISO-8859-1)`);
    console.log(
      `[${kind}] processar (envio + leitura + conferência + gravar a importação) ${ms(p.ms)}  ` +
        `(${p.json.qtdFuncionarios} válidas, ${p.json.qtdLinhasErros} com erro)`,
    );
    // A line may meet one of the demo employees' CPFs or badges: it is reported, not imported.
    for (const e of (p.json.linhasErros as { linha: number; motivo: string }[]).slice(0, 3)) {
      console.log(`[${kind}]   linha ${e.linha}: ${e.motivo}`);
    }
    console.log(
      `[${kind}] salvar (funcionários + históricos, uma transação)              ${ms(salvarMs)}  ` +
        `(${s.json.qtdFuncionarios} criados)`,
    );
    console.log(`[${kind}] total                                                       ${ms(p.ms + salvarMs)}`);
    console.log(
      `[${kind}] o mesmo arquivo de novo (processar)                         ${ms(again.ms)}  ` +
        `(${again.json.qtdFuncionarios} a importar, ${again.json.qtdLinhasErros} já cadastrados)`,
    );
  } finally {
    await stop(server);
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_DB;
for (const kind of ['postgres', 'pglite'] as const) {
  if (!only || only === kind) await scenario(kind);
}
