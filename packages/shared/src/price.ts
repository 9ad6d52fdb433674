// What a person can buy now, and so the one price every screen shows: "Desde 10 €", "Gratis", the event page's
// range, JSON-LD offers, search results and the assistant all come from `eventPrice`. The server's SQL mirrors
// `saleStateOf` rank for rank (features/events/price-sql.ts); a test runs the same rows through both.

// A ticket type's state at one instant. paused: the club stopped its sales for now.
export const TYPE_SALE_STATES = ['on_sale', 'not_yet', 'sold_out', 'closed', 'paused'] as const;
export type TypeSaleState = (typeof TYPE_SALE_STATES)[number];

// An event's: on_sale (some type can be bought now) · not_yet (none yet, a sale opens later) · sold_out (what is
// on sale is gone) · closed ("Venta cerrada": every sale has ended or stopped) · none (no public ticket types).
export const EVENT_SALE_STATES = ['on_sale', 'not_yet', 'sold_out', 'closed', 'none'] as const;
export type EventSaleState = (typeof EVENT_SALE_STATES)[number];

type Instant = string | Date;

export type SaleWindow = {
  eventPublished: boolean;
  eventEndAt: Instant;
  paused: boolean;
  salesFrom: Instant | null;
  salesUntil: Instant | null;
  // The last moment the ticket lets a person in (a free list "hasta la 01:30"): past it, nothing is for sale.
  entryUntil: Instant | null;
  capacity: number;
  sold: number;
};

const ms = (at: Instant) => (typeof at === 'string' ? Date.parse(at) : at.getTime());

export function saleStateOf(type: SaleWindow, now: Date): TypeSaleState {
  const t = now.getTime();
  if (!type.eventPublished || ms(type.eventEndAt) <= t) return 'closed';
  if (type.paused) return 'paused';
  if (type.salesFrom !== null && ms(type.salesFrom) > t) return 'not_yet';
  if (type.salesUntil !== null && ms(type.salesUntil) <= t) return 'closed';
  if (type.entryUntil !== null && ms(type.entryUntil) <= t) return 'closed';
  if (type.sold >= type.capacity) return 'sold_out';
  return 'on_sale';
}

// Which state wins for the event when its types differ: the lowest rank present. The SQL uses the same numbers.
export const SALE_RANK: Record<TypeSaleState, number> = {
  on_sale: 0,
  not_yet: 1,
  sold_out: 2,
  closed: 3,
  paused: 3,
};
const EVENT_STATE_OF_RANK: EventSaleState[] = ['on_sale', 'not_yet', 'sold_out', 'closed'];

export function eventSaleStateOfRank(rank: number | null): EventSaleState {
  return rank === null ? 'none' : (EVENT_STATE_OF_RANK[rank] ?? 'closed');
}

export type EventPrice = {
  state: EventSaleState;
  // The cheapest and dearest type on sale now; both null unless state is on_sale.
  from: { cents: number; currency: 'EUR' } | null;
  to: { cents: number; currency: 'EUR' } | null;
};

const eur = (cents: number) => ({ cents, currency: 'EUR' as const });

// The price of what a person can buy now. `hidden` types (sold only with a promoter's code) never count.
export function eventPrice(
  types: (SaleWindow & { priceCents: number; hidden: boolean })[],
  now: Date,
): EventPrice {
  let rank: number | null = null;
  let low: number | null = null;
  let high: number | null = null;
  for (const type of types) {
    if (type.hidden) continue;
    const r = SALE_RANK[saleStateOf(type, now)];
    rank = rank === null ? r : Math.min(rank, r);
    if (r === 0) {
      low = low === null ? type.priceCents : Math.min(low, type.priceCents);
      high = high === null ? type.priceCents : Math.max(high, type.priceCents);
    }
  }
  return priceFromRow({ rank, fromCents: low, toCents: high });
}

// The same price from the three numbers the SQL returns per event.
export function priceFromRow(row: {
  rank: number | string | null;
  fromCents: number | string | null;
  toCents: number | string | null;
}): EventPrice {
  const state = eventSaleStateOfRank(row.rank === null ? null : Number(row.rank));
  if (state !== 'on_sale' || row.fromCents === null || row.toCents === null)
    return { state, from: null, to: null };
  return { state, from: eur(Number(row.fromCents)), to: eur(Number(row.toCents)) };
}
