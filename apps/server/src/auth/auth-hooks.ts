// Rules better-auth does not know: the sign-up profile of spec §3 saved with the account in one step,
// common passwords refused, a lost username/e-mail race answered as "taken" instead of a generic failure, and an
// e-mail change to an address that has an account refused instead of silently mailing nothing.
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { foldForSearch, signUpProfileSchema } from '@nocturna/shared';
import type { z } from 'zod';
import type { Db } from '../db/connect.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';
import { cancelPendingDeletion } from './pending-deletion.ts';

type Body = Record<string, unknown>;

export function searchTextFor(user: { name?: unknown; username?: unknown }): string {
  return foldForSearch([user.name, user.username].filter((v) => typeof v === 'string').join(' '));
}

function invalid(error: z.ZodError): APIError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || undefined;
  return new APIError('BAD_REQUEST', {
    code: 'VALIDATION_ERROR',
    message: issue?.message ?? 'Invalid input',
    field,
  });
}

function refuseCommon(password: unknown) {
  if (typeof password === 'string' && isCommonPassword(password)) {
    throw new APIError('BAD_REQUEST', {
      code: 'PASSWORD_TOO_COMMON',
      message: COMMON_PASSWORD_MESSAGE,
      field: 'password',
    });
  }
}

const PROFILE_KEYS = ['firstName', 'lastName', 'username', 'phoneNumber', 'dateOfBirth', 'gender'] as const;

function pickProfile(body: Body): Body {
  return Object.fromEntries(PROFILE_KEYS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
}

export function authHooks(db: Db) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const body = (ctx.body ?? {}) as Body;
      if (ctx.path === '/sign-up/email') {
        const profile = signUpProfileSchema.safeParse(pickProfile(body));
        if (!profile.success) throw invalid(profile.error);
        refuseCommon(body.password);
        const { firstName, lastName, username } = profile.data;
        // displayName is first name plus last name (spec §3); the username keeps the case the person typed.
        return {
          context: {
            body: { ...body, ...profile.data, name: `${firstName} ${lastName}`, displayUsername: username },
          },
        };
      }
      if (ctx.path === '/update-user') {
        const profile = signUpProfileSchema.partial().safeParse(pickProfile(body));
        if (!profile.success) throw invalid(profile.error);
        const next: Body = { ...body, ...profile.data };
        if (profile.data.username) next.displayUsername = profile.data.username;
        if (profile.data.firstName && profile.data.lastName)
          next.name = `${profile.data.firstName} ${profile.data.lastName}`;
        return { context: { body: next } };
      }
      if (ctx.path === '/change-email' && typeof body.newEmail === 'string') {
        // better-auth answers 200 and sends nothing for an address that has an account, so the person would wait
        // for a link that never comes. Sign-up already says an address is taken; so does this, to its owner only.
        const session = await getSessionFromCtx(ctx).catch(() => null);
        const taken =
          session &&
          (await db
            .selectFrom('users')
            .select('id')
            .where('email', '=', body.newEmail.trim().toLowerCase())
            .where('id', '!=', session.user.id)
            .executeTakeFirst());
        if (taken)
          throw new APIError('BAD_REQUEST', {
            code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
            message: 'User already exists. Use another email.',
            field: 'newEmail',
          });
      }
      if (ctx.path === '/change-password' || ctx.path === '/reset-password' || ctx.path === '/set-password') {
        refuseCommon(body.newPassword);
      }
      return undefined;
    }),
    after: createAuthMiddleware(async (ctx) => {
      // Any new session (password, Google, after a reset) is its owner signing in: a pending deletion stops.
      const started = ctx.context.newSession;
      if (started) await cancelPendingDeletion(db, started.user.id);
      const returned = ctx.context.returned;
      const body = (ctx.body ?? {}) as Body;
      if (
        ctx.path === '/sign-up/email' &&
        returned instanceof APIError &&
        returned.body?.code === 'FAILED_TO_CREATE_USER'
      ) {
        // Two sign-ups raced past the availability check; the unique indexes picked the winner.
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
      if (ctx.path === '/update-user' && !(returned instanceof APIError)) {
        const userId = ctx.context.session?.user.id;
        if (userId) {
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
      }
    }),
  };
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
