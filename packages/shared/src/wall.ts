// The live event wall: snapshots (a front and a back photo taken together), reactions, reports,
// takedown requests and the moderators' queue. Types shared by the server's routes and the web app.
import { z } from 'zod';
import { userCardSchema } from './connections.ts';

export * from './wall-constants.ts';
import { WALL_CAPTION_MAX_LENGTH, WALL_REACTIONS } from './wall-constants.ts';

export const wallReactionSchema = z.enum(WALL_REACTIONS);

export const SNAPSHOT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const snapshotStatusSchema = z.enum(SNAPSHOT_STATUSES);
export type SnapshotStatus = z.infer<typeof snapshotStatusSchema>;
export const hiddenReasonSchema = z.enum(['reports', 'takedown']);

const imagePairSchema = z.object({ thumb: z.string(), full: z.string() });

export const reactionCountsSchema = z.object(
  Object.fromEntries(WALL_REACTIONS.map((r) => [r, z.number().int()])) as Record<
    (typeof WALL_REACTIONS)[number],
    z.ZodNumber
  >,
);
export type ReactionCounts = z.infer<typeof reactionCountsSchema>;

export const snapshotSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  author: userCardSchema,
  caption: z.string().nullable(),
  createdAt: z.string(),
  // The author had been let in at the door: the "En la fiesta" mark.
  inParty: z.boolean(),
  status: snapshotStatusSchema,
  // Hidden while a moderator decides (3 reports, or a takedown request).
  hidden: hiddenReasonSchema.nullable(),
  front: imagePairSchema,
  back: imagePairSchema,
  reactions: reactionCountsSchema,
  // The viewer's own reactions (empty in live broadcasts, which go to everyone).
  mine: z.array(wallReactionSchema),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

export const snapshotPageSchema = z.object({
  items: z.array(snapshotSchema),
  nextCursor: z.string().nullable(),
});
export type SnapshotPage = z.infer<typeof snapshotPageSchema>;

export const WALL_POST_REASONS = [
  'sign_in',
  'no_ticket',
  'not_open',
  'closed',
  'limit_reached',
  'event_not_live',
] as const;
export type WallPostReason = (typeof WALL_POST_REASONS)[number];

export const wallInfoSchema = z.object({
  event: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    clubName: z.string(),
    coverURL: z.string(),
    startAt: z.string(),
    endAt: z.string(),
    gallery: z.enum(['attendees', 'public']),
    moderation: z.enum(['pre', 'post']),
  }),
  // Posting opens when the doors open and closes 6 h after the end.
  opensAt: z.string(),
  closesAt: z.string(),
  viewer: z.object({
    signedIn: z.boolean(),
    canView: z.boolean(),
    canPost: z.boolean(),
    reason: z.enum(WALL_POST_REASONS).nullable(),
    reasonMessage: z.string().nullable(),
    posted: z.number().int(),
    remaining: z.number().int(),
    inParty: z.boolean(),
    isModerator: z.boolean(),
  }),
});
export type WallInfo = z.infer<typeof wallInfoSchema>;

export const wallCaptionSchema = z
  .string()
  .trim()
  .max(WALL_CAPTION_MAX_LENGTH, `El texto no puede pasar de ${WALL_CAPTION_MAX_LENGTH} caracteres.`)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
  .regex(/^[^\u0000-\u0008\u000b-\u001f]*$/, 'El texto contiene caracteres no válidos.');

export const wallReportSchema = z.object({
  reason: z.enum(['inappropriate', 'spam', 'violence', 'other']),
});
export const wallTakedownSchema = z.object({
  note: z.string().trim().max(500, 'La nota no puede pasar de 500 caracteres.').optional(),
});
export const wallDecisionSchema = z.object({ decision: z.enum(['approve', 'reject']) });
export type WallDecision = z.infer<typeof wallDecisionSchema>['decision'];

export const wallQueueItemSchema = snapshotSchema.extend({
  reports: z.number().int(),
  takedowns: z.array(z.object({ requester: userCardSchema, note: z.string().nullable(), at: z.string() })),
});
export type WallQueueItem = z.infer<typeof wallQueueItemSchema>;
export const wallQueueSchema = z.object({ items: z.array(wallQueueItemSchema) });
