// The per-IP limit on searches by visitors (signed-out callers), for @fastify/rate-limit's route config: the
// grouped search and the people list both use it. Kept in this server's memory.
import type { FastifyRequest } from 'fastify';
import { SEARCH_RATE_LIMIT } from '@nocturna/shared';
import { AppError } from './errors.ts';

export const anonymousSearchLimit = {
  max: SEARCH_RATE_LIMIT.max,
  timeWindow: SEARCH_RATE_LIMIT.windowMs,
  keyGenerator: (request: FastifyRequest) => request.ip,
  allowList: (request: FastifyRequest) => Boolean(request.authUser),
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
    new AppError(
      429,
      'TOO_MANY_SEARCHES',
      `Demasiadas búsquedas seguidas. Prueba dentro de ${Math.ceil(context.ttl / 1000)} s o inicia sesión.`,
      { details: { retryAfterSeconds: Math.ceil(context.ttl / 1000) } },
    ),
};
