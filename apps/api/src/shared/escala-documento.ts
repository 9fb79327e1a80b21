import { escalaApi, type Ciclo, type ConfiguracaoEscala } from '@jornada/contracts';

/**
 * The document a schedule version stores (decision 0027): the contract's
 * configuration as it passed the schema, without the client's edit-time
 * deletion lists, and for a rotation with its own copy of the chosen list's
 * cycles (in `posicao` order, a missing posicao taking the list order), so a
 * cycle list deleted or replaced later changes no stored version. The API's
 * saves and the demo seed both write through here.
 */
export function documentoVersao(
  c: ConfiguracaoEscala,
  lista: { id: number; descricao: string; ciclos: readonly Ciclo[] } | null,
): ConfiguracaoEscala {
  const { faixasHorasExtraExcluir: _f, diasDaSemanaExcluir: _d, ...doc } = escalaApi.configuracaoEscala.parse(c);
  if (doc.tipoEscala !== 'ERC') return doc;
  if (!lista) throw new Error('Revezamento sem lista de ciclos');
  return {
    ...doc,
    revezamento: {
      validarFechamento: doc.revezamento?.validarFechamento ?? false,
      horasFechamento: doc.revezamento?.horasFechamento ?? null,
      idCiclo: lista.id,
      descricaoCiclos: lista.descricao,
      ciclos: ordenarCiclos(lista.ciclos),
    },
  };
}

/** Cycles in `posicao` order, every posicao filled (1-based list order where it was missing). */
export function ordenarCiclos(ciclos: readonly Ciclo[]): Ciclo[] {
  return ciclos.map((c, i) => ({ ...c, posicao: c.posicao ?? i + 1 })).sort((a, b) => a.posicao - b.posicao);
}
