// The better-auth instance: e-mail + password, Google as a generic OpenID Connect provider, usernames,
// cookie sessions stored in our database through our own Kysely instance and snake_case tables.
import { betterAuth } from 'better-auth';
import { username } from 'better-auth/plugins';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
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

// better-auth names its cookies `<prefix>.session_token` (with `__Secure-` in front over https).
export const COOKIE_PREFIX = 'nocturna';

export const GOOGLE_PROVIDER_ID = 'google';
// Google sign-in is on when its OAuth client is configured (GOOGLE_CLIENT_ID).
export const googleConfigured = (config: Config): boolean => Boolean(config.google.clientId);
const SESSION_DAYS = 30;
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
  const cookieOf = (request?: Request) => request?.headers.get('cookie') ?? null;
  const google = googleConfigured(config)
    ? [
        genericOAuth({
          config: [
            {
              providerId: GOOGLE_PROVIDER_ID,
              discoveryUrl: `${config.google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
              clientId: config.google.clientId!,
              clientSecret: config.google.clientSecret,
              scopes: ['openid', 'email', 'profile'],
              pkce: true,
              // Our additional fields are not in the plugin's User type, hence the widening cast.
              mapProfileToUser: (profile: Record<string, unknown>) =>
                ({
                  firstName: typeof profile.given_name === 'string' ? profile.given_name : null,
                  lastName: typeof profile.family_name === 'string' ? profile.family_name : null,
                }) as Record<string, unknown>,
            },
          ],
        }),
      ]
    : [];

  return betterAuth({
    appName: 'Nocturna',
    baseURL: baseUrl(config),
    basePath: '/api/auth',
    secret: resolveAuthSecret(config),
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    logger: {
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
    },
    database: { db, type: kind, transaction: true },
    onAPIError: {
      onError: (error) => {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status >= 500) log.error({ err: error }, 'auth: request failed');
        else log.debug({ message: (error as Error).message }, 'auth: request refused');
      },
    },
    advanced: {
      database: { generateId: () => uuidv7() },
      // Mails are queued without holding up the request: sign-up asks for its confirmation mail inside its own
      // transaction, and on SQLite's single connection the job's insert would wait for that very transaction.
      backgroundTasks: {
        handler: (task) =>
          void task.catch((err: unknown) => log.error({ err }, 'auth: background task failed')),
      },
      cookiePrefix: COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    // Sign-in and sign-up are limited per IP and per account by our own limiter (rate-limit.ts).
    rateLimit: { enabled: false },
    emailAndPassword: {
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
    },
    emailVerification: mailer
      ? {
          sendOnSignUp: true,
          autoSignInAfterVerification: false,
          expiresIn: VERIFY_TOKEN_SECONDS,
          sendVerificationEmail: async ({ user, url }, request) =>
            mailer.verifyEmail({ user, url, cookie: cookieOf(request) }),
        }
      : undefined,
    session: {
      modelName: 'sessions',
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      // A request more than a day after the last extension pushes expiry back to 30 days: active users stay signed in.
      updateAge: 60 * 60 * 24,
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    account: {
      modelName: 'accounts',
      // Google has verified the e-mail, so it may land in an existing account whose e-mail we never verified;
      // the unverified password is then dropped (see auth-hooks.ts) so a squatter cannot keep a way in.
      accountLinking: {
        enabled: true,
        trustedProviders: [GOOGLE_PROVIDER_ID],
        requireLocalEmailVerified: false,
        // Linking from the settings page is asked for by the signed-in owner, whose Google address may differ.
        allowDifferentEmails: true,
      },
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    user: {
      modelName: 'users',
      // A new address is confirmed by a link sent to it (emailVerification.sendVerificationEmail).
      changeEmail: { enabled: true },
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      additionalFields: {
        firstName: { type: 'string', required: false, fieldName: 'first_name' },
        lastName: { type: 'string', required: false, fieldName: 'last_name' },
        phoneNumber: { type: 'string', required: false, fieldName: 'phone_number' },
        dateOfBirth: { type: 'string', required: false, fieldName: 'date_of_birth' },
        gender: { type: 'string', required: false, fieldName: 'gender' },
        searchText: {
          type: 'string',
          required: false,
          input: false,
          returned: false,
          fieldName: 'search_text',
        },
        // Set only by the server, from the consent the sign-up (or a Google account's first profile) carries.
        termsAcceptedAt: {
          type: 'date',
          required: false,
          input: false,
          returned: false,
          fieldName: 'terms_accepted_at',
        },
        termsVersion: {
          type: 'string',
          required: false,
          input: false,
          returned: false,
          fieldName: 'terms_version',
        },
      },
    },
    databaseHooks: {
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
    },
    hooks: authHooks(db),
    plugins: [
      username({
        minUsernameLength: USERNAME_MIN_LENGTH,
        maxUsernameLength: USERNAME_MAX_LENGTH,
        usernameValidator: (value) => USERNAME_PATTERN.test(value),
        schema: { user: { fields: { displayUsername: 'display_username' } } },
      }),
      ...google,
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
