import { ProgressSpinner } from 'primereact/progressspinner';
import { useBusy } from '../../shared/activity';

/**
 * Seed 000 §2.4: an overlay while a call is in flight. The CSS fades it in
 * after a short delay so fast calls do not flash the screen.
 */
export function GlobalSpinner() {
  const busy = useBusy();
  if (!busy) return null;
  return (
    <div className="global-spinner" role="progressbar" aria-label="Carregando" aria-busy="true">
      <ProgressSpinner style={{ width: '3.5rem', height: '3.5rem' }} strokeWidth="4" />
    </div>
  );
}
