import { useState } from 'react';
import { Column } from 'primereact/column';
import { Message } from 'primereact/message';
import { MSG_IMPORTACAO, type ResumoImportacao } from '@jornada/contracts';
import { AppDataTable } from '../../../components/ui/data-table';
import '../funcionarios-importacao.css';

const POR_PAGINA = [10, 20, 50];

/**
 * Validar (seed 001 §3: 'Linhas com erros: N'): how many lines the file had,
 * how many employees it will create, and each line with errors and why.
 */
export function ErrosImportacao({ resumo }: { resumo: ResumoImportacao }) {
  const [pagina, setPagina] = useState({ first: 0, rows: POR_PAGINA[0]! });
  const omitidas = resumo.qtdLinhasErros - resumo.linhasErros.length;
  return (
    <div className="importacao-resumo">
      <dl className="importacao-contagens">
        <div>
          <dt>Linhas lidas</dt>
          <dd>{resumo.qtdLinhas}</dd>
        </div>
        <div>
          <dt>Funcionários a importar</dt>
          <dd>{resumo.qtdFuncionarios}</dd>
        </div>
      </dl>
      <h2 className="importacao-erros-titulo">Linhas com erros: {resumo.qtdLinhasErros}</h2>
      {resumo.qtdLinhasErros === 0 ? (
        <Message severity="success" text="Nenhuma linha com erro: todas as linhas serão importadas." />
      ) : (
        <>
          <AppDataTable
            value={resumo.linhasErros}
            dataKey="linha"
            first={pagina.first}
            rows={pagina.rows}
            rowsPerPageOptions={POR_PAGINA}
            onPage={(first, rows) => setPagina({ first, rows })}
            emptyMessage="Nenhuma linha com erro"
            ariaLabel="Linhas com erros"
          >
            <Column field="linha" header="Linha" style={{ width: '7rem' }} />
            <Column field="motivo" header="Motivo" />
          </AppDataTable>
          {omitidas > 0 ? <p className="form-note-block">{MSG_IMPORTACAO.errosOmitidos(omitidas)}</p> : null}
        </>
      )}
      {resumo.qtdFuncionarios === 0 ? <Message severity="warn" text={MSG_IMPORTACAO.nenhumFuncionarioValido} /> : null}
    </div>
  );
}
