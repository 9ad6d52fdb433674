// Database rows as the API shows them.
import type { Ticket, TicketDetail, TicketStatus, TicketTypeOffer } from '@nocturna/shared';
import { remainingToShow, saleStateOf, ticketStatusSchema, type SaleWindow } from '@nocturna/shared';
import { toIso, toIsoOrNull, type Timestamp } from '../../db/schema.ts';
import { cancellableUntil, toCancelRule } from './cancel-rule.ts';
import type { TicketViewRow, TypeWithEvent, historyOf } from './repository.ts';

export const asDate = (value: Timestamp) => new Date(toIso(value));

// Whether the type can be bought at `now`, before looking at what is left: the shared rule every price follows
// (saleStateOf), so a type the catalogue shows as on sale is one the sale accepts, and the other way round.
export function saleWindowOf(type: TypeWithEvent): SaleWindow {
  return {
    eventPublished: type.event_status === 'published',
    eventEndAt: toIso(type.event_end_at),
    paused: Boolean(type.sales_paused),
    salesFrom: toIsoOrNull(type.sales_from),
    salesUntil: toIsoOrNull(type.sales_until),
    entryUntil: toIsoOrNull(type.entry_until),
    capacity: type.capacity,
    sold: type.sold,
  };
}

export function salesState(type: TypeWithEvent, now: Date): 'not_yet' | 'closed' | 'paused' | 'open' {
  const state = saleStateOf(saleWindowOf(type), now);
  return state === 'on_sale' || state === 'sold_out' ? 'open' : state;
}

export function toOffer(type: TypeWithEvent, now: Date, heldByMe: number): TicketTypeOffer {
  const state = salesState(type, now);
  const soldOut = type.sold >= type.capacity;
  return {
    id: type.id,
    name: type.name,
    kind: type.kind,
    price: { cents: type.price_cents, currency: 'EUR' },
    availability: state === 'open' ? (soldOut ? 'sold_out' : 'on_sale') : state,
    remaining: state === 'open' ? remainingToShow(type.capacity, type.sold) : null,
    salesFrom: toIsoOrNull(type.sales_from),
    salesUntil: toIsoOrNull(type.sales_until),
    entryUntil: toIsoOrNull(type.entry_until),
    perPersonLimit: type.per_person_limit,
    heldByMe,
    unlocked: Boolean(type.hidden),
  };
}

const person = (id: string | null, name: string | null, username: string | null) =>
  id ? { id, name: name ?? '', username } : null;

export function toTicket(row: TicketViewRow, now: Date): Ticket {
  const status: TicketStatus = ticketStatusSchema.parse(row.status);
  const live = status === 'valid' || status === 'used';
  const listed = status === 'valid' && row.resale_listed_at !== null;
  const cancelUntil = cancellableUntil(asDate(row.event_start_at), row.club_cancel_hours_before);
  return {
    id: row.id,
    status,
    type: row.type_name ?? row.type,
    ticketTypeId: row.ticket_type_id,
    price: { cents: row.price_cents, currency: 'EUR' },
    paymentStatus: row.payment_status,
    holderName: row.holder_name,
    code: row.code,
    token: live ? row.qr_code : null,
    tokenIssuedAt: live ? toIsoOrNull(row.token_issued_at) : null,
    entryUntil: toIsoOrNull(row.entry_until),
    createdAt: toIso(row.created_at),
    checkInAt: toIsoOrNull(row.check_in_at),
    cancelledAt: toIsoOrNull(row.cancelled_at),
    transferredTo: person(row.to_user_id, row.to_user_name, row.to_user_username),
    transferredFrom: person(row.from_user_id, row.from_user_name, row.from_user_username),
    event: {
      id: row.event_id,
      slug: row.event_slug,
      name: row.event_name,
      startAt: toIso(row.event_start_at),
      endAt: toIso(row.event_end_at),
      coverURL: row.event_cover_url,
    },
    club: {
      id: row.club_id,
      slug: row.club_slug,
      name: row.club_name,
      barrio: row.club_barrio,
      address: row.club_address,
      latitude: row.club_latitude,
      longitude: row.club_longitude,
    },
    canCancel: status === 'valid' && !listed && cancelUntil !== null && cancelUntil > now,
    cancelRule: toCancelRule(row.club_cancel_hours_before),
    cancellableUntil: cancelUntil && cancelUntil.toISOString(),
    canTransfer: status === 'valid' && !listed && asDate(row.event_end_at) > now,
    forResale: listed,
    canResell:
      status === 'valid' && !listed && row.ticket_type_id !== null && asDate(row.event_start_at) > now,
  };
}

type HistoryRow = Awaited<ReturnType<typeof historyOf>>[number];

export function toDetail(row: TicketViewRow, history: HistoryRow[], now: Date): TicketDetail {
  return {
    ...toTicket(row, now),
    history: history.map((h) => ({
      action: h.action as TicketDetail['history'][number]['action'],
      at: toIso(h.created_at),
      counterpart: person(h.counterpart_id, h.counterpart_name, h.counterpart_username),
    })),
  };
}
