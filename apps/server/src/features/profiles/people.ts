// How a person is shown to others: the card every list uses, and the privacy settings with their defaults
// (a user who never opened their profile has no profile row and is public, open to messages, showing events).
import type { EventGoing, MessagePolicy, UserCard } from '@nocturna/shared';
import type { Kysely } from 'kysely';
import { toIso, type Database } from '../../db/schema.ts';
import { eventsGoing, findPeople, type PersonRow } from './repository.ts';
import * as clock from '../../clock.ts';

export function avatarOf(row: Pick<PersonRow, 'avatar_url' | 'image'>): string | null {
  return row.avatar_url ?? row.image ?? null;
}

export function toUserCard(row: PersonRow): UserCard {
  return {
    id: row.id,
    name: row.name,
    username: row.display_username ?? row.username,
    avatarUrl: avatarOf(row),
  };
}

export type ProfilePrivacy = { isPrivate: boolean; messagePolicy: MessagePolicy; showEvents: boolean };

type PrivacyColumns = { is_private: unknown; message_policy: string | null; show_events: unknown };

export function privacyOf(row: PrivacyColumns | undefined): ProfilePrivacy {
  if (!row) return { isPrivate: false, messagePolicy: 'everyone', showEvents: true };
  return {
    isPrivate: Boolean(row.is_private ?? false),
    messagePolicy: row.message_policy === 'connections' ? 'connections' : 'everyone',
    showEvents: row.show_events === null || row.show_events === undefined ? true : Boolean(row.show_events),
  };
}

export function genresOf(row: Pick<PersonRow, 'favourite_genres'>): string[] {
  if (!row.favourite_genres) return [];
  const parsed = JSON.parse(row.favourite_genres) as unknown;
  return Array.isArray(parsed) ? parsed.filter((g): g is string => typeof g === 'string') : [];
}

// Cards for the given ids, in the order asked; ids without a user are left out.
export async function userCards(db: Kysely<Database>, ids: string[]): Promise<UserCard[]> {
  const rows = new Map((await findPeople(db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toUserCard(row)] : [];
  });
}

export const EVENTS_GOING_LIMIT = 12;

export async function upcomingEventsOf(
  db: Kysely<Database>,
  userId: string,
  now: Date = clock.now(),
): Promise<EventGoing[]> {
  const rows = await eventsGoing(db, userId, now.toISOString(), EVENTS_GOING_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    clubName: r.club_name,
    coverURL: r.cover_url,
    startAt: toIso(r.start_at),
    endAt: toIso(r.end_at),
  }));
}
