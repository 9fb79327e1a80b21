import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import {
  IK_RESPONSE_HEADER,
  MSG,
  decodeIkResponse,
  defineDownload,
  defineEndpoint,
  encodeIkResponse,
} from '@jornada/contracts';
import type { AuthContext } from '../shared/auth-context.js';
import { badRequest } from '../shared/app-error.js';
import { endpointRoute } from './endpoint-route.js';
import { registerErrorHandling } from './errors.js';
import { responseSerializer } from './serializer.js';

/** A file call as the ~40 report and document calls will declare it. */
const relatorio = defineDownload({
  method: 'POST',
  path: '/api/teste/relatorio/pdf',
  permission: 126,
  suporte: 'permitido',
  summary: 'Relatório de teste',
  contentTypes: ['application/pdf'],
  body: z.strictObject({ mes: z.number().int().min(1).max(12) }),
});

const session = (codes: number[]): AuthContext => ({
  sessionId: 1,
  tenantId: 1,
  userId: 1,
  nome: 'Teste',
  email: 't@x',
  nomeLogin: 't@x',
  permissoes: new Set([0, ...codes]),
});

describe('contrato de download (ik-response)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializer(true));
    registerErrorHandling(app);
    const router = endpointRoute({
      app,
      resolveSession: async (token) => (token === 'com' ? session([126]) : token === 'sem' ? session([]) : undefined),
    });
    router.download(relatorio, async ({ body }) => {
      if (body.mes === 2) throw badRequest('Nenhum dado no período selecionado.');
      return {
        nomeArquivo: `Relatório de março ${body.mes}.pdf`,
        contentType: 'application/pdf',
        body: Buffer.from('%PDF-1.7 teste'),
      };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (token: string | undefined, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: relatorio.path,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify(payload),
    });

  it('devolve o arquivo com o status e o nome em ik-response', async () => {
    const r = await post('com', { mes: 3 });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.body).toBe('%PDF-1.7 teste');
    expect(decodeIkResponse(r.headers[IK_RESPONSE_HEADER] as string)).toEqual({
      status: 'OK',
      nomeArquivo: 'Relatório de março 3.pdf',
    });
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="Relatorio de marco 3.pdf"; filename*=UTF-8''${encodeURIComponent('Relatório de março 3.pdf')}`,
    );
  });

  it.each([
    ['sem sessão', undefined, { mes: 3 }, 401, MSG.naoAutenticado],
    ['sem o código', 'sem', { mes: 3 }, 403, MSG.semPermissao],
    ['corpo inválido', 'com', { mes: 13 }, 400, undefined],
    ['recusa do serviço', 'com', { mes: 2 }, 400, 'Nenhum dado no período selecionado.'],
  ])('%s → erro também em ik-response', async (_n, token, payload, status, mensagem) => {
    const r = await post(token, payload);
    expect(r.statusCode).toBe(status);
    const ik = decodeIkResponse(r.headers[IK_RESPONSE_HEADER] as string);
    expect(ik?.status).toBe('ERRO');
    expect(ik?.mensagem).toBe(r.json().mensagem);
    if (mensagem) expect(ik?.mensagem).toBe(mensagem);
  });

  it('ik-response é ASCII no cabeçalho e volta ao português', () => {
    const text = encodeIkResponse({ status: 'ERRO', mensagem: 'Não há marcações no período — verifique.' });
    expect(text).toMatch(/^[\x20-\x7e]+$/);
    expect(decodeIkResponse(text)?.mensagem).toBe('Não há marcações no período — verifique.');
    expect(decodeIkResponse('lixo')).toBeUndefined();
  });
});

describe('endpointRoute: a declaração de suporte (decisão 0064)', () => {
  it("uma chamada pública declarada suporte: 'negado' não se liga: sem sessão, não há o que recusar", async () => {
    const app = Fastify();
    const router = endpointRoute({ app, resolveSession: async () => undefined });
    const publica = defineEndpoint({
      method: 'POST',
      path: '/api/teste/publica',
      permission: null,
      suporte: 'negado',
      summary: 'teste',
      body: z.strictObject({}),
      response: z.object({}),
    });
    expect(() => router.public(publica, async () => ({}))).toThrow(/suporte 'permitido'/);
    await app.close();
  });
});
