import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { z } from 'zod';
import type { BodyOf, Endpoint, ResponseOf } from '@jornada/contracts';
import { ApiError, callApi, usuarioRequisicao } from './http';

/** What a screen passes: the contract's body without the requester block, which is added here (seed 000 §3). */
export type InputOf<E> = BodyOf<E> extends infer B ? (B extends object ? Omit<B, 'usuarioRequisicao'> : B) : never;

export interface QueryHookOptions {
  enabled?: boolean;
  staleTime?: number;
  /** false: no generic error toast (background calls, pages that show the message inline). */
  toast?: boolean;
  /** Server-paged lists: the page being left stays on screen while the next one loads. */
  keepPrevious?: boolean;
}

export interface MutationHookOptions {
  /** Lists to reload after success (seed 000 §4: a register reloads after a save or delete). */
  invalidates?: readonly Endpoint[];
  toast?: boolean;
}

export interface EndpointApi<E extends Endpoint> {
  readonly endpoint: E;
  /** The plain fetcher (outside React: login, logout). */
  fetch(input: InputOf<E>, signal?: AbortSignal): Promise<ResponseOf<E>>;
  /** Query key of one call; `key()` alone is the prefix of every call of the endpoint. */
  key(input?: InputOf<E>): QueryKey;
  queryOptions(input: InputOf<E>, options?: QueryHookOptions): UseQueryOptions<ResponseOf<E>, ApiError>;
  useQuery(input: InputOf<E>, options?: QueryHookOptions): UseQueryResult<ResponseOf<E>, ApiError>;
  useMutation(options?: MutationHookOptions): UseMutationResult<ResponseOf<E>, ApiError, InputOf<E>>;
}

function objectShape(schema: z.ZodType): Record<string, unknown> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, unknown>;
  if (schema instanceof z.ZodOptional) return objectShape(schema.unwrap() as z.ZodType);
  return undefined;
}

const keyOf = (endpoint: Endpoint, input?: unknown): QueryKey =>
  input === undefined ? [endpoint.path] : [endpoint.path, input];

/**
 * The one way a screen talks to an endpoint: given a contract, the typed
 * fetcher and its TanStack Query hooks. Body and response types come from the
 * contract; responses are checked against it in development and tests
 * (shared/http.ts); query keys start with the path so a mutation can reload
 * every page of a list at once.
 */
export function endpointApi<E extends Endpoint>(endpoint: E): EndpointApi<E> {
  // Only bodies that declare usuarioRequisicao get it: strict bodies (login) would reject it.
  const takesRequester = objectShape(endpoint.body)?.usuarioRequisicao !== undefined;
  const bodyOf = (input: InputOf<E>) =>
    (takesRequester ? { ...(input ?? {}), usuarioRequisicao: usuarioRequisicao() } : input) as BodyOf<E>;
  const fetch = (input: InputOf<E>, signal?: AbortSignal) => callApi(endpoint, bodyOf(input), signal ? { signal } : {});
  const options = (input: InputOf<E>, o: QueryHookOptions = {}): UseQueryOptions<ResponseOf<E>, ApiError> => ({
    queryKey: keyOf(endpoint, input ?? null),
    queryFn: ({ signal }) => fetch(input, signal),
    ...(o.enabled === undefined ? {} : { enabled: o.enabled }),
    ...(o.staleTime === undefined ? {} : { staleTime: o.staleTime }),
    ...(o.toast === false ? { meta: { toast: false } } : {}),
    ...(o.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  return {
    endpoint,
    fetch,
    key: (input) => keyOf(endpoint, input),
    queryOptions: options,
    useQuery: (input, o) => useQuery(options(input, o)),
    useMutation: (o = {}) => {
      const qc = useQueryClient();
      return useMutation<ResponseOf<E>, ApiError, InputOf<E>>({
        mutationFn: (input) => fetch(input),
        onSuccess: () =>
          Promise.all((o.invalidates ?? []).map((e) => qc.invalidateQueries({ queryKey: keyOf(e) }))).then(
            () => undefined,
          ),
        ...(o.toast === false ? { meta: { toast: false } } : {}),
      });
    },
  };
}
