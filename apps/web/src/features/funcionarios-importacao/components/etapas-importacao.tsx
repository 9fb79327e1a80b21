import { Steps } from 'primereact/steps';
import '../funcionarios-importacao.css';

const ETAPAS = [{ label: 'Configurar' }, { label: 'Validar' }, { label: 'Confirmar' }, { label: 'Finalizar' }];

/** Seed 001 §4: Configurar, then Validar, then Confirmar, then Finalizar. */
export function EtapasImportacao({ atual }: { atual: 0 | 1 | 2 | 3 }) {
  return (
    <Steps
      model={ETAPAS}
      activeIndex={atual}
      readOnly
      className="importacao-etapas"
      aria-label="Etapas da importação"
    />
  );
}
