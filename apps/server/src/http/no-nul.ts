// NUL (U+0000) cannot be stored in a PostgreSQL text column (the query fails, and the request with it as a 500),
// and no person types one. Any text reaching a handler with it, in a path segment (%00), a query value or a JSON
// string or key, is refused here with a 400 naming where it was, on both engines alike.
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

const MAX_DEPTH = 64;

// The path to the first string (or object key) holding a NUL, or null.
function nulAt(value: unknown, path: string[], depth: number): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
    const found = nulAt(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

export function refuseNul(app: FastifyInstance): void {
  // After validation and the routes' guards (their preValidation), so a signed-out caller still gets 401 first.
  app.addHook('preHandler', async (request) => {
    // The web app's pages (the catch-all route) answer any address with a page of their own, 404 included.
    if (request.routeOptions.url === '/*') return;
    const parts = { params: request.params, query: request.query, body: request.body };
    for (const [part, value] of Object.entries(parts)) {
      const path = nulAt(value, [], 0);
      if (path) throw badRequest(path.join('.') || part, 'El texto contiene caracteres no válidos.');
    }
  });
}
