import { Button } from 'primereact/button';
import { milhar, type ResultadoImportacaoAfd } from '@jornada/contracts';

/**
 * What an import did, on the screen that sent it (issue 24 §4): the counts
 * and the first findings; the rest stays in Histórico's message and the
 * import's record. `verSemFuncionario` opens the list of §5 when some
 * punches found no employee.
 */
export function ResumoImportacao({
  resumo,
  periodo,
  verSemFuncionario,
}: {
  resumo: ResultadoImportacaoAfd;
  /** 'dd/mm/aaaa a dd/mm/aaaa', the period the file was imported for. */
  periodo: string;
  verSemFuncionario?: (() => void) | undefined;
}) {
  const linhas: [string, number][] = [
    ['Marcações lidas no arquivo', resumo.marcacoesNoArquivo],
    [`No período (${periodo})`, resumo.marcacoesNoPeriodo],
    ['Novas gravadas', resumo.novas],
    ['Já importadas antes', resumo.jaGravadas],
    ['Fora do período (não importadas)', resumo.foraDoPeriodo],
    ['Sem funcionário cadastrado', resumo.semVinculo],
  ];
  const restantes = resumo.totalOcorrencias - resumo.ocorrencias.length;
  return (
    <section className="arquivo-afd-resumo" aria-label="Resumo da importação">
      <h2>Resumo da importação{resumo.layout ? ` (leiaute ${resumo.layout})` : ''}</h2>
      <dl>
        {linhas.map(([rotulo, valor]) => (
          <div key={rotulo}>
            <dt>{rotulo}</dt>
            <dd>{milhar(valor)}</dd>
          </div>
        ))}
      </dl>
      {resumo.semVinculo > 0 && verSemFuncionario ? (
        <Button
          type="button"
          label="Ver marcações sem funcionário"
          icon="pi pi-user-plus"
          outlined
          size="small"
          onClick={verSemFuncionario}
        />
      ) : null}
      {resumo.totalOcorrencias > 0 ? (
        <>
          <h3>Ocorrências ({milhar(resumo.totalOcorrencias)})</h3>
          <ul className="arquivo-afd-ocorrencias">
            {resumo.ocorrencias.map((o, i) => (
              <li key={`${o.linha}-${o.codigo}-${i}`} className={`ocorrencia-${o.severidade}`}>
                {o.linha > 1 ? `Linha ${o.linha}: ` : ''}
                {o.mensagem}
              </li>
            ))}
          </ul>
          {restantes > 0 ? (
            <p className="arquivo-afd-mais">
              … e mais {milhar(restantes)} {restantes === 1 ? 'ocorrência' : 'ocorrências'}: veja a mensagem da
              solicitação em Histórico.
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
