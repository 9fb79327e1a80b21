import { Link, useNavigate } from 'react-router';
import {
  PRIVATE_ROUTES,
  SIDE_MENU,
  canOpen,
  routeOf,
  visibleMenu,
  type MenuItem,
  type PrivateRoutePath,
} from '@jornada/contracts';
import { Page } from '../../components/ui/page';
import { newQuickLink } from '../../shared/quick-link';
import { useHeldCodes, useSession } from '../../shared/session';

function leaves(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((i) => (i.filhos ? leaves(i.filhos) : i.to && i.to !== '/' ? [i] : []));
}

/** A shortcut leads only to a screen that exists (issue 24 §1): never to 'Em construção'. */
const leadsToScreen = (item: MenuItem, isBuilt: (path: PrivateRoutePath) => boolean) =>
  item.to !== undefined && (!PRIVATE_ROUTES.some((r) => r.path === item.to) || isBuilt(item.to as PrivateRoutePath));

/**
 * Home '/' for now: a welcome card with shortcuts (the dashboard comes later)
 * and the quick link to Arquivo AFD (seed 002 §2: through the Documentos hub
 * with a one-time `lk_rp`).
 */
export function HomePage({ isBuilt }: { isBuilt: (path: PrivateRoutePath) => boolean }) {
  const session = useSession();
  const held = useHeldCodes();
  const navigate = useNavigate();
  const shortcuts = leaves(visibleMenu(SIDE_MENU, held))
    .filter((s) => leadsToScreen(s, isBuilt))
    .slice(0, 8);
  const afd = '/documentos/arquivo-afd';
  const afdLink =
    isBuilt(afd) && canOpen(routeOf(afd), held) && canOpen(routeOf('/documentos'), held) ? (
      <button
        type="button"
        className="shortcut"
        onClick={() => void navigate(`/documentos?lk_rp=${encodeURIComponent(newQuickLink())}`)}
      >
        <i className="pi pi-upload" aria-hidden="true" />
        <span>Importar AFD</span>
      </button>
    ) : null;
  const nome = session?.user.nome.split(' ')[0] ?? '';
  return (
    <Page title="Home">
      <div className="welcome">
        <h2 className="welcome-title">Olá, {nome}!</h2>
        <p className="welcome-text">
          Bem-vindo(a) ao Jornada. Você está trabalhando na empresa{' '}
          <strong>{session?.dadosRequisicao.empresa.nome}</strong>.
        </p>
        {shortcuts.length > 0 || afdLink ? (
          <>
            <h3 className="welcome-subtitle">Acesso rápido</h3>
            <div className="shortcut-grid">
              {afdLink}
              {shortcuts.map((s) => (
                <Link key={s.key} to={s.to ?? '/'} className="shortcut">
                  <i className="pi pi-arrow-right" aria-hidden="true" />
                  <span>{s.nome}</span>
                </Link>
              ))}
            </div>
          </>
        ) : null}
      </div>
    </Page>
  );
}
