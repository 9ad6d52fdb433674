// The server renderer of the public pages (routes with `handle.ssr`): runs their loaders with a query client
// of the request's own, draws the page with React's server renderer, and hands back the HTML with the query
// cache and the router's data for the browser to hydrate from (main.tsx). API calls made while rendering go
// to the server in-process through `fetchApi`, carrying the visitor's cookies.
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import i18n from './i18n/index.ts';

// The namespaces whose Spanish the browser has before hydrating (the rest arrives after): a server test checks that
// every public page is drawn with these only.
export { FIRST_LOAD_NAMESPACES } from './i18n/index.ts';
import { HydrationDone } from './app/hydration-done.tsx';
import { ApiRequestError, setApiTransport } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { routes, type RouteHandle } from './router.tsx';
import { QUERY_STATE_GLOBAL } from './ssr/query-state.ts';

export type RenderRequest = {
  // The page's absolute URL.
  url: string;
  language: 'es' | 'en';
  // The Content-Security-Policy nonce of the response, for the inline scripts.
  nonce: string;
  fetchApi: (path: string, init: RequestInit) => Promise<Response>;
};

export type RenderResult =
  // modules: the source files of the page's routes (RouteHandle.module), whose chunks the HTML preloads.
  // namespaces: the string catalogues the page was drawn with (the browser must have them before hydrating).
  | { kind: 'page'; status: number; html: string; head: string; modules: string[]; namespaces: string[] }
  | { kind: 'redirect'; status: number; location: string };

const requests = new AsyncLocalStorage<RenderRequest>();
setApiTransport((path, init) => {
  const request = requests.getStore();
  if (!request) throw new Error(`API call to ${path} outside a server render`);
  return request.fetchApi(path, init);
});

const handler = createStaticHandler(routes);

// JSON inside a <script>: nothing in the data may close the tag or break the line.
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const notFound = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .some(({ state }) => state.error instanceof ApiRequestError && state.error.status === 404);

export function isServerRendered(pathname: string): boolean {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  return Boolean((leaf?.handle as RouteHandle | undefined)?.ssr);
}

export async function render(request: RenderRequest): Promise<RenderResult | null> {
  const { pathname } = new URL(request.url);
  if (!isServerRendered(pathname)) return null;
  const queryClient = createQueryClient({ server: true });
  const context = await requests.run(request, () =>
    handler.query(new Request(request.url), { requestContext: { queryClient } }),
  );
  if (context instanceof Response)
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };

  const router = createStaticRouter(handler.dataRoutes, context);
  // Nothing runs between the language switch and the synchronous render, so requests cannot mix languages.
  await i18n.changeLanguage(request.language);
  // The namespaces this render uses (react-i18next reports each useTranslation's to the instance).
  const used = new Set<string>();
  i18n.reportNamespaces = {
    addUsedNamespaces: (namespaces) => [namespaces].flat().forEach((ns) => used.add(ns)),
    getUsedNamespaces: () => [...used],
  };
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} nonce={request.nonce} />
        <HydrationDone />
      </QueryClientProvider>
    </StrictMode>,
  );
  const lastMatch = context.matches.at(-1)?.route;
  const status = lastMatch?.path === '*' || notFound(queryClient) ? 404 : context.statusCode;
  const head = `<script nonce="${request.nonce}">window.${QUERY_STATE_GLOBAL}=${scriptJson(dehydrate(queryClient))}</script>`;
  queryClient.clear();
  const modules = context.matches.flatMap(
    ({ route }) => (route.handle as RouteHandle | undefined)?.module ?? [],
  );
  return { kind: 'page', status, html, head, modules, namespaces: [...used] };
}
