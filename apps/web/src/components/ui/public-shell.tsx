import type { ReactNode } from 'react';

/** The frame of the public pages (login, password, error pages): brand panel and a centred card. */
export function PublicShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <main className="public-shell">
      <aside className="public-brand" aria-hidden="true">
        <div className="public-brand-inner">
          <div className="brand-mark brand-mark-lg">
            <i className="pi pi-clock" />
          </div>
          <p className="public-brand-name">Jornada</p>
          <p className="public-brand-tagline">Ponto eletrônico e gestão de jornada para a sua empresa.</p>
          <ul className="public-brand-points">
            <li>
              <i className="pi pi-check-circle" /> Controle de ponto conforme a Portaria 671
            </li>
            <li>
              <i className="pi pi-check-circle" /> Banco de horas, escalas e afastamentos
            </li>
            <li>
              <i className="pi pi-check-circle" /> Arquivos fiscais e integração com a folha
            </li>
          </ul>
        </div>
      </aside>
      <div className="public-content">
        <div className={wide ? 'public-card public-card-wide' : 'public-card'}>
          <div className="public-card-brand">
            <div className="brand-mark">
              <i className="pi pi-clock" />
            </div>
            <span>Jornada</span>
          </div>
          {children}
        </div>
      </div>
    </main>
  );
}
