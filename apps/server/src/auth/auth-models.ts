// Where better-auth keeps its models: our snake_case tables (sessions, accounts, verifications, users), how
// long a session lasts, when a sign-in may land in an existing account, and the fields our users carry beyond
// better-auth's own.
import type { BetterAuthOptions } from 'better-auth';
import { GOOGLE_PROVIDER_ID } from './auth-google.ts';

const SESSION_DAYS = 30;

export const SESSION_MODEL = {
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
} satisfies BetterAuthOptions['session'];

export const ACCOUNT_MODEL = {
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
} satisfies BetterAuthOptions['account'];

export const VERIFICATION_MODEL = {
  modelName: 'verifications',
  fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
} satisfies BetterAuthOptions['verification'];

export const USER_MODEL = {
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
} satisfies BetterAuthOptions['user'];
