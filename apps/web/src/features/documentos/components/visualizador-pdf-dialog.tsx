import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import '../documentos.css';

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
