// What a deleted account wrote or showed beyond its own rows (deletion.ts): the public DJ page and its photo,
// direct messages (the other person's side of the conversation stays, theirs reads as deleted), assistant chats,
// messages to Nocturna's contact inbox and the e-mail kept in the role audit. Runs inside the deletion's
// transaction; returns the storage keys to remove once it commits.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isStorageKey } from '../../storage/file-storage.ts';
import { DJ_PHOTO_URL_PREFIX, djPhotoKey } from '../djs/index.ts';

export const DELETED_MESSAGE = 'Mensaje eliminado';

export async function eraseWhatTheyWrote(
  trx: Transaction<Database>,
  userId: string,
  anonymous: { name: string; email: string },
): Promise<string[]> {
  const user = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const dj = await trx
    .selectFrom('dj_profiles')
    .select('photo_url')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  await trx.deleteFrom('dj_profiles').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('dj_follows')
    .where((eb) => eb.or([eb('dj_user_id', '=', userId), eb('follower_id', '=', userId)]))
    .execute();

  await trx
    .updateTable('messages')
    .set({ body: DELETED_MESSAGE, client_id: null })
    .where('sender_id', '=', userId)
    .execute();

  await trx
    .deleteFrom('assistant_messages')
    .where('conversation_id', 'in', (eb) =>
      eb.selectFrom('assistant_conversations').select('id').where('user_id', '=', userId),
    )
    .execute();
  await trx.deleteFrom('assistant_conversations').where('user_id', '=', userId).execute();
  await trx.deleteFrom('assistant_quota').where('user_id', '=', userId).execute();

  // The inbox keeps that a message came and how it was answered, not who wrote it.
  await trx
    .updateTable('contact_messages')
    .set({ user_id: null, name: anonymous.name, email: anonymous.email })
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', user.email)]))
    .execute();

  await trx.updateTable('role_audit').set({ user_email: null }).where('user_id', '=', userId).execute();
  await trx.updateTable('role_audit').set({ actor_email: null }).where('actor_id', '=', userId).execute();

  const photo = dj?.photo_url?.startsWith(DJ_PHOTO_URL_PREFIX)
    ? djPhotoKey(dj.photo_url.slice(DJ_PHOTO_URL_PREFIX.length))
    : null;
  return photo && isStorageKey(photo) ? [photo] : [];
}
