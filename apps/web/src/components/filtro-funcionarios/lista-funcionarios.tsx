import { memo, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import type { FuncionarioResumo } from '@jornada/contracts';

/** Seed 002 §9: the picker's lists are 300 px high. */
export const ALTURA_LISTA = 300;
/** One row; fixed, so the visible window is arithmetic and 10,000 rows cost what 20 do. */
export const ALTURA_LINHA = 30;
/** Rows drawn beyond the visible ones, so a fast scroll shows no blank band. */
const FOLGA = 6;
const VISIVEIS = Math.ceil(ALTURA_LISTA / ALTURA_LINHA);

const Linha = memo(function Linha({
  idOpcao,
  f,
  indice,
  total,
  marcado,
  ativo,
  onClick,
  onDoubleClick,
}: {
  idOpcao: string;
  f: FuncionarioResumo;
  indice: number;
  total: number;
  marcado: boolean;
  ativo: boolean;
  onClick: (indice: number, shift: boolean) => void;
  onDoubleClick: (indice: number) => void;
}) {
  return (
    <div
      id={idOpcao}
      role="option"
      aria-selected={marcado}
      aria-setsize={total}
      aria-posinset={indice + 1}
      className={`filtro-func-linha${marcado ? ' marcado' : ''}${ativo ? ' ativo' : ''}`}
      style={{ top: indice * ALTURA_LINHA, height: ALTURA_LINHA }}
      onClick={(e) => onClick(indice, e.shiftKey)}
      onDoubleClick={() => onDoubleClick(indice)}
    >
      <span className="filtro-func-cracha">{f.cracha}</span>
      <span className="filtro-func-nome">{f.nome}</span>
    </div>
  );
});

/**
 * One list of the two-list picker: a listbox that draws only the rows in
 * view (virtualised), so 10,000 employees scroll, tick and move without a
 * render per row. Click ticks a row (Shift+click a range), a double click
 * moves it; the keyboard: arrows, Home/End, PageUp/PageDown, Space ticks,
 * Ctrl+A ticks all, Enter moves the ticked (or the current) row.
 */
export function ListaFuncionarios({
  id,
  titulo,
  itens,
  marcados,
  onMarcar,
  onMover,
  vazia,
  disabled = false,
}: {
  id: string;
  titulo: string;
  itens: readonly FuncionarioResumo[];
  marcados: ReadonlySet<number>;
  onMarcar: (ids: Set<number>) => void;
  /** Move these rows to the other list. */
  onMover: (ids: Set<number>) => void;
  /** What an empty list says. */
  vazia: string;
  disabled?: boolean;
}) {
  const [topo, setTopo] = useState(0);
  const [atual, setAtual] = useState(0);
  const ancora = useRef<number | null>(null);
  const caixa = useRef<HTMLDivElement>(null);
  const total = itens.length;
  const corrente = Math.min(atual, Math.max(total - 1, 0));
  const primeiro = Math.max(0, Math.floor(topo / ALTURA_LINHA) - FOLGA);
  const ultimo = Math.min(total, Math.floor(topo / ALTURA_LINHA) + VISIVEIS + FOLGA);
  const idOpcao = (f: FuncionarioResumo) => `${id}-f${f.id}`;

  /** Makes row `i` current and scrolls it into view. */
  const irPara = (i: number) => {
    const alvo = Math.max(0, Math.min(total - 1, i));
    setAtual(alvo);
    const el = caixa.current;
    if (!el) return;
    const y = alvo * ALTURA_LINHA;
    if (y < el.scrollTop) el.scrollTop = y;
    else if (y + ALTURA_LINHA > el.scrollTop + ALTURA_LISTA) el.scrollTop = y + ALTURA_LINHA - ALTURA_LISTA;
    setTopo(el.scrollTop);
  };

  const alternar = (i: number) => {
    const f = itens[i];
    if (!f) return;
    const next = new Set(marcados);
    if (next.has(f.id)) next.delete(f.id);
    else next.add(f.id);
    onMarcar(next);
  };

  const clicar = (i: number, shift: boolean) => {
    if (disabled) return;
    setAtual(i);
    if (shift && ancora.current !== null) {
      const [de, ate] = [Math.min(ancora.current, i), Math.max(ancora.current, i)];
      const next = new Set(marcados);
      for (let k = de; k <= ate; k++) next.add(itens[k]!.id);
      onMarcar(next);
      return;
    }
    ancora.current = i;
    alternar(i);
  };

  const mover = (i: number) => {
    const f = itens[i];
    if (!disabled && f) onMover(new Set([f.id]));
  };
  // Stable handlers for the memoised rows: a tick re-renders only the rows whose state changed.
  const ultimos = useRef({ clicar, mover });
  ultimos.current = { clicar, mover };
  const onClickLinha = useCallback((i: number, shift: boolean) => ultimos.current.clicar(i, shift), []);
  const onDoubleClickLinha = useCallback((i: number) => ultimos.current.mover(i), []);

  const teclar = (e: KeyboardEvent<HTMLDivElement>) => {
    if (disabled || total === 0) return;
    const passo: Record<string, number> = {
      ArrowDown: corrente + 1,
      ArrowUp: corrente - 1,
      Home: 0,
      End: total - 1,
      PageDown: corrente + VISIVEIS,
      PageUp: corrente - VISIVEIS,
    };
    if (e.key in passo) {
      e.preventDefault();
      irPara(passo[e.key]!);
    } else if (e.key === ' ') {
      e.preventDefault();
      ancora.current = corrente;
      alternar(corrente);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      onMover(marcados.size > 0 ? new Set(marcados) : new Set([itens[corrente]!.id]));
    } else if (e.key.toLowerCase() === 'a' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onMarcar(new Set(itens.map((f) => f.id)));
    }
  };

  const linhas = [];
  for (let i = primeiro; i < ultimo; i++) {
    const f = itens[i]!;
    linhas.push(
      <Linha
        key={f.id}
        idOpcao={idOpcao(f)}
        f={f}
        indice={i}
        total={total}
        marcado={marcados.has(f.id)}
        ativo={i === corrente}
        onClick={onClickLinha}
        onDoubleClick={onDoubleClickLinha}
      />,
    );
  }

  return (
    <div className="filtro-func-lista">
      <div className="filtro-func-titulo" id={`${id}-titulo`}>
        <span>{titulo}</span>
        <span className="filtro-func-contagem" aria-live="polite">
          {marcados.size > 0 ? `${marcados.size.toLocaleString('pt-BR')} de ` : ''}
          {total.toLocaleString('pt-BR')}
        </span>
      </div>
      <div
        ref={caixa}
        id={id}
        role="listbox"
        aria-multiselectable="true"
        aria-labelledby={`${id}-titulo`}
        aria-activedescendant={total > 0 && itens[corrente] ? idOpcao(itens[corrente]) : undefined}
        aria-disabled={disabled || undefined}
        tabIndex={disabled ? -1 : 0}
        className="filtro-func-caixa"
        style={{ height: ALTURA_LISTA }}
        onScroll={(e) => setTopo(e.currentTarget.scrollTop)}
        onKeyDown={teclar}
      >
        {total === 0 ? (
          <div className="filtro-func-vazia">{vazia}</div>
        ) : (
          <div className="filtro-func-trilho" style={{ height: total * ALTURA_LINHA }}>
            {linhas}
          </div>
        )}
      </div>
    </div>
  );
}
