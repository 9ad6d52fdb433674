// The server renderer of the public pages (routes with `handle.ssr`): runs their loaders with a query client of the
// request's own, then streams the page with React's server renderer (renderToPipeableStream). The query cache the
// loaders filled goes in the head (it is complete before the page is drawn: the server never fetches while
// rendering), and the router's data at the end of the tree, so the browser hydrates from both and fetches nothing
// again (main.tsx). API calls made by the loaders go to the server in-process through `fetchApi`, carrying the
// visitor's cookies. Each render has an i18next instance of its own, in the request's language: two requests in
// different languages never share one.
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough, type Readable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { CustomInstanceExtensions, i18n as I18n } from 'i18next';
import i18n, { startI18n } from './i18n/index.ts';

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

type Redirect = { kind: 'redirect'; status: number; location: string };

// head: the query cache's script, for the page's <head>. modules: the source files of the page's routes
// (RouteHandle.module), whose chunks the HTML preloads.
type Page = { kind: 'page'; status: number; head: string; modules: string[] };

// The page as a stream: `body` is the HTML inside <div id="root">, sent as React draws it (its first bytes once the
// page outside its Suspense boundaries is drawn). `namespaces` settles when the body has ended.
export type StreamResult = (Page & { body: Readable; namespaces: Promise<string[]> }) | Redirect;

// The whole page at once (tests, tools). namespaces: the string catalogues the page was drawn with (the browser
// must have them before hydrating).
export type RenderResult = (Page & { html: string; namespaces: string[] }) | Redirect;

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

// An i18next of the request's own, sharing the catalogues (all bundled in the server renderer) but not the language,
// and noting the namespaces this render uses (react-i18next reports each useTranslation's to its instance).
async function requestI18n(
  language: RenderRequest['language'],
): Promise<{ instance: I18n; used: Set<string> }> {
  await startI18n();
  const instance: I18n & CustomInstanceExtensions = i18n.cloneInstance({ lng: language, initAsync: false });
  const used = new Set<string>();
  instance.reportNamespaces = {
    addUsedNamespaces: (namespaces) => [namespaces].flat().forEach((ns) => used.add(ns)),
    getUsedNamespaces: () => [...used],
  };
  return { instance, used };
}

export async function renderStream(request: RenderRequest): Promise<StreamResult | null> {
  const { pathname } = new URL(request.url);
  if (!isServerRendered(pathname)) return null;
  const queryClient = createQueryClient({ server: true });
  const context = await requests.run(request, () =>
    handler.query(new Request(request.url), { requestContext: { queryClient } }),
  );
  if (context instanceof Response)
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };

  const router = createStaticRouter(handler.dataRoutes, context);
  const { instance, used } = await requestI18n(request.language);
  const lastMatch = context.matches.at(-1)?.route;
  const status = lastMatch?.path === '*' || notFound(queryClient) ? 404 : context.statusCode;
  const head = `<script nonce="${request.nonce}">window.${QUERY_STATE_GLOBAL}=${scriptJson(dehydrate(queryClient))}</script>`;
  const modules = context.matches.flatMap(
    ({ route }) => (route.handle as RouteHandle | undefined)?.module ?? [],
  );

  const body = new PassThrough();
  const namespaces = new Promise<string[]>((resolve) =>
    body.on('close', () => {
      queryClient.clear();
      resolve([...used]);
    }),
  );
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <StrictMode>
        <I18nextProvider i18n={instance}>
          <QueryClientProvider client={queryClient}>
            <StaticRouterProvider router={router} context={context} nonce={request.nonce} />
            <HydrationDone />
          </QueryClientProvider>
        </I18nextProvider>
      </StrictMode>,
      {
        nonce: request.nonce,
        // The whole page goes out as one document (render() reads the stream to its end), so every part React has
        // finished is written in place. By default it writes a finished part that would take the document past
        // 12.8 kB as its fallback (nothing, here) and the part itself at the end of the document, revealed by a
        // script: a slow phone paints the page without it first and then moves everything below it down.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          pipe(body);
          resolve({ kind: 'page', status, head, modules, body, namespaces });
        },
        onShellError: reject,
        // A part that failed on the server (inside a Suspense boundary) is drawn by the browser: React streams its
        // fallback and the browser renders it. The error itself is the server's to log.
        onError(error) {
          console.error('server render: a part failed', error);
        },
      },
    );
  });
}

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
};

export async function render(request: RenderRequest): Promise<RenderResult | null> {
  const result = await renderStream(request);
  if (!result || result.kind === 'redirect') return result;
  const { body, namespaces, ...page } = result;
  const html = await text(body);
  return { ...page, html, namespaces: await namespaces };
}
