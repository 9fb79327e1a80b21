import { INTERFACE_VERSION } from '@jornada/contracts';
import { Page } from '../../../components/ui/page';
import { useSession } from '../../../shared/session';
import '../sistema.css';

/**
 * Sobre o Sistema (seed 000 §2.6): the system version comes from the session
 * (the server's, as the footer shows it) and the interface version is fixed
 * in the contracts.
 */
export function SobrePage() {
  const session = useSession();
  return (
    <Page title="Sobre o Sistema">
      <div className="sobre">
        <div className="sobre-marca">
          <span className="brand-mark brand-mark-lg" aria-hidden="true">
            <i className="pi pi-clock" />
          </span>
          <div>
            <h2 className="sobre-produto">Jornada</h2>
            <p className="sobre-descricao">Ponto eletrônico e gestão da jornada de trabalho</p>
          </div>
        </div>
        <dl className="sobre-versoes">
          <div>
            <dt>Versão do sistema</dt>
            <dd>{session?.versao || 'Não informada'}</dd>
          </div>
          <div>
            <dt>Versão da interface</dt>
            <dd>{INTERFACE_VERSION}</dd>
          </div>
        </dl>
        <p className="sobre-legal">
          <i className="pi pi-verified" aria-hidden="true" /> Registro eletrônico de ponto conforme a Portaria MTP nº
          671/2021: marcações invioláveis, comprovantes e os arquivos fiscais AFD e AEJ.
        </p>
        {session ? (
          <p className="sobre-empresa">
            Licenciado para <strong>{session.dadosRequisicao.empresa.nome}</strong>.
          </p>
        ) : null}
      </div>
    </Page>
  );
}
