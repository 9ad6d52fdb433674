// Mounts better-auth at /api/auth/*, refuses foreign origins on every state-changing API call, and applies
// the sign-in/sign-up rate limits. Decorates the app with `auth` for the guards and the features (the account and
// role routes are features, registered by app.ts).
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@nocturna/shared';
import { COOKIE_PREFIX, createAuth, type Auth, type AuthMailer } from './auth.ts';
import { isTrustedOrigin } from './origins.ts';
import { registerAuthRateLimit } from './rate-limit.ts';
import { guardPath } from '../http/canonical-url.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    authMailer: AuthMailer;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${COOKIE_PREFIX}\\.session_token=`);
const AUTH_BODY_LIMIT = 16 * 1024;

// Errors we raise in front of better-auth carry both shapes: ours ({error}) and better-auth's client's ({code, message}).
function authError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
) {
  return reply.status(status).send({ error: { code, message, details }, code, message, ...details });
}

function toWebRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // better-auth reads the client IP from this header for sessions; Fastify already resolved it.
  headers.set('x-forwarded-for', request.ip);
  let body: string | undefined;
  if (!SAFE_METHODS.has(request.method) && request.body !== undefined && request.body !== null) {
    body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  }
  return new Request(url, { method: request.method, headers, body });
}

async function authRoutes(app: FastifyInstance) {
  const limit = await registerAuthRateLimit(app, app.config.redisUrl, app.config.signInAccountLimit);
  // OpenID Connect providers may post the callback as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    bodyLimit: AUTH_BODY_LIMIT,
    schema: { hide: true },
    handler: async (request, reply) => {
      const decision = await limit(request);
      if (!decision.allowed) {
        reply.header('retry-after', String(decision.retryAfterSeconds));
        return authError(
          reply,
          429,
          'TOO_MANY_REQUESTS',
          `Too many attempts. Try again in ${decision.retryAfterSeconds} seconds.`,
          {
            retryAfterSeconds: decision.retryAfterSeconds,
          },
        );
      }
      const response = await app.auth.handler(toWebRequest(request));
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'auth',
      createAuth(
        app.config,
        app.db,
        app.dbKind,
        app.log,
        app.hasDecorator('authMailer') ? app.authMailer : undefined,
      ),
    );

    // Cookie sessions make every cross-site write a CSRF risk: only our own origin may change state.
    // Callback-style, so the GETs that pass straight through cost no promise.
    app.addHook('onRequest', (request, reply, done) => {
      // request.url is already canonical (app.ts), and the test ignores case, so no spelling of the path escapes it.
      if (SAFE_METHODS.has(request.method) || !/^\/api(\/|$)/.test(guardPath(request.url))) return done();
      const origin = request.headers.origin;
      // A write that carries our session cookie but no Origin is refused like a foreign one: browsers send
      // Origin on every cross-site and same-site POST, so only a forged or stripped request lacks it.
      const refused =
        origin === undefined
          ? SESSION_COOKIE.test(request.headers.cookie ?? '')
          : !isTrustedOrigin(app.config, origin);
      if (refused) {
        // Answered here: done() is not called, so the request goes no further.
        authError(reply, 403, 'FORBIDDEN_ORIGIN', 'Requests from this origin are not allowed.');
        return;
      }
      done();
    });

    await app.register(authRoutes);
  },
  { name: 'nocturna-auth' },
);
