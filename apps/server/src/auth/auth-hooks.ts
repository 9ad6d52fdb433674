// Rules better-auth does not know: consent to the terms (terms-consent.ts), the sign-up profile (names, username,
// phone, birth date, gender) saved with the account in one step, a name and a photo checked wherever an account
// is created or changed, guessable passwords refused, a lost username/e-mail race answered as "taken" instead of a
// generic failure, and an e-mail change to an address that has an account refused instead of silently mailing
// nothing.
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import {
  AVATAR_PATH_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHOTO_SOURCE_MESSAGE,
  accountUpdateSchema,
  displayNameSchema,
  foldForSearch,
  isGooglePhotoUrl,
  photoSchema,
  signUpProfileSchema,
  TERMS_CONSENT_FIELD,
  type PasswordOwner,
} from '@nocturna/shared';
import { z } from 'zod';
import type { Db } from '../db/connect.ts';
import { passwordRefusal } from './password-strength.ts';
import { cancelPendingDeletion } from './pending-deletion.ts';
import { consentOnUpdate, requireConsent } from './terms-consent.ts';

type Body = Record<string, unknown>;
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export function searchTextFor(user: { name?: unknown; username?: unknown }): string {
  return foldForSearch([user.name, user.username].filter((v) => typeof v === 'string').join(' '));
}

const validationError = (message: string, field?: string) =>
  new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message, field });

function invalid(error: z.ZodError): APIError {
  const issue = error.issues[0];
  if (issue?.code === 'unrecognized_keys')
    return validationError(`${issue.keys[0]} cannot be changed here`, issue.keys[0]);
  return validationError(issue?.message ?? 'Invalid input', issue?.path.join('.') || undefined);
}

const isObject = (body: unknown): body is Body =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

function objectBody(body: unknown): Body {
  if (!isObject(body)) throw validationError('The request body must be a JSON object');
  return body;
}

// Sign-up's own name and photo: the name is rebuilt from first and last name, but one sent must still be one; a
// photo can only be Google's, since nothing has been uploaded yet.
const signUpExtrasSchema = z.object({
  name: displayNameSchema.optional(),
  image: photoSchema
    .refine((value) => value === null || isGooglePhotoUrl(value), PHOTO_SOURCE_MESSAGE)
    .optional(),
});

// Checked only once the length is within the spec's bounds: outside them better-auth answers
// PASSWORD_TOO_SHORT or PASSWORD_TOO_LONG, and a value that is not text gets its own 400.
function refuseGuessable(password: unknown, owner: PasswordOwner, field: string) {
  if (typeof password !== 'string') return;
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return;
  const refusal = passwordRefusal(password, owner);
  if (refusal) throw new APIError('BAD_REQUEST', { ...refusal, field });
}

// The account whose password a reset link would set. Whether the link is still good is better-auth's to decide
// (it set the expiry, on its own clock): an unknown link is left to it, and a known one's new password is
// checked against its owner's words either way, so this code needs no clock of its own.
async function resetOwner(ctx: HookContext, token: unknown): Promise<PasswordOwner | null> {
  if (typeof token !== 'string' || !token) return null;
  const adapter = ctx.context.internalAdapter;
  const verification = await adapter.findVerificationValue(`reset-password:${token}`);
  return verification ? adapter.findUserById(verification.value) : null;
}

// The last guard before better-auth writes a user row, whatever endpoint or provider it came from (a Google
// sign-in sets the photo from Google's profile): a photo from anywhere else is not stored, or not changed.
export function withAllowedPhoto<T extends { image?: unknown }>(user: T, action: 'create' | 'update'): T {
  if (user.image === undefined || user.image === null || photoSchema.safeParse(user.image).success)
    return user;
  if (action === 'create') return { ...user, image: null };
  const { image: _refused, ...rest } = user;
  return rest as T;
}

const PROFILE_KEYS = ['firstName', 'lastName', 'username', 'phoneNumber', 'dateOfBirth', 'gender'] as const;

function pickProfile(body: Body): Body {
  return Object.fromEntries(PROFILE_KEYS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
}

// A change through update-user: only the fields of accountUpdateSchema, and of uploaded photos only the
// person's own.
async function checkedUpdate(ctx: HookContext, db: Db): Promise<Body | undefined> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  // Signed out: better-auth's session check answers 401 before anything is read.
  if (!session) return undefined;
  const { [TERMS_CONSENT_FIELD]: _consent, ...fields } = objectBody(ctx.body);
  const recordConsent = await consentOnUpdate(db, session.user.id, objectBody(ctx.body));
  const parsed = accountUpdateSchema.safeParse(fields);
  if (!parsed.success) throw invalid(parsed.error);
  const update = parsed.data;
  if (update.image && AVATAR_PATH_PATTERN.test(update.image)) {
    // Only the photo this person uploaded (user_profiles keeps its path), not someone else's.
    const own = await db
      .selectFrom('user_profiles')
      .select('avatar_url')
      .where('user_id', '=', session.user.id)
      .executeTakeFirst();
    if (own?.avatar_url !== update.image) throw validationError(PHOTO_SOURCE_MESSAGE, 'image');
  }
  // Always set: better-auth merges this into the body it was sent, where a consent not to record may be.
  const next: Body = { ...update, [TERMS_CONSENT_FIELD]: recordConsent };
  if (update.username) next.displayUsername = update.username;
  if (update.firstName && update.lastName) next.name = `${update.firstName} ${update.lastName}`;
  return next;
}

export function authHooks(db: Db) {
  return {
    before: createAuthMiddleware(async (ctx) => checkRequest(ctx, db)),
    after: createAuthMiddleware(async (ctx) => followUpRequest(ctx, db)),
  };
}

// Before better-auth acts: a profile change or a sign-up is checked (and completed) here, an e-mail change to an
// address that has an account and a guessable new password are refused.
async function checkRequest(ctx: HookContext, db: Db) {
  if (ctx.path === '/update-user') {
    const next = await checkedUpdate(ctx, db);
    return next ? { context: { body: next } } : undefined;
  }
  const body = (ctx.body ?? {}) as Body;
  if (ctx.path === '/sign-up/email') return { context: { body: checkedSignUp(ctx.body, body) } };
  if (ctx.path === '/change-email' && typeof body.newEmail === 'string')
    await refuseTakenEmail(ctx, db, body.newEmail);
  if (ctx.path === '/change-password' || ctx.path === '/set-password') {
    const session = await getSessionFromCtx(ctx).catch(() => null);
    if (session) refuseGuessable(body.newPassword, session.user, 'newPassword');
  }
  if (ctx.path === '/reset-password') {
    const owner = await resetOwner(ctx, body.token ?? ctx.query?.token);
    if (owner) refuseGuessable(body.newPassword, owner, 'newPassword');
  }
  return undefined;
}

// A sign-up's body as better-auth gets it: with the consent, a valid profile, name and photo and a password that
// is not guessable from them.
function checkedSignUp(sent: unknown, body: Body): Body {
  objectBody(sent);
  requireConsent(body);
  const profile = signUpProfileSchema.safeParse(pickProfile(body));
  if (!profile.success) throw invalid(profile.error);
  const extras = signUpExtrasSchema.safeParse(body);
  if (!extras.success) throw invalid(extras.error);
  const { firstName, lastName, username } = profile.data;
  refuseGuessable(body.password, { ...profile.data, email: body.email }, 'password');
  // displayName is first name plus last name; the username keeps the case the person typed.
  return { ...body, ...profile.data, name: `${firstName} ${lastName}`, displayUsername: username };
}

// better-auth answers 200 and sends nothing for an address that has an account, so the person would wait
// for a link that never comes. Sign-up already says an address is taken; so does this, to its owner only.
async function refuseTakenEmail(ctx: HookContext, db: Db, newEmail: string): Promise<void> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  const taken =
    session &&
    (await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', newEmail.trim().toLowerCase())
      .where('id', '!=', session.user.id)
      .executeTakeFirst());
  if (taken)
    throw new APIError('BAD_REQUEST', {
      code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
      message: 'User already exists. Use another email.',
      field: 'newEmail',
    });
}

// After better-auth has answered: a new session stops a pending deletion, a lost sign-up race is told as the
// name or address taken, and a changed profile's search text follows its name and username.
async function followUpRequest(ctx: HookContext, db: Db): Promise<void> {
  // Any new session (password, Google, after a reset) is its owner signing in: a pending deletion stops.
  const started = ctx.context.newSession;
  if (started) await cancelPendingDeletion(db, started.user.id);
  const returned = ctx.context.returned;
  const body = (ctx.body ?? {}) as Body;
  if (
    ctx.path === '/sign-up/email' &&
    returned instanceof APIError &&
    returned.body?.code === 'FAILED_TO_CREATE_USER'
  )
    await refuseRaceLoser(db, body);
  if (ctx.path === '/update-user' && !(returned instanceof APIError)) {
    const userId = ctx.context.session?.user.id;
    if (userId) await refreshSearchText(db, userId);
  }
}

// Two sign-ups raced past the availability check; the unique indexes picked the winner.
async function refuseRaceLoser(db: Db, body: Body): Promise<void> {
  if (typeof body.username === 'string') {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', String(body.username).toLowerCase()))
      .executeTakeFirst();
    if (taken)
      throw new APIError('BAD_REQUEST', {
        code: 'USERNAME_IS_ALREADY_TAKEN',
        message: 'Username is already taken',
        field: 'username',
      });
  }
  if (typeof body.email === 'string') {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', body.email.toLowerCase())
      .executeTakeFirst();
    if (taken)
      throw new APIError('UNPROCESSABLE_ENTITY', {
        code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
        message: 'User already exists. Use another email.',
      });
  }
}

async function refreshSearchText(db: Db, userId: string): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['name', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user)
    await db
      .updateTable('users')
      .set({ search_text: searchTextFor(user) })
      .where('id', '=', userId)
      .execute();
}

// A Google account about to be linked to an account whose e-mail was never verified: whoever set that password
// did not prove they own the address, Google's sign-in did. Drop the password and its sessions, unless the
// owner is signed in and linking it themselves. Runs through
// better-auth's internal adapter so it joins the sign-in's transaction instead of waiting on it.
type LinkContext = { context: { internalAdapter: InternalAdapterLike } } | null | undefined;
type InternalAdapterLike = {
  findUserById: (id: string) => Promise<{ emailVerified: boolean } | null>;
  findAccounts: (userId: string) => Promise<Array<{ id: string; providerId: string }>>;
  deleteAccount: (id: string) => Promise<void>;
  deleteUserSessions: (userId: string) => Promise<void>;
};

export async function secureLinkedAccount(
  account: { providerId: string; userId: string },
  ctx: LinkContext,
): Promise<void> {
  if (account.providerId === 'credential' || !ctx) return;
  const adapter = ctx.context.internalAdapter;
  const user = await adapter.findUserById(account.userId);
  if (!user || user.emailVerified) return;
  // The owner, signed in, linking Google from the settings page: they opened the account with its password, so
  // the password stays (and so do their sessions). Only a Google sign-in landing in the account drops it.
  const session = await getSessionFromCtx(ctx as never).catch(() => null);
  if (session?.user.id === account.userId) return;
  for (const existing of await adapter.findAccounts(account.userId)) {
    if (existing.providerId === 'credential') await adapter.deleteAccount(existing.id);
  }
  await adapter.deleteUserSessions(account.userId);
}
