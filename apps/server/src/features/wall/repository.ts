// The wall's queries. Every function takes the Kysely instance or a transaction.
import { sql, type Kysely } from 'kysely';
import type { WallReaction } from '@nocturna/shared';
import { WALL_MAX_PER_EVENT, WALL_MIN_INTERVAL_MS, WALL_REACTIONS } from '@nocturna/shared';
import type { Database } from '../../db/schema.ts';
import { canScanClubSql } from '../club-staff/index.ts';

type Q = Kysely<Database>;

// The viewer holds a ticket for the event that lets them see its wall ('used' = let in at the door).
export function holdsTicketSql(viewerId: string, eventIdColumn: string) {
  return sql<boolean>`exists (select 1 from tickets t
        where t.event_id = ${sql.ref(eventIdColumn)} and t.user_id = ${viewerId} and t.status in ('valid', 'used'))`;
}

// The event with what the wall needs, and the viewer's standing: moderator (admin, the club's CEO or its staff),
// the best ticket they hold for it ('used' = let in at the door) and how many snapshots they posted.
export async function findWallEvent(db: Q, idOrSlug: string, viewerId: string | null) {
  const viewer = viewerId ?? '';
  return db
    .selectFrom('events')
    .innerJoin('clubs', 'clubs.id', 'events.club_id')
    .select([
      'events.id',
      'events.slug',
      'events.name',
      'events.club_id',
      'events.cover_url',
      'events.start_at',
      'events.end_at',
      'events.status',
      'events.gallery_privacy',
      'events.wall_moderation',
      'clubs.name as club_name',
    ])
    .select(() => [
      viewerId
        ? canScanClubSql(viewer, 'events.club_id').as('is_moderator')
        : sql<boolean>`false`.as('is_moderator'),
      holdsTicketSql(viewer, 'events.id').as('has_ticket'),
      sql<boolean>`exists (select 1 from tickets t
        where t.event_id = events.id and t.user_id = ${viewer} and t.status = 'used')`.as('checked_in'),
      sql<number | null>`(select wp.posted from wall_posters wp
        where wp.event_id = events.id and wp.user_id = ${viewer})`.as('posted'),
    ])
    .where((eb) => eb.or([eb('events.id', '=', idOrSlug), eb('events.slug', '=', idOrSlug)]))
    .executeTakeFirst();
}
export type WallEventRow = NonNullable<Awaited<ReturnType<typeof findWallEvent>>>;

function selectSnapshots(db: Q) {
  return db
    .selectFrom('snapshots')
    .select([
      'snapshots.id',
      'snapshots.event_id',
      'snapshots.user_id',
      'snapshots.caption',
      'snapshots.created_at',
      'snapshots.status',
      'snapshots.hidden_reason',
      'snapshots.media_id',
      'snapshots.front_url',
      'snapshots.back_url',
      'snapshots.report_count',
    ])
    .select(
      sql<boolean>`exists (select 1 from tickets t
        where t.event_id = snapshots.event_id and t.user_id = snapshots.user_id and t.status = 'used')`.as(
        'in_party',
      ),
    );
}
export type SnapshotRow = Awaited<ReturnType<ReturnType<typeof selectSnapshots>['execute']>>[number];

// The wall as this viewer sees it, newest first: approved and not hidden, plus their own (pending or hidden),
// never a snapshot of someone either of them blocked.
export async function wallPage(
  db: Q,
  eventId: string,
  viewerId: string | null,
  blocked: string[],
  limit: number,
  after?: [string, string],
) {
  let query = selectSnapshots(db)
    .where('snapshots.event_id', '=', eventId)
    .where('snapshots.status', '!=', 'rejected')
    .where((eb) => {
      const visible = eb.and([
        eb('snapshots.status', '=', 'approved'),
        eb('snapshots.hidden_reason', 'is', null),
      ]);
      return viewerId ? eb.or([visible, eb('snapshots.user_id', '=', viewerId)]) : visible;
    });
  if (blocked.length) query = query.where('snapshots.user_id', 'not in', blocked);
  if (after) {
    const [at, id] = after;
    query = query.where((eb) =>
      eb.or([
        eb('snapshots.created_at', '<', at),
        eb.and([eb('snapshots.created_at', '=', at), eb('snapshots.id', '<', id)]),
      ]),
    );
  }
  return query
    .orderBy('snapshots.created_at', 'desc')
    .orderBy('snapshots.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export async function findSnapshot(db: Q, id: string) {
  return selectSnapshots(db).where('snapshots.id', '=', id).executeTakeFirst();
}

export async function findSnapshotByMedia(db: Q, mediaId: string) {
  return selectSnapshots(db).where('snapshots.media_id', '=', mediaId).executeTakeFirst();
}

// What waits for a moderator: pending snapshots and hidden ones, oldest first.
export async function queueOf(db: Q, eventId: string) {
  return selectSnapshots(db)
    .where('snapshots.event_id', '=', eventId)
    .where('snapshots.status', '!=', 'rejected')
    .where((eb) =>
      eb.or([eb('snapshots.status', '=', 'pending'), eb('snapshots.hidden_reason', 'is not', null)]),
    )
    .orderBy('snapshots.created_at', 'asc')
    .orderBy('snapshots.id', 'asc')
    .limit(200)
    .execute();
}

export async function takedownsOf(db: Q, snapshotIds: string[]) {
  if (snapshotIds.length === 0) return [];
  return db
    .selectFrom('wall_takedowns')
    .select(['snapshot_id', 'requester_id', 'note', 'created_at'])
    .where('snapshot_id', 'in', snapshotIds)
    .orderBy('created_at')
    .execute();
}

// Counts per snapshot and reaction, in SQL, and which of them the viewer gave.
export async function reactionsOf(db: Q, snapshotIds: string[], viewerId: string | null) {
  const counts = new Map<string, Record<WallReaction, number>>();
  const mine = new Map<string, WallReaction[]>();
  if (snapshotIds.length === 0) return { counts, mine };
  const rows = await db
    .selectFrom('wall_reactions')
    .select(['snapshot_id', 'reaction', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('snapshot_id', 'in', snapshotIds)
    .groupBy(['snapshot_id', 'reaction'])
    .execute();
  for (const row of rows) {
    const entry = counts.get(row.snapshot_id) ?? emptyCounts();
    if ((WALL_REACTIONS as readonly string[]).includes(row.reaction))
      entry[row.reaction as WallReaction] = Number(row.n);
    counts.set(row.snapshot_id, entry);
  }
  if (viewerId) {
    const own = await db
      .selectFrom('wall_reactions')
      .select(['snapshot_id', 'reaction'])
      .where('snapshot_id', 'in', snapshotIds)
      .where('user_id', '=', viewerId)
      .execute();
    for (const row of own)
      mine.set(row.snapshot_id, [...(mine.get(row.snapshot_id) ?? []), row.reaction as WallReaction]);
  }
  return { counts, mine };
}

export function emptyCounts(): Record<WallReaction, number> {
  return Object.fromEntries(WALL_REACTIONS.map((r) => [r, 0])) as Record<WallReaction, number>;
}

// The posting limits, decided by the database: the row is created once, then one conditional UPDATE claims a
// place only while fewer than 10 were posted and the last was at least 30 s ago. Two posts at once: one wins.
export async function claimPostingSlot(db: Q, eventId: string, userId: string, now: Date): Promise<boolean> {
  await db
    .insertInto('wall_posters')
    .values({ event_id: eventId, user_id: userId, posted: 0, last_posted_at: new Date(0).toISOString() })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
    .execute();
  const result = await db
    .updateTable('wall_posters')
    .set((eb) => ({ posted: eb('posted', '+', 1), last_posted_at: now.toISOString() }))
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('posted', '<', WALL_MAX_PER_EVENT)
    .where('last_posted_at', '<=', new Date(now.getTime() - WALL_MIN_INTERVAL_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function posterRow(db: Q, eventId: string, userId: string) {
  return db
    .selectFrom('wall_posters')
    .select(['posted', 'last_posted_at'])
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

// One report per person (the primary key); the count and the hiding move in one UPDATE, which locks the row, so
// the third of three simultaneous reports always sees the other two.
export async function addReport(db: Q, snapshotId: string, reporterId: string, reason: string, now: Date) {
  const inserted = await db
    .insertInto('wall_reports')
    .values({ snapshot_id: snapshotId, reporter_id: reporterId, reason, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['snapshot_id', 'reporter_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { added: false, hiddenNow: false };
  const row = await db
    .updateTable('snapshots')
    .set((eb) => ({
      report_count: eb('report_count', '+', 1),
      hidden_reason: sql<'reports' | 'takedown' | null>`case
        when hidden_reason is null and report_count + 1 >= 3 then 'reports' else hidden_reason end`,
    }))
    .where('id', '=', snapshotId)
    .returning(['report_count', 'hidden_reason'])
    .executeTakeFirst();
  return { added: true, hiddenNow: row?.hidden_reason === 'reports' && Number(row.report_count) === 3 };
}
