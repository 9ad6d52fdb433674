// "Novedades": what changed for a person in the last days, newest first, each item unread while it
// is newer than their "marcar todo como leído". Built with SQL over the tables of the features that own them:
// events (new events), checkin (clubs the person went to), management (price drops, from its audit trail),
// tickets (places freed by cancellations; drops and places only for events that are the person's business),
// profiles (connections going, gated by their "show my events"), djs (slots confirmed by the DJs the person
// follows) and wall (connections' snapshots, behind the same gate as connections going, on walls the person may
// see by the wall's own rule).
// A visitor gets the public part: the events published this week.
import {
  WHATS_NEW_DAYS,
  WHATS_NEW_LIMIT,
  WHATS_NEW_PUBLIC_DAYS,
  WHATS_NEW_SOON_DAYS,
  type UserCard,
  type WhatsNewFeed,
  type WhatsNewItem,
} from '@nocturna/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { selectEventSummaries } from '../events/index.ts';
import { visitedClubIds } from '../checkin/index.ts';
import { priceDropsSince } from '../management/index.ts';
import { clubsOfTicketHolder, eventsOfPerson, releasedByCancellation } from '../tickets/index.ts';
import { connectionsGoing, connectionsSharingEvents, userCards } from '../profiles/index.ts';
import { eventsWithFollowedDjs, followedDjBookings } from '../djs/index.ts';
import { recentSnapshotsBy } from '../wall/index.ts';
import { accountCreatedAt, markRead, readAtOf } from './repository.ts';
import * as clock from '../../clock.ts';

const DAY = 24 * 3600_000;
const eur = (cents: number | string) => ({ cents: Number(cents), currency: 'EUR' as const });

type Draft = Omit<WhatsNewItem, 'unread' | 'event'> & { eventId: string };
type EventRow = Awaited<ReturnType<typeof newEvents>>[number];

const eventOf = (e: EventRow): WhatsNewItem['event'] => ({
  id: e.id,
  slug: e.slug,
  name: e.name,
  clubName: e.club_name,
  coverURL: e.cover_url,
  startAt: toIso(e.start_at),
});

// The events announced lately, those starting within WHATS_NEW_SOON_DAYS (`soon`) or after (`later`), each with its
// own limit: a catalogue announced at once must not crowd the coming nights out with nights months away.
async function newEvents(db: Db, viewerId: string | null, now: Date, range: 'soon' | 'later') {
  const soonUntil = new Date(now.getTime() + WHATS_NEW_SOON_DAYS * DAY).toISOString();
  const week = new Date(now.getTime() - WHATS_NEW_PUBLIC_DAYS * DAY).toISOString();
  const fortnight = new Date(now.getTime() - WHATS_NEW_DAYS * DAY).toISOString();
  let q = selectEventSummaries(db, now.toISOString())
    .select('events.created_at')
    .where('events.end_at', '>', now.toISOString())
    .where('clubs.archived_at', 'is', null)
    .where('events.start_at', range === 'soon' ? '<=' : '>', soonUntil);
  if (!viewerId) q = q.where('events.created_at', '>=', week);
  else {
    // At a club the person went to (two weeks back), or new for everyone (this week).
    const visited = visitedClubIds(db, viewerId);
    q = q
      .where('events.created_at', '>=', fortnight)
      .where((eb) => eb.or([eb('events.club_id', 'in', visited), eb('events.created_at', '>=', week)]));
  }
  return q
    .orderBy('events.created_at', 'desc')
    .orderBy('events.id')
    .limit(sql.lit(WHATS_NEW_LIMIT))
    .execute();
}

// The events that are the person's business for price drops and places freed: those they hold or held a ticket
// for, wait for a place at, or whose line-up has a DJ they follow; and every event at a club they went to or had
// tickets at. Everyone else's price drops are not news to them.
function relevantTo(db: Db, viewerId: string) {
  return {
    eventIds: eventsOfPerson(db, viewerId).union(eventsWithFollowedDjs(db, viewerId)),
    clubIds: visitedClubIds(db, viewerId).union(clubsOfTicketHolder(db, viewerId)),
  };
}

async function personalDrafts(db: Db, viewerId: string, now: Date): Promise<Draft[]> {
  const since = new Date(now.getTime() - WHATS_NEW_DAYS * DAY).toISOString();
  const nowIso = now.toISOString();
  const relevant = relevantTo(db, viewerId);
  const [drops, released, going, booked, snapshots] = await Promise.all([
    priceDropsSince(db, since, nowIso, WHATS_NEW_LIMIT, relevant),
    releasedByCancellation(db, since, nowIso, WHATS_NEW_LIMIT, relevant),
    connectionsGoing(db, viewerId, { now: nowIso, since, limit: WHATS_NEW_LIMIT }),
    followedDjBookings(db, viewerId, { now: nowIso, since, limit: WHATS_NEW_LIMIT }),
    recentSnapshotsBy(db, viewerId, connectionsSharingEvents(db, viewerId), {
      since,
      limit: WHATS_NEW_LIMIT,
    }),
  ]);
  const friends = new Map<string, UserCard>(
    (await userCards(db, [...new Set([...going, ...snapshots].map((g) => g.user_id))])).map((c) => [c.id, c]),
  );
  const none = { friend: null, dj: null, ticketType: null, oldPrice: null, newPrice: null, released: null };
  return [
    ...drops.map((d) => ({
      ...none,
      id: `price_drop:${d.audit_id}`,
      kind: 'price_drop' as const,
      at: toIso(d.at),
      eventId: d.event_id,
      ticketType: d.ticket_type,
      oldPrice: eur(d.old_cents),
      newPrice: eur(d.new_cents),
    })),
    ...released.map((r) => ({
      ...none,
      id: `tickets_released:${r.ticket_type_id}`,
      kind: 'tickets_released' as const,
      at: toIso(r.at),
      eventId: r.event_id,
      ticketType: r.ticket_type,
      released: Number(r.released),
    })),
    ...going.flatMap((g) => {
      const friend = friends.get(g.user_id);
      return friend
        ? [
            {
              ...none,
              id: `friend_going:${g.event_id}:${g.user_id}`,
              kind: 'friend_going' as const,
              at: toIso(g.at),
              eventId: g.event_id,
              friend,
            },
          ]
        : [];
    }),
    ...booked.map((b) => ({
      ...none,
      id: `dj_booked:${b.event_id}:${b.dj_user_id}`,
      kind: 'dj_booked' as const,
      at: toIso(b.at),
      eventId: b.event_id,
      dj: { name: b.dj_name, slug: b.dj_slug },
    })),
    ...snapshots.flatMap((p) => {
      const friend = friends.get(p.user_id);
      return friend
        ? [
            {
              ...none,
              id: `friend_snapshot:${p.event_id}:${p.user_id}`,
              kind: 'friend_snapshot' as const,
              at: toIso(p.at),
              eventId: p.event_id,
              friend,
            },
          ]
        : [];
    }),
  ];
}

// A "Nuevo evento" note: only the event, none of the other kinds' fields.
const newEventNote = (row: { id: string; created_at: string | Date }) => ({
  id: `new_event:${row.id}`,
  kind: 'new_event' as const,
  at: toIso(row.created_at),
  friend: null,
  dj: null,
  ticketType: null,
  oldPrice: null,
  newPrice: null,
  released: null,
});

export async function whatsNew(
  db: Db,
  viewerId: string | null,
  now: Date = clock.now(),
): Promise<WhatsNewFeed> {
  const [fresh, ahead, personal, readAt, createdAt] = await Promise.all([
    newEvents(db, viewerId, now, 'soon'),
    newEvents(db, viewerId, now, 'later'),
    viewerId ? personalDrafts(db, viewerId, now) : Promise.resolve([]),
    viewerId ? readAtOf(db, viewerId) : Promise.resolve(null),
    viewerId ? accountCreatedAt(db, viewerId) : Promise.resolve(null),
  ]);
  // Unread is what happened after the person's last "marcar todo como leído", or after they signed up: what was
  // announced before the account existed is the catalogue, not news to them.
  const readUpTo = readAt ?? createdAt ?? '';
  const eventRows = new Map(fresh.map((r) => [r.id, r]));
  const missing = [...new Set(personal.map((d) => d.eventId))].filter((id) => !eventRows.has(id));
  if (missing.length)
    for (const r of await selectEventSummaries(db, now.toISOString())
      .select('events.created_at')
      .where('events.id', 'in', missing)
      .execute())
      eventRows.set(r.id, r);

  const drafts: Draft[] = [...fresh.map((r) => ({ ...newEventNote(r), eventId: r.id })), ...personal];
  const items: WhatsNewItem[] = drafts
    .flatMap(({ eventId, ...d }) => {
      const e = eventRows.get(eventId);
      if (!e) return [];
      return [
        {
          ...d,
          unread: viewerId !== null && d.at > readUpTo,
          event: eventOf(e),
        },
      ];
    })
    // Newest first by the hour it happened; within an hour (a club announcing a season at once) the soonest
    // night first.
    .sort(
      (a, b) =>
        b.at.slice(0, 13).localeCompare(a.at.slice(0, 13)) ||
        a.event.startAt.localeCompare(b.event.startAt) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, WHATS_NEW_LIMIT);
  // A night announced weeks ahead is not news yet: those are one "Más adelante" group, read, soonest first.
  const later: WhatsNewItem[] = ahead
    .map((e) => ({ ...newEventNote(e), unread: false, event: eventOf(e) }))
    .sort((a, b) => a.event.startAt.localeCompare(b.event.startAt) || a.id.localeCompare(b.id));
  return {
    personal: viewerId !== null,
    items,
    later,
    unread: items.filter((i) => i.unread).length,
    readAt,
  };
}

export async function whatsNewUnreadCount(
  db: Db,
  viewerId: string,
  now: Date = clock.now(),
): Promise<number> {
  return (await whatsNew(db, viewerId, now)).unread;
}

export async function markAllRead(db: Db, viewerId: string, now: Date = clock.now()): Promise<void> {
  await markRead(db, viewerId, now.toISOString());
}
