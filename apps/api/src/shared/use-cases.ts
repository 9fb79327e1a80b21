/**
 * A module split by use case (decision 0068): each use case is a function of
 * the module's context first, then its own arguments. `withContext` gives the
 * module's service object, the same one routes and other modules call: each
 * use case with the context already passed.
 */
export type UseCase<C> = (ctx: C, ...args: never[]) => unknown;

export type WithContext<C, F extends Record<string, UseCase<C>>> = {
  [K in keyof F]: F[K] extends (ctx: C, ...args: infer A) => infer R ? (...args: A) => R : never;
};

export function withContext<C, F extends Record<string, UseCase<C>>>(ctx: C, useCases: F): WithContext<C, F> {
  return Object.fromEntries(
    Object.entries(useCases).map(([name, useCase]) => [
      name,
      (...args: never[]) => (useCase as (ctx: C, ...rest: never[]) => unknown)(ctx, ...args),
    ]),
  ) as WithContext<C, F>;
}
