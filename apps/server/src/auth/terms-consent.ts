// Consent to the terms of use and the privacy policy. E-mail sign-up is refused without it; a Google account gives
// it on its first profile (the username, first name and the rest it must complete before using the app). The
// request hook checks it and leaves `acceptTerms: true` in the body only when it is to be recorded; the user row's
// database hook then stamps the time (the server's clock) and the version, in the same write as the account.
import { APIError } from 'better-auth/api';
import { TERMS_CONSENT_FIELD, TERMS_CONSENT_MESSAGE, TERMS_VERSION } from '@nocturna/shared';
import { now } from '../clock.ts';
import type { Db } from '../db/connect.ts';

type Body = Record<string, unknown>;

const refused = () =>
  new APIError('BAD_REQUEST', {
    code: 'TERMS_NOT_ACCEPTED',
    message: TERMS_CONSENT_MESSAGE,
    field: TERMS_CONSENT_FIELD,
  });

// Sign-up by e-mail: only `acceptTerms: true` passes.
export function requireConsent(body: Body): void {
  if (body[TERMS_CONSENT_FIELD] !== true) throw refused();
}

// A change through update-user: an account without consent that completes its profile (sets its username) must
// give it; one that has it already has nothing to record. Returns whether to record it.
export async function consentOnUpdate(db: Db, userId: string, body: Body): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select(['terms_accepted_at', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row || row.terms_accepted_at) return false;
  const completing = !row.username && typeof body.username === 'string';
  if (completing && body[TERMS_CONSENT_FIELD] !== true) throw refused();
  return body[TERMS_CONSENT_FIELD] === true;
}

// The columns a user row gets when the request carried a consent the request hook kept.
const CONSENTING_PATHS = new Set(['/sign-up/email', '/update-user']);

export function consentFrom(ctx: unknown): { termsAcceptedAt?: Date; termsVersion?: string } {
  const request = ctx as { body?: unknown; path?: string } | null | undefined;
  if (!request?.path || !CONSENTING_PATHS.has(request.path)) return {};
  const body = request.body;
  if (typeof body !== 'object' || body === null) return {};
  if ((body as Body)[TERMS_CONSENT_FIELD] !== true) return {};
  return { termsAcceptedAt: now(), termsVersion: TERMS_VERSION };
}
