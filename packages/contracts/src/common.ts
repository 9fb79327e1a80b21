import { z } from 'zod';

/**
 * The requester block every JSON POST carries (seed 000 §3). It is accepted so
 * the seeds' client can send it, and ignored for authorisation: identity and
 * scope come from the bearer token only (spec/architecture.md §2).
 */
export const usuarioRequisicao = z.unknown().optional();

/** Positive integer id as the wire sends it (number or numeric string). */
export const id = z.coerce
  .number({ error: 'Identificador inválido' })
  .int('Identificador inválido')
  .positive('Identificador inválido')
  .max(2_147_483_647, 'Identificador inválido');

export const mensagemResponse = z.object({ mensagem: z.string() });

/** A trimmed required text with the seed's message when empty. */
export const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `No máximo ${max} caracteres`);
