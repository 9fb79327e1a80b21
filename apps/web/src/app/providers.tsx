import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { createQueryClient } from '../shared/query-client';
import { GlobalSpinner } from './layout/global-spinner';
import { LOCALE } from '../shared/primereact-locale';

/*
 * The hosts of the toasts and of confirmAction are downloaded after the first paint (issue 24, first load): a
 * toast shown before its host came is shown when it mounts (shared/toast.tsx); no public page asks for a
 * confirmation, and a screen that does imports the same module, so that host is mounted before it can ask.
 */
const ToastHost = lazy(() => import('../shared/toast-host').then((m) => ({ default: m.ToastHost })));
const ConfirmDialog = lazy(() => import('primereact/confirmdialog').then((m) => ({ default: m.ConfirmDialog })));

/** Everything the screens rely on, mounted once: data cache, PrimeReact, toasts, confirmation, spinner. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <PrimeReactProvider value={{ locale: LOCALE, ripple: true }}>
        {children}
        <Suspense fallback={null}>
          <ToastHost />
          <ConfirmDialog />
        </Suspense>
        <GlobalSpinner />
      </PrimeReactProvider>
    </QueryClientProvider>
  );
}
