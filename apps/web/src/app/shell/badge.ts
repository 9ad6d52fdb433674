import { BADGE_CAP } from '@nocturna/shared/constants';

// A badge shows the count itself, or "9+" above 9; nothing at all when there is nothing unread.
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}
