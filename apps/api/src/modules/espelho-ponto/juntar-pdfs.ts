import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/**
 * The batches' PDFs one after another in one document, each page numbered
 * 'Página n de N' across the whole of it. The espelho of many employees is
 * laid out in batches because pdfmake holds a whole document's layout in
 * memory (a thousand employees at once took a gigabyte); the numbers come
 * last so they run through the batches.
 */
export async function juntarPdfs(partes: readonly Uint8Array[]): Promise<Uint8Array> {
  const destino = await PDFDocument.create();
  // The viewer's title bar shows this, not the link's last segment (the storage key).
  destino.setTitle('Espelho de Ponto', { showInWindowTitleBar: true });
  destino.setCreator('Jornada');
  for (const parte of partes) {
    const origem = await PDFDocument.load(parte);
    const paginas = await destino.copyPages(origem, origem.getPageIndices());
    for (const p of paginas) destino.addPage(p);
  }
  // Helvetica's WinAnsi has the 'á'; the standard font is not embedded, so numbering adds no weight.
  const fonte = await destino.embedFont(StandardFonts.Helvetica);
  const total = destino.getPageCount();
  destino.getPages().forEach((pagina, i) => {
    const texto = `Página ${i + 1} de ${total}`;
    const tamanho = 7;
    pagina.drawText(texto, {
      x: pagina.getWidth() - 28 - fonte.widthOfTextAtSize(texto, tamanho),
      y: 16,
      size: tamanho,
      font: fonte,
      color: rgb(0.27, 0.27, 0.27),
    });
  });
  return destino.save();
}
