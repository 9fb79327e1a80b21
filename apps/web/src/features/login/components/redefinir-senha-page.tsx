import { Link, Navigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from 'primereact/button';
import { loginApi } from '@jornada/contracts';
import { PasswordControl } from '../../../components/ui/text-controls';
import { PublicShell } from '../../../components/ui/public-shell';
import { MutationMessages } from '../../../components/ui/mutation-messages';
import { redefinirSenha } from '../api/login-api';
import '../login.css';

// Seed 000 §5: both non-empty ('Informe a senha'); matching is the server's job.
const form = z.object({ senha: loginApi.novaSenha, repetirSenha: loginApi.novaSenha });
type FormIn = z.input<typeof form>;
type FormOut = z.output<typeof form>;

/** The link's parameters (seed 000 §2.1): all present and tm numeric, else null. */
export function readResetLink(params: URLSearchParams): { email: string; time: number; token: string } | null {
  const em = params.get('em');
  const tm = params.get('tm');
  const tk = params.get('tk');
  if (!em || !tm || !tk || !/^\d+$/.test(tm)) return null;
  return { email: em, time: Number(tm), token: tk };
}

/** /redefinir-senha-email?em=&tm=&tk= — a bad link goes to /erro404. */
export function RedefinirSenhaPage() {
  const [params] = useSearchParams();
  const link = readResetLink(params);
  const redefinir = redefinirSenha.useMutation({ toast: false });
  const { control, handleSubmit } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(form),
    defaultValues: { senha: '', repetirSenha: '' },
  });

  if (!link) return <Navigate to="/erro404" replace />;

  const submit = handleSubmit((values) => redefinir.mutate({ ...link, ...values }));

  return (
    <PublicShell>
      <h1 className="public-title">Redefinir senha</h1>
      <p className="public-subtitle">
        Nova senha para <strong>{link.email}</strong>. Use ao menos 8 caracteres, com letras maiúsculas, minúsculas e
        números.
      </p>
      <MutationMessages mutation={redefinir} />
      {redefinir.isSuccess ? (
        // The link is spent: a second submit could only fail. What is left to do is to log in.
        <Link to="/login" className="p-button p-component w-full reset-done">
          <i className="pi pi-sign-in p-button-icon-left" aria-hidden="true" />
          <span className="p-button-label">Ir para o login</span>
        </Link>
      ) : (
        <form onSubmit={submit} noValidate className="form-grid">
          <PasswordControl
            control={control}
            name="senha"
            id="nova-senha"
            label="Nova senha"
            autoComplete="new-password"
          />
          <PasswordControl
            control={control}
            name="repetirSenha"
            id="repetir-senha"
            label="Repetir senha"
            autoComplete="new-password"
          />
          <Button type="submit" label="Enviar" icon="pi pi-send" loading={redefinir.isPending} className="w-full" />
        </form>
      )}
      <p className="public-footer-link">
        <Link to="/login">
          <i className="pi pi-arrow-left" /> Voltar para o login
        </Link>
      </p>
    </PublicShell>
  );
}
