// Tickets contract: ticket types with their availability, getting tickets,
// the holder's tickets, cancel and transfer. Shared by the server's routes and the web app.
import { z } from 'zod';
import { money } from './catalogue.ts';
import { userCardSchema } from './connections.ts';
import { IDEMPOTENCY_HEADER, MAX_TICKETS_PER_ORDER } from './constants.ts';
import { checkoutStarted } from './payments.ts';

// valid: opens the door · used: scanned at the door · cancelled: given back before the event, its place went
// back on sale · transferred: passed to a connection, this one is dead and the recipient holds a new ticket.
// refused: turned away at the door, with a reason; dead like a cancelled one.
export const TICKET_STATUSES = ['valid', 'used', 'cancelled', 'transferred', 'refused'] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

// free: issued at once, nothing to pay · door: issued at once, paid at the door · online: card payment.
export const TICKET_KINDS = ['free', 'door', 'online'] as const;
export const ticketKindSchema = z.enum(TICKET_KINDS);
export type TicketKind = z.infer<typeof ticketKindSchema>;

export const PAYMENT_STATUSES = ['free', 'due_at_door', 'paid'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

// paused: the club has stopped sales of this type for now (it may resume them).
export const TICKET_AVAILABILITY = ['on_sale', 'sold_out', 'not_yet', 'closed', 'paused'] as const;
export const ticketAvailabilitySchema = z.enum(TICKET_AVAILABILITY);
export type TicketAvailability = z.infer<typeof ticketAvailabilitySchema>;

// "Quedan N" appears when at most 10 places are left, or at most a tenth of the type's capacity for big types.
export function fewLeftThreshold(capacity: number): number {
  return Math.max(10, Math.ceil(capacity / 10));
}

export function remainingToShow(capacity: number, sold: number): number | null {
  const remaining = Math.max(0, capacity - sold);
  return remaining > 0 && remaining <= fewLeftThreshold(capacity) ? remaining : null;
}

export const promoCodeSchema = z
  .string()
  .trim()
  .min(3, 'El código tiene al menos 3 caracteres')
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'El código solo lleva letras, números, - y _')
  .transform((v) => v.toUpperCase());

// The club's cancellation rule: how long before the start its holders may cancel a ticket.
// never: no cancellations (resale to the waitlist still works) · until_start · hours_before: until `hours` before.
export const cancelRuleSchema = z
  .object({
    mode: z.enum(['never', 'until_start', 'hours_before']),
    hours: z
      .number()
      .int('Escribe un número entero de horas')
      .min(1, 'Las horas van de 1 a 168')
      .max(168, 'Las horas van de 1 a 168')
      .nullable()
      .default(null),
  })
  .superRefine((rule, ctx) => {
    if (rule.mode === 'hours_before' && rule.hours === null)
      ctx.addIssue({ code: 'custom', path: ['hours'], message: 'Indica cuántas horas antes (1 a 168)' });
    if (rule.mode !== 'hours_before' && rule.hours !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['hours'],
        message: 'Las horas solo valen con «hasta N horas antes»',
      });
  });
export type CancelRule = z.infer<typeof cancelRuleSchema>;

export const ticketTypeOffer = z.object({
  id: z.string(),
  name: z.string(),
  kind: ticketKindSchema,
  price: money,
  availability: ticketAvailabilitySchema,
  // Only when few are left (see remainingToShow); null otherwise and when sold out.
  remaining: z.number().int().min(0).nullable(),
  salesFrom: z.string().nullable(),
  salesUntil: z.string().nullable(),
  entryUntil: z.string().nullable(),
  perPersonLimit: z.number().int().min(1),
  // How many of this type the signed-in person holds now (0 for visitors).
  heldByMe: z.number().int().min(0),
  // A hidden type shown because the request carried one of its promoter codes.
  unlocked: z.boolean(),
});
export type TicketTypeOffer = z.infer<typeof ticketTypeOffer>;

export const ticketTypesQuery = z.object({ code: promoCodeSchema.optional() });
export const eventTicketTypes = z.object({
  eventId: z.string(),
  types: z.array(ticketTypeOffer),
  // Shown before buying, so nobody learns the club's rule after paying.
  cancelRule: cancelRuleSchema,
  // none: no code sent · accepted: it unlocked at least one type · invalid: it unlocks nothing here.
  // 'promoter': the code is a promoter's (RPP) own: it unlocks nothing but attributes the sale to them.
  code: z.enum(['none', 'accepted', 'invalid', 'promoter']),
});
export type EventTicketTypes = z.infer<typeof eventTicketTypes>;

export const getTicketsBody = z.object({
  ticketTypeId: z.string().trim().min(1).max(120),
  quantity: z.number().int().min(1).max(MAX_TICKETS_PER_ORDER).default(1),
  code: promoCodeSchema.optional(),
  // The promoter code of the link that brought the buyer here (`?rpp=`), kept by the browser for 7 days.
  rpp: promoCodeSchema.optional(),
  // A card order: the total (in cents) the buyer was shown. If what would be charged differs (a price or fee
  // changed since the quote), the order is refused with 409 PRICE_CHANGED instead of charging the new amount.
  expectedTotalCents: z.number().int().min(0).max(100_000_000).optional(),
});
export type GetTicketsBody = z.input<typeof getTicketsBody>;

export const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .trim()
    .min(8, 'Idempotency-Key: de 8 a 100 caracteres')
    .max(100, 'Idempotency-Key: de 8 a 100 caracteres')
    .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key: solo caracteres ASCII visibles'),
});

const personRef = z.object({ id: z.string(), name: z.string(), username: z.string().nullable() });

export const ticketSchema = z.object({
  id: z.string(),
  status: ticketStatusSchema,
  type: z.string(),
  ticketTypeId: z.string().nullable(),
  price: money,
  paymentStatus: paymentStatusSchema,
  holderName: z.string(),
  // The short code people read and the door searches by (8 characters, unique per event). Absent from a copy
  // this phone saved before tickets had codes.
  code: z.string().nullish(),
  // The QR's content: only while the ticket can open the door (valid) or has just done so (used).
  token: z.string().nullable(),
  tokenIssuedAt: z.string().nullable(),
  entryUntil: z.string().nullable(),
  createdAt: z.string(),
  checkInAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  transferredTo: personRef.nullable(),
  transferredFrom: personRef.nullable(),
  event: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    startAt: z.string(),
    endAt: z.string(),
    coverURL: z.string(),
  }),
  club: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    barrio: z.string(),
    address: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
  canCancel: z.boolean(),
  // The club's rule and the last moment it allows a cancellation (null: never).
  cancelRule: cancelRuleSchema,
  cancellableUntil: z.string().nullable(),
  canTransfer: z.boolean(),
  // Put up for resale at face value: still valid until someone from the waitlist takes it.
  forResale: z.boolean(),
  canResell: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const TICKET_HISTORY_ACTIONS = [
  'issued',
  'transferred',
  'received',
  'cancelled',
  'checked_in',
] as const;
export const ticketHistoryEntry = z.object({
  action: z.enum(TICKET_HISTORY_ACTIONS),
  at: z.string(),
  counterpart: personRef.nullable(),
});
export const ticketDetail = ticketSchema.extend({ history: z.array(ticketHistoryEntry) });
export type TicketDetail = z.infer<typeof ticketDetail>;

// An online type answers with no tickets yet and where to pay: they are issued when the payment is confirmed.
export const getTicketsResponse = z.object({
  tickets: z.array(ticketSchema),
  replayed: z.boolean(),
  checkout: checkoutStarted.optional(),
});
export type GetTicketsResponse = z.infer<typeof getTicketsResponse>;

export const TICKET_LIST_WHEN = ['upcoming', 'past'] as const;
export const ticketListQuery = z.object({
  when: z.enum(TICKET_LIST_WHEN).default('upcoming'),
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TicketListQuery = z.input<typeof ticketListQuery>;
export const ticketPage = z.object({ items: z.array(ticketSchema), nextCursor: z.string().nullable() });
export type TicketPage = z.infer<typeof ticketPage>;

export const transferBody = z.object({ toUserId: z.string().trim().min(1).max(100) });
// The holder's accepted connections (no block between them), as the people lists show them.
export const transferCandidates = z.object({ items: z.array(userCardSchema) });

export const ticketPublicKey = z.object({
  algorithm: z.literal('Ed25519'),
  // The format new tickets carry; NT1 tokens issued before verify with the same key.
  format: z.literal('NT2'),
  // Raw 32-byte key, base64url: importTicketPublicKey() takes it as is.
  publicKey: z.string(),
});

// Which "save to wallet" buttons the server can back: a wallet is on only when the server is configured for it.
export const walletAvailability = z.object({ apple: z.boolean(), google: z.boolean() });
export type WalletAvailability = z.infer<typeof walletAvailability>;
// "Guardar en Google Wallet": Google's save link, its JWT signed by the club platform's service account.
export const googleWalletLink = z.object({ url: z.string() });
export type GoogleWalletLink = z.infer<typeof googleWalletLink>;
