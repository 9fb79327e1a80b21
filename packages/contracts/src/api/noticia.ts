import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';

export const quantidadeNoticiasDoDia = defineEndpoint({
  method: 'GET',
  path: '/api/adm/mensagem/quantidade-do-dia',
  permission: 0,
  suporte: 'permitido',
  summary: 'Quantidade de notícias publicadas hoje (selo da barra superior)',
  body: z.strictObject({ fdb: z.string().max(5).optional() }),
  response: z.object({ quantidade: z.number() }),
});

/** A path number: digits only (a path segment is text), read as an integer in [min, max]. */
const pathNumber = (min: number, max: number, message: string) =>
  z
    .union([z.number({ error: message }), z.string({ error: message }).regex(/^\d{1,4}$/, message)], {
      error: message,
    })
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));

/**
 * A news item (seed 000 §3). `conteudo` carries the seeds' light markup
 * (@p/@ep paragraph, @b/@eb bold) as plain text: the browser turns the tokens
 * into elements and never reads the content as HTML. `atual` = published
 * today on the company's calendar.
 */
export const noticia = z.object({
  id: z.number(),
  titulo: z.string(),
  /** yyyy-mm-dd */
  dataPublicacao: z.string(),
  conteudo: z.string(),
  atual: z.boolean(),
});
export type Noticia = z.infer<typeof noticia>;

/**
 * Seed 000 §7: GET /api/adm/mensagem/listar/{a}/{b} — {a} the year, {b} the
 * month (catalogue reading). The screen's year range is 5 before to 1 after
 * the current year; the server accepts any plausible year.
 */
export const listarNoticias = defineEndpoint({
  method: 'GET',
  path: '/api/adm/mensagem/listar/:a/:b',
  permission: 0,
  suporte: 'permitido',
  summary: 'Lista as notícias publicadas num mês (a = ano, b = mês)',
  params: z.strictObject({
    a: pathNumber(LIMITS.anoMinimo, LIMITS.anoMaximo, MSG.anoInvalido),
    b: pathNumber(1, 12, MSG.mesInvalido),
  }),
  body: z.strictObject({ fdb: z.string().max(5).optional() }),
  response: z.array(noticia),
});
