import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Dropdown } from 'primereact/dropdown';
import { MSG_SOLICITACAO, PRIVATE_ROUTES, canOpen, routeOf, type PrivateRoutePath } from '@jornada/contracts';
import { Page } from '../../components/ui/page';
import { useHeldCodes } from '../../shared/session';
import { consumeQuickLink } from '../../shared/quick-link';

export type Hub = '/relatorios' | '/documentos';

/** Where each hub's `lk_rp` leads (seed 002 §2). */
const QUICK_LINK_TARGET: Record<Hub, PrivateRoutePath> = {
  '/relatorios': '/relatorios/espelho-ponto',
  '/documentos': '/documentos/arquivo-afd',
};

/**
 * The Relatórios and Documentos hubs (seed 002 §2): a dropdown of the hub's
 * screens the user may open and that exist, plus 'Histórico de
 * Relatórios/Documentos' always. `?hist` or `?id=` open the history (with
 * that request); `?lk_rp=` opens the hub's quick-link screen when it matches
 * the one-time value the home left in this tab.
 */
export function HubPage({ hub, isBuilt }: { hub: Hub; isBuilt: (path: PrivateRoutePath) => boolean }) {
  const held = useHeldCodes();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const historico = `${hub}/historico` as PrivateRoutePath;
  const entries = PRIVATE_ROUTES.filter(
    (r) => r.path.startsWith(`${hub}/`) && r.path !== historico && canOpen(r, held) && isBuilt(r.path),
  ).map((r) => ({ label: r.titulo, value: r.path as string }));
  entries.push({ label: MSG_SOLICITACAO.historico, value: historico });

  const hist = params.get('hist');
  const id = params.get('id');
  const lkRp = params.get('lk_rp');
  useEffect(() => {
    if (hist !== null || id !== null) {
      void navigate(id && /^[0-9]{1,12}$/.test(id) ? `${historico}?id=${id}` : historico, { replace: true });
      return;
    }
    const target = QUICK_LINK_TARGET[hub];
    if (lkRp !== null && consumeQuickLink(lkRp) && isBuilt(target) && canOpen(routeOf(target), held)) {
      void navigate(target, { replace: true });
    }
    // Only the URL the hub was opened with decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hist, id, lkRp]);

  return (
    <Page title={routeOf(hub).titulo}>
      <div className="form-field hub-select">
        <label htmlFor="hub-destino">{hub === '/relatorios' ? 'Relatório' : 'Documento'}</label>
        <Dropdown
          inputId="hub-destino"
          value={null}
          options={entries}
          onChange={(e) => typeof e.value === 'string' && void navigate(e.value)}
          placeholder="Selecione"
        />
      </div>
    </Page>
  );
}
