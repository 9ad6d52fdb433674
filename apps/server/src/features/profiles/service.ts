// Profiles: my own (read, edit, privacy, avatar) and another person's as I may see them. A block either way
// answers 404 exactly like a person who does not exist; a private profile shows someone who is not connected
// only the name, the avatar and the connect button.
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  foldForSearch,
  type profileUpdateSchema,
  type OwnProfile,
  type PrivacySettings,
  type UserProfile,
  type ConnectionState,
  type UserSearchPage,
  type UserSearchQuery,
  type UserSearchResult,
} from '@nocturna/shared';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/connect.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import {
  FUZZY_MIN_TERM_LENGTH,
  GROUP_SAMPLE,
  containsAll,
  countContaining,
  nameRank,
  similarToAll,
  startsWith,
  type TextSearch,
} from '../../db/text-search.ts';
import {
  connectionStatesWith,
  connectionStateWith,
  connectionsCount,
  isBlockedEitherWay,
  mutualIds,
} from '../relations/index.ts';
import { presenceOf, presenceSettings, updatePresenceSettings } from '../presence/index.ts';
import { avatarFromUpload } from './avatar-image.ts';
import { avatarOf, genresOf, privacyOf, toUserCard, upcomingEventsOf, userCards } from './people.ts';
import { messagingAllowed } from './privacy.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';

const personMissing = () => notFound('Esta persona', 'USER_NOT_FOUND');
const MUTUALS_SHOWN = 6;

export async function ownProfile(db: Db, userId: string): Promise<OwnProfile> {
  const row = await repo.findPerson(db, userId);
  if (!row) throw personMissing();
  const [presence, count, events] = await Promise.all([
    presenceSettings(db, userId),
    connectionsCount(db, userId),
    upcomingEventsOf(db, userId),
  ]);
  return {
    id: row.id,
    name: row.name,
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.display_username ?? row.username,
    avatarUrl: avatarOf(row),
    bio: row.bio,
    favouriteGenres: genresOf(row),
    instagram: row.instagram,
    privacy: { ...privacyOf(row), showOnline: presence.showOnline },
    connectionsCount: count,
    events,
  };
}

// PostgreSQL says 23505; SQLite says "UNIQUE constraint failed".
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

const usernameTaken = () =>
  new AppError(409, 'USERNAME_TAKEN', 'Ese nombre de usuario ya lo usa otra persona.', { field: 'username' });

export async function updateOwnProfile(
  db: Db,
  userId: string,
  input: z.output<typeof profileUpdateSchema>,
): Promise<OwnProfile> {
  const row = await repo.findPerson(db, userId);
  if (!row) throw personMissing();
  const at = clock.now().toISOString();
  const user: repo.UserNameChange = {};
  if (input.firstName !== undefined || input.lastName !== undefined) {
    user.first_name = input.firstName ?? row.first_name ?? undefined;
    user.last_name = input.lastName ?? row.last_name ?? undefined;
    user.name = [user.first_name, user.last_name].filter(Boolean).join(' ') || row.name;
  }
  if (input.username !== undefined) {
    const lower = input.username.toLowerCase();
    const owner = await repo.findPersonByUsername(db, lower);
    if (owner && owner.id !== userId) throw usernameTaken();
    user.username = lower;
    user.display_username = input.username;
  }
  if (user.name !== undefined || user.username !== undefined) {
    user.search_text = foldForSearch(`${user.name ?? row.name} ${user.username ?? row.username ?? ''}`);
  }
  const profile: repo.ProfileChange = {};
  if (input.bio !== undefined) profile.bio = input.bio;
  if (input.instagram !== undefined) profile.instagram = input.instagram;
  if (input.favouriteGenres !== undefined) profile.favourite_genres = JSON.stringify(input.favouriteGenres);
  try {
    await db.transaction().execute(async (trx) => {
      if (Object.keys(user).length) await repo.updateUser(trx, userId, user, at);
      if (Object.keys(profile).length) await repo.upsertProfile(trx, userId, profile, at);
    });
  } catch (error) {
    // Two people claimed the same username at once: the lower(username) unique index chose.
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  return ownProfile(db, userId);
}

export async function privacySettings(db: Db, userId: string): Promise<PrivacySettings> {
  const row = await repo.findPerson(db, userId);
  if (!row) throw personMissing();
  return { ...privacyOf(row), showOnline: (await presenceSettings(db, userId)).showOnline };
}

export async function updatePrivacySettings(
  db: Db,
  userId: string,
  change: Partial<PrivacySettings>,
): Promise<PrivacySettings> {
  const profile: repo.ProfileChange = {};
  if (change.isPrivate !== undefined) profile.is_private = change.isPrivate;
  if (change.messagePolicy !== undefined) profile.message_policy = change.messagePolicy;
  if (change.showEvents !== undefined) profile.show_events = change.showEvents;
  await db.transaction().execute(async (trx) => {
    if (Object.keys(profile).length)
      await repo.upsertProfile(trx, userId, profile, clock.now().toISOString());
    // "Show when I am online" is the presence feature's one setting.
    if (change.showOnline !== undefined) await updatePresenceSettings(trx, userId, change.showOnline);
  });
  return privacySettings(db, userId);
}

// The stored file's name is random, so an old avatar URL stops working once it is replaced.
const AVATAR_URL_PREFIX = '/media/avatars/';
const avatarKey = (url: string | null) =>
  url?.startsWith(AVATAR_URL_PREFIX) ? `avatars/${url.slice(AVATAR_URL_PREFIX.length)}` : null;

export async function replaceAvatar(
  db: Db,
  storage: FileStorage,
  userId: string,
  upload: Buffer,
): Promise<{ avatarUrl: string }> {
  const row = await repo.findPerson(db, userId);
  if (!row) throw personMissing();
  const webp = await avatarFromUpload(upload);
  const name = `${uuidv7()}.webp`;
  await storage.put(`avatars/${name}`, webp);
  const avatarUrl = `${AVATAR_URL_PREFIX}${name}`;
  const at = clock.now().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await repo.upsertProfile(trx, userId, { avatar_url: avatarUrl }, at);
      // users.image is what the session (and the shell's header) carries.
      await repo.updateUser(trx, userId, { image: avatarUrl }, at);
    });
  } catch (error) {
    await storage.remove(`avatars/${name}`);
    throw error;
  }
  const old = avatarKey(row.avatar_url);
  if (old) await storage.remove(old);
  return { avatarUrl };
}

export async function removeAvatar(
  db: Db,
  storage: FileStorage,
  userId: string,
): Promise<{ avatarUrl: null }> {
  const row = await repo.findPerson(db, userId);
  if (!row) throw personMissing();
  const at = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    await repo.upsertProfile(trx, userId, { avatar_url: null }, at);
    if (row.image === row.avatar_url) await repo.updateUser(trx, userId, { image: null }, at);
  });
  const old = avatarKey(row.avatar_url);
  if (old) await storage.remove(old);
  return { avatarUrl: null };
}

export async function avatarFile(storage: FileStorage, name: string): Promise<Buffer> {
  const file = /^[0-9a-f-]{36}\.webp$/.test(name) ? await storage.read(`avatars/${name}`) : null;
  if (!file) throw notFound('La foto', 'AVATAR_NOT_FOUND');
  return file;
}

// The accepted connections the viewer and this person share: how many, and the first few as cards.
async function mutualConnections(db: Db, viewerId: string, otherId: string, limit: number) {
  const { count, ids } = await mutualIds(db, viewerId, otherId, limit);
  return { count, items: await userCards(db, ids) };
}

async function viewProfile(
  db: Db,
  viewerId: string | null,
  row: repo.PersonRow | undefined,
): Promise<UserProfile> {
  if (!row || (viewerId && (await isBlockedEitherWay(db, viewerId, row.id)))) throw personMissing();
  const privacy = privacyOf(row);
  const connection = viewerId ? await connectionStateWith(db, viewerId, row.id) : 'none';
  const self = connection === 'self';
  const connected = connection === 'connected';
  const limited = privacy.isPrivate && !connected && !self;
  const card = toUserCard(row);
  const base: UserProfile = {
    ...card,
    isPrivate: privacy.isPrivate,
    limited,
    bio: null,
    favouriteGenres: [],
    instagram: null,
    connectionsCount: null,
    mutualConnections: null,
    events: null,
    presence: null,
    connection,
    canMessage: Boolean(viewerId) && !self && messagingAllowed(privacy, connected),
  };
  if (limited) return base;
  const [count, mutual, events, presence] = await Promise.all([
    connectionsCount(db, row.id),
    viewerId && !self ? mutualConnections(db, viewerId, row.id, MUTUALS_SHOWN) : null,
    privacy.showEvents || self ? upcomingEventsOf(db, row.id) : null,
    viewerId
      ? presenceOf(db, viewerId, row.id).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        })
      : null,
  ]);
  return {
    ...base,
    bio: row.bio,
    favouriteGenres: genresOf(row),
    instagram: row.instagram,
    connectionsCount: count,
    mutualConnections: mutual,
    events,
    presence,
  };
}

export async function profileById(db: Db, viewerId: string | null, userId: string): Promise<UserProfile> {
  return viewProfile(db, viewerId, await repo.findPerson(db, userId));
}

export async function profileByUsername(
  db: Db,
  viewerId: string | null,
  username: string,
): Promise<UserProfile> {
  return viewProfile(db, viewerId, await repo.findPersonByUsername(db, username));
}

const searchCursor = z.tuple([z.string(), z.string()]);
// Above this many holders, a people-list text is read in name order (see searchUsers).
const COMMON_TEXT_ROWS = 2000;

export async function searchUsers(
  db: Db,
  ts: TextSearch,
  viewerId: string | null,
  query: UserSearchQuery,
): Promise<UserSearchPage> {
  // "@lucia" means the username lucia.
  const text = foldForSearch(query.q).replace(/^@+/, '');
  if (text === '') return { items: [], nextCursor: null };
  const after = decodeCursor(query.cursor, searchCursor);
  // A text most people hold ("mar") is read in name order, checking each name against the text index, and stops
  // at a page; a rarer one starts from the index's few rows and sorts them (SQLite; PostgreSQL's planner picks).
  const common = ts.kind === 'sqlite' && (await countContaining(db, 'users', text)) > COMMON_TEXT_ROWS;
  const match = containsAll(ts, 'users', [text], { probe: common });
  const rows = await repo.searchPeople(db, { match, viewerId, after, limit: query.limit });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await withConnectionStates(db, viewerId, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.search_text, last.id]) : null,
  };
}

async function withConnectionStates(db: Db, viewerId: string | null, rows: repo.PersonRow[]) {
  const states = viewerId
    ? await connectionStatesWith(
        db,
        viewerId,
        rows.map((r) => r.id),
      )
    : new Map<string, ConnectionState>();
  return rows.map((r) => ({ ...toUserCard(r), connection: states.get(r.id) ?? 'none' }));
}

// The search box's people: every word in the name or username, the name that is the query first; or,
// asked for typos, the names a typo away. Same privacy as the list: cards only, blocks invisible.
export async function searchPeopleRanked(
  db: Db,
  ts: TextSearch,
  viewerId: string | null,
  s: { words: string[]; limit: number; typos?: boolean },
): Promise<{ items: UserSearchResult[]; more: boolean }> {
  const { words, limit } = s;
  if (words.length === 0) return { items: [], more: false };
  if (s.typos && !words.some((w) => w.length >= FUZZY_MIN_TERM_LENGTH)) return { items: [], more: false };
  if (s.typos) {
    const similar = similarToAll(ts, 'users', words);
    const near = await repo.rankPeople(db, {
      match: similar.where,
      order: [sql`${similar.score} desc`],
      viewerId,
      limit: limit + 1,
    });
    return {
      items: await withConnectionStates(db, viewerId, near.slice(0, limit)),
      more: near.length > limit,
    };
  }
  // Names that start with what was typed, straight from the name-ordered index (the exact name is the first of
  // them); then, if those are too few, names holding the words elsewhere, from the text index.
  const phrase = words.join(' ');
  const rows = await repo.rankPeople(db, {
    match: startsWith(ts, 'users', phrase),
    order: [],
    viewerId,
    limit: limit + 1,
  });
  if (rows.length <= limit)
    rows.push(
      ...(await repo.rankPeople(db, {
        match: sql<SqlBool>`${containsAll(ts, 'users', words, { sample: GROUP_SAMPLE })} and not ${startsWith(ts, 'users', phrase)}`,
        order: [nameRank('users', words)],
        viewerId,
        limit: limit + 1 - rows.length,
      })),
    );
  return { items: await withConnectionStates(db, viewerId, rows.slice(0, limit)), more: rows.length > limit };
}
