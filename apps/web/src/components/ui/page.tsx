import type { ReactNode } from 'react';

/** The frame of every screen: title, optional actions, content card. */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-header">
        <h1 id="page-title" className="page-title">
          {title}
        </h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
      <div className="page-card">{children}</div>
    </section>
  );
}
