import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

export const quantidadeNoticiasDoDia = defineEndpoint({
  method: 'GET',
  path: '/api/adm/mensagem/quantidade-do-dia',
  permission: 0,
  summary: 'Quantidade de notícias publicadas hoje (selo da barra superior)',
  body: z.strictObject({ fdb: z.string().max(5).optional() }),
  response: z.object({ quantidade: z.number() }),
});
