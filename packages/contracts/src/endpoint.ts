import type { z } from 'zod';

/**
 * One API call as the seeds define it. The same object drives the Fastify
 * route (body validation, permission check, response typing) and the web
 * fetcher, so the two sides cannot drift apart.
 *
 * `permission`: the code the server demands (seed route/permission tables via
 * shared/spec/catalogue.json). `null` = public call, `0` = any logged-in user.
 * `altPermission`: a second code that also satisfies the check (e.g. create 20
 * or edit 21 on a create-or-update `salvar`). The service may narrow further
 * (edit needs 21 when an id is present).
 */
export interface Endpoint<TBody extends z.ZodType = z.ZodType, TResponse extends z.ZodType = z.ZodType> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly permission: number | null;
  readonly altPermission?: number;
  readonly body: TBody;
  readonly response: TResponse;
  /** Short Portuguese description for the OpenAPI page. */
  readonly summary: string;
}

export function defineEndpoint<TBody extends z.ZodType, TResponse extends z.ZodType>(
  e: Endpoint<TBody, TResponse>,
): Endpoint<TBody, TResponse> {
  return e;
}

export type BodyOf<E> = E extends Endpoint<infer B, z.ZodType> ? z.input<B> : never;
export type ParsedBodyOf<E> = E extends Endpoint<infer B, z.ZodType> ? z.output<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, infer R> ? z.output<R> : never;
