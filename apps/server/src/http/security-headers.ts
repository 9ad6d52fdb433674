// Security headers on every response, through helmet (its middleware built once at start, not per request as
// @fastify/helmet does: that rebuilt it for every response and cost the door's scans about 8 % of the server's CPU):
// - a Content-Security-Policy with no inline script: scripts come from this origin, or carry the request's
//   nonce (`cspNonce(reply)`, for server-rendered pages); styles may be inline (React style attributes,
//   react-hot-toast's injected sheet), which cannot run code;
// - no framing (frame-ancestors 'none' and X-Frame-Options DENY), nosniff, strict-origin-when-cross-origin;
// - connect-src and img-src also reach the online map style's origin (MAP_STYLE_URL), nothing else;
// - a Permissions-Policy that lets only the door and live-wall documents use the camera, and only explore's
//   ask where the person is;
// - HSTS and upgrade-insecure-requests only when PUBLIC_URL is https.
// /api/docs (Swagger UI) gets a policy of its own that lets its bundled page run.
import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { usesCamera, usesGeolocation } from '@nocturna/shared';

const nonces = new WeakMap<ServerResponse, string>();

// Nonces are cut from a pool of random bytes refilled 256 at a time: one call into the system's generator per
// 256 responses instead of one per response (every response carries a nonce in its policy).
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let poolOffset = pool.length;

function freshNonce(): string {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const nonce = pool.toString('base64', poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

function nonceOf(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) nonces.set(res, (nonce = freshNonce()));
  return nonce;
}

// The nonce an inline <script> of this response must carry.
export const cspNonce = (reply: FastifyReply): string => nonceOf(reply.raw);

const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'display-capture',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
];

function policyText(camera: boolean, geolocation: boolean): string {
  return [
    camera ? 'camera=(self)' : 'camera=()',
    geolocation ? 'geolocation=(self)' : 'geolocation=()',
    ...DENIED_FEATURES.map((feature) => `${feature}=()`),
  ].join(', ');
}

export function permissionsPolicy(pathname: string): string {
  return policyText(usesCamera(pathname), usesGeolocation(pathname));
}

const SWAGGER_CSP = {
  directives: {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-inline'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
  },
};

// The origin of /explore's online map style: MapLibre fetches the style, its tiles, glyphs and sprites from it
// (OpenFreeMap serves all four from one origin; a style that reaches further needs its own deployment's CSP).
export function mapOrigins(mapStyleUrl: string | null): string[] {
  return mapStyleUrl ? [new URL(mapStyleUrl).origin] : [];
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  const https = app.config.publicUrl?.startsWith('https:') ?? false;
  const map = mapOrigins(app.config.mapStyleUrl);

  const common = {
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Cross-origin isolation would block Google's avatar images; not needed by the app.
    crossOriginEmbedderPolicy: false,
  } as const;
  const appHeaders = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonceOf(res)}'`],
        'style-src': ["'self'", "'unsafe-inline'"],
        // Google account photos arrive as links to Google's image host.
        'img-src': ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com', ...map],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...map],
        'media-src': ["'self'", 'blob:'],
        'worker-src': ["'self'", 'blob:'],
        'manifest-src': ["'self'"],
        'frame-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
  });
  // Swagger UI's routes carry their own policy.
  const swaggerHeaders = helmet({ ...common, contentSecurityPolicy: SWAGGER_CSP });
  // Helmet's headers do not depend on the request but for the nonce, so each middleware runs once here and every
  // response gets the headers it wrote, the nonce put in its place: running helmet per response rebuilt the whole
  // policy text each time, about a fifth of a catalogue read's CPU.
  const appSet = await headersOf(appHeaders);
  const swaggerSet = await headersOf(swaggerHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url ?? '';
    applyHeaders(route.startsWith('/api/docs') ? swaggerSet : appSet, reply.raw);
    done();
  });

  // Four possible policies (camera and geolocation each allowed or not), built once.
  const policies = new Map<string, string>();
  for (const camera of [false, true])
    for (const geolocation of [false, true])
      policies.set(`${camera}${geolocation}`, policyText(camera, geolocation));
  app.addHook('onSend', (request, reply, payload, done) => {
    const pathname = request.url.split('?')[0] ?? '/';
    reply.header('permissions-policy', policies.get(`${usesCamera(pathname)}${usesGeolocation(pathname)}`));
    done(null, payload);
  });
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
// What a helmet middleware does to a response: headers set (a value split where the nonce goes) and removed.
type HeaderSet = { set: [name: string, parts: string[]][]; removed: string[] };

const NONCE_MARK = '\u0000nonce\u0000';

async function headersOf(middleware: Middleware): Promise<HeaderSet> {
  const result: HeaderSet = { set: [], removed: [] };
  const recorder = {
    setHeader: (name: string, value: string) => void result.set.push([name, String(value).split(NONCE_MARK)]),
    removeHeader: (name: string) => void result.removed.push(name),
  } as unknown as ServerResponse;
  nonces.set(recorder, NONCE_MARK);
  await new Promise<void>((resolve, reject) =>
    middleware({} as IncomingMessage, recorder, (error) =>
      error
        ? reject(error instanceof Error ? error : new Error('helmet refused its options', { cause: error }))
        : resolve(),
    ),
  );
  return result;
}

function applyHeaders(headers: HeaderSet, res: ServerResponse) {
  for (const name of headers.removed) res.removeHeader(name);
  for (const [name, parts] of headers.set)
    res.setHeader(name, parts.length === 1 ? parts[0]! : parts.join(nonceOf(res)));
}
