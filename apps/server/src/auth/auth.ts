// The better-auth instance: e-mail + password, Google as a generic OpenID Connect provider, usernames,
// cookie sessions stored in our database through our own Kysely instance and snake_case tables.
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { username } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@nocturna/shared';
import { uuidv7 } from 'uuidv7';
import type { Config } from '../config.ts';
import type { Db, DbKind } from '../db/connect.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { trustedOrigins } from './origins.ts';
import { resolveAuthSecret } from './secret.ts';
import { authHooks, searchTextFor, secureLinkedAccount, withAllowedPhoto } from './auth-hooks.ts';
import { consentFrom } from './terms-consent.ts';
import { GOOGLE_PROVIDER_ID, googleConfigured, googleSignIn } from './auth-google.ts';
import { ACCOUNT_MODEL, SESSION_MODEL, USER_MODEL, VERIFICATION_MODEL } from './auth-models.ts';

// better-auth names its cookies `<prefix>.session_token` (with `__Secure-` in front over https).
export const COOKIE_PREFIX = 'nocturna';

// Google sign-in lives in auth-google.ts; the features that ask whether it is on read it here with the rest.
export { GOOGLE_PROVIDER_ID, googleConfigured };

// Password-reset links work once, for an hour; e-mail confirmation links for a day.
export const RESET_TOKEN_SECONDS = 60 * 60;
const VERIFY_TOKEN_SECONDS = 24 * 60 * 60;

// The mails better-auth asks for, sent by the mail feature (which registers before auth). `cookie` is the
// request's, for the language the person is reading the app in.
type MailUser = { id: string; email: string; name: string };
export type AuthMailer = {
  resetPassword(input: { user: MailUser; token: string; cookie: string | null }): Promise<void>;
  verifyEmail(input: { user: MailUser; url: string; cookie: string | null }): Promise<void>;
};

function baseUrl(config: Config) {
  if (config.publicUrl) return config.publicUrl;
  // Without PUBLIC_URL the app answers on both local names; OAuth redirects go back to the one in use.
  return {
    allowedHosts: [`localhost:${config.port}`, `127.0.0.1:${config.port}`],
    fallback: `http://localhost:${config.port}`,
    protocol: 'http' as const,
  };
}

export function createAuth(
  config: Config,
  db: Db,
  kind: DbKind,
  log: FastifyBaseLogger,
  mailer?: AuthMailer,
) {
  return betterAuth({
    appName: 'Nocturna',
    baseURL: baseUrl(config),
    basePath: '/api/auth',
    secret: resolveAuthSecret(config),
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    logger: authLogger(config, log),
    database: { db, type: kind, transaction: true },
    onAPIError: { onError: logRequestError(log) },
    advanced: advancedOptions(log),
    // Sign-in and sign-up are limited per IP and per account by our own limiter (rate-limit.ts).
    rateLimit: { enabled: false },
    emailAndPassword: emailAndPassword(mailer),
    emailVerification: emailVerification(mailer),
    session: SESSION_MODEL,
    account: ACCOUNT_MODEL,
    verification: VERIFICATION_MODEL,
    user: USER_MODEL,
    databaseHooks: DATABASE_HOOKS,
    hooks: authHooks(db),
    plugins: [
      username({
        minUsernameLength: USERNAME_MIN_LENGTH,
        maxUsernameLength: USERNAME_MAX_LENGTH,
        usernameValidator: (value) => USERNAME_PATTERN.test(value),
        schema: { user: { fields: { displayUsername: 'display_username' } } },
      }),
      ...googleSignIn(config),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

// The request's cookie, for the language the person is reading the app in.
const cookieOf = (request?: Request) => request?.headers.get('cookie') ?? null;

function authLogger(config: Config, log: FastifyBaseLogger) {
  return {
    level: config.env === 'test' ? 'error' : 'warn',
    // better-auth's own console output would bypass our structured log.
    log: (level, message, ...args) => {
      const payload = {
        args: args.map((a: unknown) => (a instanceof Error ? { message: a.message, name: a.name } : a)),
      };
      if (level === 'error') log.error(payload, `auth: ${message}`);
      else if (level === 'warn') log.warn(payload, `auth: ${message}`);
      else log.debug(payload, `auth: ${message}`);
    },
  } satisfies BetterAuthOptions['logger'];
}

// A failed request is an error in the log; a refused one (a wrong password, a bad token) only a debug line.
function logRequestError(log: FastifyBaseLogger) {
  return (error: unknown) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) log.error({ err: error }, 'auth: request failed');
    else log.debug({ message: (error as Error).message }, 'auth: request refused');
  };
}

function advancedOptions(log: FastifyBaseLogger) {
  return {
    database: { generateId: () => uuidv7() },
    // Mails are queued without holding up the request: sign-up asks for its confirmation mail inside its own
    // transaction, and on SQLite's single connection the job's insert would wait for that very transaction.
    backgroundTasks: {
      handler: (task) =>
        void task.catch((err: unknown) => log.error({ err }, 'auth: background task failed')),
    },
    cookiePrefix: COOKIE_PREFIX,
    defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
  } satisfies BetterAuthOptions['advanced'];
}

function emailAndPassword(mailer: AuthMailer | undefined) {
  return {
    enabled: true,
    minPasswordLength: PASSWORD_MIN_LENGTH,
    maxPasswordLength: PASSWORD_MAX_LENGTH,
    autoSignIn: true,
    password: { hash: hashPassword, verify: verifyPassword },
    resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
    // A new password signs out every device: whoever knew the old one is out too.
    revokeSessionsOnPasswordReset: true,
    // better-auth answers the same whether the address exists or not; this only queues a job, so the time
    // taken does not tell either.
    sendResetPassword: mailer
      ? async ({ user, token }, request) => mailer.resetPassword({ user, token, cookie: cookieOf(request) })
      : undefined,
  } satisfies BetterAuthOptions['emailAndPassword'];
}

function emailVerification(mailer: AuthMailer | undefined) {
  return mailer
    ? ({
        sendOnSignUp: true,
        autoSignInAfterVerification: false,
        expiresIn: VERIFY_TOKEN_SECONDS,
        sendVerificationEmail: async ({ user, url }, request) =>
          mailer.verifyEmail({ user, url, cookie: cookieOf(request) }),
      } satisfies BetterAuthOptions['emailVerification'])
    : undefined;
}

// What we add to better-auth's writes: a linked account's safety (auth-hooks.ts), a new user's search text and
// allowed photo, and the terms consent a sign-up or profile carries.
const DATABASE_HOOKS = {
  account: {
    create: { before: async (account, ctx) => void (await secureLinkedAccount(account, ctx as never)) },
  },
  user: {
    create: {
      before: async (user, ctx) => ({
        data: {
          ...withAllowedPhoto(user, 'create'),
          searchText: searchTextFor(user),
          ...consentFrom(ctx),
        },
      }),
    },
    update: {
      before: async (user, ctx) => ({
        data: { ...withAllowedPhoto(user, 'update'), ...consentFrom(ctx) },
      }),
    },
  },
} satisfies BetterAuthOptions['databaseHooks'];
