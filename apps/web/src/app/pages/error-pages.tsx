import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { PublicShell } from '../../components/ui/public-shell';

function ErrorPage({ icon, code, title, text }: { icon: string; code: string; title: string; text: string }) {
  const navigate = useNavigate();
  return (
    <PublicShell>
      <div className="error-page">
        <i className={`${icon} error-page-icon`} aria-hidden="true" />
        <p className="error-page-code">{code}</p>
        <h1 className="public-title">{title}</h1>
        <p className="public-subtitle">{text}</p>
        <Button label="Voltar para Home" icon="pi pi-home" onClick={() => navigate('/')} />
      </div>
    </PublicShell>
  );
}

/** /erro404 and the catch-all (seed 000 §2.1). */
export function NotFoundPage() {
  return (
    <ErrorPage
      icon="pi pi-map"
      code="404"
      title="Página não encontrada"
      text="O endereço acessado não existe ou foi removido."
    />
  );
}

/** /nao-autorizado (seed 000 §2.1, §2.2). */
export function UnauthorizedPage() {
  return (
    <ErrorPage
      icon="pi pi-lock"
      code="403"
      title="Sem autorização para acessar o conteúdo"
      text="Seu perfil não tem permissão para esta tela. Fale com o administrador do sistema."
    />
  );
}
