// Google sign-in leaves the page; these markers in the return URL say how it went, so the app can toast it.
export const AUTH_RETURN_PARAM = 'auth';
export type AuthReturn = 'google' | 'google-error';

export function returnUrl(from: string | undefined, result: AuthReturn): string {
  const target = new URL(from ?? window.location.pathname + window.location.search, window.location.origin);
  target.searchParams.set(AUTH_RETURN_PARAM, result);
  return target.pathname + target.search;
}

// Whether the address bar carries a marker to read.
export const hasAuthReturn = (): boolean =>
  new URLSearchParams(window.location.search).has(AUTH_RETURN_PARAM);

// Reads and removes the marker from the address bar (once).
export function takeAuthReturn(): AuthReturn | null {
  const url = new URL(window.location.href);
  const value = url.searchParams.get(AUTH_RETURN_PARAM);
  if (value !== 'google' && value !== 'google-error') return null;
  url.searchParams.delete(AUTH_RETURN_PARAM);
  url.searchParams.delete('error');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return value;
}
