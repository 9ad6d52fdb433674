// Why a page could not be drawn, for the router's error screen: no signal (the "Sin conexión" screen), code a deploy
// replaced (load the new build, once), or a real error ("Unexpected Application Error!").
import { isStaleChunkError } from './reload-on-stale-chunk.ts';

// Thrown by the loader of a page that needs the network when it is reached without one (router.tsx).
export class OfflinePageError extends Error {
  constructor() {
    super('This page needs a connection');
    this.name = 'OfflinePageError';
  }
}

export const needsNetwork = (): null => {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new OfflinePageError();
  return null;
};

// fetch's own rejection: Chromium "Failed to fetch", Firefox "NetworkError when attempting…", Safari "Load failed".
const isFailedFetch = (error: unknown) =>
  error instanceof TypeError && /failed to fetch|networkerror|load failed/i.test(error.message);

export type PageFailure = 'offline' | 'stale-code' | 'error';

// The module a failed dynamic import names (Chromium and Firefox put its address in the message).
export function failedModuleUrl(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  return /(https?:\/\/[^\s'"]+)/.exec(error.message)?.[1] ?? null;
}

// What is known without asking the network: offline, any failure to fetch (a page's code or its data) is the missing
// signal; online, a failed import needs a look at the server (probeFailedModule).
export function pageFailure(error: unknown, online: boolean): PageFailure | 'ask-server' {
  if (error instanceof OfflinePageError) return 'offline';
  const failedFetch = isStaleChunkError(error) || isFailedFetch(error);
  if (!online && failedFetch) return 'offline';
  if (isStaleChunkError(error)) return 'ask-server';
  return 'error';
}

// Online by the browser's account, a module did not load: either the device cannot reach the server after all (a
// request to it fails: offline), or the server answers, and that build's file is gone or broken (stale code). A HEAD
// request: the service worker leaves it alone, so it is the server that answers.
export async function probeFailedModule(error: unknown): Promise<PageFailure> {
  const url = failedModuleUrl(error);
  try {
    await fetch(url ?? '/app-shell', { method: 'HEAD', cache: 'no-store' });
    return 'stale-code';
  } catch {
    return 'offline';
  }
}
