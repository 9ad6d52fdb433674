import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import './index.css';
import { i18nReady } from './i18n/index.ts';
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

// A server-rendered page's route modules load before hydrating, so the first render matches its HTML
// (React Router would otherwise draw the loading fallback over it).
async function loadMatchedRoutes() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const root = document.getElementById('root')!;
  await i18nReady;
  const app = (router: ReturnType<typeof createBrowserRouter>) => (
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
    createRoot(root).render(app(createBrowserRouter(routes)));
    return;
  }
  const routesLoaded = loadMatchedRoutes();
  await nextTask();
  hydrate(queryClient, dehydrated);
  // Work that would otherwise land in the hydration task runs in tasks of its own first: a phone's main thread
  // is never held long in one go (issue 14: total blocking time).
  for (const warm of formatWarmups(document.documentElement.lang)) {
    await nextTask();
    warm();
  }
  await routesLoaded;
  await nextTask();
  const router = createBrowserRouter(routes);
  await nextTask();
  // The providers and the shell's frame hydrate now; the page, the shell's bars and the cards of its lists
  // (HydrateLater) each in a task of their own after it, so a phone's main thread is never held for the whole
  // tree (the page is already visible).
  hydrateServerHtml(() => {
    hydrateRoot(root, app(router));
  });
}

void start();
