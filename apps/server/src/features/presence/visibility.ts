// Who may see a user's presence: the user, and the user's accepted connections unless the user hid it
// or either blocked the other.
import type { Db } from '../../db/connect.ts';
import { areConnected, isBlockedEitherWay } from '../relations/index.ts';

export async function canSeePresence(
  db: Db,
  viewerId: string,
  ownerId: string,
  ownerShowsOnline: boolean,
): Promise<boolean> {
  if (viewerId === ownerId) return true;
  if (!ownerShowsOnline) return false;
  if (!(await areConnected(db, viewerId, ownerId))) return false;
  return !(await isBlockedEitherWay(db, viewerId, ownerId));
}
