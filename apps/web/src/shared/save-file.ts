import type { DownloadedFile } from './http';

/** Hands a downloaded file to the browser as a download (the report and document calls, seed 002 §7). */
export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.nomeArquivo ?? fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked on the next tick: the click has already started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
