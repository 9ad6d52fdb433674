// SQL for profiles: the user row with its profile row (created on first change, defaults until then), the
// events a person holds tickets for, and the user search. Every function takes the Kysely instance or a transaction.
import { sql, type Expression, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { Database, UserProfilesTable } from '../../db/schema.ts';
import { engineOf, nameOrder } from '../../db/text-search.ts';

type Q = Kysely<Database>;

// A ticket that still opens the door (or already did, tonight): the person is going.
export const GOING_TICKET_STATUSES = ['valid', 'used'] as const;

function selectPeople(db: Q) {
  return db
    .selectFrom('users')
    .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
    .select([
      'users.id',
      'users.name',
      'users.first_name',
      'users.last_name',
      'users.username',
      'users.display_username',
      'users.image',
      'user_profiles.bio',
      'user_profiles.favourite_genres',
      'user_profiles.instagram',
      'user_profiles.avatar_url',
      'user_profiles.is_private',
      'user_profiles.message_policy',
      'user_profiles.show_events',
    ]);
}

export type PersonRow = Awaited<ReturnType<ReturnType<typeof selectPeople>['executeTakeFirstOrThrow']>>;

export async function findPerson(db: Q, userId: string): Promise<PersonRow | undefined> {
  return selectPeople(db).where('users.id', '=', userId).executeTakeFirst();
}

// Usernames are unique ignoring case (migration 0002's lower(username) index).
export async function findPersonByUsername(db: Q, username: string): Promise<PersonRow | undefined> {
  return selectPeople(db)
    .where((eb) => eb(eb.fn('lower', ['users.username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

export async function findPeople(db: Q, ids: string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return selectPeople(db).where('users.id', 'in', ids).execute();
}

export type ProfileChange = Omit<Updateable<UserProfilesTable>, 'user_id' | 'updated_at'>;

export async function upsertProfile(db: Q, userId: string, change: ProfileChange, at: string): Promise<void> {
  await db
    .insertInto('user_profiles')
    .values({ user_id: userId, ...change, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...change, updated_at: at }))
    .execute();
}

export type UserNameChange = {
  name?: string;
  first_name?: string;
  last_name?: string;
  username?: string;
  display_username?: string;
  image?: string | null;
  search_text?: string;
};

export async function updateUser(db: Q, userId: string, change: UserNameChange, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...change, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

// Upcoming (or under way) published events the person holds a valid or used ticket for, soonest first. Read
// from the person's tickets (tickets_user_idx), not from every upcoming event: a person holds a handful.
export async function eventsGoing(db: Q, userId: string, now: string, limit: number) {
  return db
    .selectFrom('tickets')
    .innerJoin('events', 'events.id', 'tickets.event_id')
    .innerJoin('clubs', 'clubs.id', 'events.club_id')
    .select([
      'events.id',
      'events.slug',
      'events.name',
      'events.cover_url',
      'events.start_at',
      'events.end_at',
      'clubs.name as club_name',
    ])
    .distinct()
    .where('tickets.user_id', '=', userId)
    .where('tickets.status', 'in', [...GOING_TICKET_STATUSES])
    .where('events.status', '=', 'published')
    .where('events.end_at', '>', now)
    .orderBy('events.start_at')
    .orderBy('events.id')
    .limit(limit)
    .execute();
}

// Never the viewer, and nobody either of the two has blocked.
function visibleTo<QB extends ReturnType<typeof selectPeople>>(q: QB, viewerId: string | null): QB {
  if (!viewerId) return q;
  return q.where('users.id', '<>', viewerId).where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom('user_blocks')
          .select('user_blocks.blocker_id')
          .where((b) =>
            b.or([
              b.and([
                b('user_blocks.blocker_id', '=', viewerId),
                b('user_blocks.blocked_id', '=', b.ref('users.id')),
              ]),
              b.and([
                b('user_blocks.blocked_id', '=', viewerId),
                b('user_blocks.blocker_id', '=', b.ref('users.id')),
              ]),
            ]),
          ),
      ),
    ),
  ) as QB;
}

// People matched by `match` (text-search.ts) in folded-name byte order ("Álvaro" with the A's, the same on both
// engines: text-search.ts nameOrder), a page after the cursor.
export async function searchPeople(
  db: Q,
  options: {
    match: Expression<SqlBool>;
    viewerId: string | null;
    after?: [string, string];
    limit: number;
  },
) {
  const name = nameOrder({ kind: engineOf(db) }, 'users');
  let q = visibleTo(selectPeople(db), options.viewerId).select('users.search_text').where(options.match);
  if (options.after) {
    const [text, id] = options.after;
    q = q.where((eb) => eb.or([eb(name, '>', text), eb.and([eb(name, '=', text), eb('users.id', '>', id)])]));
  }
  return q
    .orderBy(name)
    .orderBy('users.id')
    .limit(sql.lit(Math.trunc(options.limit) + 1))
    .execute();
}

// The search box's people: matched by `match`, best first by the `order` expressions.
export async function rankPeople(
  db: Q,
  options: {
    match: Expression<SqlBool>;
    order: Expression<unknown>[];
    viewerId: string | null;
    limit: number;
  },
) {
  let q = visibleTo(selectPeople(db), options.viewerId).where(options.match);
  for (const o of options.order) q = q.orderBy(o);
  return q
    .orderBy(nameOrder({ kind: engineOf(db) }, 'users'))
    .orderBy('users.id')
    .limit(options.limit)
    .execute();
}
