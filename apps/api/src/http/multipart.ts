import { PassThrough, type Readable } from 'node:stream';
import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MSG, type UploadEndpoint } from '@jornada/contracts';
import { AppError, badRequest } from '../shared/app-error.js';
import type { UploadedFile } from '../shared/uploaded-file.js';
import { findControlCharacter } from './request-guards.js';

/**
 * The body of a multipart request, left unread: the upload handler reads it
 * part by part. It has no enumerable keys, so the generic guards that walk a
 * parsed body (control characters) see nothing here; the fields are checked
 * by `readUpload` instead.
 */
export class MultipartBody {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
}

/**
 * multipart/form-data for the routes of one encapsulated context only (the
 * upload routes): everywhere else such a request stays an unsupported type.
 * The payload handed over is the one the request guards wrapped, so the body
 * timeout still applies.
 */
export function acceptMultipart(scope: FastifyInstance): void {
  scope.addContentTypeParser('multipart/form-data', (_req, payload, done) => {
    done(null, new MultipartBody(payload));
  });
}

const FIELD_NAME_MAX = 100;

/**
 * Reads the fields of an upload call, then hands over its file as a stream.
 *
 * The fields (JSON texts) must come before the file: they are parsed and
 * validated with the contract's body schema before a byte of the file is
 * read, so a bad request is refused without receiving the file. The file
 * stream ends with an AppError when the upload breaks off (400) or passes
 * `maxBytes` (413).
 *
 * A refusal is answered only after the rest of the body has arrived (see
 * `drain`): the refusals here wait for it before they reject, and the
 * caller awaits `finish` before answering, whatever the handler left unread
 * (issue 22 §5). `finish` answers false when the body was cut instead: the
 * caller then closes the connection with its answer.
 */
export function readUpload<E extends UploadEndpoint>(
  e: E,
  req: FastifyRequest,
  limits: { maxFieldBytes: number; maxFileBytes: number },
): Promise<{ body: z.output<E['body']>; file: UploadedFile; finish: () => Promise<boolean> }> {
  const multipart = req.body;
  if (!(multipart instanceof MultipartBody)) {
    return Promise.reject(new AppError(415, MSG.envieArquivo(e.fileField)));
  }
  const fieldNames = Object.keys(fieldsShape(e));
  const maxBytes = Math.min(e.maxBytes, limits.maxFileBytes);
  return new Promise((resolve, reject) => {
    let settled = false;
    let bb: BusboyInstance | undefined;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      // The status travels with the error: a body cut at the cap closes the connection (errors.ts).
      void drain(multipart.stream, bb, maxBytes).then((whole) =>
        reject(whole || !(err instanceof AppError) ? err : withConnectionClose(err)),
      );
    };
    try {
      bb = Busboy({
        headers: req.headers as BusboyHeaders,
        limits: {
          fieldNameSize: FIELD_NAME_MAX,
          fieldSize: limits.maxFieldBytes,
          fields: fieldNames.length,
          files: 1,
          fileSize: maxBytes,
          parts: fieldNames.length + 1,
          headerPairs: 20,
        },
      });
    } catch {
      // No boundary, or a content type busboy cannot read.
      fail(badRequest(MSG.envieArquivo(e.fileField)));
      return;
    }
    const parser = bb;
    const fields: Record<string, unknown> = {};
    let file: PassThrough | undefined;

    parser.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (settled) return;
      if (!fieldNames.includes(name)) return fail(badRequest(MSG.corpoInvalido));
      if (valueTruncated) return fail(new AppError(413, MSG.requisicaoGrandeDemais));
      try {
        fields[name] = JSON.parse(value);
      } catch {
        return fail(badRequest(MSG.campoJsonInvalido(name)));
      }
    });

    parser.on('file', (name: string, stream: Readable, fileName: string) => {
      if (settled || name !== e.fileField) {
        stream.resume();
        if (!settled) fail(badRequest(name === e.fileField ? MSG.somenteUmArquivo : MSG.corpoInvalido));
        return;
      }
      const missing = fieldNames.filter((f) => !(f in fields));
      const where = findControlCharacter(fields);
      const parsed = e.body.safeParse(fields);
      const nomeArquivo = String(fileName ?? '').slice(0, 255);
      const problem =
        missing.length > 0
          ? badRequest(MSG.camposAntesDoArquivo(missing))
          : where !== undefined
            ? badRequest(MSG.caracteresDeControle(where))
            : !parsed.success
              ? badRequest(zodMessage(parsed.error))
              : !e.extensions.some((ext) => nomeArquivo.toLowerCase().endsWith(ext))
                ? badRequest(MSG.selecioneArquivo(e.extensions))
                : undefined;
      if (problem || !parsed.success) {
        stream.resume();
        return fail(problem ?? badRequest(MSG.corpoInvalido));
      }
      file = new PassThrough();
      // The reader learns of an error from its own read (an errored stream rejects the next one); this
      // listener only keeps an error raised while nobody is reading from crashing the process.
      file.on('error', () => undefined);
      stream.on('limit', () =>
        file?.destroy(new AppError(413, MSG.arquivoGrandeDemais(Math.floor(maxBytes / (1024 * 1024))))),
      );
      stream.on('error', () => file?.destroy(badRequest(MSG.arquivoIncompleto)));
      stream.pipe(file);
      settled = true;
      resolve({
        body: parsed.data as z.output<E['body']>,
        file: { nomeArquivo, stream: file },
        finish: () => {
          // Whatever the handler did not read is thrown away, so the request can end.
          file?.resume();
          stream.resume();
          return drain(multipart.stream, parser, maxBytes);
        },
      });
    });

    parser.on('filesLimit', () => fail(badRequest(MSG.somenteUmArquivo)));
    parser.on('fieldsLimit', () => fail(badRequest(MSG.corpoInvalido)));
    parser.on('partsLimit', () => fail(badRequest(MSG.corpoInvalido)));
    parser.on('error', () => {
      file?.destroy(badRequest(MSG.arquivoIncompleto));
      fail(badRequest(MSG.arquivoIncompleto));
    });
    parser.on('finish', () => fail(badRequest(MSG.selecioneArquivo(e.extensions))));
    multipart.stream.on('error', (err: Error) => {
      const appError = err instanceof AppError ? err : badRequest(MSG.arquivoIncompleto);
      file?.destroy(appError);
      fail(appError);
    });
    multipart.stream.pipe(parser);
  });
}

/** The same refusal, answered with `Connection: close` (the rest of its body is not read). */
function withConnectionClose(err: AppError): AppError {
  return new AppError(err.status, err.mensagem, { ...err.headers, Connection: 'close' });
}

/**
 * Reads and throws away the rest of a request body before its answer goes
 * out; answers whether the body ended (true) or was cut (false: broken, or
 * more than `maxBytes` still came).
 *
 * A refusal answered while the client is still writing lost the answer: Node
 * closes the connection after the answer (at once under `Connection: close`,
 * else when its keep-alive timer finds the half-read body stalled), and a
 * client that reads only after writing everything — most do — got EPIPE or
 * ECONNRESET instead of the 400 (issue 22 §5: a 16 MB binary file, a CSV past
 * its line limit). So the rest is read first, raw, without the multipart
 * parser — at most `maxBytes` (the file's own limit) more, so a refusal never
 * costs more than an accepted upload would; past that the connection is
 * closed with the answer.
 */
function drain(stream: Readable, parser: BusboyInstance | undefined, maxBytes: number): Promise<boolean> {
  if (stream.readableEnded) return Promise.resolve(true);
  if (stream.destroyed) return Promise.resolve(false);
  if (parser) stream.unpipe(parser);
  return new Promise((resolve) => {
    let bytesRead = 0;
    const done = (whole: boolean) => {
      stream.off('data', count);
      stream.off('end', ended);
      stream.off('error', broke);
      stream.off('close', broke);
      if (!whole) stream.pause();
      resolve(whole);
    };
    const count = (chunk: Buffer) => {
      bytesRead += chunk.length;
      // The file at its limit plus the multipart's closing lines.
      if (bytesRead > maxBytes + 64 * 1024) done(false);
    };
    const ended = () => done(true);
    const broke = () => done(stream.readableEnded);
    stream.on('data', count);
    stream.once('end', ended);
    stream.once('error', broke);
    stream.once('close', broke);
    stream.resume();
  });
}

function fieldsShape(e: UploadEndpoint): Record<string, unknown> {
  const shape = (e.body as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) throw new Error(`${e.path}: o corpo de um upload é um objeto de campos`);
  return shape;
}

/** "jsonColunas.cpf: Coluna CPF igual a coluna PIS" — the first problems, with their fields. */
function zodMessage(error: z.ZodError): string {
  return (
    error.issues
      .slice(0, 5)
      .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
      .join('; ') || MSG.corpoInvalido
  );
}
