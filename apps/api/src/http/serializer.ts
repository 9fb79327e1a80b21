import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as validatingSerializer } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { compiled } from '../shared/serialized-json.js';

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

export { compiled, RawJson } from '../shared/serialized-json.js';
