/** A closed period of one employee (`periodos_funcionario.fechado`), inclusive 'yyyy-mm-dd'. */
export interface PeriodoFechado {
  funcionarioId: number;
  dataInicio: string;
  dataFinal: string;
}

/**
 * The closed periods of some employees, asked day by day (decision 0075): a
 * closed period's punch links are frozen in the database, so whoever links
 * punches leaves a punch of a closed day 'sem vínculo' (it is linked when the
 * period opens) instead of having the whole statement refused.
 */
export class PeriodosFechados {
  private readonly porFuncionario = new Map<number, PeriodoFechado[]>();

  constructor(periodos: Iterable<PeriodoFechado>) {
    for (const p of periodos) {
      const lista = this.porFuncionario.get(p.funcionarioId);
      if (lista) lista.push(p);
      else this.porFuncionario.set(p.funcionarioId, [p]);
    }
  }

  /** Whether `dia` ('yyyy-mm-dd') is in one of the employee's closed periods. */
  contem(funcionarioId: number, dia: string): boolean {
    return this.porFuncionario.get(funcionarioId)?.some((p) => p.dataInicio <= dia && dia <= p.dataFinal) ?? false;
  }
}
