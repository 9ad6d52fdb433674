// A promoter's link: /e/{slug}?rpp=CODE opens the event page keeping the code (the browser keeps it). It is kept out
// of the API document (hide).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventPathWithPromoter } from '@nocturna/shared';

export const promoterLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/e/:slug',
    {
      schema: {
        hide: true,
        params: z.object({ slug: z.string().min(1).max(120) }),
        querystring: z.object({ rpp: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const rpp =
        request.query.rpp && /^[A-Za-z0-9_-]{3,40}$/.test(request.query.rpp) ? request.query.rpp : null;
      return reply.redirect(eventPathWithPromoter(request.params.slug, rpp), 302);
    },
  );
};
