// SQL of the waitlist. The guards that decide races are single conditional statements: offerNext() moves the
// first `waiting` row to `offered` only while it is still waiting (two freed places never go to one person), and
// takeOffer() / expireOffer() each move an `offered` row on only while it is still offered (an offer is taken or
// expires, never both).
import { sql, type Kysely } from 'kysely';
import type { Database, TicketWaitlistTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

// Joining is an upsert on (type, person): a new row, or an old one that left, expired or was taken goes to the
// back of the line. A person already waiting or offered keeps their place (false).
export async function joinLine(db: Q, row: TicketWaitlistTable): Promise<boolean> {
  const result = await db
    .insertInto('ticket_waitlist')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['ticket_type_id', 'user_id'])
        .doUpdateSet({
          id: row.id,
          status: 'waiting',
          joined_at: row.joined_at,
          offered_at: null,
          offer_expires_at: null,
          ticket_id: null,
          resale_ticket_id: null,
          promoter_id: row.promoter_id,
          updated_at: row.updated_at,
        })
        .where('ticket_waitlist.status', 'not in', ['waiting', 'offered']),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function leaveLine(db: Q, entryId: string, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('ticket_waitlist')
    .set({ status: 'left', updated_at: at })
    .where('id', '=', entryId)
    .where('user_id', '=', userId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findEntry(db: Q, entryId: string, userId: string) {
  return db
    .selectFrom('ticket_waitlist')
    .selectAll()
    .where('id', '=', entryId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findEntryById(db: Q, entryId: string) {
  return db.selectFrom('ticket_waitlist').selectAll().where('id', '=', entryId).executeTakeFirst();
}

// A person's entries for an event with their place in line, counted in SQL: how many waiting rows of the same
// type joined before them (joined_at, then id: uuidv7 ids grow with time).
export async function entriesOfEventWithPosition(db: Q, eventId: string, userId: string) {
  return db
    .selectFrom('ticket_waitlist as me')
    .selectAll('me')
    .select((eb) =>
      eb
        .selectFrom('ticket_waitlist as ahead')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('ahead.ticket_type_id', '=', 'me.ticket_type_id')
        .where('ahead.status', '=', 'waiting')
        .where((e) =>
          e.or([
            e('ahead.joined_at', '<', e.ref('me.joined_at')),
            e.and([e('ahead.joined_at', '=', e.ref('me.joined_at')), e('ahead.id', '<', e.ref('me.id'))]),
          ]),
        )
        .as('ahead'),
    )
    .where('me.event_id', '=', eventId)
    .where('me.user_id', '=', userId)
    .where('me.status', 'in', ['waiting', 'offered', 'accepted'])
    .orderBy('me.joined_at')
    .execute();
}

// Whether this person holds a valid ticket of the type (one listed for resale included: it is still theirs).
export async function holdsValidTicket(db: Q, userId: string, ticketTypeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('tickets')
    .select('id')
    .where('user_id', '=', userId)
    .where('ticket_type_id', '=', ticketTypeId)
    .where('status', '=', 'valid')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// The first in line, passing over `exceptUserId` (a listing's seller is never offered their own ticket).
export async function firstWaiting(db: Q, ticketTypeId: string, exceptUserId: string | null = null) {
  return db
    .selectFrom('ticket_waitlist')
    .select(['id', 'user_id'])
    .where('ticket_type_id', '=', ticketTypeId)
    .where('status', '=', 'waiting')
    .$if(exceptUserId !== null, (qb) => qb.where('user_id', '<>', exceptUserId!))
    .orderBy('joined_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

// THE offer guard: the row only becomes `offered` while it is still `waiting`.
export async function markOffered(
  db: Q,
  entryId: string,
  offer: { offered_at: string; offer_expires_at: string; resale_ticket_id: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('ticket_waitlist')
    .set({ status: 'offered', ...offer, updated_at: offer.offered_at })
    .where('id', '=', entryId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// THE take guard: only the person offered, only while the offer lasts, only once.
export async function takeOffer(
  db: Q,
  entryId: string,
  userId: string,
  ticketId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('ticket_waitlist')
    .set({ status: 'accepted', ticket_id: ticketId, updated_at: at })
    .where('id', '=', entryId)
    .where('user_id', '=', userId)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// A card order for an offer is made only while the offer is still this person's and lasts; the UPDATE also
// locks the row, so the offer cannot expire or be declined halfway through the order's transaction.
export async function holdOffer(db: Q, entryId: string, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('ticket_waitlist')
    .set({ updated_at: at })
    .where('id', '=', entryId)
    .where('user_id', '=', userId)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function expireOffer(db: Q, entryId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('ticket_waitlist')
    .set({ status: 'expired', updated_at: at })
    .where('id', '=', entryId)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '<=', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function waitingCount(db: Q, ticketTypeId: string): Promise<number> {
  const row = await db
    .selectFrom('ticket_waitlist')
    .select(sql<number>`count(*)`.as('n'))
    .where('ticket_type_id', '=', ticketTypeId)
    .where('status', '=', 'waiting')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Saying no to an offer in hand: only while it is still offered.
export async function declineOffer(db: Q, entryId: string, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('ticket_waitlist')
    .set({ status: 'left', updated_at: at })
    .where('id', '=', entryId)
    .where('user_id', '=', userId)
    .where('status', '=', 'offered')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- resale at face value ----------------------------------------------------------------------------------

// Puts a valid ticket of this holder up for resale; false when it is not valid or already listed.
export async function listForResale(db: Q, ticketId: string, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('tickets')
    .set({ resale_listed_at: at, resale_offer_id: null, updated_at: at })
    .where('id', '=', ticketId)
    .where('user_id', '=', userId)
    .where('status', '=', 'valid')
    .where('ticket_type_id', 'is not', null)
    .where('resale_listed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Takes a listing back, only while nobody holds an offer of it.
export async function withdrawResale(db: Q, ticketId: string, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('tickets')
    .set({ resale_listed_at: null, updated_at: at })
    .where('id', '=', ticketId)
    .where('user_id', '=', userId)
    .where('status', '=', 'valid')
    .where('resale_listed_at', 'is not', null)
    .where('resale_offer_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// The oldest listing of a type nobody is being offered.
export async function idleListing(db: Q, ticketTypeId: string) {
  return db
    .selectFrom('tickets')
    .select('id')
    .where('ticket_type_id', '=', ticketTypeId)
    .where('status', '=', 'valid')
    .where('resale_listed_at', 'is not', null)
    .where('resale_offer_id', 'is', null)
    .orderBy('resale_listed_at')
    .limit(1)
    .executeTakeFirst();
}

// Who put a listed ticket up for resale.
export async function sellerOfListing(db: Q, ticketId: string): Promise<string | null> {
  const row = await db.selectFrom('tickets').select('user_id').where('id', '=', ticketId).executeTakeFirst();
  return row?.user_id ?? null;
}

// THE listing guard: a listing is offered to one entry at a time.
export async function claimListing(db: Q, ticketId: string, entryId: string): Promise<boolean> {
  const result = await db
    .updateTable('tickets')
    .set({ resale_offer_id: entryId })
    .where('id', '=', ticketId)
    .where('status', '=', 'valid')
    .where('resale_listed_at', 'is not', null)
    .where('resale_offer_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseListing(db: Q, ticketId: string, entryId: string): Promise<void> {
  await db
    .updateTable('tickets')
    .set({ resale_offer_id: null })
    .where('id', '=', ticketId)
    .where('resale_offer_id', '=', entryId)
    .execute();
}

// THE resale guard: the seller's ticket dies only while it is still valid, listed and offered to this entry —
// in the transaction that writes the buyer's ticket.
export async function retireResold(db: Q, ticketId: string, entryId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('tickets')
    .set({ status: 'transferred', resale_offer_id: null, updated_at: at })
    .where('id', '=', ticketId)
    .where('status', '=', 'valid')
    .where('resale_listed_at', 'is not', null)
    .where('resale_offer_id', '=', entryId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// The listed ticket an entry was being offered was used at the door by its holder after all: the entry goes back
// to waiting, at its old place (joined_at is kept). Null when the offer had already ended.
export async function returnOfferToLine(db: Q, entryId: string, at: string) {
  return db
    .updateTable('ticket_waitlist')
    .set({
      status: 'waiting',
      offered_at: null,
      offer_expires_at: null,
      resale_ticket_id: null,
      updated_at: at,
    })
    .where('id', '=', entryId)
    .where('status', '=', 'offered')
    .returning(['id', 'user_id', 'ticket_type_id'])
    .executeTakeFirst();
}

// Takes a used ticket off resale; answers whom it was being offered to, if anyone.
export async function endListing(db: Q, ticketId: string, at: string) {
  const row = await db
    .selectFrom('tickets')
    .select('resale_offer_id')
    .where('id', '=', ticketId)
    .where('resale_listed_at', 'is not', null)
    .executeTakeFirst();
  if (!row) return null;
  await db
    .updateTable('tickets')
    .set({ resale_listed_at: null, resale_offer_id: null, updated_at: at })
    .where('id', '=', ticketId)
    .execute();
  return { offeredTo: row.resale_offer_id };
}
