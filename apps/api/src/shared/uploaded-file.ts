import type { Readable } from 'node:stream';

/**
 * A file received by an upload call (contracts `defineUpload`), as a service
 * sees it: its name and its bytes as they arrive. Reading the stream may fail
 * with an AppError (the upload broke off, the file passed its limit), which
 * the service lets through to the client.
 */
export interface UploadedFile {
  readonly nomeArquivo: string;
  readonly stream: Readable;
}
