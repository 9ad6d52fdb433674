// The rules of tickets: what is on sale, getting tickets (idempotent, capacity and per-person limits decided by
// the database), cancelling, transferring to a connection, the holder's lists. Every change is one transaction
// with its history rows and notifications; the notifications are pushed after the commit.
import crypto from 'node:crypto';
import { z } from 'zod';
import { uuidv7 } from 'uuidv7';
import type {
  EventTicketTypes,
  GetTicketsResponse,
  Notification,
  TicketDetail,
  TicketPage,
  UserCard,
} from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import {
  createNotification,
  pushNotificationLive,
  queueNotificationDelivery,
} from '../notifications/index.ts';
import { areConnected, isBlockedEitherWay } from '../relations/index.ts';
import { listConnections } from '../connections/index.ts';
import { creditedPromoter } from '../attribution/index.ts';
import { ticketCancelled, ticketIssued, ticketReceived, ticketSent } from './notification-messages.ts';
import { cancellableUntil, ruleRefusal, toCancelRule } from './cancel-rule.ts';
import {
  checkoutRequestFor,
  providerFor,
  refundIfPaidOnline,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentProviders,
} from './payment.ts';
import * as repo from './repository.ts';
import { historyRow, publishAll, signToken } from './ticket-writes.ts';
import { passPlaceOn } from './waitlist-offers.ts';
import type { TicketSigner } from './signing.ts';
import type { SoldOutMemo } from './sold-out-memo.ts';
import { asDate, salesState, toDetail, toOffer, toTicket } from './views.ts';
import * as clock from '../../clock.ts';

export type TicketsContext = {
  db: Db;
  bus: RealtimeBus;
  signer: TicketSigner;
  payments: PaymentProviders;
  soldOut: SoldOutMemo;
};
type Person = { id: string; name: string };

const soldOut = () => new AppError(409, 'TICKETS_SOLD_OUT', 'Agotado: ya no quedan entradas de este tipo.');
const limitReached = (limit: number) =>
  new AppError(
    409,
    'TICKET_LIMIT_REACHED',
    `Puedes tener como mucho ${limit} ${limit === 1 ? 'entrada' : 'entradas'} de este tipo.`,
    { details: { limit } },
  );
const typeMissing = () => notFound('El tipo de entrada', 'TICKET_TYPE_NOT_FOUND');
const ticketMissing = () => notFound('La entrada', 'TICKET_NOT_FOUND');

// ---- what is on sale ---------------------------------------------------------------------------------------

export async function eventTicketTypes(
  db: Db,
  eventIdOrSlug: string,
  viewerId: string | null,
  code: string | undefined,
  now = clock.now(),
): Promise<EventTicketTypes> {
  const event = await db
    .selectFrom('events')
    .innerJoin('clubs', 'clubs.id', 'events.club_id')
    .select(['events.id', 'clubs.cancel_hours_before'])
    .where('events.status', '=', 'published')
    .where((eb) => eb.or([eb('events.id', '=', eventIdOrSlug), eb('events.slug', '=', eventIdOrSlug)]))
    .executeTakeFirst();
  if (!event) throw notFound('El evento', 'EVENT_NOT_FOUND');
  const [types, unlocked] = await Promise.all([
    repo.typesOfEvent(db, event.id),
    code ? repo.typesUnlockedBy(db, event.id, code) : new Set<string>(),
  ]);
  // A hidden type exists for nobody but the holders of one of its codes.
  const shown = types.filter((t) => !t.hidden || unlocked.has(t.id));
  const held = viewerId
    ? await repo.heldBy(
        db,
        viewerId,
        shown.map((t) => t.id),
      )
    : new Map<string, number>();
  return {
    eventId: event.id,
    types: shown.map((t) => toOffer(t, now, held.get(t.id) ?? 0)),
    code: code === undefined ? 'none' : shown.some((t) => t.hidden) ? 'accepted' : 'invalid',
    cancelRule: toCancelRule(event.cancel_hours_before),
  };
}

// ---- getting tickets ---------------------------------------------------------------------------------------

export type GetTicketsInput = {
  ticketTypeId: string;
  quantity: number;
  code?: string;
  expectedTotalCents?: number;
};

function requestHash(input: GetTicketsInput): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([input.ticketTypeId, input.quantity, input.code ?? null]))
    .digest('base64url');
}

async function replay(
  db: Db,
  order: { id: string; request_hash: string },
  hash: string,
  now: Date,
  provider?: PaymentProvider,
): Promise<GetTicketsResponse> {
  if (order.request_hash !== hash) {
    throw new AppError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'Esta clave de idempotencia ya se usó con otra petición: genera una nueva para un pedido distinto.',
    );
  }
  const rows = await repo.ticketViewsOfOrder(db, order.id);
  const tickets = rows.map((r) => toTicket(r, now));
  // A card order answers with its checkout (still payable, or how it ended) and whatever tickets it has by now.
  if (provider?.resume) return { tickets, replayed: true, checkout: await provider.resume(order.id) };
  return { tickets, replayed: true };
}

class Replay extends Error {
  readonly order: { id: string; request_hash: string };
  constructor(order: { id: string; request_hash: string }) {
    super('replay');
    this.order = order;
  }
}

type OrderType = NonNullable<Awaited<ReturnType<typeof repo.findTypeForOrder>>>;

// One sale being written: the type, the buyer and their request, and what was settled for it.
type Sale = {
  type: OrderType;
  buyer: Person;
  input: GetTicketsInput;
  idempotencyKey: string;
  hash: string;
  promoterId: string | null;
  payment: PaymentOutcome;
  orderId: string;
  at: string;
  now: Date;
};

function idempotencyKeyRequired() {
  return new AppError(
    400,
    'IDEMPOTENCY_KEY_REQUIRED',
    'Falta la cabecera Idempotency-Key: así un reintento nunca crea una segunda entrada.',
    { field: 'idempotency-key' },
  );
}

// Whether this type can be sold to this request now; `codeUnlocks` is whether the request's code (if any) is one
// of the type's. Checked without the database, except for the code, which the caller looked up.
function refuseUnlessOnSale(
  ctx: TicketsContext,
  type: OrderType,
  input: GetTicketsInput,
  codeUnlocks: boolean,
  now: Date,
) {
  if (input.code !== undefined && !codeUnlocks) {
    // A hidden type without one of its codes does not exist for this person.
    if (type.hidden) throw typeMissing();
    throw new AppError(400, 'PROMO_CODE_INVALID', 'Ese código no vale para esta entrada.', { field: 'code' });
  }
  if (type.hidden && input.code === undefined) throw typeMissing();
  const state = salesState(type, now);
  if (state === 'not_yet')
    throw new AppError(409, 'TICKET_SALES_NOT_STARTED', 'Estas entradas todavía no están a la venta.');
  if (state === 'closed')
    throw new AppError(409, 'TICKET_SALES_CLOSED', 'La venta de estas entradas ha terminado.');
  if (state === 'paused')
    throw new AppError(409, 'TICKET_SALES_PAUSED', 'La discoteca ha pausado la venta de estas entradas.');
  if (input.quantity > type.per_person_limit) throw limitReached(type.per_person_limit);
  if (ctx.soldOut.refuses(type.id, input.quantity)) throw soldOut();
}

// A card type (its provider has `checkout`): the provider holds the places and answers where to pay; the tickets
// come when the payment does.
async function startCheckout(
  ctx: TicketsContext,
  provider: PaymentProvider,
  sale: Omit<Sale, 'payment' | 'orderId' | 'at' | 'now'>,
  origin: string,
): Promise<GetTicketsResponse> {
  const { type, buyer, input } = sale;
  try {
    const checkout = await provider.checkout!(
      checkoutRequestFor(type, buyer, {
        expectedTotalCents: input.expectedTotalCents ?? null,
        quantity: input.quantity,
        unitPriceCents: type.price_cents,
        idempotencyKey: sale.idempotencyKey,
        requestHash: sale.hash,
        promoCode: input.code ?? null,
        promoterId: sale.promoterId,
        origin,
      }),
    );
    return { tickets: [], replayed: false, checkout };
  } catch (error) {
    if (error instanceof AppError && error.code === 'TICKETS_SOLD_OUT')
      ctx.soldOut.remember(type.id, input.quantity);
    throw error;
  }
}

// One ticket of the sale as it is inserted (its id, code and token are drawn by the repository).
function newTicketOf(sale: Sale): repo.NewTicket {
  const { type, buyer, at } = sale;
  return {
    event_id: type.event_id,
    user_id: buyer.id,
    ticket_type_id: type.id,
    type: type.name,
    price_cents: type.price_cents,
    currency: type.currency,
    status: 'valid',
    check_in_at: null,
    created_at: at,
    holder_name: buyer.name,
    order_id: sale.orderId,
    payment_status: sale.payment.status,
    promo_code: sale.input.code ?? null,
    promoter_id: sale.promoterId,
    updated_at: at,
  };
}

// Every write of a sale, in the one transaction it is given: the order, the holding, the tickets, their history,
// the notification and its mail, and the places.
async function writeSale(ctx: TicketsContext, trx: Db, sale: Sale) {
  const { type, buyer, input, at } = sale;
  // Asked again now that a connection is ours: in a rush, the database may have said "Agotado" while we queued.
  if (ctx.soldOut.refuses(type.id, input.quantity)) throw soldOut();
  // The order row first: a retry racing this request waits on its key and then replays it.
  const inserted = await repo.insertOrder(trx, {
    id: sale.orderId,
    user_id: buyer.id,
    idempotency_key: sale.idempotencyKey,
    request_hash: sale.hash,
    ticket_type_id: type.id,
    quantity: input.quantity,
    payment_status: sale.payment.status,
    payment_reference: sale.payment.reference,
    created_at: at,
  });
  if (!inserted) throw new Replay((await repo.findOrder(trx, buyer.id, sale.idempotencyKey))!);
  // Locks in one order everywhere (the person's holding, then tickets, then the type) so sales, cancels and
  // transfers never deadlock.
  if (!(await repo.addHolding(trx, buyer.id, type.id, input.quantity, type.per_person_limit)))
    throw limitReached(type.per_person_limit);
  const tickets: { id: string; token: string; code: string }[] = [];
  for (let i = 0; i < input.quantity; i++) {
    tickets.push(
      await repo.insertTicketWithFreshId(
        trx,
        newTicketOf(sale),
        signToken(ctx.signer, type.event_id),
        sale.now,
      ),
    );
  }
  await repo.insertHistory(
    trx,
    tickets.map((t) => historyRow(t.id, type.event_id, 'issued', buyer.id, at)),
  );
  const created = await createNotification(
    trx,
    ticketIssued(buyer.id, {
      ticketId: tickets[0]!.id,
      eventId: type.event_id,
      eventName: type.event_name,
      startAt: asDate(type.event_start_at),
      quantity: tickets.length,
      typeName: type.name,
    }),
  );
  // The ticket mail (the notification's e-mail copy) is a job committed with the tickets: never lost, and
  // never waited for by the buyer.
  const live = await queueNotificationDelivery(trx, created);
  // The places last: reserveSeats() is the one decision of a sale (nothing reads `sold` before it). On
  // PostgreSQL the type's row lock it takes is held only until the commit right after it, so in a rush buyers
  // queue on that row for one statement each, not for their whole order.
  if (!(await repo.reserveSeats(trx, type.id, input.quantity))) throw soldOut();
  return { notification: created, issued: tickets, live };
}

// A ticket just issued as the holder's view shows it, from what the sale knows: no query to read it back.
function issuedView(t: { id: string; token: string; code: string }, sale: Sale): repo.TicketViewRow {
  const { type, buyer, at } = sale;
  return {
    id: t.id,
    user_id: buyer.id,
    event_id: type.event_id,
    ticket_type_id: type.id,
    type: type.name,
    price_cents: type.price_cents,
    status: 'valid',
    payment_status: sale.payment.status,
    holder_name: buyer.name,
    qr_code: t.token,
    code: t.code,
    token_issued_at: at,
    created_at: at,
    check_in_at: null,
    cancelled_at: null,
    promoter_id: sale.promoterId,
    guest_list_id: null,
    resale_listed_at: null,
    type_name: type.name,
    entry_until: type.entry_until,
    event_slug: type.event_slug,
    event_name: type.event_name,
    event_start_at: type.event_start_at,
    event_end_at: type.event_end_at,
    event_cover_url: type.event_cover_url,
    club_id: type.club_id,
    club_slug: type.club_slug,
    club_name: type.club_name,
    club_barrio: type.club_barrio,
    club_address: type.club_address,
    club_latitude: type.club_latitude,
    club_longitude: type.club_longitude,
    club_cancel_hours_before: type.club_cancel_hours_before,
    to_user_id: null,
    to_user_name: null,
    to_user_username: null,
    from_user_id: null,
    from_user_name: null,
    from_user_username: null,
  };
}

export async function getTickets(
  ctx: TicketsContext,
  buyer: Person,
  input: GetTicketsInput,
  idempotencyKey: string | undefined,
  now = clock.now(),
  // The promoter this sale is attributed to (their link or code, resolved by the promoters feature), written on
  // each ticket and never changed afterwards, unless it is the buyer (nobody earns on buying for themselves); the
  // origin a card checkout sends the buyer back to.
  attribution: { promoterId: string | null; origin?: string } = { promoterId: null },
): Promise<GetTicketsResponse> {
  const { db } = ctx;
  const promoterId = creditedPromoter(attribution.promoterId, buyer.id);
  if (!idempotencyKey) throw idempotencyKeyRequired();
  const hash = requestHash(input);
  const type = await repo.findTypeForOrder(db, input.ticketTypeId, buyer.id, idempotencyKey);
  // A retry gets its order back whatever the sale looks like now.
  if (type?.prior_order_id)
    return replay(
      db,
      { id: type.prior_order_id, request_hash: type.prior_order_hash! },
      hash,
      now,
      ctx.payments[type.kind],
    );
  if (!type || type.event_status !== 'published') throw typeMissing();
  const codeUnlocks = input.code !== undefined && (await repo.codeUnlocksType(db, type.id, input.code));
  refuseUnlessOnSale(ctx, type, input, codeUnlocks, now);

  const provider = providerFor(ctx.payments, type.kind);
  const request = { type, buyer, input, idempotencyKey, hash, promoterId };
  if (provider.checkout) return startCheckout(ctx, provider, request, attribution.origin ?? '');
  const payment = await provider.settle({
    userId: buyer.id,
    ticketTypeId: type.id,
    quantity: input.quantity,
    unitPriceCents: type.price_cents,
    currency: type.currency,
    idempotencyKey,
  });

  const sale: Sale = { ...request, payment, orderId: uuidv7(), at: now.toISOString(), now };
  let written: Awaited<ReturnType<typeof writeSale>>;
  try {
    written = await db.transaction().execute((trx) => writeSale(ctx, trx, sale));
  } catch (error) {
    if (error instanceof Replay) return replay(db, error.order, hash, now);
    if (error instanceof AppError && error.code === 'TICKETS_SOLD_OUT')
      ctx.soldOut.remember(type.id, input.quantity);
    throw error;
  }
  // The buyer's toast and badge go out after the answer, which does not wait for them: the sale is committed,
  // and in a rush a slow push must never turn a sold ticket into an error for its buyer. A push that fails
  // loses only the live toast: the notification and its mail were committed with the tickets.
  if (written.live) void pushNotificationLive(db, ctx.bus, written.notification).catch(() => undefined);
  // Everything the answer shows is known here: no query to read back what was just written.
  return { tickets: written.issued.map((t) => toTicket(issuedView(t, sale), now)), replayed: false };
}

// ---- guest lists (promoters feature) ----------------------------------------------------------------------

export type ListTicketInput = {
  ticketTypeId: string;
  holderId: string;
  holderName: string;
  promoterId: string;
  listId: string;
  // Whether the holder is the guest themself (told by a notification) or the promoter holding a name.
  notifyHolder: boolean;
};

// A guest's ticket, issued inside the caller's transaction (which has already taken the list's place): a real
// ticket of the list's type with its QR, free, attributed to the promoter. The type's places are taken by the
// same guard a sale uses; null when the type has none left.
export async function issueListTicket(
  trx: Db,
  signer: TicketSigner,
  input: ListTicketInput,
  now = clock.now(),
): Promise<{ id: string; token: string; notification: Notification | null } | null> {
  const type = await repo.findTypeWithEvent(trx, input.ticketTypeId);
  if (!type) throw typeMissing();
  if (!(await repo.reserveSeats(trx, type.id, 1))) return null;
  const at = now.toISOString();
  const ticket = await repo.insertTicketWithFreshId(
    trx,
    {
      event_id: type.event_id,
      user_id: input.holderId,
      ticket_type_id: type.id,
      type: type.name,
      price_cents: 0,
      currency: type.currency,
      status: 'valid',
      check_in_at: null,
      created_at: at,
      holder_name: input.holderName,
      order_id: null,
      payment_status: 'free',
      promo_code: null,
      promoter_id: input.promoterId,
      guest_list_id: input.listId,
      updated_at: at,
    },
    signToken(signer, type.event_id),
    now,
  );
  await repo.insertHistory(trx, [historyRow(ticket.id, type.event_id, 'issued', input.promoterId, at)]);
  const notification = input.notifyHolder
    ? await createNotification(
        trx,
        ticketIssued(input.holderId, {
          ticketId: ticket.id,
          eventId: type.event_id,
          eventName: type.event_name,
          startAt: asDate(type.event_start_at),
          quantity: 1,
          typeName: type.name,
        }),
      )
    : null;
  return { ...ticket, notification };
}

// ---- the holder's tickets ----------------------------------------------------------------------------------

const listCursor = z.tuple([z.string(), z.string()]);

export async function listMyTickets(
  db: Db,
  userId: string,
  query: { when: 'upcoming' | 'past'; cursor?: string; limit: number },
  now = clock.now(),
): Promise<TicketPage> {
  const after = decodeCursor(query.cursor, listCursor);
  const rows = await repo.listTicketViews(db, userId, {
    when: query.when,
    now: now.toISOString(),
    after,
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toTicket(r, now)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor([toIso(last.event_start_at), last.id]) : null,
  };
}

// Another person's ticket answers exactly like one that does not exist.
export async function myTicket(
  db: Db,
  userId: string,
  ticketId: string,
  now = clock.now(),
): Promise<TicketDetail> {
  const row = await repo.findTicketView(db, ticketId, userId);
  if (!row) throw ticketMissing();
  return toDetail(row, await repo.historyOf(db, ticketId), now);
}

export async function myTicketView(db: Db, userId: string, ticketId: string) {
  const row = await repo.findTicketView(db, ticketId, userId);
  if (!row) throw ticketMissing();
  return row;
}

const STATUS_WORDS: Record<string, string> = {
  used: 'esta ya se usó en la puerta',
  cancelled: 'esta está cancelada',
  transferred: 'esta ya la pasaste a otra persona',
};

async function statusWords(db: Db, ticketId: string): Promise<string> {
  const row = await db
    .selectFrom('tickets')
    .select(['status', 'resale_listed_at'])
    .where('id', '=', ticketId)
    .executeTakeFirst();
  if (row?.status === 'valid' && row.resale_listed_at !== null)
    return 'esta está en reventa (retírala de la reventa primero)';
  return STATUS_WORDS[row?.status ?? ''] ?? 'esta acaba de cambiar';
}

// ---- cancel ----------------------------------------------------------------------------------------------

export async function cancelTicket(
  ctx: TicketsContext,
  holder: Person,
  ticketId: string,
  now = clock.now(),
): Promise<TicketDetail> {
  const { db } = ctx;
  const row = await repo.findTicketView(db, ticketId, holder.id);
  if (!row) throw ticketMissing();
  // Whether it is still valid is decided by leaveValid() in the transaction, never by this read.
  // The club's rule: never, until the start, or until N hours before it (clubs.cancel_hours_before).
  const until = cancellableUntil(asDate(row.event_start_at), row.club_cancel_hours_before);
  if (until === null || until <= now)
    throw new AppError(409, 'TICKET_NOT_CANCELLABLE', ruleRefusal(row.club_cancel_hours_before));
  const at = now.toISOString();
  const notifications = await db.transaction().execute(async (trx) => {
    // Locks in the same order everywhere (holdings, tickets, waitlist, ticket types) so transfers and sales never deadlock.
    if (row.ticket_type_id) await repo.releaseHolding(trx, holder.id, row.ticket_type_id);
    if (
      !(await repo.leaveValid(trx, ticketId, holder.id, {
        status: 'cancelled',
        cancelled_at: at,
        updated_at: at,
      }))
    ) {
      throw new AppError(
        409,
        'TICKET_NOT_CANCELLABLE',
        `Solo se puede cancelar una entrada válida: ${await statusWords(trx, ticketId)}.`,
      );
    }
    // The freed place goes to the first in the type's waitlist (still counted in `sold`), or back on sale.
    const offer = row.ticket_type_id ? await passPlaceOn(trx, row.ticket_type_id, now) : null;
    await refundIfPaidOnline(trx, ticketId, 'ticket_cancelled');
    await repo.insertHistory(trx, [historyRow(ticketId, row.event_id, 'cancelled', holder.id, at)]);
    const cancelled = await createNotification(
      trx,
      ticketCancelled(holder.id, {
        ticketId,
        eventId: row.event_id,
        eventName: row.event_name,
        startAt: asDate(row.event_start_at),
        toWaitlist: offer !== null,
      }),
    );
    return offer ? [cancelled, offer] : [cancelled];
  });
  if (row.ticket_type_id) ctx.soldOut.forget(row.ticket_type_id);
  await publishAll(ctx, notifications);
  return myTicket(db, holder.id, ticketId, now);
}

// ---- transfer --------------------------------------------------------------------------------------------

const notAllowed = () =>
  new AppError(403, 'TRANSFER_NOT_ALLOWED', 'Solo puedes pasar entradas a tus conexiones.', {
    field: 'toUserId',
  });

export async function transferTicket(
  ctx: TicketsContext,
  sender: Person,
  ticketId: string,
  toUserId: string,
  now = clock.now(),
): Promise<TicketDetail> {
  const { db } = ctx;
  const row = await repo.findTicketView(db, ticketId, sender.id);
  if (!row) throw ticketMissing();
  if (toUserId === sender.id)
    throw new AppError(400, 'TRANSFER_TO_SELF', 'Esta entrada ya es tuya.', { field: 'toUserId' });
  if (asDate(row.event_end_at) <= now)
    throw new AppError(409, 'TICKET_NOT_TRANSFERABLE', 'El evento ya ha terminado.');
  const recipient = await repo.findUserName(db, toUserId);
  if (
    !recipient ||
    !(await areConnected(db, sender.id, toUserId)) ||
    (await isBlockedEitherWay(db, sender.id, toUserId))
  )
    throw notAllowed();
  const type = row.ticket_type_id ? await repo.findTypeWithEvent(db, row.ticket_type_id) : undefined;
  const at = now.toISOString();

  const notifications = await db.transaction().execute(async (trx) => {
    if (type) await moveHolding(trx, type, sender.id, recipient);
    const newId = await reissueTo(ctx, trx, row, ticketId, recipient, now);
    await retireSentTicket(trx, ticketId, sender.id, newId, at);
    return recordTransfer(trx, row, sender, recipient, ticketId, newId, at);
  });
  await publishAll(ctx, notifications);
  return myTicket(db, sender.id, ticketId, now);
}

// The ticket type's holding moves from the sender to the recipient, within the recipient's per-person limit.
async function moveHolding(trx: Db, type: repo.TypeWithEvent, senderId: string, recipient: Person) {
  const toUserId = recipient.id;
  // Both people's holdings in user-id order: two transfers crossing between the same people cannot deadlock.
  const moves = [
    { userId: senderId, give: true },
    { userId: toUserId, give: false },
  ].sort((a, b) => (a.userId < b.userId ? -1 : 1));
  for (const move of moves) {
    if (move.give) await repo.releaseHolding(trx, move.userId, type.id);
    else if (!(await repo.addHolding(trx, move.userId, type.id, 1, type.per_person_limit))) {
      throw new AppError(
        409,
        'TICKET_LIMIT_REACHED',
        `${recipient.name} ya tiene el máximo de entradas de este tipo (${type.per_person_limit}).`,
        { field: 'toUserId', details: { limit: type.per_person_limit } },
      );
    }
  }
}

// The recipient's ticket: a fresh id, code and QR, the same event, type, price and sale (promoter, guest list).
async function reissueTo(
  ctx: TicketsContext,
  trx: Db,
  row: repo.TicketViewRow,
  ticketId: string,
  recipient: Person,
  now: Date,
): Promise<string> {
  const at = now.toISOString();
  const toUserId = recipient.id;
  const { id: newId } = await repo.insertTicketWithFreshId(
    trx,
    {
      event_id: row.event_id,
      user_id: toUserId,
      ticket_type_id: row.ticket_type_id,
      type: row.type,
      price_cents: row.price_cents,
      currency: 'EUR',
      status: 'valid',
      check_in_at: null,
      created_at: at,
      holder_name: recipient.name,
      order_id: null,
      payment_status: row.payment_status,
      promo_code: null,
      // The sale stays its promoter's (and its list's): commission is paid on whichever ticket the door lets in.
      promoter_id: row.promoter_id,
      guest_list_id: row.guest_list_id,
      transferred_from: ticketId,
      updated_at: at,
    },
    signToken(ctx.signer, row.event_id),
    now,
  );
  return newId;
}

async function retireSentTicket(trx: Db, ticketId: string, senderId: string, newId: string, at: string) {
  // The old QR dies here, in the same commit that makes the new one.
  if (
    !(await repo.leaveValid(trx, ticketId, senderId, {
      status: 'transferred',
      transferred_to: newId,
      updated_at: at,
    }))
  ) {
    throw new AppError(
      409,
      'TICKET_NOT_TRANSFERABLE',
      `Solo se puede pasar una entrada válida: ${await statusWords(trx, ticketId)}.`,
    );
  }
}

// Both tickets' history rows and both people's notifications, written in the transfer's transaction.
async function recordTransfer(
  trx: Db,
  row: repo.TicketViewRow,
  sender: Person,
  recipient: Person,
  ticketId: string,
  newId: string,
  at: string,
): Promise<Notification[]> {
  const toUserId = recipient.id;
  await repo.insertHistory(trx, [
    historyRow(ticketId, row.event_id, 'transferred', sender.id, at, {
      counterpartId: toUserId,
      relatedTicketId: newId,
    }),
    historyRow(newId, row.event_id, 'received', sender.id, at, {
      counterpartId: sender.id,
      relatedTicketId: ticketId,
    }),
  ]);
  const event = { eventId: row.event_id, eventName: row.event_name, startAt: asDate(row.event_start_at) };
  const created = [
    await createNotification(trx, ticketReceived(toUserId, sender, { ...event, ticketId: newId })),
    await createNotification(trx, ticketSent(sender.id, recipient, { ...event, ticketId })),
  ];
  return created;
}

// The people a ticket can be passed to: the holder's accepted connections with no block between them.
export async function transferCandidates(db: Db, userId: string): Promise<UserCard[]> {
  const people: UserCard[] = [];
  let cursor: string | undefined;
  do {
    const page = await listConnections(db, userId, { tab: 'connections', limit: 100, cursor });
    people.push(...page.items.map((item) => item.user));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && people.length < 500);
  return people.sort((a, b) => a.name.localeCompare(b.name, 'es'));
}
