import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { PublicShell } from '../../components/ui/public-shell';
import { useSession } from '../../shared/session';
import { AppShell } from '../app-shell';

interface ErrorText {
  icon: string;
  code: string;
  title: string;
  text: string;
}

const NOT_FOUND: ErrorText = {
  icon: 'pi pi-map',
  code: '404',
  title: 'Página não encontrada',
  text: 'O endereço acessado não existe ou foi removido.',
};

const UNAUTHORIZED: ErrorText = {
  icon: 'pi pi-lock',
  code: '403',
  title: 'Sem autorização para acessar o conteúdo',
  text: 'Seu perfil não tem permissão para esta tela. Fale com o administrador do sistema.',
};

function ErrorContent({ icon, code, title, text }: ErrorText) {
  const navigate = useNavigate();
  return (
    <div className="error-page">
      <i className={`${icon} error-page-icon`} aria-hidden="true" />
      <p className="error-page-code">{code}</p>
      <h1 className="public-title">{title}</h1>
      <p className="public-subtitle">{text}</p>
      <Button label="Voltar para Home" icon="pi pi-home" onClick={() => navigate('/')} />
    </div>
  );
}

/** /erro404 (seed 000 §2.1). */
export function NotFoundPage() {
  return (
    <PublicShell>
      <ErrorContent {...NOT_FOUND} />
    </PublicShell>
  );
}

/**
 * The catch-all: a logged-in user keeps the top bar and the menu (a mistyped
 * address is one click from where they wanted to go); a visitor sees the
 * public 404.
 */
export function CatchAllPage() {
  const session = useSession();
  if (!session) return <NotFoundPage />;
  return (
    <AppShell>
      <div className="page-card">
        <ErrorContent {...NOT_FOUND} />
      </div>
    </AppShell>
  );
}

/** /nao-autorizado (seed 000 §2.1, §2.2). */
export function UnauthorizedPage() {
  return (
    <PublicShell>
      <ErrorContent {...UNAUTHORIZED} />
    </PublicShell>
  );
}
