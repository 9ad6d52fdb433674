// A short-lived cache of public GET answers that are the same for everyone (the catalogue: an event list, an
// event's page, a club's page). During a night's rush thousands of phones ask for the same few pages; the answer
// is computed once and its serialised bytes are sent again until any of these happens:
// - a write to a table the answer is read from commits in this process (the database's write version moves);
// - a second has passed, in the server's clock or on the monotonic one: a sale window that closes, or a write made
//   by another process (a second server, the worker), shows within that second;
// - it is pushed out by newer answers (at most MAX_ENTRIES are kept).
// Only 200 answers are kept; validation, errors and every per-request header (security headers, request id,
// compression) still run for each request, and an answer computed while a write landed is not kept. The answer
// says which it was in `x-cache: hit|miss`, as a CDN would.
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as clock from '../clock.ts';
import type { WriteVersion } from '../db/write-watch.ts';

const TTL_MS = 1000;
const MAX_ENTRIES = 500;

type Entry = { body: Buffer; type: string; version: number; at: number; storedAt: number };
type Pending = { version: number; at: number; mono: number };

export type PublicCache = {
  preHandler(request: FastifyRequest, reply: FastifyReply, done: () => void): void;
  onSend(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ): void;
};

export function publicCache(writes: WriteVersion): PublicCache {
  const entries = new Map<string, Entry>();
  // What each request missing the cache saw when it began, so its answer is kept only if nothing changed since.
  const pending = new WeakMap<FastifyRequest, Pending>();

  const fresh = (entry: Entry) => {
    if (entry.version !== writes.version()) return false;
    const age = clock.nowMs() - entry.at;
    return age >= 0 && age < TTL_MS && performance.now() - entry.storedAt < TTL_MS;
  };

  return {
    preHandler(request, reply, done) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return done();
      const entry = entries.get(request.url);
      if (entry && fresh(entry)) {
        // Answered here: the handler does not run; onSend hooks (compression, headers) still do.
        reply.header('x-cache', 'hit').header('content-type', entry.type).send(entry.body);
        return;
      }
      if (entry) entries.delete(request.url);
      reply.header('x-cache', 'miss');
      pending.set(request, { version: writes.version(), at: clock.nowMs(), mono: performance.now() });
      done();
    },
    onSend(request, reply, payload, done) {
      const began = pending.get(request);
      if (
        began &&
        request.method === 'GET' &&
        reply.statusCode === 200 &&
        typeof payload === 'string' &&
        began.version === writes.version()
      ) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(request.url, {
          body: Buffer.from(payload),
          type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          version: began.version,
          at: began.at,
          storedAt: began.mono,
        });
      }
      done(null, payload);
    },
  };
}
