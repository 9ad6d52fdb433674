// A person's standing with others as the screens name it (none, self, incoming, outgoing, connected), how many
// connections they have, and the ones two people share.
import type { ConnectionState } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import type { ConnectionsTable } from '../../db/schema.ts';
import * as repo from './repository.ts';

export function stateFrom(viewerId: string, row: ConnectionsTable | undefined): ConnectionState {
  if (!row) return 'none';
  if (row.status === 'accepted') return 'connected';
  return row.requester_id === viewerId ? 'outgoing' : 'incoming';
}

export async function connectionStateWith(
  db: Db,
  viewerId: string,
  otherId: string,
): Promise<ConnectionState> {
  if (viewerId === otherId) return 'self';
  return stateFrom(viewerId, await repo.findPair(db, viewerId, otherId));
}

export async function connectionStatesWith(
  db: Db,
  viewerId: string,
  others: string[],
): Promise<Map<string, ConnectionState>> {
  const pairs = await repo.pairsWith(
    db,
    viewerId,
    others.filter((o) => o !== viewerId),
  );
  return new Map(others.map((o) => [o, o === viewerId ? 'self' : stateFrom(viewerId, pairs.get(o))]));
}

export const connectionsCount = (db: Db, userId: string) => repo.countAccepted(db, userId);
