import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IMPORTACAO, MSG, MSG_IMPORTACAO, funcionarioImportacaoApi } from '@jornada/contracts';
import {
  ADMIN,
  createTestEnv,
  describeEachBackend,
  login,
  multipartBody,
  type TestEnv,
} from '../../../test/harness.js';
import { COLUNAS_PADRAO } from '../../../test/importacao-fixtures.js';
import { demoIds } from '../../../test/scope-fixtures.js';

const PROCESSAR = '/api/funcionario-upload/processar';

/**
 * Issue 22 §5: a file refused while it still arrives (binary at its first
 * bytes, the line limit passed halfway) is answered before the client has
 * finished writing. A client that reads only after writing everything — as
 * most do — must still read the 400, not "Broken pipe" or a reset. On a real
 * socket: inject() never writes through TCP.
 */
describeEachBackend('Importação de funcionários: arquivo recusado no meio do envio (socket)', (backend) => {
  let env: TestEnv;
  let port: number;
  let token: string;
  let cnpj: number;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    token = await login(env.app, ADMIN);
    cnpj = (await demoIds(env)).principal;
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    port = (env.app.server.address() as { port: number }).port;
  });
  afterAll(() => env.close());

  /**
   * Writes the whole request (headers and body), waiting for each write to be
   * taken, and only then reads the answer: status and JSON body. A write
   * refused by a reset connection rejects (EPIPE / ECONNRESET).
   */
  function escreveTudoDepoisLe(
    conteudo: Buffer,
    nomeArquivo = '11222333000181.csv',
  ): Promise<{ status: number; body: unknown }> {
    const { payload, contentType } = multipartBody(
      { jsonRequisicao: { cnpj: { id: cnpj } }, jsonColunas: COLUNAS_PADRAO },
      { nomeArquivo, conteudo },
    );
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', reject);
      const escreve = (b: Buffer) => new Promise<void>((ok, erro) => socket.write(b, (e) => (e ? erro(e) : ok())));
      const le = () => {
        const partes: Buffer[] = [];
        socket.on('data', (d: Buffer) => partes.push(d));
        socket.on('end', () => {
          const texto = Buffer.concat(partes).toString('utf8');
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(texto)?.[1]);
          const corpo = texto.slice(texto.indexOf('\r\n\r\n') + 4);
          try {
            resolve({ status, body: JSON.parse(corpo) });
          } catch {
            reject(new Error(`resposta ilegível: ${texto.slice(0, 300)}`));
          }
        });
      };
      socket.once('connect', () => {
        void (async () => {
          await escreve(
            Buffer.from(
              `POST ${PROCESSAR} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
                `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`,
            ),
          );
          for (let i = 0; i < payload.length; i += 64 * 1024) await escreve(payload.subarray(i, i + 64 * 1024));
          le();
        })().catch(reject);
      });
    });
  }

  it('16 MB binários: o 400 chega a quem só lê depois de escrever tudo', { timeout: 120_000 }, async () => {
    const binario = Buffer.alloc(16 * 1024 * 1024, 0);
    const r = await escreveTudoDepoisLe(binario);
    expect(r).toEqual({ status: 400, body: { mensagem: MSG_IMPORTACAO.arquivoBinario } });
  });

  it('mais de 100.000 linhas: o 400 chega a quem só lê depois de escrever tudo', { timeout: 120_000 }, async () => {
    // 200,000 lines of 100 characters (20 MB, under the 32 MB limit): refused at line 100,001, 10 MB still to come.
    const linha = Buffer.from('x'.repeat(98) + '\r\n', 'latin1');
    const r = await escreveTudoDepoisLe(Buffer.concat(Array.from({ length: 2 * IMPORTACAO.linhasMax }, () => linha)));
    expect(r).toEqual({ status: 400, body: { mensagem: MSG_IMPORTACAO.linhasDemais(IMPORTACAO.linhasMax) } });
  });

  it(
    'recusado antes de ler o arquivo (extensão), com 16 MB atrás: o 400 chega também',
    { timeout: 120_000 },
    async () => {
      const r = await escreveTudoDepoisLe(Buffer.alloc(16 * 1024 * 1024, 0x41), 'planilha.exe');
      expect(r).toEqual({
        status: 400,
        body: { mensagem: MSG.selecioneArquivo(funcionarioImportacaoApi.processar.extensions) },
      });
    },
  );
});
