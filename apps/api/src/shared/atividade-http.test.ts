import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AtividadeHttp, JANELA_MS, marcarRequisicoes } from './atividade-http.js';

describe('atividade HTTP do processo (decisão 0089)', () => {
  it('sem requisição nunca está ocupado; uma requisição o ocupa até JANELA_MS depois da última marca', () => {
    let agora = 1_000;
    const a = new AtividadeHttp(() => agora);
    expect(a.ocupado()).toBe(false);
    a.marcar();
    expect(a.ocupado()).toBe(true);
    agora += JANELA_MS - 1;
    expect(a.ocupado()).toBe(true);
    a.marcar(); // the answer ended: the window starts again
    agora += JANELA_MS - 1;
    expect(a.ocupado()).toBe(true);
    agora += 1;
    expect(a.ocupado()).toBe(false);
  });

  it('o servidor marca a chegada de cada requisição e o fim da sua resposta', async () => {
    let agora = 1_000;
    const a = new AtividadeHttp(() => agora);
    const app = Fastify();
    marcarRequisicoes(app, a);
    // The answer takes "4 s": only a mark at its end keeps the side busy after it.
    app.get('/lenta', async () => {
      agora = 5_000;
      return { ok: true };
    });
    await app.ready();
    try {
      expect((await app.inject({ url: '/lenta' })).statusCode).toBe(200);
      agora = 5_000 + JANELA_MS - 1;
      expect(a.ocupado()).toBe(true);
      agora = 5_000 + JANELA_MS;
      expect(a.ocupado()).toBe(false);
    } finally {
      await app.close();
    }
  });
});
