// After a deploy, a page opened before it still names the old build's lazy chunks, which the server no longer
// has. The router then lands on its error screen at the page the person asked for (route-error.tsx); loading that
// address again brings the new build's HTML and chunks. At most once a minute, so a chunk that is really broken
// shows the error screen instead of reloading in a loop; without signal there is no reload at all ("Sin conexión").
import { isModuleLoadFailure } from '../../lib/error-text.ts';

const KEY = 'nocturna:stale-chunk-reload';
const MIN_INTERVAL_MS = 60_000;

// A failed dynamic import, however the browser words it.
export const isStaleChunkError = isModuleLoadFailure;

// True (and remembered) when a reload may happen now.
export function claimReload(): boolean {
  if (!navigator.onLine) return false;
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last < MIN_INTERVAL_MS) return false;
  sessionStorage.setItem(KEY, String(Date.now()));
  return true;
}
