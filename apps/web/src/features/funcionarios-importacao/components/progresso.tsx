import { ProgressBar } from 'primereact/progressbar';
import '../funcionarios-importacao.css';

/**
 * The bar of a long call: the share of the file sent, then — while the
 * server reads the lines, or writes the employees — a moving bar.
 */
export function Progresso({ enviado, texto }: { enviado: number | null; texto: string }) {
  const percent = enviado === null ? null : Math.round(enviado * 100);
  return (
    <div className="importacao-progresso" role="status" aria-live="polite">
      <span>{percent !== null && percent < 100 ? `Enviando o arquivo… ${percent}%` : texto}</span>
      {percent !== null && percent < 100 ? (
        <ProgressBar value={percent} showValue={false} aria-label="Envio do arquivo" />
      ) : (
        <ProgressBar mode="indeterminate" aria-label={texto} />
      )}
    </div>
  );
}
