import { z } from 'zod';
import { MSG } from './messages.js';

/**
 * The requester block every JSON POST carries (seed 000 §3). It is accepted so
 * the seeds' client can send it, and ignored for authorisation: identity and
 * scope come from the bearer token only (spec/architecture.md §2).
 */
export const usuarioRequisicao = z.unknown().optional();

/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * An id: an integer from 1 to 2147483647, as a JSON number or (query strings,
 * the seeds' client) a plain decimal string. Nothing else is read as an id:
 * not `true`, `[1]`, `"0x1"`, `" 1 "`, `"1e0"` or `1.0000001`. `message` is
 * what a missing or bad id says (e.g. 'Selecione uma empresa').
 */
export const idWith = (message: string) =>
  z
    .union([z.number({ error: message }), z.string({ error: message }).regex(/^[1-9][0-9]{0,9}$/, message)], {
      error: message,
    })
    .transform(Number)
    .pipe(z.number().int(message).min(1, message).max(MAX_ID, message));

export const id = idWith(MSG.idInvalido);

export const mensagemResponse = z.object({ mensagem: z.string() });

/**
 * The company (CNPJ) of a device register's call: `{ id }` as the seed's client sends it, or the bare id; read as
 * the id.
 */
export const cnpjRef = z.union(
  [
    z
      .strictObject({ id: idWith(MSG.selecioneEmpresa) })
      .loose()
      .transform((c) => c.id),
    idWith(MSG.selecioneEmpresa),
  ],
  { error: MSG.selecioneEmpresa },
);

/** A whole number from a query string (or JSON) within [min, max], with the screen's message. */
export const numeroDaConsulta = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** A trimmed required text with the seed's message when empty. */
export const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `No máximo ${max} caracteres`);

/**
 * The form of a coded register (seed 000 §5: Cargo, Centro de custo): code and
 * name. `gerarCodogioEmSequencia` keeps the seed's spelling. The code is
 * required unless the automatic sequence is on for a new record; on edit it is
 * always required.
 */
export function codedRegisterForm(limits: { codigo: number; nome: number }) {
  return z
    .strictObject({
      id: id.nullish(),
      codigo: z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .pipe(z.string().max(limits.codigo, `Código: no máximo ${limits.codigo} caracteres`))
        .nullish(),
      nome: z
        .string({ error: MSG.informeNome })
        .trim()
        .min(1, MSG.informeNome)
        .max(limits.nome, `Nome: no máximo ${limits.nome} caracteres`),
      gerarCodogioEmSequencia: z.boolean().optional().default(true),
    })
    .superRefine((c, ctx) => {
      const editing = c.id !== null && c.id !== undefined;
      const auto = !editing && c.gerarCodogioEmSequencia !== false;
      if (!auto && (c.codigo === null || c.codigo === undefined || c.codigo === '')) {
        ctx.addIssue({ code: 'custom', path: ['codigo'], message: MSG.informeCodigo });
      }
    });
}

/** True for a real calendar day written yyyy-mm-dd (no 2026-02-30). */
export function isWireDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A date on the wire (seed 000 §9: yyyy-mm-dd), required, with the screen's message when missing. */
export const wireDate = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isWireDate, MSG.dataInvalida);

/** 12345 → '12.345' (pt-BR), without depending on the runtime's locale data. */
export const milhar = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
