import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { listarControlePonto } from './api/controle-ponto-api';
import { buscaDaLista, lembrarLista, naPagina, paginaDaLista } from './lista-estado';

/**
 * Previous and next employee of the Controle list Marcações was opened from
 * (issue 23 §2), without going back: the remembered list's page is read (the
 * query cache usually has it), and at a page's edge the page before or after.
 * Moving also moves the remembered page, so 'Voltar' shows the employee now open.
 */
export function useVizinhos(idFuncionario: number) {
  const qc = useQueryClient();
  const busca = buscaDaLista();
  const lista = useMemo(() => (busca ? paginaDaLista(busca) : null), [busca]);
  const pagina = listarControlePonto.useQuery(lista?.corpo ?? ({} as never), { enabled: lista !== null, toast: false });
  const linhas = useMemo(() => pagina.data?.periodosControle ?? [], [pagina.data]);
  const total = pagina.data?.qdtFuncionarios ?? 0;
  const i = linhas.findIndex((l) => l.funcionario.id === idFuncionario);
  const inicio = lista ? (lista.pagina - 1) * lista.linhas : 0;
  const temAnterior = i >= 0 && inicio + i > 0;
  const temProximo = i >= 0 && inicio + i + 1 < total;

  /** The employee `passo` places away, fetching the neighbouring page when it lies there; null at the ends. */
  const vizinho = useCallback(
    async (passo: -1 | 1): Promise<number | null> => {
      if (!lista || !busca || i < 0) return null;
      const j = i + passo;
      if (j >= 0 && j < linhas.length) return linhas[j]!.funcionario.id;
      const outra = lista.pagina + passo;
      if (outra < 1) return null;
      const corpo = { ...lista.corpo, numPagina: outra - 1 };
      const r = await qc.fetchQuery(listarControlePonto.queryOptions(corpo));
      const l = passo === 1 ? r.periodosControle[0] : r.periodosControle.at(-1);
      if (!l) return null;
      lembrarLista(naPagina(busca, outra));
      return l.funcionario.id;
    },
    [lista, busca, i, linhas, qc],
  );

  return { temLista: lista !== null, temAnterior, temProximo, vizinho };
}
