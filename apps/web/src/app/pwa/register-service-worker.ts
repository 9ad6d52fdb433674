// A page that is never idle (an animation, a live wall) still registers after this long.
const IDLE_WAIT_MS = 3000;

// Runs `run` now if the browser has a network, or once it has one again: a service worker registered offline fails
// at fetching its script (which the browser reports as a console error) and would only be tried again on the next
// page load.
export function whenOnline(run: () => void): void {
  if (navigator.onLine) run();
  else window.addEventListener('online', () => run(), { once: true });
}

// Registers public/sw.js in production builds only: in `vite dev` a caching worker would serve stale modules.
// It registers once the page has loaded and the main thread is idle: its install fetches the shell and every asset the
// shell names, which would otherwise compete with the first page's own scripts on a phone's network and CPU (a fast
// first load). Nothing needs it sooner: offline use starts once it controls a page.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () =>
    whenOnline(() => {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
        // The app works without it; only offline use is lost.
        console.warn('Service worker registration failed', error);
      });
    });
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: IDLE_WAIT_MS });
    else setTimeout(register, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

// Personal data (tickets) cached for offline use must not outlive the session on a shared phone.
export function clearPrivateOfflineData(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: 'clear-private' });
}
