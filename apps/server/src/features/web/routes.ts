// Serves the built web app: static assets, the public pages rendered on the server (ssr.ts) and, for every
// other page, index.html with the page's meta (the browser draws those). /app-shell is that bare page, which
// the service worker keeps for opening the app offline.
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { cspNonce } from '../../http/security-headers.ts';
import { FALLBACK_INDEX, META_MARKER, renderHead } from './page-meta.ts';
import { pageSession, pageSessionScript } from './page-session.ts';
import { seoRoutes } from './seo-routes.ts';
import { apiFetcher, languageOf, loadRenderer, modulePreloader, type RenderResult } from './ssr.ts';
import { publicOrigin } from '../../config.ts';

export const APP_SHELL_PATH = '/app-shell';
const ROOT = '<div id="root"></div>';

function decodedPath(url: string): string | null {
  try {
    return decodeURI(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

export const webRoutes: FastifyPluginAsync = async (app) => {
  const indexFile = path.join(app.config.webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const template = hasBuild ? fs.readFileSync(indexFile, 'utf8') : FALLBACK_INDEX;
  if (!hasBuild) app.log.warn('apps/web/dist not found: serving API only (run `npm run build`)');
  const renderer = hasBuild ? await loadRenderer(app.config.webDist) : null;
  const preloads = modulePreloader(app.config.webDist);
  if (hasBuild && !renderer)
    app.log.warn('the server renderer was not built: public pages are drawn in the browser');

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: app.config.webDist,
      wildcard: false,
      index: false,
      // The build writes each hashed file also brotli- and gzip-compressed (vite.config.ts): sent as they are, the
      // server compresses nothing per request for them.
      preCompressed: true,
      // Vite's hashed files never change under their name; everything else (sw.js, the manifest, icons) is
      // checked again on every use, so a deploy is seen at once.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // The same address answers brotli, gzip or plain bytes by the request's Accept-Encoding: a shared cache
        // must keep them apart (on-the-fly compression said so itself; a precompressed file does not).
        res.setHeader('vary', 'accept-encoding');
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  await app.register(seoRoutes);

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = decodedPath(request.url);
    // A malformed escape (`/discotecas/%E0%A4%A`) names no page.
    if (pathname === null) return reply.callNotFound();
    if (/^\/(api|media|socket\.io)(\/|$)/.test(pathname)) return reply.callNotFound();
    if (hasBuild && /\.[a-z0-9]{2,5}$/i.test(pathname)) {
      const file = path.join(app.config.webDist, path.normalize(pathname));
      if (file.startsWith(app.config.webDist) && fs.existsSync(file))
        return reply.sendFile(path.relative(app.config.webDist, file));
      return reply.callNotFound();
    }
    const origin = publicOrigin(app.config);
    const language = languageOf(request);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'cookie');

    const nonce = cspNonce(reply);
    // Every page but the offline shell (kept by the service worker, and so by no one in particular) says who it
    // was made for. Read before the render's own API calls, so a session due for its extension is extended here,
    // and its new cookie goes out with the page.
    const session =
      pathname === APP_SHELL_PATH ? '' : pageSessionScript(await pageSession(request, reply), nonce);
    let page: RenderResult | null = null;
    if (renderer && pathname !== APP_SHELL_PATH) {
      try {
        page = await renderer.renderStream({
          url: origin + request.url,
          language,
          nonce,
          fetchApi: apiFetcher((options) => app.inject(options), request),
        });
      } catch (error) {
        // The browser can still draw the page: a render failure costs speed, never the page.
        request.log.error({ err: error, url: request.url }, 'server render failed');
      }
    }
    if (page?.kind === 'redirect') return reply.redirect(page.location, page.status);

    const indexable = page?.kind === 'page' && page.status === 200;
    const head = await renderHead(app.db, { pathname, origin, language, indexable, nonce });
    const html = template
      .replace('<html lang="es">', `<html lang="${language}">`)
      .replace(META_MARKER, () => head + session + (page ? page.head : ''))
      // After the style sheet and the entry script, so the first paint is not queued behind them.
      .replace('</head>', () => (page ? preloads(page.modules) : '') + '</head>');
    if (page?.kind !== 'page') return reply.status(200).send(html);
    // The head (title, canonical, JSON-LD, Open Graph, the query cache) goes out first; the page follows as React
    // draws it, then the rest of the template.
    const [before, after] = html.split(ROOT) as [string, string];
    const stream = new PassThrough();
    stream.write(`${before}<div id="root">`);
    page.body.pipe(stream, { end: false });
    page.body.on('end', () => stream.end(`</div>${after}`));
    page.body.on('error', (error) => {
      request.log.error({ err: error, url: request.url }, 'server render failed while streaming');
      stream.end(`</div>${after}`);
    });
    return reply.status(page.status).send(stream);
  });
};
