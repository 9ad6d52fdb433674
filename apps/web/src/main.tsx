import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import './index.css';
import { loadAllStrings, startI18n } from './i18n/index.ts';
import { HydrationDone } from './app/hydration-done.tsx';
import { hydrateServerHtml } from './components/hydration/hydrate-later.tsx';
import { formatWarmups } from './lib/catalogue-format.ts';
import { queryClient } from './lib/query-client.ts';
import { routes } from './router.tsx';
import { QUERY_STATE_GLOBAL } from './ssr/query-state.ts';

declare global {
  interface Window {
    [QUERY_STATE_GLOBAL]?: DehydratedState;
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Router = ReturnType<typeof createBrowserRouter>;

// A server-rendered page's route modules (preloaded by its HTML) load before hydrating, so the first render matches
// its HTML (React Router would otherwise draw the loading fallback over it): the router starts loading them as it
// is made; the page's data comes with it from the server (hydrationData).
const initialized = (router: Router) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

async function start() {
  const root = document.getElementById('root')!;
  const app = (router: Router) => (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <HydrationDone />
      </QueryClientProvider>
    </StrictMode>
  );
  const dehydrated = window[QUERY_STATE_GLOBAL];
  if (!dehydrated) {
    // The app shell (signed-in pages, offline, development): drawn in the browser.
    await startI18n();
    createRoot(root).render(app(createBrowserRouter(routes)));
    return;
  }
  // Each step before hydrating runs in a task of its own, so a phone's main thread is never held long in one go
  // (issue 14: total blocking time): the strings, the query cache, the first number and date formats, the router.
  await nextTask();
  const strings = startI18n();
  await nextTask();
  hydrate(queryClient, dehydrated);
  for (const warm of formatWarmups(document.documentElement.lang)) {
    await nextTask();
    warm();
  }
  await nextTask();
  const router = createBrowserRouter(routes);
  await Promise.all([strings, initialized(router)]);
  await nextTask();
  // The providers and the shell's frame hydrate now; the page, the shell's bars and the cards of its lists
  // (HydrateLater) each in a task of their own after it, so a phone's main thread is never held for the whole
  // tree (the page is already visible). The signed-in shell takes over once every feature's strings are in.
  const allStrings = loadAllStrings();
  hydrateServerHtml(
    () => {
      hydrateRoot(root, app(router));
    },
    () => allStrings,
  );
}

void start();
