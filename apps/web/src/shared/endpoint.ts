import { useState } from 'react';
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
import type { BodyOf, Endpoint, ResponseOf, UploadEndpoint } from '@jornada/contracts';
import { ApiError, callApi, uploadFile, usuarioRequisicao } from './http';

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

/** What an upload screen passes: the fields (without the requester block, added here) and the file. */
export interface UploadInput<E extends UploadEndpoint> {
  fields: {
    [K in keyof BodyOf<E>]: BodyOf<E>[K] extends infer F
      ? F extends object
        ? Omit<F, 'usuarioRequisicao'>
        : F
      : never;
  };
  file: File;
}

export interface UploadApi<E extends UploadEndpoint> {
  readonly endpoint: E;
  /** The mutation, plus how much of the file has gone (0..1; null when nothing is being sent). */
  useMutation(
    options?: MutationHookOptions,
  ): UseMutationResult<ResponseOf<E>, ApiError, UploadInput<E>> & { progresso: number | null };
}

/**
 * The one way a screen sends a file (contracts defineUpload): typed fields,
 * the requester block added to each field that declares it (seed 001 §7:
 * jsonRequisicao carries usuarioRequisicao), and the upload's progress.
 */
export function uploadApi<E extends UploadEndpoint>(endpoint: E): UploadApi<E> {
  const shape = objectShape(endpoint.body) ?? {};
  const withRequester = (fields: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(fields).map(([k, v]) => {
        const inner = shape[k] ? objectShape(shape[k] as z.ZodType) : undefined;
        return [
          k,
          inner?.usuarioRequisicao !== undefined ? { ...(v as object), usuarioRequisicao: usuarioRequisicao() } : v,
        ];
      }),
    );
  return {
    endpoint,
    useMutation: (o = {}) => {
      const qc = useQueryClient();
      const [progresso, setProgresso] = useState<number | null>(null);
      const mutation = useMutation<ResponseOf<E>, ApiError, UploadInput<E>>({
        mutationFn: ({ fields, file }) => {
          setProgresso(0);
          return uploadFile(endpoint, withRequester(fields) as BodyOf<E>, file, { onProgress: setProgresso });
        },
        onSettled: () => setProgresso(null),
        onSuccess: () =>
          Promise.all((o.invalidates ?? []).map((e) => qc.invalidateQueries({ queryKey: keyOf(e) }))).then(
            () => undefined,
          ),
        ...(o.toast === false ? { meta: { toast: false } } : {}),
      });
      return { ...mutation, progresso };
    },
  };
}
