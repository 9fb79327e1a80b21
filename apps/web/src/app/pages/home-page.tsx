import { Link } from 'react-router';
import { SIDE_MENU, visibleMenu, type MenuItem } from '@jornada/contracts';
import { Page } from '../../components/ui/page';
import { useHeldCodes, useSession } from '../../shared/session';

function leaves(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((i) => (i.filhos ? leaves(i.filhos) : i.to && i.to !== '/' ? [i] : []));
}

/** Home '/' for now: a welcome card with shortcuts (the dashboard comes later). */
export function HomePage() {
  const session = useSession();
  const held = useHeldCodes();
  const shortcuts = leaves(visibleMenu(SIDE_MENU, held)).slice(0, 8);
  const nome = session?.user.nome.split(' ')[0] ?? '';
  return (
    <Page title="Home">
      <div className="welcome">
        <h2 className="welcome-title">Olá, {nome}!</h2>
        <p className="welcome-text">
          Bem-vindo(a) ao Jornada. Você está trabalhando na empresa{' '}
          <strong>{session?.dadosRequisicao.empresa.nome}</strong>.
        </p>
        {shortcuts.length > 0 ? (
          <>
            <h3 className="welcome-subtitle">Acesso rápido</h3>
            <div className="shortcut-grid">
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
