// Who may write to whom, by the recipient's privacy settings: never yourself, never across a block; connections
// always; anyone else only when the recipient takes messages from everyone and their profile is public (a private
// profile shows strangers only a name, an avatar and the connect button).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { areConnected, isBlockedEitherWay } from '../relations/index.ts';
import { privacyOf, type ProfilePrivacy } from './people.ts';

type Reader = Kysely<Database>;

export async function privacySettingsOf(db: Reader, userId: string): Promise<ProfilePrivacy> {
  const row = await db
    .selectFrom('user_profiles')
    .select(['is_private', 'message_policy', 'show_events'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return privacyOf(row);
}

export function messagingAllowed(privacy: ProfilePrivacy, connected: boolean): boolean {
  return connected || (privacy.messagePolicy === 'everyone' && !privacy.isPrivate);
}

export async function canMessage(db: Reader, senderId: string, recipientId: string): Promise<boolean> {
  if (senderId === recipientId) return false;
  if (await isBlockedEitherWay(db, senderId, recipientId)) return false;
  const [privacy, connected] = await Promise.all([
    privacySettingsOf(db, recipientId),
    areConnected(db, senderId, recipientId),
  ]);
  return messagingAllowed(privacy, connected);
}
