/**
 * An expected failure of a use case: the status and the Portuguese `mensagem`
 * the client shows (seed 000 §8). Anything else thrown is a 500 with the
 * generic message and details only in the log.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 429,
    readonly mensagem: string,
    /** Extra response headers (Retry-After on 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(mensagem);
    this.name = 'AppError';
  }
}

export const badRequest = (m: string) => new AppError(400, m);
export const unauthorized = (m: string) => new AppError(401, m);
export const forbidden = (m: string) => new AppError(403, m);
export const notFound = (m: string) => new AppError(404, m);
export const conflict = (m: string) => new AppError(409, m);
/** Gone: a one-time code already used or expired (spec/devices.md §4(c)). */
export const gone = (m: string) => new AppError(410, m);
export const tooManyRequests = (m: string, retryAfterSeconds: number) =>
  new AppError(429, m, { 'Retry-After': String(retryAfterSeconds) });
