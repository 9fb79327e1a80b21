import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { SolicitacaoDocumento } from '@jornada/contracts';
import './solicitacao.css';

type Arquivo = Pick<SolicitacaoDocumento, 'nomeArquivo' | 'tipoDocumento'>;

/** Seed 002 §2 History, §4: a PDF opens in the viewer, any other file downloads. */
export const ehPdf = (s: Arquivo) => /\.pdf$/i.test(s.nomeArquivo ?? '') || s.tipoDocumento === 'pdf';

/** A produced PDF opened in a viewer (seed 002 §2 History), with a way to save it. */
export function VisualizadorPdfDialog({
  arquivo,
  onHide,
}: {
  arquivo: { link: string; nome: string } | null;
  onHide: () => void;
}) {
  return (
    <Dialog
      header={arquivo?.nome ?? ''}
      visible={arquivo !== null}
      onHide={onHide}
      maximizable
      style={{ width: 'min(64rem, 95vw)' }}
      footer={
        arquivo ? (
          <Button
            label="Baixar"
            icon="pi pi-download"
            outlined
            onClick={() => baixarArquivo(arquivo.link, arquivo.nome)}
          />
        ) : null
      }
    >
      {arquivo ? <iframe className="pdf-viewer" title={arquivo.nome} src={arquivo.link} /> : null}
    </Dialog>
  );
}

/** Saves the file behind a signed link under its name (the link itself is the credential). */
export function baixarArquivo(link: string, nome: string): void {
  const a = document.createElement('a');
  a.href = link;
  a.download = nome;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Opening a request's file the one way (seed 002 §2 History, §4 'Generated
 * file'): `abrir` shows a PDF in the viewer and downloads anything else;
 * `dialogo` is the viewer, to be rendered by the screen. Whether the link is
 * still valid is the caller's to check.
 */
export function useArquivoSolicitacao(): {
  abrir: (s: Arquivo & { link: string }) => void;
  dialogo: ReactNode;
} {
  const [pdf, setPdf] = useState<{ link: string; nome: string } | null>(null);
  const abrir = (s: Arquivo & { link: string }) => {
    const nome = s.nomeArquivo ?? 'arquivo';
    if (ehPdf(s)) setPdf({ link: s.link, nome });
    else baixarArquivo(s.link, nome);
  };
  return { abrir, dialogo: <VisualizadorPdfDialog arquivo={pdf} onHide={() => setPdf(null)} /> };
}
