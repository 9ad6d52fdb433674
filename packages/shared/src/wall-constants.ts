// The live wall's numbers, reactions and socket events, without zod: the web app's first load may import these.
export const WALL_CAPTION_MAX_LENGTH = 140;
export const WALL_MAX_PER_EVENT = 10;
export const WALL_MIN_INTERVAL_MS = 30_000;
// Posting stays open this long after the event's end.
export const WALL_CLOSES_AFTER_END_MS = 6 * 60 * 60 * 1000;
export const WALL_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const WALL_REPORTS_TO_HIDE = 3;
export const WALL_PAGE_SIZE = 12;

// A fixed set: one of each per person.
export const WALL_REACTIONS = ['fire', 'heart', 'laugh', 'dance', 'wow'] as const;
export type WallReaction = (typeof WALL_REACTIONS)[number];
export const WALL_REACTION_EMOJI: Record<WallReaction, string> = {
  fire: '🔥',
  heart: '❤️',
  laugh: '😂',
  dance: '💃',
  wow: '😮',
};

export const WALL_SOCKET_EVENTS = {
  watch: 'wall:watch',
  unwatch: 'wall:unwatch',
  snapshot: 'wall:snapshot', // Snapshot (a newly visible one)
  removed: 'wall:removed', // { eventId, snapshotId }
  reactions: 'wall:reactions', // { eventId, snapshotId, reactions }
  queue: 'wall:queue', // { eventId }: the moderators' queue changed
  mine: 'wall:mine', // Snapshot: the author's own snapshot changed state
} as const;
