// DJs: a public profile (/dj/{slug}) with the gigs of the line-ups that name their account, followers, and the
// DJ's own dashboard (gigs with set times, the event's sales when the club shares them, followers over time,
// confirming or declining a slot). Confirming a slot tells the DJ's followers, through the notifications service.
import { sql } from 'kysely';
import type { DjDashboard, DjDashboardGig, DjGig, DjProfile } from '@nocturna/shared';
import type { Db, DbKind } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import { hasRole } from '../../auth/roles.ts';
import { createNotification, publishNotification, type NewNotification } from '../notifications/index.ts';
import { clubSharesSalesWithDjs } from '../promoters/index.ts';
import * as clock from '../../clock.ts';

const djMissing = () => notFound('El DJ', 'DJ_NOT_FOUND');
const parseList = <T>(json: string | null | undefined): T[] => {
  try {
    const v = JSON.parse(json ?? '[]') as unknown;
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
};

const slugify = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'dj';

// The DJ's row, made on first use from their account (name, photo, bio and genres of their profile).
export async function ensureProfile(db: Db, userId: string) {
  const existing = await db
    .selectFrom('dj_profiles')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (existing) return existing;
  const user = await db
    .selectFrom('users')
    .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
    .select([
      'users.name',
      'users.username',
      'users.image',
      'user_profiles.avatar_url',
      'user_profiles.bio',
      'user_profiles.favourite_genres',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  const base = slugify(user.username ?? user.name);
  const taken = await db.selectFrom('dj_profiles').select('slug').where('slug', '=', base).executeTakeFirst();
  await db
    .insertInto('dj_profiles')
    .values({
      user_id: userId,
      slug: taken ? `${base}-${userId.slice(0, 6).toLowerCase()}` : base,
      name: user.name,
      photo_url: user.avatar_url ?? user.image,
      bio: user.bio ?? '',
      genres: user.favourite_genres ?? '[]',
      links: '[]',
      updated_at: clock.now().toISOString(),
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db.selectFrom('dj_profiles').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

async function profileBySlug(db: Db, slug: string) {
  const row = await db.selectFrom('dj_profiles').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (row) return row;
  // A DJ who never opened their dashboard is found by username.
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', slug.toLowerCase())
    .executeTakeFirst();
  if (!user || !(await hasRole(db, user.id, 'dj'))) throw djMissing();
  return ensureProfile(db, user.id);
}

function gigsOf(db: Db, djUserId: string) {
  return db
    .selectFrom('event_lineup as l')
    .innerJoin('events as e', 'e.id', 'l.event_id')
    .innerJoin('clubs as c', 'c.id', 'e.club_id')
    .leftJoin('dj_bookings as b', (j) =>
      j.onRef('b.event_id', '=', 'l.event_id').onRef('b.dj_user_id', '=', 'l.dj_user_id'),
    )
    .select([
      'e.id as event_id',
      'e.slug as event_slug',
      'e.name as event_name',
      'e.club_id',
      'c.name as club_name',
      'e.start_at',
      'e.end_at',
      'l.starts_at',
      'l.ends_at',
      'b.status as booking',
    ])
    .where('l.dj_user_id', '=', djUserId)
    .where('e.status', '=', 'published');
}

type GigRow = Awaited<ReturnType<ReturnType<typeof gigsOf>['execute']>>[number];
const toGig = (r: GigRow): DjGig => ({
  eventId: r.event_id,
  eventSlug: r.event_slug,
  eventName: r.event_name,
  clubName: r.club_name,
  startAt: toIso(r.start_at),
  setStartAt: r.starts_at ? toIso(r.starts_at) : null,
  setEndAt: r.ends_at ? toIso(r.ends_at) : null,
});

async function toProfile(
  db: Db,
  row: Awaited<ReturnType<typeof ensureProfile>>,
  viewerId: string | null,
  now: Date,
): Promise<DjProfile> {
  const nowIso = now.toISOString();
  // The public page lists the gigs the DJ has not declined.
  const shown = (q: ReturnType<typeof gigsOf>) =>
    q.where((eb) => eb.or([eb('b.status', 'is', null), eb('b.status', '=', 'confirmed')]));
  const [upcoming, past, followers, following] = await Promise.all([
    shown(gigsOf(db, row.user_id)).where('e.end_at', '>', nowIso).orderBy('e.start_at').limit(20).execute(),
    shown(gigsOf(db, row.user_id))
      .where('e.end_at', '<=', nowIso)
      .orderBy('e.start_at', 'desc')
      .limit(20)
      .execute(),
    db
      .selectFrom('dj_follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('dj_user_id', '=', row.user_id)
      .executeTakeFirstOrThrow(),
    viewerId
      ? db
          .selectFrom('dj_follows')
          .select('follower_id')
          .where('dj_user_id', '=', row.user_id)
          .where('follower_id', '=', viewerId)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    userId: row.user_id,
    slug: row.slug,
    name: row.name,
    photoUrl: row.photo_url,
    bio: row.bio,
    genres: parseList<string>(row.genres),
    links: parseList<{ label: string; url: string }>(row.links),
    followers: Number(followers.n),
    following: Boolean(following),
    upcoming: upcoming.map(toGig),
    past: past.map(toGig),
  };
}

export async function publicProfile(db: Db, slug: string, viewerId: string | null, now = clock.now()) {
  return toProfile(db, await profileBySlug(db, slug), viewerId, now);
}

export async function follow(db: Db, followerId: string, slug: string, on: boolean) {
  const row = await profileBySlug(db, slug);
  if (row.user_id === followerId && on)
    throw new AppError(400, 'CANNOT_FOLLOW_SELF', 'No puedes seguirte a ti mismo.', { field: 'slug' });
  if (on)
    await db
      .insertInto('dj_follows')
      .values({ dj_user_id: row.user_id, follower_id: followerId, created_at: clock.now().toISOString() })
      .onConflict((oc) => oc.columns(['dj_user_id', 'follower_id']).doNothing())
      .execute();
  else
    await db
      .deleteFrom('dj_follows')
      .where('dj_user_id', '=', row.user_id)
      .where('follower_id', '=', followerId)
      .execute();
  return publicProfile(db, row.slug, followerId);
}

export async function updateProfile(
  db: Db,
  userId: string,
  patch: { name?: string; bio?: string; genres?: string[]; links?: { label: string; url: string }[] },
) {
  await ensureProfile(db, userId);
  await db
    .updateTable('dj_profiles')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.bio !== undefined ? { bio: patch.bio } : {}),
      ...(patch.genres !== undefined ? { genres: JSON.stringify(patch.genres) } : {}),
      ...(patch.links !== undefined ? { links: JSON.stringify(patch.links) } : {}),
      updated_at: clock.now().toISOString(),
    })
    .where('user_id', '=', userId)
    .execute();
}

const FOLLOWER_DAYS = 30;

function dayOf(kind: DbKind, column: string) {
  return kind === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

export async function djDashboard(
  db: Db,
  kind: DbKind,
  userId: string,
  now = clock.now(),
): Promise<DjDashboard> {
  const row = await ensureProfile(db, userId);
  const profile = await toProfile(db, row, userId, now);
  const since = new Date(now.getTime() - FOLLOWER_DAYS * 24 * 3600_000);
  const [gigs, before, perDay] = await Promise.all([
    gigsOf(db, userId)
      .select((eb) => [
        eb
          .selectFrom('tickets as t')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('t.event_id', '=', 'e.id')
          .where('t.status', 'in', ['valid', 'used'])
          .as('sold'),
        eb
          .selectFrom('tickets as t')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('t.event_id', '=', 'e.id')
          .where('t.status', '=', 'used')
          .as('checked_in'),
      ])
      .where('e.end_at', '>', new Date(now.getTime() - 7 * 24 * 3600_000).toISOString())
      .orderBy('e.start_at')
      .limit(30)
      .execute(),
    db
      .selectFrom('dj_follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('dj_user_id', '=', userId)
      .where('created_at', '<', since.toISOString())
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('dj_follows')
      .select([dayOf(kind, 'created_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('dj_user_id', '=', userId)
      .where('created_at', '>=', since.toISOString())
      .groupBy(dayOf(kind, 'created_at'))
      .execute(),
  ]);
  const sharing = new Map<string, boolean>();
  for (const g of gigs)
    if (!sharing.has(g.club_id)) sharing.set(g.club_id, await clubSharesSalesWithDjs(db, g.club_id));
  const added = new Map(perDay.map((d) => [d.day, Number(d.n)]));
  let running = Number(before.n);
  const followersOverTime = [];
  // Days in UTC on both sides (the chart's resolution is a day).
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' });
  for (let i = FOLLOWER_DAYS; i >= 0; i--) {
    const date = fmt.format(new Date(now.getTime() - i * 24 * 3600_000));
    running += added.get(date) ?? 0;
    followersOverTime.push({ date, followers: running });
  }
  return {
    profile,
    gigs: gigs.map((g): DjDashboardGig => {
      const shared = sharing.get(g.club_id) ?? false;
      return {
        ...toGig(g),
        // A night gone by that was never answered was played: only what is ahead waits for an answer.
        status: g.booking ?? (new Date(toIso(g.end_at)) <= now ? 'confirmed' : 'offered'),
        sold: shared ? Number(g.sold ?? 0) : null,
        checkedIn: shared ? Number(g.checked_in ?? 0) : null,
      };
    }),
    followersOverTime,
  };
}

// The DJ answers the slot a club put them in. Confirming tells their followers (once: only when it changes).
export async function answerSlot(
  db: Db,
  bus: RealtimeBus,
  userId: string,
  eventId: string,
  answer: 'confirmed' | 'declined',
) {
  const [gig] = await gigsOf(db, userId).where('e.id', '=', eventId).execute();
  if (!gig) throw notFound('Ese hueco en el cartel', 'LINEUP_SLOT_NOT_FOUND');
  if (new Date(toIso(gig.end_at)) <= clock.now())
    throw new AppError(409, 'EVENT_OVER', 'El evento ya ha terminado.');
  const profile = await ensureProfile(db, userId);
  const at = clock.now().toISOString();
  const created = await db.transaction().execute(async (trx) => {
    const changed = await trx
      .insertInto('dj_bookings')
      .values({ event_id: eventId, dj_user_id: userId, status: answer, responded_at: at })
      .onConflict((oc) =>
        oc
          .columns(['event_id', 'dj_user_id'])
          .doUpdateSet({ status: answer, responded_at: at })
          .where('dj_bookings.status', '<>', answer),
      )
      .executeTakeFirst();
    if (answer !== 'confirmed' || Number(changed.numInsertedOrUpdatedRows ?? 0) === 0) return [];
    const followers = await trx
      .selectFrom('dj_follows')
      .select('follower_id')
      .where('dj_user_id', '=', userId)
      .execute();
    const out = [];
    for (const f of followers) {
      const n: NewNotification = {
        userId: f.follower_id,
        type: 'dj_booked',
        message: 'djBooked',
        data: {
          name: profile.name,
          eventName: gig.event_name,
          clubName: gig.club_name,
          dayAt: toIso(gig.start_at),
        },
        link: `/evento/${gig.event_slug}`,
        refs: { eventId, djUserId: userId },
      };
      out.push(await createNotification(trx, n));
    }
    return out;
  });
  for (const n of created) await publishNotification(db, bus, n);
  return { status: answer, notified: created.length };
}
