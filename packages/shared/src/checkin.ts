// The door's contract: club staff, scanning, the offline pack and its sync, aforo.
// Shared by the server's routes, the door page and its offline verifier.
import { z } from 'zod';
import { dateTime, money } from './catalogue.ts';
import { doorBanSchema } from './incidents.ts';

// Doors open this long before an event starts; a ticket scanned earlier is "not yet valid".
export const DOORS_OPEN_BEFORE_START_MS = 2 * 60 * 60 * 1000;
export const DOOR_NAME_MAX_LENGTH = 40;
export const DOOR_SEARCH_LIMIT = 20;
export const SYNC_BATCH_MAX = 500;

// What a scan answers. Only 'valid' lets the person in (and marks the ticket used).
export const SCAN_OUTCOMES = [
  'valid',
  'already_used', // with when and at which door
  'wrong_event', // a real ticket, for another event
  'cancelled',
  'transferred', // passed to someone else: this QR died with the transfer
  'outdated', // a real token of this ticket but not its current one
  'not_yet_valid', // before the doors open
  'entry_closed', // the ticket type's entry time has passed ("Lista gratis hasta la 01:30")
  'event_over',
  'forged', // the signature does not match
  'malformed', // not a Nocturna ticket at all
  'unknown', // well signed, but no such ticket here
  'banned', // the holder is on this club's ban list (the reason goes to staff only)
  'refused', // turned away at the door earlier tonight
  'reentry', // let in again: went out (to smoke) and came back while re-entry is allowed
  'reentry_closed', // went out, but this event allows no re-entry (any more)
] as const;
export const scanOutcomeSchema = z.enum(SCAN_OUTCOMES);
export type ScanOutcome = z.infer<typeof scanOutcomeSchema>;

export const clubStaffRoleSchema = z.enum(['owner', 'door']);
export type ClubStaffRole = z.infer<typeof clubStaffRoleSchema>;

export const aforoSchema = z.object({
  eventId: z.string(),
  // People let in (every entry counts, an offline double entry too: both are inside).
  entries: z.number().int().min(0),
  // The club's licensed aforo: the same number on the club page, the CEO panel and the analytics.
  capacity: z.number().int().min(0),
  // The places the night puts on sale (the sum of its ticket types' capacities); less than the aforo when part of
  // it is kept for the door or the club's guests. Absent in an offline pack made before it was sent.
  onSale: z.number().int().min(0).optional(),
  // Inside now: entries − exits + re-entries.
  inside: z.number().int().optional(),
});
export type Aforo = z.infer<typeof aforoSchema>;

export const doorEventSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  clubId: z.string(),
  clubName: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  doorsOpenAt: z.string(),
  status: z.enum(['draft', 'published', 'cancelled']),
  // Re-entry: 'until' reentryUntil (null: all night) or 'never'.
  reentryPolicy: z.enum(['until', 'never']).optional(),
  reentryUntil: z.string().nullish(),
});
export type DoorEvent = z.infer<typeof doorEventSchema>;

export const doorEventListSchema = z.object({
  items: z.array(doorEventSchema.extend({ aforo: aforoSchema })),
});

export const doorAccessSchema = z.object({
  canScan: z.boolean(),
  admin: z.boolean(),
  clubs: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string(), role: clubStaffRoleSchema })),
});
export type DoorAccess = z.infer<typeof doorAccessSchema>;

// A ticket as the door sees it: who, what type, and what state it is in now.
export const doorTicketSchema = z.object({
  id: z.string(),
  holderName: z.string(),
  holderUsername: z.string().nullable(),
  // The ticket's short code (what the holder reads out; what the search finds). Absent in a pack kept from
  // before codes existed.
  code: z.string().nullish(),
  type: z.string(),
  status: z.enum(['valid', 'used', 'cancelled', 'transferred', 'refused']),
  // A person let in who went out (to smoke) and has not come back yet.
  outside: z.boolean().optional(),
  // To collect at the door ("pay at the door" tickets); null when nothing is due.
  paymentDue: money.nullable(),
  // The last moment this ticket lets someone in, when its type has one.
  entryUntil: z.string().nullable(),
  usedAt: z.string().nullable(),
  usedDoor: z.string().nullable(),
  // A guest list's ticket: the promoter whose list it is ("Lista de {promotor}").
  listOf: z.string().nullish(),
});
export type DoorTicket = z.infer<typeof doorTicketSchema>;

const doorName = z.string().trim().min(1, 'Pon un nombre a esta puerta').max(DOOR_NAME_MAX_LENGTH);
const clientId = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'clientId: letras, números, - y _');

export const scanRequestSchema = z
  .object({
    token: z.string().trim().min(1).max(2000).optional(),
    ticketId: z.string().trim().min(1).max(100).optional(),
    door: doorName,
    // Lets a door retry a scan after a timeout and get the same answer instead of "ya usada".
    clientScanId: clientId.optional(),
  })
  .refine((v) => (v.token === undefined) !== (v.ticketId === undefined), {
    message: 'Envía el QR (token) o el número de entrada (ticketId), uno de los dos',
    path: ['token'],
  });
export type ScanRequest = z.infer<typeof scanRequestSchema>;

export const scanResultSchema = z.object({
  outcome: scanOutcomeSchema,
  scannedAt: z.string(),
  ticket: doorTicketSchema.nullable(),
  // already_used: the entry that used it.
  usedAt: z.string().nullable(),
  usedDoor: z.string().nullable(),
  // wrong_event: the event the ticket is for.
  ticketEvent: z.object({ id: z.string(), name: z.string(), startAt: z.string() }).nullable(),
  // not_yet_valid: when the doors open.
  opensAt: z.string().nullable(),
  aforo: aforoSchema,
  // banned: the club's reason and until when, for the door's staff.
  ban: doorBanSchema.nullish(),
  // valid: the entry this scan recorded (a refusal right after the scan names it to undo the entry).
  entryId: z.string().nullish(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

export const doorSearchQuery = z.object({
  q: z.string().trim().min(2, 'Escribe al menos 2 letras').max(100),
});
export const doorSearchResultSchema = z.object({ items: z.array(doorTicketSchema) });

// Everything a door needs to keep working without a connection. The tickets carry a hash of their current
// token, never the token itself: a copied pack cannot print working QR codes.
export const doorPackTicketSchema = doorTicketSchema.extend({
  // base64url SHA-256 of the ticket's current token; null when it has none.
  tokenHash: z.string().nullable(),
});
export type DoorPackTicket = z.infer<typeof doorPackTicketSchema>;

export const doorPackSchema = z.object({
  event: doorEventSchema,
  // Raw Ed25519 public key, base64url: importTicketPublicKey() takes it as is.
  publicKey: z.string(),
  generatedAt: z.string(),
  aforo: aforoSchema,
  tickets: z.array(doorPackTicketSchema),
  // Tickets of this event whose holder is banned from the club: they scan red offline too. The reason and end
  // are what the staff see online; no names beyond the tickets'.
  bans: z.array(doorBanSchema.extend({ ticketId: z.string() })).optional(),
});
export type DoorPack = z.infer<typeof doorPackSchema>;

export const REFUSAL_REASONS = [
  'dress_code',
  'age',
  'intoxication',
  'capacity',
  'behaviour',
  'other',
] as const;
export const refusalReasonSchema = z.enum(REFUSAL_REASONS);
export type RefusalReason = z.infer<typeof refusalReasonSchema>;
export const REFUSAL_NOTE_MAX_LENGTH = 300;

// What an offline door did with a ticket: let the person in, saw them go out ("Sale a
// fumar"), let them back in, or turned them away. Absent means an entry (doors from before exits existed).
export const OFFLINE_ACTIONS = ['entry', 'exit', 'reentry', 'refusal'] as const;
export const offlineActionSchema = z.enum(OFFLINE_ACTIONS);
export type OfflineAction = z.infer<typeof offlineActionSchema>;

export const offlineCheckInSchema = z
  .object({
    clientId,
    ticketId: z.string().trim().min(1).max(100),
    // The QR the door read; null for an entry let in from the manual search (and for exits and refusals).
    token: z.string().trim().min(1).max(2000).nullable(),
    scannedAt: dateTime,
    action: offlineActionSchema.optional(),
    // With action 'refusal': why, and (when the door had let the person in first and that entry already synced)
    // the clientId of that entry, which the refusal undoes.
    refusal: z
      .object({
        reason: refusalReasonSchema,
        note: z.string().trim().max(REFUSAL_NOTE_MAX_LENGTH).optional(),
        entryClientId: clientId.optional(),
      })
      .optional(),
  })
  .refine((v) => (v.action === 'refusal') === (v.refusal !== undefined), {
    message: 'Un rechazo lleva su motivo, y solo un rechazo lo lleva.',
    path: ['refusal'],
  });
export type OfflineCheckIn = z.infer<typeof offlineCheckInSchema>;

export const syncRequestSchema = z.object({
  door: doorName,
  checkIns: z.array(offlineCheckInSchema).min(1).max(SYNC_BATCH_MAX),
});
export type SyncRequest = z.infer<typeof syncRequestSchema>;

export const conflictEntrySchema = z.object({
  checkInId: z.string(),
  door: z.string(),
  staffName: z.string().nullable(),
  scannedAt: z.string(),
  offline: z.boolean(),
});

// What an offline door's sync can flag for the club's staff. The first two come from entries; the rest from
// the door's later cases: a banned person let in, a re-entry of someone already inside (the QR passed back out),
// an exit of someone not inside, a re-entry after the event's rule closed it, and a ticket refused at one door
// that got in at another.
export const CONFLICT_KINDS = [
  'double_entry',
  'invalid_ticket',
  'banned_entry',
  'double_reentry',
  'not_inside',
  'reentry_closed',
  'refused_but_entered',
] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

export const conflictMovementSchema = z.object({
  action: offlineActionSchema,
  door: z.string(),
  staffName: z.string().nullable(),
  at: z.string(),
});

export const checkInConflictSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  ticketId: z.string(),
  holderName: z.string(),
  type: z.string(),
  kind: z.enum(CONFLICT_KINDS),
  // invalid_ticket: what the ticket was when the offline door let it in.
  reason: scanOutcomeSchema.nullable(),
  // For the kinds an exit, a re-entry or a refusal raised: that door movement, as the offline door reported it.
  movement: conflictMovementSchema.nullable().optional(),
  // Every entry recorded for the ticket, first first.
  entries: z.array(conflictEntrySchema),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type CheckInConflict = z.infer<typeof checkInConflictSchema>;

export const SYNC_STATUSES = ['recorded', 'conflict', 'rejected'] as const;
export const syncItemResultSchema = z.object({
  clientId: z.string(),
  // recorded: let in, nothing wrong; conflict: let in, and flagged; rejected: not a ticket of this event.
  status: z.enum(SYNC_STATUSES),
  reason: scanOutcomeSchema.nullable(),
  conflictId: z.string().nullable(),
});
export type SyncItemResult = z.infer<typeof syncItemResultSchema>;

export const syncResultSchema = z.object({
  results: z.array(syncItemResultSchema),
  conflicts: z.array(checkInConflictSchema),
  aforo: aforoSchema,
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const conflictListSchema = z.object({ items: z.array(checkInConflictSchema) });

// Club staff, managed by the club's owner (a CEO) and, for owners, by an admin.
export const clubStaffMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  role: clubStaffRoleSchema,
  addedAt: z.string(),
});
export type ClubStaffMember = z.infer<typeof clubStaffMemberSchema>;

export const clubRefSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });

export const clubStaffListSchema = z.object({ club: clubRefSchema, staff: z.array(clubStaffMemberSchema) });
export type ClubStaffList = z.infer<typeof clubStaffListSchema>;

// A person by username or e-mail, as typed.
export const staffLoginSchema = z.object({
  login: z.string().trim().min(3, 'Escribe el usuario o el e-mail').max(254),
});

export const clubOwnersListSchema = z.object({
  items: z.array(z.object({ club: clubRefSchema, owners: z.array(clubStaffMemberSchema) })),
});
export type ClubOwnersList = z.infer<typeof clubOwnersListSchema>;

// Socket.IO: a door watches its event ('door:watch' with the event id, acknowledged with { ok, aforo }) and
// then hears every entry, aforo change and conflict of that event from every door.
export const DOOR_SOCKET_EVENTS = {
  watch: 'door:watch',
  unwatch: 'door:unwatch',
  aforo: 'door:aforo', // Aforo
  checkedIn: 'door:checked-in', // { eventId, ticketId, usedAt, door }
  conflict: 'door:conflict', // CheckInConflict
  // A ticket went out, came back in or was refused at some door: other doors keep their packs current.
  ticketChanged: 'door:ticket-changed', // DoorTicketChanged
  // The event's door facts changed (its re-entry rule): doors take a fresh pack.
  eventChanged: 'door:event-changed', // { eventId }
} as const;

export const doorTicketChangedSchema = z.object({
  eventId: z.string(),
  ticketId: z.string(),
  status: z.string(),
  outside: z.boolean(),
});
export type DoorTicketChanged = z.infer<typeof doorTicketChangedSchema>;

export const doorCheckedInSchema = z.object({
  eventId: z.string(),
  ticketId: z.string(),
  usedAt: z.string(),
  door: z.string(),
});
export type DoorCheckedIn = z.infer<typeof doorCheckedInSchema>;

// Refusing a ticket at the door: a reason from the list; 'other' needs a note.

export const refuseRequestSchema = z
  .object({
    ticketId: z.string().trim().min(1).max(100),
    door: doorName,
    reason: refusalReasonSchema,
    note: z.string().trim().max(REFUSAL_NOTE_MAX_LENGTH).optional(),
    // The entry the scan just recorded: refusing right after a VÁLIDA undoes that entry.
    entryId: z.string().trim().min(1).max(100).optional(),
    clientId: clientId.optional(),
  })
  .refine((v) => v.reason !== 'other' || (v.note ?? '').length > 0, {
    message: 'Escribe el motivo cuando eliges «Otro»',
    path: ['note'],
  });
export type RefuseRequest = z.infer<typeof refuseRequestSchema>;

export const refuseResultSchema = z.object({
  ticket: doorTicketSchema,
  reason: refusalReasonSchema,
  refunded: z.boolean(),
  refusedAt: z.string(),
  aforo: aforoSchema,
});
export type RefuseResult = z.infer<typeof refuseResultSchema>;

// Exits and re-entry: the door records a person going out ("Sale a fumar"); scanning the ticket
// again lets them back in while the event's re-entry rule allows it.
export const exitRequestSchema = z.object({
  ticketId: z.string().trim().min(1).max(100),
  door: doorName,
  clientId: clientId.optional(),
});
export type ExitRequest = z.infer<typeof exitRequestSchema>;
export const exitResultSchema = z.object({ ticket: doorTicketSchema, at: z.string(), aforo: aforoSchema });
export type ExitResult = z.infer<typeof exitResultSchema>;

export const reentryRuleSchema = z
  .object({
    policy: z.enum(['until', 'never']),
    // With 'until': the last moment to come back in; null or absent: all night.
    until: z.iso.datetime({ offset: true, message: 'Elige una hora válida.' }).nullish(),
  })
  .refine((v) => v.policy === 'until' || !v.until, {
    message: 'Sin reentrada no lleva hora.',
    path: ['until'],
  });
export type ReentryRule = z.infer<typeof reentryRuleSchema>;
