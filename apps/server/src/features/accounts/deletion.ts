// Deleting an account: the person confirms with their password; every session ends; the account waits
// DELETION_GRACE_DAYS, during which signing in cancels it (auth/pending-deletion.ts); then a job removes what the
// person made and anonymises the account row, which stays so their tickets remain in the clubs' books (sales,
// check-ins) without a name attached. Their photos leave storage.
import { DELETION_GRACE_DAYS } from '@nocturna/shared';
import { verifyPassword } from '../../auth/password.ts';
import { toIso } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError } from '../../http/errors.ts';
import { isStorageKey } from '../../storage/file-storage.ts';
import { queueMailIn, localeOf } from '../mail/index.ts';
import type { AccountsContext } from './context.ts';
import { endAllSessions } from './sessions.ts';
import { eraseWhatTheyWrote } from './deletion-content.ts';
import * as clock from '../../clock.ts';

export const DELETION_JOB = 'account.delete';
export const DELETED_NAME = 'Cuenta eliminada';

export async function requestDeletion(
  ctx: AccountsContext,
  userId: string,
  password: string,
  cookie?: string,
) {
  const credential = await ctx.db
    .selectFrom('accounts')
    .select('password')
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .executeTakeFirst();
  if (!credential?.password)
    throw new AppError(
      400,
      'NO_PASSWORD',
      'Tu cuenta no tiene contraseña: crea una con «¿Olvidaste tu contraseña?» y vuelve aquí.',
      { field: 'password' },
    );
  if (!(await verifyPassword({ hash: credential.password, password })))
    throw new AppError(400, 'INVALID_PASSWORD', 'La contraseña no es correcta.', { field: 'password' });

  const requestedAt = clock.now();
  const dueAt = new Date(requestedAt.getTime() + DELETION_GRACE_DAYS * 24 * 3600_000);
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const locale = await localeOf(ctx.db, userId, cookie);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ deletion_requested_at: requestedAt.toISOString(), deletion_due_at: dueAt.toISOString() })
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
    await enqueueJob(trx, DELETION_JOB, { userId }, { runAt: dueAt });
    await queueMailIn(trx, {
      to: user.email,
      template: 'deletionScheduled',
      locale,
      data: { name: user.name, dueAt: dueAt.toISOString() },
    });
  });
  await endAllSessions(ctx, userId);
  return { requestedAt: requestedAt.toISOString(), dueAt: dueAt.toISOString() };
}

const mediaKey = (url: string | null) => {
  const key = url?.startsWith('/media/') ? url.slice('/media/'.length) : null;
  return key && isStorageKey(key) ? key : null;
};

// Runs at the due date. The claim re-checks the grace period in its WHERE: a deletion cancelled by a sign-in (or
// asked again later, with a later date) is left alone.
export async function carryOutDeletion(
  ctx: AccountsContext,
  userId: string,
  now = clock.now(),
): Promise<boolean> {
  const keys = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('users')
      .set({ deleted_at: now.toISOString() })
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('deletion_due_at', 'is not', null)
      .where('deletion_due_at', '<=', now.toISOString())
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    const profile = await trx
      .selectFrom('user_profiles')
      .select('avatar_url')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const snapshots = await trx
      .selectFrom('snapshots')
      .select(['front_url', 'back_url'])
      .where('user_id', '=', userId)
      .execute();
    const exports = await trx
      .selectFrom('data_exports')
      .select('storage_key')
      .where('user_id', '=', userId)
      .execute();
    const anonymousEmail = `deleted-${userId}@deleted.invalid`;
    const written = await eraseWhatTheyWrote(trx, userId, { name: DELETED_NAME, email: anonymousEmail });
    for (const table of [
      'user_profiles',
      'presence',
      'notifications',
      'notification_preferences',
      'push_subscriptions',
      'data_exports',
      'snapshots',
      'accounts',
      'sessions',
      'user_roles',
    ] as const)
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    await trx
      .deleteFrom('connections')
      .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
      .execute();
    await trx
      .deleteFrom('user_blocks')
      .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
      .execute();
    // Tickets stay for the club's books (what was sold, who came in), with no name on them.
    await trx
      .updateTable('tickets')
      .set({ holder_name: DELETED_NAME })
      .where('user_id', '=', userId)
      .execute();
    await trx
      .updateTable('users')
      .set({
        name: DELETED_NAME,
        email: anonymousEmail,
        email_verified: false,
        image: null,
        username: null,
        display_username: null,
        first_name: null,
        last_name: null,
        phone_number: null,
        date_of_birth: null,
        gender: null,
        search_text: '',
        locale: null,
        deletion_requested_at: null,
        deletion_due_at: null,
        updated_at: now.toISOString(),
      })
      .where('id', '=', userId)
      .execute();
    return [
      mediaKey(profile?.avatar_url ?? null),
      ...snapshots.flatMap((s) => [mediaKey(s.front_url), mediaKey(s.back_url)]),
      ...exports.map((e) => e.storage_key),
      ...written,
    ].filter((k): k is string => k !== null);
  });
  if (keys === null) return false;
  // After the commit: a file whose row is gone is unreachable anyway; the reverse would show broken photos.
  await Promise.all(keys.map((key) => ctx.storage.remove(key)));
  return true;
}

export function registerDeletionJob(ctx: AccountsContext) {
  ctx.jobs.handle(DELETION_JOB, async (payload, { log, now }) => {
    const { userId } = payload as { userId: string };
    const done = await carryOutDeletion(ctx, userId, now);
    log.info({ userId, done }, done ? 'account deleted' : 'account deletion no longer due');
  });
}

export function deletionOf(row: {
  deletion_requested_at: string | Date | null;
  deletion_due_at: string | Date | null;
}) {
  return row.deletion_requested_at && row.deletion_due_at
    ? { requestedAt: toIso(row.deletion_requested_at), dueAt: toIso(row.deletion_due_at) }
    : null;
}
