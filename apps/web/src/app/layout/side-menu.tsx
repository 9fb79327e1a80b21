import { createContext, useContext, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { MenuItem } from '@jornada/contracts';

/** Whether a menu path leads to a screen not built yet (the 'Em construção' page). */
export type IsPending = (path: string) => boolean;
const PendingContext = createContext<IsPending>(() => false);

/** A leaf is coming when its screen is not built; a group when all of its leaves are. */
function isComing(item: MenuItem, isPending: IsPending): boolean {
  if (item.filhos) return item.filhos.length > 0 && item.filhos.every((f) => isComing(f, isPending));
  return item.to !== undefined && isPending(item.to);
}

/** Issue 24 §1: no menu entry leads to a placeholder without saying so. */
function ComingBadge({ item }: { item: MenuItem }) {
  const isPending = useContext(PendingContext);
  // The leading space keeps the entry's accessible name 'Afastamentos Em breve', not 'AfastamentosEm breve'.
  return isComing(item, isPending) ? (
    <>
      {' '}
      <span className="menu-badge-breve">Em breve</span>
    </>
  ) : null;
}

function containsPath(item: MenuItem, pathname: string): boolean {
  if (item.to && item.to !== '/' && (pathname === item.to || pathname.startsWith(`${item.to}/`))) return true;
  return item.filhos?.some((f) => containsPath(f, pathname)) ?? false;
}

function Group({ item, depth, onNavigate }: { item: MenuItem; depth: number; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const active = containsPath(item, pathname);
  const [open, setOpen] = useState(active);
  const id = `menu-${item.key}`;
  return (
    <li className={`menu-group${active ? ' menu-group-active' : ''}`}>
      <button
        type="button"
        className="menu-link menu-group-toggle"
        style={{ paddingLeft: `${1 + depth * 0.9}rem` }}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {item.icon ? (
          <i className={`${item.icon} menu-icon`} aria-hidden="true" />
        ) : (
          <span className="menu-icon menu-dot" aria-hidden="true" />
        )}
        <span className="menu-label">{item.nome}</span>
        <ComingBadge item={item} />
        <i className={`pi ${open ? 'pi-chevron-down' : 'pi-chevron-right'} menu-chevron`} aria-hidden="true" />
      </button>
      {open ? (
        <ul id={id} className="menu-list">
          {item.filhos?.map((f) => (
            <Entry key={f.key} item={f} depth={depth + 1} onNavigate={onNavigate} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function Entry({ item, depth, onNavigate }: { item: MenuItem; depth: number; onNavigate: () => void }) {
  if (item.filhos) return <Group item={item} depth={depth} onNavigate={onNavigate} />;
  const style = { paddingLeft: `${1 + depth * 0.9}rem` };
  const icon = item.icon ? (
    <i className={`${item.icon} menu-icon`} aria-hidden="true" />
  ) : (
    <span className="menu-icon menu-dot" aria-hidden="true" />
  );
  if (item.href) {
    return (
      <li>
        <a className="menu-link" style={style} href={item.href} target="_blank" rel="noopener noreferrer">
          {icon}
          <span className="menu-label">{item.nome}</span>
        </a>
      </li>
    );
  }
  return (
    <li>
      <NavLink
        to={item.to ?? '/'}
        end={item.to === '/'}
        className={({ isActive }) => `menu-link${isActive ? ' menu-link-active' : ''}`}
        style={style}
        onClick={onNavigate}
      >
        {icon}
        <span className="menu-label">{item.nome}</span>
        <ComingBadge item={item} />
      </NavLink>
    </li>
  );
}

/**
 * The side menu: the already-filtered tree (visibleMenu) as nested, collapsible groups. An entry whose screen is
 * still to come carries 'Em breve' (`isPending`).
 */
export function SideMenu({
  items,
  onNavigate,
  isPending = () => false,
}: {
  items: readonly MenuItem[];
  onNavigate: () => void;
  isPending?: IsPending;
}) {
  return (
    <PendingContext.Provider value={isPending}>
      <nav className="side-menu" aria-label="Menu principal">
        <ul className="menu-list">
          {items.map((i) => (
            <Entry key={i.key} item={i} depth={0} onNavigate={onNavigate} />
          ))}
        </ul>
      </nav>
    </PendingContext.Provider>
  );
}
