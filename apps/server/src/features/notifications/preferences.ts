// Notification preferences: per person and kind (KIND_OF_TYPE groups the notification types), whether it shows
// in the app, goes by e-mail and by push. No row means the defaults (DEFAULT_PREFERENCES).
import {
  DEFAULT_PREFERENCES,
  IN_APP_ONLY_TYPES,
  KIND_OF_TYPE,
  PREFERENCE_KINDS,
  type ChannelPreference,
  type NotificationPreferences,
  type PreferenceKind,
} from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import * as clock from '../../clock.ts';

export const kindOf = (type: string): PreferenceKind => KIND_OF_TYPE[type] ?? 'other';

export async function preferencesOf(db: Db, userId: string): Promise<NotificationPreferences> {
  const rows = await db
    .selectFrom('notification_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const kinds = Object.fromEntries(PREFERENCE_KINDS.map((k) => [k, { ...DEFAULT_PREFERENCES[k] }])) as Record<
    PreferenceKind,
    ChannelPreference
  >;
  for (const row of rows) {
    const kind = row.kind as PreferenceKind;
    if (kinds[kind])
      kinds[kind] = { inApp: Boolean(row.in_app), email: Boolean(row.email), push: Boolean(row.push) };
  }
  return { kinds };
}

export async function preferenceFor(db: Db, userId: string, type: string): Promise<ChannelPreference> {
  const kind = kindOf(type);
  const row = await db
    .selectFrom('notification_preferences')
    .select(['in_app', 'email', 'push'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  const chosen = row
    ? { inApp: Boolean(row.in_app), email: Boolean(row.email), push: Boolean(row.push) }
    : DEFAULT_PREFERENCES[kind];
  return IN_APP_ONLY_TYPES.has(type) ? { ...chosen, email: false, push: false } : chosen;
}

export async function setPreference(db: Db, userId: string, kind: PreferenceKind, value: ChannelPreference) {
  const at = clock.now().toISOString();
  await db
    .insertInto('notification_preferences')
    .values({
      user_id: userId,
      kind,
      in_app: value.inApp,
      email: value.email,
      push: value.push,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind'])
        .doUpdateSet({ in_app: value.inApp, email: value.email, push: value.push, updated_at: at }),
    )
    .execute();
  return preferencesOf(db, userId);
}
