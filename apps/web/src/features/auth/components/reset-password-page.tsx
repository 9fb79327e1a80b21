import { Link, Navigate, useSearchParams } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { loginApi, MSG } from '@jornada/contracts';
import { FormField } from '../../../components/ui/form-field';
import { PublicShell } from '../../../components/ui/public-shell';
import { ApiError } from '../../../shared/http';
import { useRedefinirSenha } from '../api/redefinir-senha';

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
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const link = readResetLink(params);
  const redefinir = useRedefinirSenha();
  const { control, handleSubmit } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(form),
    defaultValues: { senha: '', repetirSenha: '' },
  });

  if (!link) return <Navigate to="/erro404" replace />;

  const submit = handleSubmit((values) => redefinir.mutate({ ...link, ...values }));

  const passwordField = (name: 'senha' | 'repetirSenha', id: string, label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField id={id} label={label} error={fieldState.error?.message}>
          <Password
            inputId={id}
            inputRef={field.ref}
            name={field.name}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            feedback={false}
            toggleMask
            autoComplete="new-password"
            invalid={fieldState.invalid}
            aria-invalid={fieldState.invalid}
            className="w-full"
            inputClassName="w-full"
          />
        </FormField>
      )}
    />
  );

  return (
    <PublicShell>
      <h1 className="public-title">Redefinir senha</h1>
      <p className="public-subtitle">
        Nova senha para <strong>{link.email}</strong>. Use ao menos 8 caracteres, com letras maiúsculas, minúsculas e
        números.
      </p>
      {redefinir.isSuccess ? (
        <Message severity="success" text={redefinir.data.mensagem} className="w-full mb-3" />
      ) : null}
      {redefinir.isError ? (
        <Message
          severity="error"
          text={redefinir.error instanceof ApiError ? redefinir.error.mensagem : MSG.oops}
          className="w-full mb-3"
        />
      ) : null}
      <form onSubmit={submit} noValidate className="form-grid">
        {passwordField('senha', 'nova-senha', 'Nova senha')}
        {passwordField('repetirSenha', 'repetir-senha', 'Repetir senha')}
        <Button type="submit" label="Enviar" icon="pi pi-send" loading={redefinir.isPending} className="w-full" />
      </form>
      <p className="public-footer-link">
        <Link to="/login">
          <i className="pi pi-arrow-left" /> Voltar para o login
        </Link>
      </p>
    </PublicShell>
  );
}
