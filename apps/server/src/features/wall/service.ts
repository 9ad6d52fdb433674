// The live event wall's rules: who sees an event's snapshots, who may post and when, the limits, moderation,
// reports, takedown requests, reactions and deletion. Routes parse and call these; every check is here.
import { uuidv7 } from 'uuidv7';
import {
  DOORS_OPEN_BEFORE_START_MS,
  WALL_CLOSES_AFTER_END_MS,
  WALL_MAX_PER_EVENT,
  WALL_MIN_INTERVAL_MS,
  WALL_REPORTS_TO_HIDE,
  type ReactionCounts,
  type Notification,
  type Snapshot,
  type WallDecision,
  type WallInfo,
  type WallPostReason,
  type ErrorCode,
  type WallQueueItem,
  type WallReaction,
} from '@nocturna/shared';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { canScanClubSql, clubModeratorIds } from '../club-staff/index.ts';
import { blockedEitherWayIds, isBlockedEitherWay } from '../relations/index.ts';
import {
  createNotification,
  publishNotification,
  snapshotTakedownRequested,
} from '../notifications/index.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import { userCards } from '../profiles/index.ts';
import { processSnapshotPhotos, removeSnapshotPhotos, storeSnapshotPhotos } from './images.ts';
import { checkLink, signedPath, wallFileName, WALL_FILE_NAME, WALL_MEDIA_PREFIX } from './media-links.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';

// What a change on the wall tells the people watching it (live.ts sends it over Socket.IO).
export type WallGallery = 'attendees' | 'public';
export type WallLive = {
  // gallery: the event's gallery as it is now; a public one also reaches visitors watching without a session.
  snapshotShown(snapshot: Snapshot, authorId: string, blocked: string[], gallery: WallGallery): void;
  snapshotRemoved(eventId: string, snapshotId: string): void;
  reactionsChanged(
    eventId: string,
    snapshotId: string,
    reactions: ReactionCounts,
    gallery: WallGallery,
  ): void;
  queueChanged(eventId: string): void;
  authorUpdate(authorId: string, snapshot: Snapshot): void;
};

// bus: the notifications' way to people's tabs (a takedown request reaches the moderators there).
// log: where the wall's socket events (live.ts) say what they ignored or what failed.
export type WallContext = {
  db: Db;
  storage: FileStorage;
  signingKey: Buffer;
  live: WallLive;
  bus: RealtimeBus;
  log: FastifyBaseLogger;
};

const madridTime = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

export const postingWindow = (event: Pick<repo.WallEventRow, 'start_at' | 'end_at'>) => ({
  opensAt: new Date(new Date(event.start_at).getTime() - DOORS_OPEN_BEFORE_START_MS),
  closesAt: new Date(new Date(event.end_at).getTime() + WALL_CLOSES_AFTER_END_MS),
});

// Who may look at a wall (wallViewableSql below is the same rule in SQL).
function viewAllowed(event: repo.WallEventRow, viewerId: string | null): boolean {
  if (event.is_moderator) return true;
  if (event.status === 'draft') return false;
  if (event.gallery_privacy === 'public') return true;
  return viewerId !== null && Boolean(event.has_ticket);
}

// viewAllowed as SQL, for reading many walls at once (their snapshots in "Novedades"): the same three ways in, a
// moderator of the club, any published or cancelled event with a public gallery, or a ticket for it.
export function wallViewableSql(viewerId: string, events: string) {
  const col = (c: string) => sql.ref(`${events}.${c}`);
  return sql<boolean>`(${canScanClubSql(viewerId, `${events}.club_id`)}
    or (${col('status')} <> 'draft'
      and (${col('gallery_privacy')} = 'public' or ${repo.holdsTicketSql(viewerId, `${events}.id`)})))`;
}

// Snapshots by some people (a subquery of their ids, such as profiles' connectionsSharingEvents) that this viewer
// sees on walls they may see, posted since a date: approved and not hidden, one row per wall and author with their
// latest post. For "Novedades"; the subquery also keeps out whoever is blocked either way (profiles' gate does).
export async function recentSnapshotsBy<DB, TB extends keyof DB>(
  db: Db,
  viewerId: string,
  authors: SelectQueryBuilder<DB, TB, Record<string, string>>,
  options: { since: string; limit: number },
): Promise<{ event_id: string; user_id: string; at: string | Date }[]> {
  return db
    .selectFrom('snapshots as s')
    .innerJoin('events as e', 'e.id', 's.event_id')
    .select(['s.event_id', 's.user_id', (eb) => eb.fn.max('s.created_at').as('at')])
    .where('s.user_id', 'in', authors)
    .where('s.user_id', '<>', viewerId)
    .where('s.status', '=', 'approved')
    .where('s.hidden_reason', 'is', null)
    .where('s.created_at', '>=', options.since)
    .where(wallViewableSql(viewerId, 'e'))
    .groupBy(['s.event_id', 's.user_id'])
    .orderBy((eb) => eb.fn.max('s.created_at'), 'desc')
    .orderBy('s.event_id')
    .orderBy('s.user_id')
    .limit(sql.lit(Math.trunc(options.limit)))
    .execute();
}

// The API code of each reason a post is refused (the wall's page words the reason itself).
const REFUSAL_CODES: Record<WallPostReason, ErrorCode> = {
  sign_in: 'WALL_SIGN_IN',
  event_not_live: 'WALL_EVENT_NOT_LIVE',
  no_ticket: 'WALL_NO_TICKET',
  not_open: 'WALL_NOT_OPEN',
  closed: 'WALL_CLOSED',
  limit_reached: 'WALL_LIMIT_REACHED',
};

function postRefusal(
  event: repo.WallEventRow,
  viewerId: string | null,
  now: Date,
): { reason: WallPostReason; message: string } | null {
  if (!viewerId) return { reason: 'sign_in', message: 'Inicia sesión para publicar en el muro.' };
  if (event.status !== 'published')
    return { reason: 'event_not_live', message: 'Este evento no está publicado: su muro no admite fotos.' };
  if (!event.has_ticket)
    return {
      reason: 'no_ticket',
      message: 'Solo pueden publicar quienes tienen entrada para este evento.',
    };
  const { opensAt, closesAt } = postingWindow(event);
  if (now < opensAt)
    return {
      reason: 'not_open',
      message: `El muro abre cuando abren las puertas: el ${madridTime.format(opensAt)}.`,
    };
  if (now > closesAt)
    return {
      reason: 'closed',
      message: 'El muro de este evento ya está cerrado: se podía publicar hasta 6 horas después del final.',
    };
  if (Number(event.posted ?? 0) >= WALL_MAX_PER_EVENT)
    return {
      reason: 'limit_reached',
      message: `Ya has publicado ${WALL_MAX_PER_EVENT} fotos en este evento, el máximo.`,
    };
  return null;
}

async function eventOr404(db: Db, idOrSlug: string, viewerId: string | null) {
  const event = await repo.findWallEvent(db, idOrSlug, viewerId);
  if (!event || (event.status === 'draft' && !event.is_moderator))
    throw notFound('El evento', 'EVENT_NOT_FOUND');
  return event;
}

const attendeesOnly = () =>
  new AppError(
    403,
    'WALL_ATTENDEES_ONLY',
    'Las fotos de este evento solo las ven quienes tienen entrada y el equipo de la discoteca.',
  );

async function viewableEvent(db: Db, idOrSlug: string, viewerId: string | null) {
  const event = await eventOr404(db, idOrSlug, viewerId);
  if (!viewAllowed(event, viewerId)) {
    if (!viewerId)
      throw new AppError(401, 'UNAUTHENTICATED', 'Inicia sesión para ver las fotos de este evento.');
    throw attendeesOnly();
  }
  return event;
}

export async function wallInfo(
  ctx: WallContext,
  idOrSlug: string,
  viewerId: string | null,
): Promise<WallInfo> {
  const event = await eventOr404(ctx.db, idOrSlug, viewerId);
  const { opensAt, closesAt } = postingWindow(event);
  const refusal = postRefusal(event, viewerId, clock.now());
  const posted = Number(event.posted ?? 0);
  return {
    event: {
      id: event.id,
      slug: event.slug,
      name: event.name,
      clubName: event.club_name,
      coverURL: event.cover_url,
      startAt: toIso(event.start_at),
      endAt: toIso(event.end_at),
      gallery: event.gallery_privacy,
      moderation: event.wall_moderation,
    },
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    viewer: {
      signedIn: viewerId !== null,
      canView: viewAllowed(event, viewerId),
      canPost: refusal === null,
      reason: refusal?.reason ?? null,
      reasonMessage: refusal?.message ?? null,
      posted,
      remaining: Math.max(0, WALL_MAX_PER_EVENT - posted),
      inParty: Boolean(event.checked_in),
      isModerator: Boolean(event.is_moderator),
    },
  };
}

// Plain addresses only where anyone may look at the photo anyway; signed, short-lived ones everywhere else.
function imagesOf(ctx: WallContext, row: repo.SnapshotRow, gallery: 'attendees' | 'public') {
  if (!row.media_id) {
    return {
      front: { thumb: row.front_url, full: row.front_url },
      back: { thumb: row.back_url, full: row.back_url },
    };
  }
  const open = gallery === 'public' && row.status === 'approved' && row.hidden_reason === null;
  const url = (side: 'front' | 'back', size: 'thumb' | 'full') => {
    const name = wallFileName(row.media_id!, side, size);
    return open ? `${WALL_MEDIA_PREFIX}${name}` : signedPath(ctx.signingKey, name);
  };
  return {
    front: { thumb: url('front', 'thumb'), full: url('front', 'full') },
    back: { thumb: url('back', 'thumb'), full: url('back', 'full') },
  };
}

async function toSnapshots(
  ctx: WallContext,
  rows: repo.SnapshotRow[],
  gallery: 'attendees' | 'public',
  viewerId: string | null,
): Promise<Snapshot[]> {
  const ids = rows.map((r) => r.id);
  const [cards, reactions] = await Promise.all([
    userCards(ctx.db, [...new Set(rows.map((r) => r.user_id))]),
    repo.reactionsOf(ctx.db, ids, viewerId),
  ]);
  const byId = new Map(cards.map((c) => [c.id, c]));
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    author: byId.get(row.user_id) ?? { id: row.user_id, name: 'Usuario', username: null, avatarUrl: null },
    caption: row.caption,
    createdAt: toIso(row.created_at),
    inParty: Boolean(row.in_party),
    status: row.status,
    hidden: row.hidden_reason,
    ...imagesOf(ctx, row, gallery),
    reactions: reactions.counts.get(row.id) ?? repo.emptyCounts(),
    mine: reactions.mine.get(row.id) ?? [],
  }));
}

export async function listWall(
  ctx: WallContext,
  idOrSlug: string,
  viewerId: string | null,
  limit: number,
  after?: [string, string],
) {
  const event = await viewableEvent(ctx.db, idOrSlug, viewerId);
  const blocked = viewerId ? await blockedEitherWayIds(ctx.db, viewerId) : [];
  const rows = await repo.wallPage(ctx.db, event.id, viewerId, blocked, limit, after);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await toSnapshots(ctx, page, event.gallery_privacy, viewerId),
    nextCursor: rows.length > limit && last ? ([toIso(last.created_at), last.id] as [string, string]) : null,
  };
}

export type SnapshotUpload = { front: Buffer; back: Buffer; caption: string | null };
// Filled in by postSnapshot: how long the image pipeline took (the route sends it as Server-Timing).
export type PostTiming = { imagesMs?: number };

export async function postSnapshot(
  ctx: WallContext,
  idOrSlug: string,
  author: { id: string; name: string; username: string | null },
  upload: SnapshotUpload,
  timing: PostTiming = {},
): Promise<Snapshot> {
  const event = await eventOr404(ctx.db, idOrSlug, author.id);
  const refusal = postRefusal(event, author.id, clock.now());
  if (refusal) {
    const status = refusal.reason === 'limit_reached' ? 409 : 403;
    throw new AppError(status, REFUSAL_CODES[refusal.reason], refusal.message);
  }
  // A cheap look before the expensive part; the database decides again when the snapshot is written.
  const poster = await repo.posterRow(ctx.db, event.id, author.id);
  if (poster) tooSoonCheck(new Date(poster.last_posted_at), clock.now());

  const imagesStart = performance.now();
  const photos = await processSnapshotPhotos(upload.front, upload.back);
  timing.imagesMs = performance.now() - imagesStart;
  const id = uuidv7();
  await storeSnapshotPhotos(ctx.storage, id, photos);
  const approved = event.wall_moderation === 'post';
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const now = clock.now();
      if (!(await repo.claimPostingSlot(trx, event.id, author.id, now))) {
        const row = await repo.posterRow(trx, event.id, author.id);
        if (row && Number(row.posted) >= WALL_MAX_PER_EVENT)
          throw new AppError(
            409,
            'WALL_LIMIT_REACHED',
            `Ya has publicado ${WALL_MAX_PER_EVENT} fotos en este evento, el máximo.`,
          );
        tooSoonCheck(row ? new Date(row.last_posted_at) : now, now, true);
      }
      await trx
        .insertInto('snapshots')
        .values({
          id,
          event_id: event.id,
          user_id: author.id,
          front_url: `${WALL_MEDIA_PREFIX}${wallFileName(id, 'front', 'full')}`,
          back_url: `${WALL_MEDIA_PREFIX}${wallFileName(id, 'back', 'full')}`,
          approved,
          status: approved ? 'approved' : 'pending',
          caption: upload.caption,
          media_id: id,
          username: author.username ?? '',
          user_display_name: author.name,
          user_photo_url: null,
          created_at: now.toISOString(),
        })
        .execute();
    });
  } catch (error) {
    await removeSnapshotPhotos(ctx.storage, id).catch(() => undefined);
    throw error;
  }
  const row = (await repo.findSnapshot(ctx.db, id))!;
  if (approved) await announce(ctx, row, event.gallery_privacy);
  else ctx.live.queueChanged(event.id);
  const [mine] = await toSnapshots(ctx, [row], event.gallery_privacy, author.id);
  return mine!;
}

function tooSoonCheck(last: Date, now: Date, always = false) {
  const wait = last.getTime() + WALL_MIN_INTERVAL_MS - now.getTime();
  if (wait > 0 || always) {
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    throw new AppError(429, 'WALL_TOO_SOON', `Espera ${seconds} s antes de publicar otra foto.`, {
      details: { retryAfterSeconds: seconds },
    });
  }
}

// A snapshot everyone may now see: to everyone watching the wall except people blocked either way with the author.
async function announce(ctx: WallContext, row: repo.SnapshotRow, gallery: 'attendees' | 'public') {
  const [snapshot] = await toSnapshots(ctx, [row], gallery, null);
  const blocked = await blockedEitherWayIds(ctx.db, row.user_id);
  ctx.live.snapshotShown(snapshot!, row.user_id, blocked, gallery);
}

async function tellAuthor(ctx: WallContext, row: repo.SnapshotRow, gallery: 'attendees' | 'public') {
  const [snapshot] = await toSnapshots(ctx, [row], gallery, row.user_id);
  ctx.live.authorUpdate(row.user_id, snapshot!);
}

// A snapshot this person may act on (react, report, ask for takedown): one they can see on the wall.
async function visibleSnapshot(ctx: WallContext, snapshotId: string, viewerId: string) {
  const row = await repo.findSnapshot(ctx.db, snapshotId);
  const missing = () => notFound('La foto', 'SNAPSHOT_NOT_FOUND');
  if (!row || row.status === 'rejected') throw missing();
  const event = await viewableEvent(ctx.db, row.event_id, viewerId);
  const own = row.user_id === viewerId;
  if (!own && (row.status !== 'approved' || row.hidden_reason !== null)) throw missing();
  if (!own && (await isBlockedEitherWay(ctx.db, viewerId, row.user_id))) throw missing();
  return { row, event };
}

export async function setReaction(
  ctx: WallContext,
  snapshotId: string,
  viewerId: string,
  reaction: WallReaction,
  on: boolean,
) {
  const { row, event } = await visibleSnapshot(ctx, snapshotId, viewerId);
  if (on)
    await ctx.db
      .insertInto('wall_reactions')
      .values({ snapshot_id: row.id, user_id: viewerId, reaction, created_at: clock.now().toISOString() })
      .onConflict((oc) => oc.columns(['snapshot_id', 'user_id', 'reaction']).doNothing())
      .execute();
  else
    await ctx.db
      .deleteFrom('wall_reactions')
      .where('snapshot_id', '=', row.id)
      .where('user_id', '=', viewerId)
      .where('reaction', '=', reaction)
      .execute();
  const { counts, mine } = await repo.reactionsOf(ctx.db, [row.id], viewerId);
  const reactions = counts.get(row.id) ?? repo.emptyCounts();
  ctx.live.reactionsChanged(row.event_id, row.id, reactions, event.gallery_privacy);
  return { reactions, mine: mine.get(row.id) ?? [] };
}

export async function reportSnapshot(ctx: WallContext, snapshotId: string, viewerId: string, reason: string) {
  const { row } = await visibleSnapshot(ctx, snapshotId, viewerId);
  if (row.user_id === viewerId)
    throw new AppError(400, 'OWN_SNAPSHOT', 'No puedes denunciar tu propia foto.');
  const result = await ctx.db
    .transaction()
    .execute((trx) => repo.addReport(trx, row.id, viewerId, reason, clock.now()));
  if (!result.added) throw new AppError(409, 'ALREADY_REPORTED', 'Ya has denunciado esta foto.');
  if (result.hiddenNow) {
    ctx.live.snapshotRemoved(row.event_id, row.id);
    ctx.live.queueChanged(row.event_id);
  }
  return { hidden: result.hiddenNow, reportsToHide: WALL_REPORTS_TO_HIDE };
}

// GDPR: a person in the photo asks for it to come down. It is hidden at once and waits for a moderator; every
// moderator of the event (admins, the club's CEO and its team) is notified of a new request, in the same
// transaction, so a request is never stored without them hearing of it.
export async function requestTakedown(
  ctx: WallContext,
  snapshotId: string,
  viewerId: string,
  note: string | null,
) {
  const { row, event } = await visibleSnapshot(ctx, snapshotId, viewerId);
  const [requester] = await userCards(ctx.db, [viewerId]);
  const notices = await ctx.db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('wall_takedowns')
      .values({ snapshot_id: row.id, requester_id: viewerId, note, created_at: clock.now().toISOString() })
      .onConflict((oc) => oc.columns(['snapshot_id', 'requester_id']).doNothing())
      .executeTakeFirst();
    await trx.updateTable('snapshots').set({ hidden_reason: 'takedown' }).where('id', '=', row.id).execute();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) return [];
    const out: Notification[] = [];
    for (const moderatorId of await clubModeratorIds(trx, event.club_id)) {
      if (moderatorId === viewerId) continue;
      out.push(
        await createNotification(
          trx,
          snapshotTakedownRequested({
            moderatorId,
            snapshotId: row.id,
            eventId: event.id,
            eventSlug: event.slug,
            eventName: event.name,
            requesterId: viewerId,
            requesterName: requester?.name ?? 'Alguien',
          }),
        ),
      );
    }
    return out;
  });
  for (const notice of notices) await publishNotification(ctx.db, ctx.bus, notice);
  ctx.live.snapshotRemoved(row.event_id, row.id);
  ctx.live.queueChanged(row.event_id);
  return { hidden: true };
}

// The author, at any time: the row goes (reactions, reports and requests with it) and so do the files.
export async function deleteSnapshot(ctx: WallContext, snapshotId: string, viewerId: string) {
  const row = await repo.findSnapshot(ctx.db, snapshotId);
  if (!row) throw notFound('La foto', 'SNAPSHOT_NOT_FOUND');
  if (row.user_id !== viewerId)
    throw new AppError(403, 'NOT_SNAPSHOT_AUTHOR', 'Solo quien publicó la foto puede borrarla.');
  const deleted = await ctx.db.deleteFrom('snapshots').where('id', '=', row.id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('La foto', 'SNAPSHOT_NOT_FOUND');
  if (row.media_id) await removeSnapshotPhotos(ctx.storage, row.media_id);
  ctx.live.snapshotRemoved(row.event_id, row.id);
  ctx.live.queueChanged(row.event_id);
}

async function moderatedEvent(ctx: WallContext, eventIdOrSlug: string, viewerId: string) {
  const event = await eventOr404(ctx.db, eventIdOrSlug, viewerId);
  if (!event.is_moderator)
    throw new AppError(
      403,
      'NOT_WALL_MODERATOR',
      'Solo los administradores, el CEO de la discoteca y su equipo moderan este muro.',
    );
  return event;
}

export async function moderationQueue(ctx: WallContext, eventIdOrSlug: string, viewerId: string) {
  const event = await moderatedEvent(ctx, eventIdOrSlug, viewerId);
  const rows = await repo.queueOf(ctx.db, event.id);
  const snapshots = await toSnapshots(ctx, rows, event.gallery_privacy, viewerId);
  const takedowns = await repo.takedownsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const requesters = new Map(
    (await userCards(ctx.db, [...new Set(takedowns.map((t) => t.requester_id))])).map((c) => [c.id, c]),
  );
  const items: WallQueueItem[] = snapshots.map((snapshot, i) => ({
    ...snapshot,
    reports: Number(rows[i]!.report_count),
    takedowns: takedowns
      .filter((t) => t.snapshot_id === snapshot.id)
      .map((t) => ({
        requester: requesters.get(t.requester_id) ?? {
          id: t.requester_id,
          name: 'Usuario',
          username: null,
          avatarUrl: null,
        },
        note: t.note,
        at: toIso(t.created_at),
      })),
  }));
  return { items };
}

// Approve: shown on the wall, reports and takedown requests settled. Reject: off the wall, its files removed.
// Conditional on the state the moderator saw being still there, so two moderators deciding at once act once.
export async function decide(ctx: WallContext, snapshotId: string, viewerId: string, decision: WallDecision) {
  const row = await repo.findSnapshot(ctx.db, snapshotId);
  if (!row || row.status === 'rejected') throw notFound('La foto', 'SNAPSHOT_NOT_FOUND');
  const event = await moderatedEvent(ctx, row.event_id, viewerId);
  const wasVisible = row.status === 'approved' && row.hidden_reason === null;
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('snapshots')
      .set(
        decision === 'approve'
          ? { status: 'approved', approved: true, hidden_reason: null, report_count: 0 }
          : { status: 'rejected', approved: false, hidden_reason: null },
      )
      .where('id', '=', row.id)
      .where('status', '!=', 'rejected')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx.deleteFrom('wall_reports').where('snapshot_id', '=', row.id).execute();
    await trx.deleteFrom('wall_takedowns').where('snapshot_id', '=', row.id).execute();
    return true;
  });
  if (!changed) throw notFound('La foto', 'SNAPSHOT_NOT_FOUND');
  const updated = (await repo.findSnapshot(ctx.db, row.id))!;
  if (decision === 'approve') {
    if (!wasVisible) await announce(ctx, updated, event.gallery_privacy);
  } else {
    if (row.media_id) await removeSnapshotPhotos(ctx.storage, row.media_id);
    ctx.live.snapshotRemoved(row.event_id, row.id);
  }
  await tellAuthor(ctx, updated, event.gallery_privacy);
  ctx.live.queueChanged(row.event_id);
  return { status: updated.status };
}

// A wall photo, by file name. Public and visible: anyone, cacheable. Anything else: a valid, unexpired signature
// and a person who may see that snapshot right now (its author, a moderator, or a viewer of its wall).
export async function wallMedia(
  ctx: WallContext,
  fileName: string,
  exp: number | undefined,
  sig: string | undefined,
  viewer: () => Promise<string | null>,
): Promise<{ data: Buffer; cache: string }> {
  const match = WALL_FILE_NAME.exec(fileName);
  const missing = () => notFound('La imagen', 'IMAGE_NOT_FOUND');
  if (!match) throw missing();
  const row = await repo.findSnapshotByMedia(ctx.db, match[1]!);
  if (!row || row.status === 'rejected') throw missing();
  let event = await repo.findWallEvent(ctx.db, row.event_id, null);
  if (!event) throw missing();
  const visible = row.status === 'approved' && row.hidden_reason === null;
  let cache = 'public, max-age=600';
  if (!(event.gallery_privacy === 'public' && visible && event.status !== 'draft')) {
    const check = checkLink(ctx.signingKey, fileName, exp, sig);
    if (check === 'expired') throw new AppError(403, 'LINK_EXPIRED', 'Este enlace a la foto ha caducado.');
    if (check !== 'ok') throw new AppError(403, 'LINK_INVALID', 'Este enlace a la foto no es válido.');
    const viewerId = await viewer();
    if (!viewerId) throw new AppError(401, 'UNAUTHENTICATED', 'Inicia sesión para ver esta foto.');
    event = (await repo.findWallEvent(ctx.db, row.event_id, viewerId)) ?? event;
    const own = row.user_id === viewerId;
    const allowed =
      own ||
      Boolean(event.is_moderator) ||
      (visible && viewAllowed(event, viewerId) && !(await isBlockedEitherWay(ctx.db, viewerId, row.user_id)));
    if (!allowed) throw new AppError(403, 'WALL_PHOTO_FORBIDDEN', 'No puedes ver esta foto.');
    cache = `private, max-age=${Math.max(0, Math.min(900, exp! - Math.floor(clock.nowMs() / 1000)))}`;
  }
  const [, mediaId, side, size] = match;
  const data = await ctx.storage.read(`wall/${mediaId}-${side}-${size}.webp`);
  if (!data) throw missing();
  return { data, cache };
}

// Who may watch an event's wall live (join its room), and whether they also hear the moderators' queue.
// userId null: a visitor without a session, let in to a public wall only.
export async function watchAccess(db: Db, eventId: string, userId: string | null) {
  const event = await repo.findWallEvent(db, eventId, userId);
  if (!event || (event.status === 'draft' && !event.is_moderator)) return null;
  if (!viewAllowed(event, userId)) return { eventId: event.id, allowed: false, moderator: false };
  return { eventId: event.id, allowed: true, moderator: Boolean(event.is_moderator) };
}

// What a shared link to a wall shows (page-meta.ts): the event, its club, its cover and, for a public gallery,
// how many photos are up. Nothing for drafts.
export async function wallLinkPreview(db: Db, idOrSlug: string) {
  const event = await repo.findWallEvent(db, idOrSlug, null);
  if (!event || event.status === 'draft') return null;
  const row = await db
    .selectFrom('snapshots')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('event_id', '=', event.id)
    .where('status', '=', 'approved')
    .where('hidden_reason', 'is', null)
    .executeTakeFirst();
  return {
    slug: event.slug,
    name: event.name,
    clubName: event.club_name,
    coverURL: event.cover_url,
    gallery: event.gallery_privacy,
    photos: Number(row?.n ?? 0),
  };
}
