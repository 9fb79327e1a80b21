import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import {
  LIMITE_SEM_FUNCIONARIO,
  PERM,
  formatCpf,
  formatPis,
  milhar,
  type MarcacaoSemFuncionario,
} from '@jornada/contracts';
import { ListTable, useListTable } from '../../../components/ui/list-table';
import { formatWallDateTime } from '../../../shared/format';
import { useHeldCodes } from '../../../shared/session';
import { listarMarcacoesSemFuncionario } from '../api/arquivo-afd-api';

/** What a consultation asks: the company and the period of the form. */
export interface ConsultaSemFuncionario {
  idCnpj: number;
  dataInicio: string;
  dataFinal: string;
}

/** Novo funcionário with the company and the documents of the punches filled in. */
export function urlCadastrarFuncionario(idCnpj: number, m: Pick<MarcacaoSemFuncionario, 'cpf' | 'pis'>): string {
  const q = new URLSearchParams({ empresa: String(idCnpj) });
  if (m.cpf) q.set('cpf', m.cpf);
  if (m.pis) q.set('pis', m.pis);
  return `/cadastros/funcionarios/novo?${q.toString()}`;
}

function documentos(m: MarcacaoSemFuncionario): string {
  const lidos = [m.cpf ? `CPF ${formatCpf(m.cpf)}` : null, m.pis ? `PIS ${formatPis(m.pis)}` : null].filter(Boolean);
  // A field no reading makes a valid CPF or PIS of: shown as the clock wrote it.
  return lidos.length > 0 ? lidos.join(' ou ') : `Identificador inválido: "${m.identificador.trim()}"`;
}

/**
 * Punches without an employee (issue 24 §5): per CPF/PIS as the clock wrote
 * it, with the clocks, how many and when; 'Cadastrar funcionário' opens Novo
 * funcionário filled in (code 25). Once the employee is saved, their punches
 * link and the row leaves the list. A row whose document an employee already
 * holds says who: those punches wait for a closed period to open, or for the
 * document to serve only one employee.
 */
export function MarcacoesSemFuncionario({ consulta }: { consulta: ConsultaSemFuncionario }) {
  const navigate = useNavigate();
  const held = useHeldCodes();
  const lista = listarMarcacoesSemFuncionario.useQuery({ ...consulta, fdb: 'f' });
  const table = useListTable();
  const linhas = lista.data ?? [];
  return (
    <section className="arquivo-afd-sem-funcionario" aria-label="Marcações sem funcionário">
      <h2>Marcações sem funcionário</h2>
      {linhas.length >= LIMITE_SEM_FUNCIONARIO ? (
        <p className="arquivo-afd-mais">
          Mostrando os {milhar(LIMITE_SEM_FUNCIONARIO)} documentos com mais marcações: reduza o período para ver os
          demais.
        </p>
      ) : null}
      <ListTable
        query={lista}
        table={table}
        value={linhas}
        dataKey="identificador"
        sortable={false}
        emptyMessage="Nenhuma marcação sem funcionário no período."
        ariaLabel="Marcações sem funcionário"
      >
        <Column header="CPF / PIS" body={documentos} />
        <Column header="Relógio" body={(m: MarcacaoSemFuncionario) => m.relogios.join(', ') || '—'} />
        <Column header="Marcações" body={(m: MarcacaoSemFuncionario) => milhar(m.quantidade)} />
        <Column header="Primeira" body={(m: MarcacaoSemFuncionario) => formatWallDateTime(m.primeira)} />
        <Column header="Última" body={(m: MarcacaoSemFuncionario) => formatWallDateTime(m.ultima)} />
        <Column
          header="Ação"
          body={(m: MarcacaoSemFuncionario) => {
            if (m.funcionarios.length > 0) {
              return (
                <span className="arquivo-afd-ja-cadastrado">
                  Já cadastrado: {m.funcionarios.map((f) => f.nome).join(', ')} (dia em período fechado ou documento de
                  mais de um funcionário)
                </span>
              );
            }
            if (!m.cpf && !m.pis) return null;
            return held.has(PERM.FUNCIONARIOS_NOVO) ? (
              <Button
                type="button"
                label="Cadastrar funcionário"
                icon="pi pi-user-plus"
                size="small"
                text
                onClick={() => void navigate(urlCadastrarFuncionario(consulta.idCnpj, m))}
              />
            ) : null;
          }}
        />
      </ListTable>
    </section>
  );
}
