/**
 * Esc closes the innermost thing only (issue 24 §3). PrimeReact's dialogs,
 * calendars and menus share one document-level Esc handler that gives the key
 * to the topmost of them; its Dropdown, MultiSelect and AutoComplete close
 * their list on their own keydown and let the key go on — so the same Esc that
 * closed a list inside a dialog reached the dialog's handler and closed the
 * dialog too, with whatever had been typed in it.
 *
 * This listener sits on <body>, between React's root (where those components
 * handle the key) and the document (where the dialogs listen): when the Esc
 * was for a list that is open — its panel still in the page, closing — it
 * goes no further.
 */
const PAINEIS_QUE_FECHAM_SOZINHOS = ['.p-dropdown-panel', '.p-multiselect-panel', '.p-autocomplete-panel'].join(',');

function aoTeclar(e: KeyboardEvent): void {
  if (e.key !== 'Escape') return;
  if (e.target instanceof Element && e.target.ownerDocument.querySelector(PAINEIS_QUE_FECHAM_SOZINHOS)) {
    e.stopPropagation();
  }
}

/** Installs the listener once per document; answers its removal (tests). */
export function instalarEscInterno(doc: Document = document): () => void {
  doc.body.addEventListener('keydown', aoTeclar);
  return () => doc.body.removeEventListener('keydown', aoTeclar);
}
