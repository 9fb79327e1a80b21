import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import type { ResponseOf } from '@jornada/contracts';
import type { autorizacaoSuporteApi } from '@jornada/contracts';
import { formatDate, formatTime } from '../../../shared/format';
import { toastSuccess } from '../../../shared/toast';

type Link = ResponseOf<typeof autorizacaoSuporteApi.atualizarRefAcesso>;

/**
 * The support link of a customer's open authorisation (decision 0016): shown
 * once, valid for 5 minutes and one login. The staff member opens it and logs
 * in with their own e-mail and password.
 */
export function LinkSuporteDialog({
  link,
  cliente,
  onHide,
}: {
  link: Link | null;
  cliente: string;
  onHide: () => void;
}) {
  return (
    <Dialog
      header={`Acesso de suporte — ${cliente}`}
      visible={link !== null}
      onHide={onHide}
      modal
      draggable={false}
      resizable={false}
      style={{ width: '40rem' }}
      breakpoints={{ '640px': '95vw' }}
      className="app-dialog"
    >
      {link ? (
        <div className="form-grid">
          <p>
            Autorização {link.autorizacao.id}, aberta até {formatDate(link.autorizacao.dataFinal)}. O link vale até{' '}
            {formatTime(link.expiraEm)} e para um único login, com o seu e-mail e a sua senha.
          </p>
          <label htmlFor="link-suporte">Link de acesso</label>
          <InputText id="link-suporte" value={link.link} readOnly onFocus={(e) => e.currentTarget.select()} />
          <div className="dialog-actions">
            <Button
              label="Copiar"
              icon="pi pi-copy"
              outlined
              onClick={() => void navigator.clipboard?.writeText(link.link).then(() => toastSuccess('Link copiado.'))}
            />
            <Button
              label="Abrir"
              icon="pi pi-external-link"
              outlined
              // A new tab has its own session storage: the provider's session here stays as it is.
              onClick={() => window.open(link.link, '_blank', 'noopener,noreferrer')}
            />
            <Button label="Fechar" icon="pi pi-times" onClick={onHide} autoFocus />
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
