import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { EXTERNAL_LINKS, loginApi, MSG, PERM } from '@jornada/contracts';
import { PasswordControl, TextControl } from '../../../components/ui/text-controls';
import { PublicShell } from '../../../components/ui/public-shell';
import { ApiError } from '../../../shared/http';
import { safeRedirect, splitSupportAccess } from '../../../shared/redirect';
import {
  clearSession,
  clearSessionCaches,
  getSession,
  heldCodes,
  setSession,
  clearLoginFlash,
  peekLoginFlash,
  updateToken,
} from '../../../shared/session';
import { announceTokenRotated, useHandoffPending, wasAdoptedFromTab } from '../../../shared/tab-session';
import { autUsuario, validarToken } from '../api/login-api';
import '../login.css';

// The contract's e-mail and password rules (trimmed; 'Informe o email' / 'Informe a senha').
const loginForm = loginApi.autUsuario.body.pick({ email: true, senha: true });
type LoginIn = z.input<typeof loginForm>;
type LoginOut = z.output<typeof loginForm>;

const errorText = (e: unknown) => (e instanceof ApiError ? e.mensagem : MSG.oops);

/**
 * /login (seed 000 §2.1, §4): on open the caches are cleared and a stored
 * session is re-validated (valid → straight in; invalid → cleared silently).
 * `onSigningIn` is told when the user may be about to enter (the form is sent,
 * a stored session is being checked): the app starts loading what comes next.
 */
export function LoginPage({ onSigningIn }: { onSigningIn?: () => void } = {}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { path, support } = splitSupportAccess(safeRedirect(params.get('redirect')), params);
  // Login: the server's message is shown inline, not as a toast (seed 000 §8).
  const login = autUsuario.useMutation({ toast: false });
  const [checking, setChecking] = useState(() => getSession() !== null);
  const [flash] = useState(peekLoginFlash);
  // A new tab may be receiving the session of an open one (decision 0026): wait for it.
  const handoffPending = useHandoffPending();

  useEffect(() => {
    if (handoffPending) return;
    clearLoginFlash();
    clearSessionCaches();
    const stored = getSession();
    if (!stored) {
      setChecking(false);
      return;
    }
    const home = heldCodes(stored).has(PERM.CONTROLE_PONTO) ? '/movimento/controle-ponto' : '/';
    // Handed over by an open tab, which this tab validated a moment ago: straight in.
    if (wasAdoptedFromTab(stored)) {
      void navigate(home, { replace: true });
      return;
    }
    setChecking(true);
    onSigningIn?.();
    let cancelled = false;
    validarToken
      .fetch({ id: stored.user.id, email: stored.user.email, token: stored.token.valor })
      .then((r) => {
        if (cancelled) return;
        if (r.tokenValido && r.token) {
          updateToken(r.token);
          // The other tabs of this session carry the same token: they take the new one.
          if (r.token.valor !== stored.token.valor) announceTokenRotated(stored.token.valor, r.token);
          void navigate(home, { replace: true });
        } else {
          clearSession();
          setChecking(false);
        }
      })
      .catch(() => {
        if (cancelled) return;
        clearSession();
        setChecking(false);
      });
    return () => {
      cancelled = true;
    };
  }, [navigate, handoffPending, onSigningIn]);

  const { control, handleSubmit } = useForm<LoginIn, unknown, LoginOut>({
    resolver: zodResolver(loginForm),
    defaultValues: { email: '', senha: '' },
  });

  const submit = handleSubmit((values) => {
    onSigningIn?.();
    login.mutate(
      { ...values, ...support },
      {
        onSuccess: (sessao) => {
          // A previous user's cached lists must never show to this one.
          queryClient.clear();
          setSession(sessao);
          void navigate(path ?? '/', { replace: true });
        },
      },
    );
  });

  if (checking || handoffPending) {
    return (
      <PublicShell>
        <div className="center-block" role="status">
          <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" />
          <p>Verificando sessão…</p>
        </div>
      </PublicShell>
    );
  }

  return (
    <PublicShell>
      <h1 className="public-title">Acesse sua conta</h1>
      <p className="public-subtitle">Informe seu e-mail e senha para entrar.</p>
      {flash && !login.isError ? <Message severity="warn" text={flash} className="w-full mb-3" /> : null}
      {login.isError ? <Message severity="error" text={errorText(login.error)} className="w-full mb-3" /> : null}
      <form onSubmit={submit} noValidate className="form-grid">
        <TextControl
          control={control}
          name="email"
          id="login-email"
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
        />
        <PasswordControl
          control={control}
          name="senha"
          id="login-senha"
          label="Senha"
          autoComplete="current-password"
        />
        <div className="form-links-right">
          <Link to="/esqueci-senha">Esqueceu a senha?</Link>
        </div>
        <Button type="submit" label="Login" icon="pi pi-sign-in" loading={login.isPending} className="w-full" />
      </form>
      <p className="public-footer-link">
        <a href={EXTERNAL_LINKS.precos} target="_blank" rel="noopener noreferrer">
          Não tem uma conta?
        </a>
      </p>
    </PublicShell>
  );
}
