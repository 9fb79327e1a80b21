import fastJson from 'fast-json-stringify';
import { z } from 'zod';

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
