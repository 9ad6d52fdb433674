import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import './index.css';
import { loadAllStrings, startI18n } from './i18n/index.ts';
import { HydrationDone } from './app/hydration-done.tsx';
import { hydrateServerHtml } from './components/hydration/hydrate-later.tsx';
import { formatWarmups } from './lib/catalogue-format.ts';
import { queryClient } from './lib/query-client.ts';
import { patchLaterPages, routes, serverPageRoutes } from './router.tsx';
import { QUERY_STATE_GLOBAL } from './ssr/query-state.ts';

declare global {
  interface Window {
    [QUERY_STATE_GLOBAL]?: DehydratedState;
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Router = ReturnType<typeof createBrowserRouter>;

// A server-rendered page's route modules (preloaded by its HTML) load before hydrating, so the first render matches
// its HTML (React Router would otherwise draw the loading fallback over it). They are resolved before the router is
// made: a route still lazy when the router starts counts as not loaded, and React Router would run its loader again
// in the browser (the wall's loader would then ask for photos a visitor may not see).
async function loadMatchedRoutes() {
  const matches = matchRoutes(serverPageRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

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
  // (issue 14: total blocking time): the strings, the page's route modules, the query cache, the first date format,
  // the router.
  await nextTask();
  const strings = startI18n();
  await nextTask();
  const routesLoaded = loadMatchedRoutes();
  await nextTask();
  hydrate(queryClient, dehydrated);
  for (const warm of formatWarmups(document.documentElement.lang)) {
    await nextTask();
    warm();
  }
  await Promise.all([strings, routesLoaded]);
  await nextTask();
  // Made with the server pages only; the other pages join on the first navigation that needs them.
  const router = createBrowserRouter(serverPageRoutes, { patchRoutesOnNavigation: patchLaterPages });
  await nextTask();
  // The providers hydrate now; the shell, its bars, the page and the cards of its lists (HydrateLater) each in a
  // task of their own after them, so a phone's main thread is never held for the whole
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
