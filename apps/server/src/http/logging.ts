// JSON logs (pino, through Fastify) that an operator can follow and that hold nothing a thief could use:
// every request gets an id (the proxy's X-Request-Id when we trust the proxy, a new UUID otherwise), echoed in
// the response and carried by the socket and job logs; cookies, authorization headers, passwords, tokens,
// query secrets and a person's position are replaced, and e-mail addresses keep only their first letter and
// domain.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { stdSerializers, type LoggerOptions } from 'pino';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

const HIDDEN = '[oculto]';
// Also URL-encoded (`%40`), as an address typed into a search box arrives in a query string.
const EMAIL = /([A-Za-z0-9])[A-Za-z0-9._%+-]*(?:@|%40)([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
// lat/lng: where a person is (explore's "cerca de mí") is theirs, not the operator's.
const SECRET_PARAMS = /([?&](?:token|code|state|key|password|secret|signature|sig|lat|lng)=)[^&#]*/gi;

export function maskEmails(text: string): string {
  return text.replace(EMAIL, '$1***@$2');
}

function maskDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskEmails(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskDeep(v, depth + 1)]));
}

export function maskUrl(url: string): string {
  return maskEmails(url.replace(SECRET_PARAMS, `$1${HIDDEN}`));
}

// The id a request or socket handshake is known by in the logs.
export function requestIdFor(headers: IncomingHttpHeaders, trustProxy: boolean): string {
  const given = headers[REQUEST_ID_HEADER];
  if (trustProxy && typeof given === 'string' && SAFE_REQUEST_ID.test(given)) return given;
  return randomUUID();
}

type LoggedRequest = {
  method: string;
  url: string;
  id: string;
  ip?: string;
  routeOptions?: { url?: string };
};

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.token',
        '*.secret',
        '*.cookie',
        'password',
        'token',
        'cookie',
      ],
      censor: HIDDEN,
    },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: maskUrl(request.url),
        route: request.routeOptions?.url,
        ip: request.ip,
      }),
      err: (err: Error) => maskDeep(stdSerializers.err(err)),
    },
    formatters: { log: (object) => maskDeep(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? maskEmails(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
  };
}

// Echoes the request id so a person reporting a failure can quote it.
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
