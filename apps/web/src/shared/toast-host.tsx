import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { attachToastHost, detachToastHost, toastRemoved } from './toast';

/**
 * The one <Toast/> of the app, driven by the service in toast.ts. Its own
 * module, so the providers load it after the first paint (issue 24).
 */
export function ToastHost() {
  const ref = useRef<Toast>(null);
  useEffect(() => {
    if (ref.current) attachToastHost(ref.current);
    return detachToastHost;
  }, []);
  // Top centre, under the top bar: bottom-right covered the row buttons of the last rows, top-right the
  // Novo button; the middle of the page header is the one place no control lives.
  return <Toast ref={ref} position="top-center" className="app-toast" onRemove={toastRemoved} />;
}
