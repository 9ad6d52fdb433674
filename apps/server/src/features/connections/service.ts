// Connections: request, accept, decline, cancel, remove, block and unblock, and the lists of /conexiones.
// Every change is one transaction whose outcome the database decides (unique pair_key, conditional updates and
// deletes with row counts); its notification is stored in the same transaction and pushed after the commit,
// and both people's tabs hear that something changed between them.
import { z } from 'zod';
import {
  CONNECTION_SOCKET_EVENTS,
  type ConnectionCounts,
  type ConnectionItem,
  type ConnectionListQuery,
  type ConnectionPage,
  type ConnectionStatus,
  type Notification,
  type Presence,
} from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import { createNotification, publishNotification, type NewNotification } from '../notifications/index.ts';
import { presenceOf } from '../presence/index.ts';
import { findPerson, userCards } from '../profiles/index.ts';
import { connectionAccepted, connectionRequested } from './notification-messages.ts';
import * as repo from './repository.ts';
import { findPair, isBlockedEitherWay, stateFrom } from '../relations/index.ts';
import { findSuggestions } from './suggestions.ts';
import * as clock from '../../clock.ts';

const personMissing = () => notFound('Esta persona', 'USER_NOT_FOUND');

// Someone the viewer may act on: exists, is not the viewer, and neither blocked the other (404 either way).
async function reachablePerson(db: Db, viewerId: string, otherId: string) {
  if (otherId === viewerId) throw badRequest('userId', 'No puedes conectar contigo.', 'CANNOT_CONNECT_SELF');
  const person = await findPerson(db, otherId);
  if (!person || (await isBlockedEitherWay(db, viewerId, otherId))) throw personMissing();
  return person;
}

type Outcome = ConnectionStatus & { notification?: Notification };

async function finish(db: Db, bus: RealtimeBus, me: string, outcome: Outcome): Promise<ConnectionStatus> {
  if (outcome.notification) await publishNotification(db, bus, outcome.notification);
  if (outcome.changed) {
    for (const [to, about] of [
      [me, outcome.userId],
      [outcome.userId, me],
    ] as const)
      bus.toUser(to, CONNECTION_SOCKET_EVENTS.changed, { userId: about });
  }
  return { userId: outcome.userId, state: outcome.state, changed: outcome.changed };
}

async function myName(db: Db, userId: string) {
  const me = await findPerson(db, userId);
  return { id: userId, name: me?.name ?? 'Alguien' };
}

// A request to someone who already asked me accepts theirs; two requests crossing leave one accepted row.
export async function requestConnection(
  db: Db,
  bus: RealtimeBus,
  me: string,
  otherId: string,
): Promise<ConnectionStatus> {
  await reachablePerson(db, me, otherId);
  const from = await myName(db, me);
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
    const at = clock.now().toISOString();
    const notifyWith = async (n: NewNotification) => createNotification(trx, n);
    if (await repo.insertRequest(trx, me, otherId, at)) {
      // A block that committed while this ran: the request must not survive it.
      if (await isBlockedEitherWay(trx, me, otherId)) throw personMissing();
      return {
        userId: otherId,
        state: 'outgoing',
        changed: true,
        notification: await notifyWith(connectionRequested(otherId, from)),
      };
    }
    const row = await findPair(trx, me, otherId);
    if (
      row?.status === 'pending' &&
      row.addressee_id === me &&
      (await repo.acceptRequest(trx, me, otherId, at))
    ) {
      return {
        userId: otherId,
        state: 'connected',
        changed: true,
        notification: await notifyWith(connectionAccepted(otherId, from)),
      };
    }
    const now = await findPair(trx, me, otherId);
    if (!now)
      throw new AppError(409, 'CONNECTION_CHANGED', 'La conexión acaba de cambiar. Inténtalo otra vez.');
    return { userId: otherId, state: stateFrom(me, now), changed: false };
  });
  return finish(db, bus, me, outcome);
}

export async function acceptConnection(
  db: Db,
  bus: RealtimeBus,
  me: string,
  otherId: string,
): Promise<ConnectionStatus> {
  await reachablePerson(db, me, otherId);
  const by = await myName(db, me);
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
    if (await repo.acceptRequest(trx, me, otherId, clock.now().toISOString())) {
      return {
        userId: otherId,
        state: 'connected',
        changed: true,
        notification: await createNotification(trx, connectionAccepted(otherId, by)),
      };
    }
    const row = await findPair(trx, me, otherId);
    if (row?.status === 'accepted') return { userId: otherId, state: 'connected', changed: false };
    throw notFound('La solicitud de conexión', 'CONNECTION_REQUEST_NOT_FOUND');
  });
  return finish(db, bus, me, outcome);
}

export async function declineConnection(
  db: Db,
  bus: RealtimeBus,
  me: string,
  otherId: string,
): Promise<ConnectionStatus> {
  await reachablePerson(db, me, otherId);
  if (!(await repo.deletePending(db, otherId, me)))
    throw notFound('La solicitud de conexión', 'CONNECTION_REQUEST_NOT_FOUND');
  return finish(db, bus, me, { userId: otherId, state: 'none', changed: true });
}

export async function cancelConnectionRequest(
  db: Db,
  bus: RealtimeBus,
  me: string,
  otherId: string,
): Promise<ConnectionStatus> {
  await reachablePerson(db, me, otherId);
  if (!(await repo.deletePending(db, me, otherId)))
    throw notFound('La solicitud de conexión', 'CONNECTION_REQUEST_NOT_FOUND');
  return finish(db, bus, me, { userId: otherId, state: 'none', changed: true });
}

export async function removeConnection(
  db: Db,
  bus: RealtimeBus,
  me: string,
  otherId: string,
): Promise<ConnectionStatus> {
  await reachablePerson(db, me, otherId);
  if (!(await repo.deleteAccepted(db, me, otherId))) throw notFound('La conexión', 'CONNECTION_NOT_FOUND');
  return finish(db, bus, me, { userId: otherId, state: 'none', changed: true });
}

// Blocking works on anyone who exists, even someone who already blocked me (the answer reveals nothing), and
// removes whatever was between us.
export async function blockUser(db: Db, bus: RealtimeBus, me: string, otherId: string) {
  if (otherId === me) throw badRequest('userId', 'No puedes bloquearte a ti.', 'CANNOT_BLOCK_SELF');
  if (!(await findPerson(db, otherId))) throw personMissing();
  const changed = await db.transaction().execute(async (trx) => {
    const blocked = await repo.insertBlock(trx, me, otherId, clock.now().toISOString());
    const removed = await repo.deleteAnyBetween(trx, me, otherId);
    return blocked || removed;
  });
  if (changed)
    for (const [to, about] of [
      [me, otherId],
      [otherId, me],
    ] as const)
      bus.toUser(to, CONNECTION_SOCKET_EVENTS.changed, { userId: about });
  return { userId: otherId, blocked: true, changed };
}

export async function unblockUser(db: Db, bus: RealtimeBus, me: string, otherId: string) {
  const changed = await repo.deleteBlock(db, me, otherId);
  if (changed) bus.toUser(me, CONNECTION_SOCKET_EVENTS.changed, { userId: otherId });
  return { userId: otherId, blocked: false, changed };
}

export async function blockedUsers(db: Db, me: string) {
  const rows = await repo.listBlocked(db, me);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      username: r.display_username ?? r.username,
      avatarUrl: r.avatar_url ?? r.image,
      blockedAt: toIso(r.created_at),
    })),
  };
}

const listCursor = z.tuple([z.string(), z.string()]);

async function visiblePresence(db: Db, viewerId: string, userId: string): Promise<Presence | null> {
  try {
    return await presenceOf(db, viewerId, userId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

export async function listConnections(
  db: Db,
  me: string,
  query: ConnectionListQuery,
): Promise<ConnectionPage> {
  if (query.tab === 'suggestions') {
    // Suggestions are one ranked page (at most SUGGESTIONS_LIMIT), not a cursor walk.
    const suggestions = await findSuggestions(db, me, clock.now());
    const cards = new Map(
      (
        await userCards(
          db,
          suggestions.map((s) => s.userId),
        )
      ).map((c) => [c.id, c]),
    );
    const items = suggestions.flatMap((s): ConnectionItem[] => {
      const user = cards.get(s.userId);
      return user
        ? [
            {
              user,
              state: 'none',
              since: null,
              presence: null,
              mutualConnections: s.mutual,
              sharedEvents: s.sharedEvents,
            },
          ]
        : [];
    });
    return { items, nextCursor: null };
  }
  const before = decodeCursor(query.cursor, listCursor);
  const rows = await repo.listPairs(db, me, query.tab, { before, limit: query.limit });
  const page = rows.slice(0, query.limit);
  const otherOf = (r: (typeof page)[number]) => (r.requester_id === me ? r.addressee_id : r.requester_id);
  const ids = page.map(otherOf);
  const [cards, mutual, presence] = await Promise.all([
    userCards(db, ids),
    repo.mutualCounts(db, me, ids),
    query.tab === 'connections'
      ? Promise.all(ids.map((id) => visiblePresence(db, me, id)))
      : Promise.resolve(ids.map(() => null)),
  ]);
  const byId = new Map(cards.map((c) => [c.id, c]));
  const items = page.flatMap((row, i): ConnectionItem[] => {
    const user = byId.get(otherOf(row));
    if (!user) return [];
    const since = query.tab === 'connections' ? (row.accepted_at ?? row.created_at) : row.created_at;
    return [
      {
        user,
        state: query.tab === 'connections' ? 'connected' : query.tab === 'received' ? 'incoming' : 'outgoing',
        since: toIso(since),
        presence: presence[i] ?? null,
        mutualConnections: mutual.get(user.id) ?? 0,
        sharedEvents: 0,
      },
    ];
  });
  const last = page.at(-1);
  const lastAt = last
    ? query.tab === 'connections'
      ? (last.accepted_at ?? last.created_at)
      : last.created_at
    : null;
  return {
    items,
    nextCursor: rows.length > query.limit && last && lastAt ? encodeCursor([toIso(lastAt), last.id]) : null,
  };
}

export async function connectionCounts(db: Db, me: string): Promise<ConnectionCounts> {
  const [counts, suggestions] = await Promise.all([
    repo.countPairs(db, me),
    findSuggestions(db, me, clock.now()),
  ]);
  return { ...counts, suggestions: suggestions.length };
}
