import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from 'primereact/button';
import { loginApi } from '@jornada/contracts';
import { TextControl } from '../../../components/ui/text-controls';
import { PublicShell } from '../../../components/ui/public-shell';
import { MutationMessages } from '../../../components/ui/mutation-messages';
import { solicitarRedefinirSenha } from '../api/login-api';
import '../login.css';

const form = loginApi.solicitarRedefinirSenha.body;
type FormIn = z.input<typeof form>;
type FormOut = z.output<typeof form>;

/** /esqueci-senha (seed 000 §2.1, §5): e-mail + Enviar; the answer shows inline. */
export function EsqueciSenhaPage() {
  const solicitar = solicitarRedefinirSenha.useMutation({ toast: false });
  const { control, handleSubmit } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(form),
    defaultValues: { email: '' },
  });
  const submit = handleSubmit((values) => solicitar.mutate(values));

  return (
    <PublicShell>
      <h1 className="public-title">Esqueceu a senha?</h1>
      <p className="public-subtitle">Informe seu e-mail e enviaremos um link para cadastrar uma nova senha.</p>
      <MutationMessages mutation={solicitar} />
      <form onSubmit={submit} noValidate className="form-grid">
        <TextControl
          control={control}
          name="email"
          id="esqueci-email"
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
        />
        <Button type="submit" label="Enviar" icon="pi pi-send" loading={solicitar.isPending} className="w-full" />
      </form>
      <p className="public-footer-link">
        <Link to="/login">
          <i className="pi pi-arrow-left" /> Voltar para o login
        </Link>
      </p>
    </PublicShell>
  );
}
