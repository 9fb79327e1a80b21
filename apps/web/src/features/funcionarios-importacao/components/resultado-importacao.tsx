import { Message } from 'primereact/message';
import type { ResultadoImportacao } from '@jornada/contracts';
import '../funcionarios-importacao.css';

/** Finalizar: what the save did. */
export function ResultadoImportacaoView({ resultado }: { resultado: ResultadoImportacao }) {
  return (
    <div className="importacao-resumo">
      <Message severity="success" text={resultado.mensagem} />
      <dl className="importacao-contagens">
        <div>
          <dt>Funcionários importados</dt>
          <dd>{resultado.qtdFuncionarios}</dd>
        </div>
        {resultado.qtdJaCadastrados > 0 ? (
          <div>
            <dt>Já cadastrados (não alterados)</dt>
            <dd>{resultado.qtdJaCadastrados}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
