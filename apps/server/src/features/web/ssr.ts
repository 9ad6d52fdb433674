// The public pages' server renderer: the web app's own React tree (apps/web/src/entry-server.tsx, built to
// <web dist>-ssr/entry-server.js by `npm run build`), loaded once. Its API calls come back here in-process
// through app.inject with the visitor's cookies, so a page shows what the same visitor's browser would fetch.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest, InjectOptions, LightMyRequestResponse } from 'fastify';

export type Language = 'es' | 'en';

type RenderRequest = {
  url: string;
  language: Language;
  nonce: string;
  fetchApi: (path: string, init: RequestInit) => Promise<Response>;
};
// body: the HTML inside <div id="root">, streamed as React draws it.
export type RenderResult =
  | { kind: 'page'; status: number; body: Readable; head: string; modules: string[] }
  | { kind: 'redirect'; status: number; location: string };
type Renderer = { renderStream: (request: RenderRequest) => Promise<RenderResult | null> };

export const LANGUAGE_COOKIE = 'nocturna.lang';
const LANGUAGE_IN_COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE.replace('.', '\\.')}=(es|en)(?:;|$)`);

// ?lang= first (a shared link in English), then the choice the browser keeps in a cookie, then Spanish.
export function languageOf(request: FastifyRequest): Language {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang');
  if (query === 'es' || query === 'en') return query;
  return LANGUAGE_IN_COOKIE.exec(request.headers.cookie ?? '')?.[1] === 'en' ? 'en' : 'es';
}

export async function loadRenderer(webDist: string): Promise<Renderer | null> {
  const file = `${webDist}-ssr/entry-server.js`;
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Renderer;
}

type ManifestChunk = { file: string };

// The <link rel="modulepreload"> tags for a page's route modules (the shell, the error boundary, the page): their
// chunks, from the web build's manifest (apps/web/dist/.vite/manifest.json), fetched with the HTML instead of after
// the entry has run. Only those: the chunks they import are found by the browser as each arrives. Naming all of
// them (about 45 for the home page) queued them before the style sheet on a phone's few connections, and the first
// paint came 0.5–0.8 s later in Lighthouse's mobile run.
export function modulePreloader(webDist: string): (modules: string[]) => string {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  return (modules) =>
    [...new Set(modules.flatMap((module) => manifest[module]?.file ?? []))]
      .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`)
      .join('');
}

const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const;

// The page renderer asks the app's own API routes for a page's data, through the app itself (inject): no socket,
// the same answers a browser would get.
export function apiFetcher(
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>,
  request: FastifyRequest,
): RenderRequest['fetchApi'] {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return async (path, init) => {
    if (init.method && init.method !== 'GET') throw new Error(`A server render may only read (${path})`);
    const response = await inject({ method: 'GET', url: path, headers, remoteAddress: request.ip });
    const contentType = response.headers['content-type'];
    return new Response(response.statusCode === 204 ? null : response.body, {
      status: response.statusCode,
      headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
    });
  };
}
