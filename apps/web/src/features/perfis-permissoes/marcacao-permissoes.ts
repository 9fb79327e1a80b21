/** A menu item's permissions as the ticking rules need them. */
export interface ItemPermissao {
  readonly permissoes: readonly { readonly id: number; readonly principal: boolean }[];
}

/**
 * The ticking rules of seed 000 §4, as a pure function of the item, the
 * profile's ticked codes and the click:
 *
 * - unticking the main permission unticks every permission of the item;
 * - ticking any other permission ticks the main one too;
 * - unticking another permission so that none of the others stays ticked
 *   unticks the main one as well (only when the item has more than one
 *   permission).
 *
 * Ticking the main permission alone ticks just it (a view-only grant).
 * Returns a new set; codes of other items are left as they are.
 */
export function marcarPermissao(
  item: ItemPermissao,
  ticked: ReadonlySet<number>,
  codigo: number,
  checked: boolean,
): Set<number> {
  const next = new Set(ticked);
  const own = item.permissoes.find((p) => p.id === codigo);
  if (!own) return next;
  const main = item.permissoes.find((p) => p.principal);
  const others = item.permissoes.filter((p) => !p.principal);
  if (own.principal) {
    if (checked) next.add(codigo);
    else for (const p of item.permissoes) next.delete(p.id);
    return next;
  }
  if (checked) {
    next.add(codigo);
    if (main) next.add(main.id);
    return next;
  }
  next.delete(codigo);
  if (main && item.permissoes.length > 1 && !others.some((p) => next.has(p.id))) next.delete(main.id);
  return next;
}

/** The all-permissions checkbox (seed 000 §2.6, §4): checked when every code is ticked. */
export function todasMarcadas(all: readonly number[], ticked: ReadonlySet<number>): boolean {
  return all.length > 0 && all.every((c) => ticked.has(c));
}
