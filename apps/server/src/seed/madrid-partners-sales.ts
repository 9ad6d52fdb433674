// The demo RPP's sales, for the partners' side of the demo (madrid-partners.ts): last week's night at the first
// club, sold through her link and settled by a paid statement, and the next two nights of that club, with a guest
// list on the first. Tickets carry real signed QR codes, so the door accepts them.
import {
  madridInstant,
  madridWallClock,
  madridWeekday,
  nightStart,
  randomTicketCode,
} from '@nocturna/shared';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../db/connect.ts';
import type { Bool, Timestamp } from '../db/schema.ts';
import { eventTagSync, type TicketSigner } from '../features/tickets/index.ts';
import { insertEvent } from './catalogue-writer.ts';

export const DAY = 24 * 3600_000;

export type PartnerPerson = { id: string; email: string; name: string };
export type PartnerClub = { id: string; slug: string; name: string; opening_days: string };
export type Guest = { id: string; name: string; email: string };

// What each step of the partners' seed works with, all inside the one transaction `trx`: the demo RPP and DJ,
// the demo CEO's clubs (`main` is the first) and the instant the seed runs at (`at` is `now` as stored).
export type PartnerSeed = {
  trx: Db;
  signer: TicketSigner;
  now: Date;
  at: string;
  rpp: PartnerPerson;
  dj: PartnerPerson;
  clubs: PartnerClub[];
  main: PartnerClub;
};

// Last week's night at the first club, with the demo DJ on its line-up: 10 sold through her, 8 came in, and that
// night's statement paid.
export async function seedLastWeek(seed: PartnerSeed, guests: Guest[]): Promise<void> {
  const { id: pastId, startAt: lastWeek } = await insertLastWeekNight(seed);
  for (const [i, g] of guests.slice(0, 10).entries())
    await issueTicket(
      seed,
      pastId,
      `${pastId}-tt1`,
      g,
      1500,
      i < 8 ? new Date(lastWeek.getTime() + (40 + i * 9) * 60_000) : null,
    );
  await payLastWeekStatement(seed, pastId, lastWeek);
}

async function insertLastWeekNight({
  trx,
  now,
  dj,
  main,
}: PartnerSeed): Promise<{ id: string; startAt: Date }> {
  const lastWeek = lastOpenNight(main.opening_days, new Date(now.getTime() - 7 * DAY));
  const id = await insertEvent(
    trx,
    {
      slug: `noche-raquel-${lastWeek.toISOString().slice(0, 10)}`,
      clubId: main.id,
      name: 'Noche Nocturna: la semana pasada',
      startAt: lastWeek,
      endAt: new Date(lastWeek.getTime() + 7 * 3600_000),
      status: 'published',
      genres: ['techno'],
      lineup: [
        {
          djName: dj.name,
          djUserId: dj.id,
          startsAt: lastWeek,
          endsAt: new Date(lastWeek.getTime() + 3 * 3600_000),
        },
      ],
      ticketTypes: [
        { name: 'General', priceCents: 1500, capacity: 300 },
        { name: 'Lista', priceCents: 0, capacity: 100, kind: 'free' },
      ],
    },
    main.name,
  );
  return { id, startAt: lastWeek };
}

// That night's statement is paid (frozen): 8 × 2 €.
async function payLastWeekStatement({ trx, now, rpp, main }: PartnerSeed, pastId: string, lastWeek: Date) {
  const pastLines = await trx
    .selectFrom('tickets')
    .select(['id', 'holder_name', 'status', 'check_in_at'])
    .where('event_id', '=', pastId)
    .where('promoter_id', '=', rpp.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const pastStatementId = uuidv7();
  await trx
    .insertInto('promoter_statements')
    .values({
      id: pastStatementId,
      club_id: main.id,
      promoter_id: rpp.id,
      scope_key: `event:${pastId}`,
      total_cents: 8 * 200,
      lines: JSON.stringify(
        pastLines.map((l) => ({
          ticketId: l.id,
          eventId: pastId,
          eventName: 'Noche Nocturna: la semana pasada',
          eventStartAt: lastWeek.toISOString(),
          type: 'General',
          holderName: l.holder_name,
          channel: 'link',
          status: l.status,
          checkedInAt: l.check_in_at ? new Date(l.check_in_at).toISOString() : null,
          priceCents: 1500,
          commissionCents: l.status === 'used' ? 200 : 0,
        })),
      ),
      paid_at: new Date(now.getTime() - 3 * DAY).toISOString(),
      paid_by: null,
    })
    .execute();
  // Each ticket of that night is settled by it (no other statement can pay it again).
  if (pastLines.length)
    await trx
      .insertInto('promoter_statement_tickets')
      .values(pastLines.map((l) => ({ ticket_id: l.id, statement_id: pastStatementId })))
      .execute();
}

// The next two nights of the first club: sales through her link, and a guest list on the first.
export async function seedNextNights(seed: PartnerSeed, guests: Guest[]): Promise<void> {
  const { trx, at, main } = seed;
  const next = await trx
    .selectFrom('events')
    .select(['id', 'start_at', 'end_at'])
    .where('club_id', '=', main.id)
    .where('status', '=', 'published')
    .where('end_at', '>', at)
    .orderBy('start_at')
    .limit(2)
    .execute();
  for (const [n, ev] of next.entries()) {
    const types = await trx
      .selectFrom('ticket_types')
      .select(['id', 'price_cents', 'hidden'])
      .where('event_id', '=', ev.id)
      .orderBy('position')
      .execute();
    const paid = types.find((t) => t.price_cents > 0 && !t.hidden) ?? types[0];
    if (!paid) continue;
    for (const g of guests.slice(n * 4, n * 4 + 4))
      await issueTicket(seed, ev.id, paid.id, g, paid.price_cents, null);
    if (n > 0) continue;
    await openGuestList(seed, ev, types, guests);
  }
}

type NightType = { id: string; price_cents: number; hidden: Bool };

// Her guest list on the night, on its free list type, with three guests on it.
async function openGuestList(
  seed: PartnerSeed,
  ev: { id: string; start_at: Timestamp },
  types: NightType[],
  guests: Guest[],
): Promise<void> {
  const { trx, at, rpp, main } = seed;
  const free = await freeListType(seed, ev.id, types);
  const listId = uuidv7();
  const startAt = new Date(ev.start_at);
  await trx
    .insertInto('guest_lists')
    .values({
      id: listId,
      event_id: ev.id,
      club_id: main.id,
      promoter_id: rpp.id,
      ticket_type_id: free.id,
      name: 'Gratis hasta la 01:30',
      capacity: 30,
      filled: 3,
      closes_at: new Date(startAt.getTime() + 2 * 3600_000).toISOString(),
      signup_token: `demo-${listId.slice(-12)}`,
      created_at: at,
    })
    .execute();
  for (const g of guests.slice(8, 11)) {
    const ticketId = await issueTicket(seed, ev.id, free.id, g, 0, null, { guestListId: listId });
    await trx
      .insertInto('guest_list_entries')
      .values({
        id: uuidv7(),
        list_id: listId,
        ticket_id: ticketId,
        user_id: g.id,
        name: g.name,
        added_by: rpp.id,
        created_at: at,
      })
      .execute();
  }
}

// A free list type if the night has none: the club opens one for her lists.
async function freeListType({ trx }: PartnerSeed, eventId: string, types: NightType[]): Promise<NightType> {
  const free = types.find((t) => t.price_cents === 0 && !t.hidden);
  if (free) return free;
  const id = `${eventId}-lista`;
  await trx
    .insertInto('ticket_types')
    .values({
      id,
      event_id: eventId,
      position: types.length,
      name: 'Lista gratis',
      price_cents: 0,
      currency: 'EUR',
      capacity: 80,
      kind: 'free',
      sales_from: null,
      sales_until: null,
      entry_until: null,
    })
    .execute();
  return { id, price_cents: 0, hidden: false };
}

// One ticket sold through her (or on her guest list), issued nine days ago; `used` is when it came in, with
// its check-in at the main door. Returns the ticket's id.
async function issueTicket(
  { trx, signer, now, at, rpp }: PartnerSeed,
  eventId: string,
  typeId: string,
  holder: { id: string; name: string },
  price: number,
  used: Date | null,
  extra: { guestListId?: string } = {},
): Promise<string> {
  const id = `${holder.id}_${eventId}`;
  const code = randomTicketCode();
  const issued = new Date(now.getTime() - 9 * DAY);
  await trx
    .insertInto('tickets')
    .values({
      id,
      event_id: eventId,
      user_id: holder.id,
      ticket_type_id: typeId,
      type: price ? 'General' : 'Lista',
      price_cents: price,
      currency: 'EUR',
      status: used ? 'used' : 'valid',
      check_in_at: used?.toISOString() ?? null,
      code,
      qr_code: signer.sign({ c: code, g: eventTagSync(eventId), i: Math.floor(issued.getTime() / 1000) }),
      token_issued_at: issued.toISOString(),
      created_at: issued.toISOString(),
      holder_name: holder.name,
      payment_status: price ? 'due_at_door' : 'free',
      promoter_id: rpp.id,
      guest_list_id: extra.guestListId ?? null,
      updated_at: at,
    })
    .execute();
  await trx
    .updateTable('ticket_types')
    .set((eb) => ({ sold: eb('sold', '+', 1) }))
    .where('id', '=', typeId)
    .execute();
  if (used)
    await trx
      .insertInto('check_ins')
      .values({
        id: uuidv7(),
        ticket_id: id,
        event_id: eventId,
        staff_user_id: null,
        door: 'Puerta principal',
        client_id: null,
        scanned_at: used.toISOString(),
        synced_at: used.toISOString(),
        offline: false,
        outcome: 'admitted',
        method: 'qr',
      })
      .execute();
  return id;
}

// 23:30 on the latest night, on or before `before`, that the club opens (its opening days, as stored: "THU,FRI").
function lastOpenNight(openingDays: string, before: Date): Date {
  const open = openingDays.split(',');
  let night = nightStart(before);
  for (let n = 0; n < 7 && !open.includes(madridWeekday(night)); n++)
    night = nightStart(new Date(night.getTime() - 12 * 3600_000));
  return madridInstant(madridWallClock(night).date, '23:30');
}
