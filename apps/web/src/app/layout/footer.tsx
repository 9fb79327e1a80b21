import { useSession } from '../../shared/session';

/** Seed 000 §1: product name, the version from the stored session and the company name. */
export function Footer() {
  const session = useSession();
  return (
    <footer className="app-footer">
      <span className="app-footer-product">Jornada</span>
      {session?.versao ? <span>Versão {session.versao}</span> : null}
      {session ? <span>{session.dadosRequisicao.empresa.nome}</span> : null}
    </footer>
  );
}
