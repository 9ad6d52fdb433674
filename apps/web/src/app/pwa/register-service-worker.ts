// Registers public/sw.js in production builds only: in `vite dev` a caching worker would serve stale modules.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    // The app works without it; only offline use is lost.
    console.warn('Service worker registration failed', error);
  });
}

// Personal data (tickets) cached for offline use must not outlive the session on a shared phone.
export function clearPrivateOfflineData(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: 'clear-private' });
}
