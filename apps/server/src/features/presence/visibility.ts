// Who may see a user's presence (spec §4): the user, and the user's connections unless the user hid it.
// Connections arrive with a later feature; it adds its check to `presenceViewerChecks`.
import type { Db } from '../../db/connect.ts';

export type ViewerCheck = (db: Db, viewerId: string, ownerId: string) => Promise<boolean>;

// Each check answers "is the viewer someone the owner shares presence with" (e.g. an accepted connection).
export const presenceViewerChecks: ViewerCheck[] = [];

export async function canSeePresence(db: Db, viewerId: string, ownerId: string, ownerShowsOnline: boolean): Promise<boolean> {
  if (viewerId === ownerId) return true;
  if (!ownerShowsOnline) return false;
  for (const check of presenceViewerChecks) if (await check(db, viewerId, ownerId)) return true;
  return false;
}
