import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem as PrimeMenuItem } from 'primereact/menuitem';
import { SYSTEM_MENU, visibleMenu } from '@jornada/contracts';
import { sair } from '../../features/login/api/login-api';
import { useQuantidadeNoticiasDoDia } from '../../features/noticias/api/noticias-api';
import { clearAllStorage, finishSigningOut, useHeldCodes, useSession } from '../../shared/session';
import { announceSignOut } from '../../shared/tab-session';

export function TopBar({ onToggleMenu, menuOpen }: { onToggleMenu: () => void; menuOpen: boolean }) {
  const session = useSession();
  const held = useHeldCodes();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sistemaRef = useRef<Menu>(null);
  const noticias = useQuantidadeNoticiasDoDia(session?.user.id);
  const quantidade = noticias.data?.quantidade ?? 0;

  const sistemaItems = useMemo<PrimeMenuItem[]>(
    () =>
      visibleMenu(SYSTEM_MENU, held).map((m) =>
        m.href
          ? { label: m.nome, icon: m.icon, url: m.href, target: '_blank' }
          : { label: m.nome, icon: m.icon, command: () => void navigate(m.to ?? '/') },
      ),
    [held, navigate],
  );

  const logout = async () => {
    // Revoke the token first; whatever the answer, the browser forgets everything (seed 000 §4).
    await sair.fetch({}).catch(() => undefined);
    // Every tab of this user leaves with this one (decision 0026).
    if (session) announceSignOut(session.user.id);
    clearAllStorage();
    queryClient.clear();
    await navigate('/login', { replace: true });
    finishSigningOut();
  };

  return (
    <header className="top-bar">
      <div className="top-bar-left">
        <Button
          icon="pi pi-bars"
          text
          rounded
          className="top-bar-icon"
          aria-label={menuOpen ? 'Recolher menu' : 'Expandir menu'}
          aria-expanded={menuOpen}
          onClick={onToggleMenu}
        />
        <a
          href="/"
          className="top-bar-brand"
          onClick={(e) => {
            e.preventDefault();
            void navigate('/');
          }}
        >
          <span className="brand-mark">
            <i className="pi pi-clock" />
          </span>
          <span className="top-bar-brand-name">Jornada</span>
        </a>
      </div>
      <div className="top-bar-right">
        <span className="top-bar-user" title={session?.user.email}>
          <i className="pi pi-user" aria-hidden="true" />
          <span className="top-bar-user-name">{session?.user.nome}</span>
        </span>
        <Button
          label="Meus Dados"
          icon="pi pi-id-card"
          text
          className="top-bar-button"
          onClick={() => void navigate('/conta/meus-dados')}
        />
        <Button
          label="Notícias"
          icon="pi pi-bell"
          text
          className="top-bar-button"
          badge={quantidade > 0 ? String(quantidade) : undefined}
          badgeClassName="p-badge-danger"
          aria-label={quantidade > 0 ? `Notícias (${quantidade} hoje)` : 'Notícias'}
          onClick={() => void navigate('/sistema/noticias')}
        />
        {sistemaItems.length > 0 ? (
          <>
            <Menu
              model={sistemaItems}
              popup
              ref={sistemaRef}
              id="menu-sistema"
              popupAlignment="right"
              className="menu-sistema"
            />
            <Button
              label="Sistema"
              icon="pi pi-cog"
              text
              className="top-bar-button"
              aria-haspopup
              aria-controls="menu-sistema"
              onClick={(e) => sistemaRef.current?.toggle(e)}
            />
          </>
        ) : null}
        <Button label="Sair" icon="pi pi-sign-out" text className="top-bar-button" onClick={() => void logout()} />
      </div>
    </header>
  );
}
