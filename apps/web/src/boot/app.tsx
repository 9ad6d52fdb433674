// The last boot stage (main.tsx): the router and the providers, drawn in the browser or hydrating the server's page.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { HydrationDone } from '../app/hydration-done.tsx';
import { waitBeforeHydrated } from '../components/use-hydrated.ts';
import { queryClient } from '../lib/query-client.ts';
import { patchLaterPages, routes, serverPageRoutes } from '../router.tsx';

type Router = ReturnType<typeof createBrowserRouter>;

const app = (router: Router) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <HydrationDone />
    </QueryClientProvider>
  </StrictMode>
);

// The app shell (signed-in pages, offline, development): every page known, drawn in the browser.
export function drawApp(root: HTMLElement): void {
  createRoot(root).render(app(createBrowserRouter(routes)));
}

// A server-rendered page's route modules (preloaded by its HTML) load before hydrating, so the first render matches
// its HTML (React Router would otherwise draw the loading fallback over it). They are resolved before the router is
// made: a route still lazy when the router starts counts as not loaded, and React Router would run its loader again
// in the browser (the wall's loader would then ask for photos a visitor may not see).
export async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(serverPageRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

// Made with the server pages only; the other pages join on the first navigation that needs them.
export const serverPageRouter = (): Router =>
  createBrowserRouter(serverPageRoutes, { patchRoutesOnNavigation: patchLaterPages });

// React hydrates the providers and the page around its HydrationBoundary parts first, then each part on its own, in
// slices that yield to the browser (the page is already visible). The signed-in shell takes over once every
// feature's strings are in (`allStrings`).
// <html data-hydrating> says React has taken the page over: from then on a tap on a part not hydrated yet is React's
// to answer (the journeys tap one before the page is live).
export function hydrateApp(root: HTMLElement, router: Router, allStrings: Promise<void>): void {
  waitBeforeHydrated(allStrings);
  hydrateRoot(root, app(router));
  document.documentElement.dataset.hydrating = 'true';
}
