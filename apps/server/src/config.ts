// Every environment variable, parsed once at boot. A bad value stops the process with a readable message.
import path from 'node:path';
import { z } from 'zod';
import { APPLE_WALLET_KEYS, GOOGLE_WALLET_KEYS, walletConfig, type WalletConfig } from './wallet-config.ts';

// Connections the kernel queues before the server accepts them: a flash sale opens thousands at once, and
// Node's default (511) would reset the rest. Linux caps it at net.core.somaxconn (4096 by default).
export const LISTEN_BACKLOG = 4096;

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

// OpenFreeMap's free vector tiles (no key); style, tiles, glyphs and sprites all come from its origin.
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  // The built web app to serve; the default is the workspace's own build.
  WEB_DIST_DIR: z.string().optional(),
  DATABASE_URL: optionalUrl,
  // PostgreSQL only: the schema to work in (search_path), for a database shared with other things.
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'un nombre de esquema en minúsculas')
    .optional(),
  // PostgreSQL only: how long a request waits for a free connection of the pool (or to connect) before it answers
  // 503; a test that fires hundreds of requests at once on a loaded machine raises it.
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  REDIS_URL: optionalUrl,
  // The online map style of /explore (MapLibre style JSON); `off` keeps the offline basemap only.
  MAP_STYLE_URL: z
    .string()
    .trim()
    .default(DEFAULT_MAP_STYLE_URL)
    .pipe(z.union([z.literal('off'), z.url({ protocol: /^https?$/ })])),
  // Sign-ins allowed per account (e-mail or username) in 5 minutes, before 429.
  SIGN_IN_ACCOUNT_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  PUBLIC_URL: optionalUrl,
  AUTH_SECRET: z.string().min(32).optional(),
  // Ed25519 private key that signs ticket QR codes: PKCS#8 PEM, or base64 of its DER or 32-byte seed.
  TICKET_SIGNING_KEY: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  // The company behind the site, as the terms and privacy pages must name it (LSSI-CE art. 10).
  LEGAL_NAME: z.string().trim().min(1).default('Nocturna, S.L.'),
  LEGAL_NIF: z.string().trim().min(1).optional(),
  LEGAL_ADDRESS: z.string().trim().min(1).optional(),
  LEGAL_REGISTRY: z.string().trim().min(1).optional(),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  // How long the assistant waits for the model before the built-in assistant answers instead.
  AI_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('auto'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Outgoing mail: SMTP when set (smtp:// or smtps://user:pass@host:port), else .eml files in DATA_DIR/outbox.
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).default('Nocturna <no-reply@nocturna.es>'),
  // The outbox page (/dev/outbox and /api/dev/outbox): off unless set to 1, and never with SMTP_URL.
  MAIL_DEV_OUTBOX: z.enum(['0', '1']).optional(),
  // Web Push (VAPID). Unset: a key pair generated once and kept in DATA_DIR/vapid-keys.json.
  VAPID_PUBLIC_KEY: z.string().trim().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().trim().min(1).optional(),
  VAPID_SUBJECT: z.string().trim().default('mailto:hola@nocturna.es'),
  // Card payments (Stripe Checkout): both set switch online ticket types on; unset, those types are refused.
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  // Where the Stripe API is (tests and local stand-ins); unset: Stripe's own, https://api.stripe.com.
  STRIPE_API_BASE: optionalUrl,
  // "Añadir a Apple Wallet": all five (the passphrase apart) or none. Certificates and key are PEM, written in the
  // variable or as the path of a PEM file. Unset: no Apple Wallet button, and its endpoint answers 404.
  APPLE_WALLET_PASS_TYPE_ID: z.string().trim().min(1).optional(),
  APPLE_WALLET_TEAM_ID: z.string().trim().min(1).optional(),
  APPLE_WALLET_CERT: z.string().trim().min(1).optional(),
  APPLE_WALLET_KEY: z.string().trim().min(1).optional(),
  APPLE_WALLET_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WALLET_WWDR_CERT: z.string().trim().min(1).optional(),
  // "Guardar en Google Wallet": the issuer id and the service account that signs the save links (its e-mail and
  // its private key, PEM in the variable or a file path), all three or none.
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .trim()
    .regex(/^\d+$/, 'el número de emisor de Google Wallet')
    .optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: z.email().optional(),
  GOOGLE_WALLET_PRIVATE_KEY: z.string().trim().min(1).optional(),
  // How long places stay held while the buyer pays.
  HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(10),
  // Bearer token that /metrics asks for; unset, /metrics does not exist.
  METRICS_TOKEN: z.string().trim().min(16).optional(),
  // How long SIGTERM waits for requests in flight and running jobs before the process exits anyway.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Only behind a reverse proxy that sets X-Forwarded-For: otherwise any client could claim any IP.
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Who runs the side work a buyer or a door does not wait for (mails with their QR, pushes, notification
  // delivery): `inline` this process's own queue loop (tests, development); `child` a worker process main.ts
  // starts beside the server (npm start); `external` a worker run as its own service (compose.yaml's `worker`).
  // Either way the work is a row in `jobs` first, so nothing is lost when a process dies.
  JOB_WORKER: z.enum(['inline', 'child', 'external']).default('inline'),
  // The side-work worker's niceness (0 = as the server; 19 = only idle CPU).
  WORKER_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  SEED_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

// Half an S3 setup stops the boot: uploads would otherwise land on one server's disk, or fail one by one.
const S3_KEYS = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (S3_KEYS.some((key) => env[key])) {
    for (const key of S3_KEYS.filter((k) => !env[k])) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `falta; S3 necesita las tres: ${S3_KEYS.join(', ')}`,
      });
    }
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
      message: 'falta; VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas',
    });
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'],
      message: 'falta; STRIPE_SECRET_KEY y STRIPE_WEBHOOK_SECRET van juntas',
    });
  }
  for (const keys of [APPLE_WALLET_KEYS, GOOGLE_WALLET_KEYS]) {
    if (!keys.some((key) => env[key])) continue;
    for (const key of keys.filter((k) => !env[k])) {
      ctx.addIssue({ code: 'custom', path: [key], message: `falta; van juntas: ${keys.join(', ')}` });
    }
  }
  if (env.S3_BUCKET && !env.S3_ENDPOINT && env.S3_REGION === 'auto') {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_REGION'],
      message: 'sin S3_ENDPOINT el bucket está en AWS: falta su región, p. ej. eu-west-1',
    });
  }
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  redisUrl?: string;
  // null: the offline basemap only.
  mapStyleUrl: string | null;
  signInAccountLimit: number;
  databasePoolWaitMs: number;
  publicUrl?: string;
  authSecret?: string;
  ticketSigningKey?: string;
  google: { clientId?: string; clientSecret?: string; issuer: string };
  legal: { name: string; nif?: string; address?: string; registry?: string };
  ai: { baseUrl?: string; apiKey?: string; model: string; timeoutMs: number };
  s3: { endpoint?: string; bucket?: string; region: string; accessKeyId?: string; secretAccessKey?: string };
  mail: { smtpUrl?: string; from: string; outboxPage: boolean };
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  stripe?: { secretKey: string; webhookSecret: string; apiBase?: string };
  // Unset: that wallet is off.
  wallet: WalletConfig;
  holdMinutes: number;
  logLevel: Env['LOG_LEVEL'];
  metricsToken?: string;
  shutdownGraceMs: number;
  seedOnStart: boolean;
  trustProxy: boolean;
  jobWorker: 'inline' | 'child' | 'external';
  workerNiceness: number;
  webDist: string;
};

// The origin every absolute link we print starts with (canonical and og: tags, the sitemap, payment return
// addresses, calendar files, mails): PUBLIC_URL when set, otherwise the README's local address. Never the
// request's Host header, which the client chooses.
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuración no válida:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  let wallet: WalletConfig;
  try {
    wallet = walletConfig(env);
  } catch (error) {
    throw new Error(`Configuración no válida:\n  ${(error as Error).message}`);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    database: env.DATABASE_URL?.startsWith('postgres')
      ? {
          kind: 'postgres',
          url: env.DATABASE_URL,
          ...(env.DATABASE_SCHEMA ? { schema: env.DATABASE_SCHEMA } : {}),
        }
      : { kind: 'sqlite', file: path.join(dataDir, 'nocturna.db') },
    redisUrl: env.REDIS_URL,
    mapStyleUrl: env.MAP_STYLE_URL === 'off' ? null : env.MAP_STYLE_URL,
    signInAccountLimit: env.SIGN_IN_ACCOUNT_LIMIT,
    databasePoolWaitMs: env.DATABASE_POOL_WAIT_MS,
    publicUrl: env.PUBLIC_URL,
    authSecret: env.AUTH_SECRET,
    ticketSigningKey: env.TICKET_SIGNING_KEY,
    legal: {
      name: env.LEGAL_NAME,
      nif: env.LEGAL_NIF,
      address: env.LEGAL_ADDRESS,
      registry: env.LEGAL_REGISTRY,
    },
    google: {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      issuer: env.GOOGLE_ISSUER,
    },
    ai: {
      baseUrl: env.AI_BASE_URL,
      apiKey: env.AI_API_KEY,
      model: env.AI_MODEL,
      timeoutMs: env.AI_TIMEOUT_MS,
    },
    s3: {
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      // It lists everyone's reset and confirmation links, so it is never on by default, in any environment.
      outboxPage: !env.SMTP_URL && env.MAIL_DEV_OUTBOX === '1',
    },
    vapid: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT },
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE,
          }
        : undefined,
    wallet,
    holdMinutes: env.HOLD_MINUTES,
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    seedOnStart: env.SEED_ON_START,
    trustProxy: env.TRUST_PROXY,
    jobWorker: env.JOB_WORKER,
    workerNiceness: env.WORKER_NICENESS,
    webDist: env.WEB_DIST_DIR
      ? path.resolve(env.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
