import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { clearToasts, toastSuccess, toastSuccessAfterNavigation, toastWarn } from './toast';
import { ToastHost } from './toast-host';

const tick = () => act(() => new Promise((r) => setTimeout(r, 20)));

/** Seed 000 §2.4: a route change clears the toasts, except the OK of the save that caused it. */
describe('toasts on a route change', () => {
  it('the OK already on screen stays, once, while the rest goes', async () => {
    render(<ToastHost />);
    act(() => {
      toastWarn('Aviso antigo');
      toastSuccess('Empresa cadastrada');
    });
    expect(await screen.findByText('Empresa cadastrada')).toBeInTheDocument();
    act(() => {
      toastSuccessAfterNavigation('Empresa cadastrada');
      clearToasts();
    });
    await tick();
    // Not cleared and shown again: that left the old copy fading out beside the new one.
    expect(screen.getAllByText('Empresa cadastrada')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Aviso antigo')).toBeNull());
    expect(screen.getAllByText('Empresa cadastrada')).toHaveLength(1);
  });

  it('an OK not yet on screen is shown after the clear', async () => {
    render(<ToastHost />);
    act(() => toastWarn('Aviso antigo'));
    expect(await screen.findByText('Aviso antigo')).toBeInTheDocument();
    act(() => {
      toastSuccessAfterNavigation('Empresa alterada');
      clearToasts();
    });
    expect(await screen.findByText('Empresa alterada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Aviso antigo')).toBeNull());
  });

  it('without a pending OK the route change clears everything', async () => {
    render(<ToastHost />);
    act(() => toastSuccess('Cargo salvo'));
    expect(await screen.findByText('Cargo salvo')).toBeInTheDocument();
    act(() => clearToasts());
    await waitFor(() => expect(screen.queryByText('Cargo salvo')).toBeNull());
  });

  it('an OK queued by an app that is gone does not reach the next one', async () => {
    // A save that navigates queues its OK; the app unmounts before the route changes (a test's cleanup: the
    // next file in the same worker mounts a new app, whose first route change showed the stale OK).
    const first = render(<ToastHost />);
    act(() => toastSuccessAfterNavigation('Cargo salvo'));
    first.unmount();
    render(<ToastHost />);
    act(() => clearToasts());
    await tick();
    expect(screen.queryByText('Cargo salvo')).toBeNull();
  });
});
