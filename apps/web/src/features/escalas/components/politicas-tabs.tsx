import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { escalaApi } from '@jornada/contracts';
import { IntegerControl, NumberControl } from '../../../components/ui/number-control';
import { SelectControl } from '../../../components/ui/select-control';
import type { EscalaForm } from '../model/form-model';
import { HoraControl } from './escala-controls';
import { CheckControl } from '../../../components/ui/form-controls';
import '../escalas.css';

type Form = { form: UseFormReturn<EscalaForm> };
const { ESCALA_LIMITS: L } = escalaApi;

const opcoes = (lista: readonly { valor: number; descricao: string }[]) =>
  lista.map((o) => ({ label: o.descricao, value: o.valor }));

/** Seed 001 §4: choosing the pre-marked or the nonexistent meal option warns for 60 s (ours: what it means). */
export const AVISO_REFEICAO_MS = 60_000;
export const AVISO_REFEICAO: Record<2 | 3, string> = {
  2: 'Refeição inexistente: a escala não prevê intervalo de refeição; uma pausa marcada conta como excesso de intervalo.',
  3: 'Refeição pré-assinalada: o funcionário marca somente a entrada e a saída; o intervalo do quadro de horários é considerado automaticamente.',
};

/** Contratual (seed 001 §3 Politica contratual; defaults §9; effects calculation-rules §3.2). */
export function ContratualTab({ form }: Form) {
  const { control } = form;
  const [aviso, setAviso] = useState<2 | 3 | null>(null);
  useEffect(() => {
    if (aviso === null) return;
    const t = setTimeout(() => setAviso(null), AVISO_REFEICAO_MS);
    return () => clearTimeout(t);
  }, [aviso]);
  return (
    <div className="form-grid">
      <div className="form-row">
        <SelectControl
          control={control}
          name="politicaContratual.parametroRefeicao"
          id="contratual-refeicao"
          label="Parâmetro de refeição"
          options={opcoes(escalaApi.PARAMETROS_REFEICAO)}
          // The flexible option (4) hides the warning.
          onValueChange={(v) => setAviso(v === 2 || v === 3 ? v : null)}
        />
        <SelectControl
          control={control}
          name="politicaContratual.controleFalta"
          id="contratual-controle-falta"
          label="Controle de falta"
          options={opcoes(escalaApi.CONTROLES_FALTA)}
        />
      </div>
      {aviso !== null ? (
        <div className="escala-aviso" role="status">
          <i className="pi pi-info-circle" aria-hidden="true" />
          {AVISO_REFEICAO[aviso]}
        </div>
      ) : null}
      <div className="form-row">
        <HoraControl control={control} name="politicaContratual.horasDSR" id="contratual-horas-dsr" label="Horas DSR" />
        <HoraControl
          control={control}
          name="politicaContratual.tempoInterjornada"
          id="contratual-interjornada"
          label="Tempo de interjornada"
        />
        <NumberControl
          control={control}
          name="politicaContratual.horasMensaisalistas"
          id="contratual-horas-mensais"
          label="Horas mensalistas"
          min={0}
          max={744}
          decimals={2}
        />
      </div>
      <div className="form-row">
        <HoraControl
          control={control}
          name="politicaContratual.horaAdicionalNoturnoDe"
          id="contratual-noturno-de"
          label="Adicional noturno de"
        />
        <HoraControl
          control={control}
          name="politicaContratual.horaAdicionalNoturnaAte"
          id="contratual-noturno-ate"
          label="Adicional noturno até"
        />
        <NumberControl
          control={control}
          name="politicaContratual.duracaoHoraNoturna"
          id="contratual-hora-noturna"
          label="Duração da hora noturna (minutos)"
          min={0}
          max={60}
          decimals={2}
        />
      </div>
      <div className="form-checks">
        <CheckControl
          control={control}
          name="politicaContratual.descontarIntervalosNoturno"
          id="contratual-descontar-intervalos-noturno"
          label="Descontar intervalos no período noturno"
        />
        <CheckControl
          control={control}
          name="politicaContratual.descontarSegundoIntervalo"
          id="contratual-descontar-segundo-intervalo"
          label="Descontar segundo intervalo"
        />
      </div>
    </div>
  );
}

/** DSR (seed 001 §3 Politica DSR; calculation-rules §3.3). */
export function DsrTab({ form }: Form) {
  const { control } = form;
  return (
    <div className="form-grid">
      <div className="form-row">
        <SelectControl
          control={control}
          name="politicaDSR.pagarDSR"
          id="dsr-pagar"
          label="Pagar DSR"
          options={opcoes(escalaApi.PAGAMENTOS_DSR)}
        />
        <SelectControl
          control={control}
          name="politicaDSR.perdaDSRDesconta"
          id="dsr-perda"
          label="Perda do DSR desconta"
          options={opcoes(escalaApi.PERDAS_DSR)}
        />
        <SelectControl
          control={control}
          name="politicaDSR.descontoDSR"
          id="dsr-desconto"
          label="Perde o DSR com"
          options={opcoes(escalaApi.DESCONTOS_DSR)}
        />
      </div>
    </div>
  );
}

/** Atrasos (seed 001 §3 Politica atrasos): tolerances in minutes per day. */
export function AtrasosTab({ form }: Form) {
  const { control } = form;
  return (
    <div className="form-grid">
      <div className="form-row">
        <IntegerControl
          control={control}
          name="politicaAtraso.atrasoMaximoDiaMinuto"
          id="atrasos-atraso"
          label="Atraso máximo por dia (minutos)"
          min={0}
          max={L.minutosTolerancia}
        />
        <IntegerControl
          control={control}
          name="politicaAtraso.saidaAntecipadaMaximoDiaMinuto"
          id="atrasos-saida"
          label="Saída antecipada máxima por dia (minutos)"
          min={0}
          max={L.minutosTolerancia}
        />
        <IntegerControl
          control={control}
          name="politicaAtraso.excessoIRMaximoDiaMinuto"
          id="atrasos-excesso"
          label="Excesso no intervalo de refeição por dia (minutos)"
          min={0}
          max={L.minutosTolerancia}
        />
      </div>
    </div>
  );
}
