import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';

export const quantidadeNoticiasDoDia = defineEndpoint({
  method: 'GET',
  path: '/api/adm/mensagem/quantidade-do-dia',
  permission: 0,
  summary: 'Quantidade de notícias publicadas hoje (selo da barra superior)',
  body: z.strictObject({ fdb: z.string().max(5).optional() }),
  response: z.object({ quantidade: z.number() }),
});

/** A news item as the customer's Notícias screen shows it (seed 000 §3). */
export const noticia = z.object({
  id: z.number(),
  titulo: z.string(),
  /** yyyy-mm-dd */
  dataPublicacao: z.string(),
  /** Light markup: @p … @ep paragraph, @b … @eb bold (seed 000 §2.6). */
  conteudo: z.string(),
  /** Published today on the company's calendar (the screen shows it in bold). */
  atual: z.boolean(),
});
export type Noticia = z.infer<typeof noticia>;

const pathNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * The news of one month (a = year, b = month, path parameters as the seed
 * calls them): the items for every customer and those aimed at the caller's.
 */
export const listarNoticias = defineEndpoint({
  method: 'GET',
  path: '/api/adm/mensagem/listar/:a/:b',
  permission: 0,
  summary: 'Notícias publicadas no mês (a = ano, b = mês)',
  body: z.strictObject({
    a: pathNumber(1900, 9999, MSG.anoInvalido),
    b: pathNumber(1, 12, MSG.mesInvalido),
    fdb: z.string().max(5).optional(),
  }),
  response: z.array(noticia),
});
