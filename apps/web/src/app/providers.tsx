import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { createQueryClient } from '../shared/query-client';
import { ToastHost } from '../shared/toast';
import { GlobalSpinner } from './layout/global-spinner';
import { LOCALE } from '../shared/primereact-locale';

/** Everything the screens rely on, mounted once: data cache, PrimeReact, toasts, confirmation, spinner. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <PrimeReactProvider value={{ locale: LOCALE, ripple: true }}>
        {children}
        <ToastHost />
        <ConfirmDialog />
        <GlobalSpinner />
      </PrimeReactProvider>
    </QueryClientProvider>
  );
}
