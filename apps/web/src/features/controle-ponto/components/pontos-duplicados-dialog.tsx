import { Fragment, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { calendario, controlePontoApi } from '@jornada/contracts';
import { confirmAction } from '../../../components/ui/confirm';
import { toastForError, toastSuccess } from '../../../shared/toast';
import {
  analisarPontoDuplicado,
  buscarMarcacoesDuplicadas,
  buscarQuantidadeFuncionariosDuplicados,
  resolverPontoDuplicado,
} from '../api/controle-ponto-api';

const PD = controlePontoApi.PONTO_DUPLICADO_MSG;
const LOTE = controlePontoApi.PONTO_DUPLICADO_LIMITS.funcionariosPorChamada;
/** Seed 002 §9: the search pages and the resolve batches go 200 ms apart (the server is shared with the customer). */
const INTERVALO_MS = 200;
const CHAVE = 'jornada.pontosDuplicados';

type FuncionarioDuplicado = controlePontoApi.FuncionarioDuplicado;

/** The Controle filter the analysis runs on. */
export interface FiltroDuplicados {
  mes: number;
  ano: number;
  cnpj: number;
  ativo: boolean;
  idsCentrosCustos: number[];
  crachaNome: string;
}

/** The last analysis, kept in the browser session and restored for the same filter (seed 002 §2). */
function lembrado(filtro: FiltroDuplicados): FuncionarioDuplicado[] | null {
  try {
    const s = JSON.parse(sessionStorage.getItem(CHAVE) ?? 'null') as {
      filtro: string;
      funcionarios: FuncionarioDuplicado[];
    } | null;
    return s && s.filtro === JSON.stringify(filtro) ? s.funcionarios : null;
  } catch {
    return null;
  }
}
const lembrar = (filtro: FiltroDuplicados, funcionarios: FuncionarioDuplicado[]) =>
  sessionStorage.setItem(CHAVE, JSON.stringify({ filtro: JSON.stringify(filtro), funcionarios }));

const pausa = () => new Promise((r) => setTimeout(r, INTERVALO_MS));

/**
 * Análise de pontos duplicados (seed 002 §2 Controle, 70 vw; decision 0076),
 * for a support session: the Controle filter's employees searched in pages of
 * 50 with a progress bar, those with duplicates listed (each one's punches on
 * demand), 'Tudo OK! Sem pontos duplicados.' when none; Resolver todos
 * discards them in batches of 50 after a confirmation.
 */
export function PontosDuplicadosDialog({
  visible,
  onHide,
  filtro,
}: {
  visible: boolean;
  onHide: () => void;
  filtro: FiltroDuplicados;
}) {
  const [funcionarios, setFuncionarios] = useState<FuncionarioDuplicado[] | null>(() => lembrado(filtro));
  const [progresso, setProgresso] = useState<number | null>(null);
  const [aberto, setAberto] = useState<number | null>(null);
  const [chave, setChave] = useState(() => JSON.stringify(filtro));
  if (chave !== JSON.stringify(filtro)) {
    setChave(JSON.stringify(filtro));
    setFuncionarios(lembrado(filtro));
    setAberto(null);
  }
  const resolver = resolverPontoDuplicado.useMutation({ invalidates: [controlePontoApi.listar], toast: false });
  const ocupado = progresso !== null;

  const analisar = async () => {
    setProgresso(0);
    setAberto(null);
    try {
      const { totalFuncionarios } = await buscarQuantidadeFuncionariosDuplicados.fetch(filtro);
      const paginas = Math.ceil(totalFuncionarios / LOTE);
      const achados: FuncionarioDuplicado[] = [];
      for (let numPagina = 0; numPagina < paginas; numPagina++) {
        if (numPagina > 0) await pausa();
        achados.push(...(await analisarPontoDuplicado.fetch({ ...filtro, numPagina })).funcionarios);
        setProgresso(Math.round(((numPagina + 1) / paginas) * 100));
      }
      setFuncionarios(achados);
      lembrar(filtro, achados);
    } catch (e) {
      toastForError(e);
    } finally {
      setProgresso(null);
    }
  };

  const resolverTodos = () =>
    confirmAction({
      header: 'Resolver pontos duplicados',
      message: PD.confirmarResolver,
      danger: true,
      onAccept: () => {
        void (async () => {
          const ids = (funcionarios ?? []).map((f) => f.id);
          let descartadas = 0;
          let fechados = 0;
          setProgresso(0);
          try {
            for (let i = 0; i < ids.length; i += LOTE) {
              if (i > 0) await pausa();
              const r = await resolver.mutateAsync({
                mes: filtro.mes,
                ano: filtro.ano,
                cnpj: filtro.cnpj,
                idsFuncionarios: ids.slice(i, i + LOTE),
              });
              descartadas += r.descartadas;
              fechados += r.fechados;
              setProgresso(Math.round((Math.min(i + LOTE, ids.length) / ids.length) * 100));
            }
            toastSuccess(
              `${PD.resolvidos} ${descartadas} marcação(ões) descartada(s)` +
                (fechados > 0 ? `; ${fechados} funcionário(s) com o período fechado ficaram como estavam.` : '.'),
            );
            setFuncionarios([]);
            lembrar(filtro, []);
          } catch (e) {
            toastForError(e);
          } finally {
            setProgresso(null);
          }
        })();
      },
    });

  return (
    <Dialog
      header="Análise de pontos duplicados"
      visible={visible}
      onHide={() => {
        if (!ocupado) onHide();
      }}
      modal
      draggable={false}
      style={{ width: '70vw' }}
      breakpoints={{ '960px': '95vw' }}
      className="app-dialog"
    >
      <div className="duplicados-acoes">
        <Button type="button" label="Analisar" icon="pi pi-search" onClick={() => void analisar()} loading={ocupado} />
        {funcionarios && funcionarios.length > 0 ? (
          <Button
            type="button"
            label="Resolver todos"
            icon="pi pi-check"
            severity="danger"
            outlined
            disabled={ocupado}
            onClick={resolverTodos}
          />
        ) : null}
      </div>
      {ocupado ? (
        <div className="duplicados-barra" role="status" aria-live="polite">
          <ProgressBar value={progresso} showValue={false} aria-label="Progresso da análise" />
          <span>{progresso}%</span>
        </div>
      ) : null}
      {funcionarios === null ? (
        <p className="duplicados-texto">Analise os funcionários do filtro do Controle do Ponto.</p>
      ) : funcionarios.length === 0 ? (
        <Message severity="success" text={PD.tudoOk} className="w-full" />
      ) : (
        <table className="duplicados-tabela" aria-label="Funcionários com pontos duplicados">
          <thead>
            <tr>
              <th scope="col">Crachá</th>
              <th scope="col">Nome</th>
              <th scope="col">Duplicados</th>
              <th scope="col">Marcações</th>
            </tr>
          </thead>
          <tbody>
            {funcionarios.map((f) => (
              <Fragment key={f.id}>
                <tr>
                  <td>{f.cracha}</td>
                  <td>{f.nome}</td>
                  <td>{f.duplicadas}</td>
                  <td>
                    <Button
                      type="button"
                      text
                      size="small"
                      icon={aberto === f.id ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
                      aria-label={`Marcações de ${f.nome}`}
                      aria-expanded={aberto === f.id}
                      onClick={() => setAberto(aberto === f.id ? null : f.id)}
                    />
                  </td>
                </tr>
                {aberto === f.id ? (
                  <tr>
                    <td colSpan={4}>
                      <MarcacoesDoFuncionario filtro={filtro} funcionario={f.id} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}

/** The punches of the days with duplicates, the duplicates marked. */
function MarcacoesDoFuncionario({ filtro, funcionario }: { filtro: FiltroDuplicados; funcionario: number }) {
  const q = buscarMarcacoesDuplicadas.useQuery(
    { mes: filtro.mes, ano: filtro.ano, cnpj: filtro.cnpj, funcionario },
    { staleTime: 0 },
  );
  if (!q.data) return <p role="status">Carregando…</p>;
  return (
    <ul className="duplicados-marcacoes">
      {q.data.map((m) => (
        <li key={m.id} className={m.duplicada ? 'duplicada' : undefined}>
          {calendario.diaMesAno(m.dataHora.slice(0, 10))} {m.dataHora.slice(11)}
          {m.duplicada ? ' — duplicada' : ''}
        </li>
      ))}
    </ul>
  );
}
