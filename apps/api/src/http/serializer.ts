import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as validatingSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialisation. Tests (and JORNADA_VALIDATE_RESPONSES=true) check
 * every response against its zod contract, so a handler that drifts from the
 * contract fails loudly. In production the contract is compiled once into a
 * fast-json-stringify function: several times faster on large lists, and it
 * still writes only the fields the contract declares, so nothing undeclared
 * (a hash, a tenant id) can leak.
 */
export function responseSerializer(validate: boolean): FastifySerializerCompiler<z.ZodType> {
  if (validate) return validatingSerializer as unknown as FastifySerializerCompiler<z.ZodType>;
  return ({ schema }) => compiled(schema);
}

const compiledBySchema = new WeakMap<z.ZodType, (data: unknown) => string>();

/** The contract's response schema compiled to a stringify function (memoised). */
export function compiled(schema: z.ZodType): (data: unknown) => string {
  let fn = compiledBySchema.get(schema);
  if (!fn) {
    const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
    fn = fastJson(json as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
    compiledBySchema.set(schema, fn);
  }
  return fn;
}

/**
 * An answer already serialised by its contract (a cached list): the route
 * sends the bytes as they are.
 */
export class RawJson {
  constructor(readonly body: string) {}
}
