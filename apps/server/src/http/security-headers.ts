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
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { usesCamera, usesGeolocation } from '@nocturna/shared';

const nonces = new WeakMap<ServerResponse, string>();

function nonceOf(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) nonces.set(res, (nonce = randomBytes(16).toString('base64')));
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

export function permissionsPolicy(pathname: string): string {
  const camera = usesCamera(pathname) ? 'camera=(self)' : 'camera=()';
  const geolocation = usesGeolocation(pathname) ? 'geolocation=(self)' : 'geolocation=()';
  return [camera, geolocation, ...DENIED_FEATURES.map((feature) => `${feature}=()`)].join(', ');
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
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url ?? '';
    (route.startsWith('/api/docs') ? swaggerHeaders : appHeaders)(request.raw, reply.raw, (error) =>
      done(error instanceof Error ? error : undefined),
    );
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('permissions-policy', permissionsPolicy(request.url.split('?')[0] ?? '/'));
    done(null, payload);
  });
}
