// What the assistant can look up or offer, bound to the person asking: every tool reads through the owning
// feature's service with that person as the viewer, and no tool takes a user id, so neither engine can reach
// another person's tickets, messages or private profile. Reserving only proposes: the page asks the person to
// confirm, then takes the normal ticket path.
import { uuidv7 } from 'uuidv7';
import type {
  AssistantEventCard,
  AssistantProposal,
  ClubWithEvents,
  EventDetail,
  EventSummary,
  EventTicketTypes,
  Ticket,
} from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { getClub, getEvent, listEvents } from '../events/index.ts';
import { listClubs } from '../clubs/index.ts';
import { eventTicketTypes, listMyTickets } from '../tickets/index.ts';
import { listConnections } from '../connections/index.ts';
import { profileById } from '../profiles/index.ts';
import { buildVocabulary, type Vocabulary } from './vocabulary.ts';
import * as clock from '../../clock.ts';

export type SearchFilters = {
  from?: string;
  to?: string;
  genre?: string;
  barrio?: string;
  maxPriceCents?: number;
  age?: number;
  clubId?: string;
  q?: string;
};

export type FriendGoing = {
  name: string;
  username: string | null;
  eventId: string;
  eventName: string;
  startAt: string;
};

export type AssistantTools = {
  now: Date;
  vocabulary(): Promise<Vocabulary>;
  searchEvents(filters: SearchFilters, limit?: number): Promise<EventSummary[]>;
  eventDetails(idOrSlug: string): Promise<EventDetail | null>;
  clubDetails(idOrSlug: string): Promise<ClubWithEvents | null>;
  ticketTypes(eventId: string): Promise<EventTicketTypes | null>;
  myTickets(): Promise<Ticket[]>;
  connectionsGoing(eventId?: string): Promise<FriendGoing[]>;
  proposeReservation(
    eventId: string,
    ticketTypeHint: string | undefined,
    quantity: number,
  ): Promise<
    { proposal: AssistantProposal } | { problem: 'not_found' | 'sold_out' | 'not_on_sale' | 'limit' }
  >;
  cards(events: EventSummary[]): Promise<AssistantEventCard[]>;
};

const missing = (error: unknown) => error instanceof AppError && error.status === 404;

// The catalogue's words change when clubs add events: the vocabulary is rebuilt at most once a minute.
const VOCABULARY_TTL_MS = 60_000;
const vocabularies = new WeakMap<Db, { at: number; value: Promise<Vocabulary> }>();

async function loadVocabulary(db: Db, now: Date): Promise<Vocabulary> {
  const clubs = await listClubs(db, { limit: 100 });
  const events: EventSummary[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 5; page++) {
    const batch = await listEvents(db, { limit: 100, cursor }, now);
    events.push(...batch.items);
    if (!batch.nextCursor) break;
    cursor = batch.nextCursor;
  }
  return buildVocabulary(
    clubs.items.map((c) => ({ id: c.id, slug: c.slug, name: c.name, barrio: c.barrio })),
    events.map((e) => ({
      id: e.id,
      slug: e.slug,
      title: e.name.split(' · ')[0] ?? e.name,
      clubId: e.clubId,
      startAt: e.startAt,
    })),
  );
}

export function vocabularyFor(db: Db, now: Date): Promise<Vocabulary> {
  const cached = vocabularies.get(db);
  if (cached && now.getTime() - cached.at < VOCABULARY_TTL_MS) return cached.value;
  const value = loadVocabulary(db, now);
  vocabularies.set(db, { at: now.getTime(), value });
  value.catch(() => vocabularies.delete(db));
  return value;
}

export function createTools(db: Db, user: { id: string }, now: Date = clock.now()): AssistantTools {
  const tools: AssistantTools = {
    now,
    vocabulary: () => vocabularyFor(db, now),
    searchEvents: (filters, limit = 6) => searchEvents(db, now, filters, limit),
    eventDetails: (idOrSlug) => orNullIfMissing(() => getEvent(db, idOrSlug)),
    clubDetails: (idOrSlug) => orNullIfMissing(() => getClub(db, idOrSlug)),
    ticketTypes: (eventId) => orNullIfMissing(() => eventTicketTypes(db, eventId, user.id, undefined, now)),
    myTickets: () => myTickets(db, user, now),
    connectionsGoing: (eventId) => connectionsGoing(db, user, eventId),
    // Through `tools`, so the proposal reads the event and its types as the other tools do.
    proposeReservation: (eventId, ticketTypeHint, quantity) =>
      proposeReservation(tools, eventId, ticketTypeHint, quantity),
    // The card's price is the event's own (what is on sale now), the same the list and the answer's text show.
    cards: async (events) => events.map(eventCard),
  };
  return tools;
}

// What the read gives, or null when what it reads does not exist (a 404 from the owning feature).
async function orNullIfMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

async function searchEvents(
  db: Db,
  now: Date,
  filters: SearchFilters,
  limit: number,
): Promise<EventSummary[]> {
  const page = await listEvents(
    db,
    {
      from: filters.from,
      to: filters.to,
      genre: filters.genre,
      barrio: filters.barrio,
      maxPrice: filters.maxPriceCents,
      clubId: filters.clubId,
      q: filters.q,
      limit: 60,
    },
    now,
  );
  // Events already over are not plans; a range starting in the past ("hoy" after midnight) keeps those under way.
  const open = page.items.filter((e) => e.endAt > now.toISOString());
  const allowed = filters.age === undefined ? open : open.filter((e) => e.minimumAge <= filters.age!);
  return allowed.slice(0, limit);
}

async function myTickets(db: Db, user: { id: string }, now: Date): Promise<Ticket[]> {
  const page = await listMyTickets(db, user.id, { when: 'upcoming', limit: 20 }, now);
  return page.items.filter((t) => t.status === 'valid' || t.status === 'used');
}

// What the person's connections show on their profiles to them, and nothing more: a connection who hides
// the events they go to stays hidden here too.
async function connectionsGoing(db: Db, user: { id: string }, eventId?: string): Promise<FriendGoing[]> {
  const connections = await listConnections(db, user.id, { tab: 'connections', limit: 50 });
  const profiles = await Promise.all(
    connections.items.map((c) => profileById(db, user.id, c.user.id).catch(() => null)),
  );
  const going: FriendGoing[] = [];
  for (const profile of profiles) {
    for (const event of profile?.events ?? []) {
      if (eventId && event.id !== eventId) continue;
      going.push({
        name: profile!.name,
        username: profile!.username,
        eventId: event.id,
        eventName: event.name,
        startAt: event.startAt,
      });
    }
  }
  return going.sort((a, b) => a.startAt.localeCompare(b.startAt));
}

async function proposeReservation(
  tools: AssistantTools,
  eventId: string,
  ticketTypeHint: string | undefined,
  quantity: number,
): ReturnType<AssistantTools['proposeReservation']> {
  const [event, offers] = await Promise.all([tools.eventDetails(eventId), tools.ticketTypes(eventId)]);
  if (!event || !offers) return { problem: 'not_found' };
  const onSale = offers.types.filter((t) => t.availability === 'on_sale');
  if (onSale.length === 0)
    return {
      problem: offers.types.some((t) => t.availability === 'sold_out') ? 'sold_out' : 'not_on_sale',
    };
  const hint = ticketTypeHint?.toLowerCase();
  const named = hint
    ? onSale.find((t) => t.name.toLowerCase().includes(hint) || t.id === ticketTypeHint)
    : undefined;
  // Without a named type: the cheapest that is paid at the door or free (what "una entrada" means).
  const type = named ?? [...onSale].sort((a, b) => a.price.cents - b.price.cents)[0]!;
  if (type.heldByMe + quantity > type.perPersonLimit) return { problem: 'limit' };
  return {
    proposal: {
      id: uuidv7(),
      eventId: event.id,
      eventSlug: event.slug,
      eventName: event.name,
      startAt: event.startAt,
      ticketTypeId: type.id,
      ticketTypeName: type.name,
      price: type.price,
      quantity,
      status: 'proposed',
      ticketId: null,
    },
  };
}

function eventCard(e: EventSummary): AssistantEventCard {
  return {
    kind: 'event' as const,
    id: e.id,
    slug: e.slug,
    name: e.name,
    clubName: e.clubName,
    barrio: e.barrio,
    startAt: e.startAt,
    coverURL: e.coverURL,
    minPrice: e.minPrice,
    soldOut: e.price.state === 'sold_out',
    price: e.price,
  };
}
