import { useEffect } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { controlePontoApi } from '@jornada/contracts';
import type { MenuItem } from 'primereact/menuitem';
import { diaMes, horas, temTerceiroPar } from '../marcacoes-formato';
import { MenuAcoesDia } from './acoes-dia';

type DiaPonto = controlePontoApi.DiaPonto;
type Sumario = NonNullable<controlePontoApi.MarcacoesMes['sumario']>;

const hora = (campo: 'entrada1' | 'saida1' | 'entrada2' | 'saida2' | 'entrada3' | 'saida3') => (p: DiaPonto) =>
  p[campo] ?? '';

/** Why a day from today on shows no absence (decision 0073). */
const DIA_EM_ABERTO_DICA = 'Dia em aberto: faltas, atrasos e falta de marcação são apurados quando o dia terminar';

/** A signed quantity: red when negative (seed 002 §2). */
export const Valor = ({ minutos }: { minutos: number | null }) => (
  <span className={minutos !== null && minutos < 0 ? 'marcacoes-negativo' : undefined}>{horas(minutos)}</span>
);

/**
 * Marcações, tab Detalhes (seed 002 §2, §3): a row a day — the date red when
 * the day is irregular and bold with pending items; the third pair only when
 * some day has it; each row opens its explanation ("Por quê?"). Enter or
 * Space on a row opens it too.
 */
export function DetalhesMarcacoes({
  pontos,
  sumario,
  onExplicar,
  acoesDoDia,
  diaAtual = null,
}: {
  pontos: readonly DiaPonto[];
  sumario: Sumario | null;
  onExplicar: (dia: string) => void;
  /** The day actions the user may take on each day (absent: none, e.g. a closed period). */
  acoesDoDia?: ((p: DiaPonto) => MenuItem[]) | undefined;
  /** The day the keyboard is on (teclado-marcacoes.tsx): its row is marked and kept in view. */
  diaAtual?: string | null;
}) {
  useEffect(() => {
    if (diaAtual === null) return;
    document.querySelector('.marcacoes-dia-atual')?.scrollIntoView?.({ block: 'nearest' });
  }, [diaAtual]);
  const terceiro = temTerceiroPar(pontos);
  return (
    <>
      <DataTable
        value={pontos as DiaPonto[]}
        dataKey="id"
        size="small"
        stripedRows
        scrollable
        className="tabela-marcacoes"
        aria-label="Dias do mês"
        rowClassName={(p: DiaPonto) => ({
          'marcacoes-pendente': p.temPendencias,
          'marcacoes-dia-atual': p.dia === diaAtual,
        })}
        emptyMessage="Nenhum dia calculado."
      >
        <Column
          header="Dia"
          body={(p: DiaPonto) => (
            <span
              className={p.irregular ? 'marcacoes-irregular' : p.emAberto ? 'marcacoes-em-aberto' : undefined}
              title={p.irregular ? 'Dia irregular' : p.emAberto ? DIA_EM_ABERTO_DICA : undefined}
            >
              {diaMes(p.dia)}
              {p.emAberto ? <i className="pi pi-clock marcacoes-em-aberto-icone" aria-label="Dia em aberto" /> : null}
            </span>
          )}
          bodyClassName="nowrap"
          frozen
        />
        <Column header="Sem." field="diaDaSemana" />
        <Column header="Marcações" field="descricaoMarcacoes" bodyClassName="marcacoes-batidas" />
        <Column header="Ent. 1" body={hora('entrada1')} bodyClassName="marcacoes-num" />
        <Column header="Saí. 1" body={hora('saida1')} bodyClassName="marcacoes-num" />
        <Column header="Ent. 2" body={hora('entrada2')} bodyClassName="marcacoes-num" />
        <Column header="Saí. 2" body={hora('saida2')} bodyClassName="marcacoes-num" />
        {terceiro ? <Column header="Ent. 3" body={hora('entrada3')} bodyClassName="marcacoes-num" /> : null}
        {terceiro ? <Column header="Saí. 3" body={hora('saida3')} bodyClassName="marcacoes-num" /> : null}
        <Column header="Jornada" field="jornadaFormatada" bodyClassName="marcacoes-num" />
        <Column
          header="Faltantes"
          body={(p: DiaPonto) => (p.horasFaltantesFormatada === '00:00' ? '' : p.horasFaltantesFormatada)}
          bodyClassName="marcacoes-num marcacoes-faltantes"
        />
        <Column header="Horário" field="codigoHorario" bodyClassName="marcacoes-num" />
        <Column header="Ocorrências" field="ocorrenciaMarcacoes" />
        <Column header="Eventos" field="descricaoEventos" style={{ minWidth: '13rem' }} />
        <Column
          header="Por quê?"
          body={(p: DiaPonto) => (
            <Button
              icon="pi pi-question-circle"
              rounded
              text
              severity="secondary"
              aria-label={`Por quê? ${diaMes(p.dia)}`}
              onClick={() => onExplicar(p.dia)}
            />
          )}
          headerClassName="col-actions"
          bodyClassName="col-actions"
          frozen
          alignFrozen="right"
        />
        {acoesDoDia ? (
          // Frozen at the right edge: on a narrow screen the day's actions stay in reach beside its date.
          <Column
            header="Ações"
            body={(p: DiaPonto) => <MenuAcoesDia dia={p} itens={acoesDoDia(p)} />}
            headerClassName="col-actions"
            bodyClassName="col-actions"
            frozen
            alignFrozen="right"
          />
        ) : null}
      </DataTable>
      {sumario ? <SumarioMes s={sumario} /> : null}
    </>
  );
}

/** The month summary under the table (seed 002 §3 "Monthly summary"). */
function SumarioMes({ s }: { s: Sumario }) {
  const itens: [string, React.ReactNode][] = [
    ['Dias trabalhados', s.diasTrabalhados],
    ['Jornada', horas(s.jornada)],
    ['Jornada + abono', horas(s.jornadaEAbono)],
    ['Horas extras', horas(s.horasExtras)],
    ['Outros eventos', horas(s.outrosEventos)],
  ];
  if (s.saldoFinal !== null)
    itens.push(
      ['Saldo anterior BH', <Valor key="a" minutos={s.saldoAnteriorBH} />],
      ['Créditos BH', <Valor key="c" minutos={s.creditosBH} />],
      ['Débitos BH', <Valor key="d" minutos={s.debitosBH} />],
      ['Saldo final BH', <Valor key="f" minutos={s.saldoFinal} />],
    );
  return (
    <dl className="sumario-marcacoes" aria-label="Sumário do mês">
      {itens.map(([rotulo, valor]) => (
        <div key={rotulo}>
          <dt>{rotulo}</dt>
          <dd>{valor}</dd>
        </div>
      ))}
    </dl>
  );
}
