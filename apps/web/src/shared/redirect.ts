/**
 * The `redirect` query of /login (seed 000 §2.1). Only same-origin paths are
 * accepted — an absolute URL there would make the login page an open redirect.
 */
export function safeRedirect(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (raw === '/login' || raw.startsWith('/login?')) return null;
  return raw;
}

/** Support access (seed 000 §2.1): the redirect may carry _ref, _aut and _refacesso. */
export interface SupportAccess {
  referencia?: string;
  autorizacao?: string;
  refAcesso?: string;
}

export function splitSupportAccess(
  redirect: string | null,
  own: URLSearchParams,
): { path: string | null; support: SupportAccess } {
  const support: SupportAccess = {};
  let path = redirect;
  let params = own;
  if (redirect) {
    const url = new URL(redirect, 'http://x');
    params = new URLSearchParams([...own, ...url.searchParams]);
    for (const k of ['_ref', '_aut', '_refacesso']) url.searchParams.delete(k);
    path = url.pathname + (url.searchParams.size ? `?${url.searchParams}` : '') + url.hash;
  }
  const ref = params.get('_ref');
  const aut = params.get('_aut');
  const acc = params.get('_refacesso');
  if (ref) support.referencia = ref;
  if (aut) support.autorizacao = aut;
  if (acc) support.refAcesso = acc;
  return { path, support };
}

/** Where to go after a guard redirect: the current path with its query. */
export function currentPath(location: { pathname: string; search: string; hash?: string }): string {
  return location.pathname + location.search + (location.hash ?? '');
}
