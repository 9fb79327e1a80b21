import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { CredencialApp } from '@jornada/contracts';
import { toastError, toastSuccess } from '../../../shared/toast';

/**
 * The success dialog (seed 001 §2.9): the login and the password, or the
 * code with which the employee sets their password in the app — shown this
 * once; the server keeps only their hashes.
 */
export function CredencialDialog({
  credencial,
  mensagem,
  onHide,
}: {
  credencial: CredencialApp | null;
  mensagem: string;
  onHide: () => void;
}) {
  const segredo = credencial?.senha ?? credencial?.codigoAlterarSenha ?? '';
  const rotulo = credencial?.senha ? 'Senha' : 'Código para cadastrar a senha';
  const copiar = (texto: string) =>
    navigator.clipboard.writeText(texto).then(
      () => toastSuccess('Copiado.'),
      () => toastError('Não foi possível copiar.'),
    );
  return (
    <Dialog
      header="Usuário do app"
      visible={credencial !== null}
      onHide={onHide}
      modal
      draggable={false}
      resizable={false}
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '95vw' }}
      className="app-dialog"
      footer={<Button label="OK" icon="pi pi-check" onClick={onHide} autoFocus />}
    >
      {credencial ? (
        <div className="credencial-app">
          <p>{mensagem}</p>
          <dl>
            <div>
              <dt>Login</dt>
              <dd>
                <code>{credencial.login}</code>
                <Button
                  icon="pi pi-copy"
                  text
                  rounded
                  aria-label="Copiar login"
                  onClick={() => void copiar(credencial.login)}
                />
              </dd>
            </div>
            <div>
              <dt>{rotulo}</dt>
              <dd>
                <code>{segredo}</code>
                <Button
                  icon="pi pi-copy"
                  text
                  rounded
                  aria-label={`Copiar ${rotulo.toLowerCase()}`}
                  onClick={() => void copiar(segredo)}
                />
              </dd>
            </div>
          </dl>
          {credencial.codigoAlterarSenha ? (
            <p className="credencial-nota">
              No primeiro acesso ao app, o funcionário informa o login e este código e cadastra a senha dele. O código
              vale por 72 horas e serve uma única vez.
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
