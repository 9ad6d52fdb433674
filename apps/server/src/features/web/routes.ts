// Serves the built web app: static assets, and index.html with per-page meta for every other GET.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { FALLBACK_INDEX, META_MARKER, metaForPath, renderMeta } from './page-meta.ts';

export const webRoutes: FastifyPluginAsync = async (app) => {
  const indexFile = path.join(app.config.webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const template = hasBuild ? fs.readFileSync(indexFile, 'utf8') : FALLBACK_INDEX;
  if (!hasBuild) app.log.warn('apps/web/dist not found: serving API only (run `npm run build`)');

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: app.config.webDist,
      wildcard: false,
      index: false,
      // Vite's hashed files never change under their name; everything else (sw.js, the manifest, icons) is
      // checked again on every use, so a deploy is seen at once.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = decodeURI(request.url.split('?')[0] ?? '/');
    if (/^\/(api|media|socket\.io)(\/|$)/.test(pathname)) return reply.callNotFound();
    if (hasBuild && /\.[a-z0-9]{2,5}$/i.test(pathname)) {
      const file = path.join(app.config.webDist, path.normalize(pathname));
      if (file.startsWith(app.config.webDist) && fs.existsSync(file))
        return reply.sendFile(path.relative(app.config.webDist, file));
      return reply.callNotFound();
    }
    const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    const meta = await metaForPath(app.db, pathname, origin);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(template.replace(META_MARKER, renderMeta(meta)));
  });
};
