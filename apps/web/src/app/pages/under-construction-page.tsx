import { Link } from 'react-router';
import { MSG } from '@jornada/contracts';
import { Page } from '../../components/ui/page';

/** Every route of the table without its screen yet: a clear page instead of a dead link. */
export function UnderConstructionPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <div className="empty-state">
        <i className="pi pi-wrench empty-state-icon" aria-hidden="true" />
        <h2>Em construção</h2>
        <p>{MSG.telaEmConstrucao}</p>
        <Link to="/" className="p-button p-button-outlined p-component">
          <i className="pi pi-home p-button-icon-left" /> <span className="p-button-label">Voltar para Home</span>
        </Link>
      </div>
    </Page>
  );
}
