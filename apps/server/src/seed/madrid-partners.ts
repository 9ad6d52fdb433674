// The promoters' and DJs' side of the demo: the demo RPP (rpp@demo.nocturna.es) works the demo CEO's two
// clubs with a commission each, has sold through her link for last week's night (most came in, its statement paid)
// and for the next nights, and runs a guest list; the demo DJ (dj@demo.nocturna.es) has a profile, plays on line-ups
// (one slot still to confirm) and has followers gained over the last weeks. Idempotent: skipped once the demo RPP
// works with any club. Tickets carry real signed QR codes, so the door accepts them.
import {
  foldForSearch,
  madridInstant,
  madridWallClock,
  madridWeekday,
  nightStart,
  randomTicketCode,
} from '@nocturna/shared';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../db/connect.ts';
import { eventTagSync, type TicketSigner } from '../features/tickets/index.ts';
import { insertEvent } from './catalogue-writer.ts';
import { DEMO_CEO_CLUBS } from './madrid-door.ts';
import * as clock from '../clock.ts';

const RPP_EMAIL = 'rpp@demo.nocturna.es';
const DJ_EMAIL = 'dj@demo.nocturna.es';
const USER_EMAIL = 'user@demo.nocturna.es';
const DAY = 24 * 3600_000;

const GUESTS = [
  'Marta Ruiz',
  'Javier López',
  'Sara Castillo',
  'Pablo Navarro',
  'Inés Romero',
  'Carlos Vega',
  'Elena Serrano',
  'Hugo Molina',
  'Nerea Blanco',
  'Adrián Ortiz',
  'Claudia Prieto',
  'Iván Méndez',
];

export async function seedMadridPartners(db: Db, signer: TicketSigner, now = clock.now()): Promise<boolean> {
  const people = await db
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('email', 'in', [RPP_EMAIL, DJ_EMAIL, USER_EMAIL])
    .execute();
  const rpp = people.find((p) => p.email === RPP_EMAIL);
  const dj = people.find((p) => p.email === DJ_EMAIL);
  const user = people.find((p) => p.email === USER_EMAIL);
  if (!rpp || !dj) return false;
  const already = await db
    .selectFrom('club_promoters')
    .select('user_id')
    .where('user_id', '=', rpp.id)
    .executeTakeFirst();
  if (already) return false;
  const clubs = await db
    .selectFrom('clubs')
    .select(['id', 'slug', 'name', 'opening_days'])
    .where('slug', 'in', [...DEMO_CEO_CLUBS])
    .orderBy('slug')
    .execute();
  const main = clubs.find((c) => c.slug === DEMO_CEO_CLUBS[0]) ?? clubs[0];
  if (!main) return false;
  const at = now.toISOString();

  await db.transaction().execute(async (trx) => {
    // Her commission: 2 € a person in at the first club, 10 % of the price at the second.
    for (const [i, club] of clubs.entries()) {
      await trx
        .insertInto('club_promoters')
        .values({
          club_id: club.id,
          user_id: rpp.id,
          code: i === 0 ? 'RAQUEL' : 'RAQUELNM',
          commission_kind: i === 0 ? 'fixed' : 'percent',
          commission_value: i === 0 ? 200 : 1000,
          added_by: null,
          created_at: at,
          removed_at: null,
        })
        .execute();
      await trx
        .insertInto('club_partner_settings')
        .values({ club_id: club.id, promoter_ranking: i === 0, dj_sales: i === 0 })
        .onConflict((oc) => oc.column('club_id').doNothing())
        .execute();
    }

    // The people who bought through her: bare accounts (they never sign in to the demo).
    const guests = GUESTS.map((name, i) => ({
      id: uuidv7(),
      name,
      email: `invitado${i + 1}@demo.nocturna.es`,
    }));
    await trx
      .insertInto('users')
      .values(
        guests.map((g) => ({
          id: g.id,
          name: g.name,
          email: g.email,
          email_verified: false,
          image: null,
          username: null,
          display_username: null,
          first_name: null,
          last_name: null,
          phone_number: null,
          date_of_birth: null,
          gender: null,
          search_text: foldForSearch(g.name),
          created_at: at,
          updated_at: at,
        })),
      )
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();

    // Last week's night at the first club, with the demo DJ on its line-up: 10 sold through her, 8 came in.
    const lastWeek = lastOpenNight(main.opening_days, new Date(now.getTime() - 7 * DAY));
    const pastId = await insertEvent(
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
    const ticket = async (
      eventId: string,
      typeId: string,
      holder: { id: string; name: string },
      price: number,
      used: Date | null,
      extra: { guestListId?: string } = {},
    ) => {
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
    };
    for (const [i, g] of guests.slice(0, 10).entries())
      await ticket(
        pastId,
        `${pastId}-tt1`,
        g,
        1500,
        i < 8 ? new Date(lastWeek.getTime() + (40 + i * 9) * 60_000) : null,
      );
    // That night's statement is paid (frozen): 8 × 2 €.
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

    // The next two nights of the first club: sales through her link, and a guest list on the first.
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
      for (const g of guests.slice(n * 4, n * 4 + 4)) await ticket(ev.id, paid.id, g, paid.price_cents, null);
      if (n > 0) continue;
      // A free list type if the night has none: the club opens one for her lists.
      let free = types.find((t) => t.price_cents === 0 && !t.hidden);
      if (!free) {
        const id = `${ev.id}-lista`;
        await trx
          .insertInto('ticket_types')
          .values({
            id,
            event_id: ev.id,
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
        free = { id, price_cents: 0, hidden: false };
      }
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
        const ticketId = await ticket(ev.id, free.id, g, 0, null, { guestListId: listId });
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

    // The demo DJ: a profile, the opening set of the next nights of both clubs (the last one still to confirm)
    // and followers won over the last four weeks.
    await trx
      .insertInto('dj_profiles')
      .values({
        user_id: dj.id,
        slug: 'dj-diego',
        name: dj.name,
        photo_url: null,
        bio: 'Techno y house de Madrid. Residente en las noches de Kapital y Neón; cierro sets largos con vinilo.',
        genres: JSON.stringify(['techno', 'house']),
        links: JSON.stringify([{ label: 'SoundCloud', url: 'https://soundcloud.com/dj-diego-nocturna' }]),
        updated_at: at,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const slots = await trx
      .selectFrom('events')
      .select('id')
      .where(
        'club_id',
        'in',
        clubs.map((c) => c.id),
      )
      .where('status', '=', 'published')
      .where('start_at', '>', at)
      .orderBy('start_at')
      .limit(4)
      .execute();
    for (const [i, ev] of slots.entries()) {
      // The description names the opening DJ it had: it names the demo DJ now, as the line-up does.
      const opener = await trx
        .selectFrom('event_lineup')
        .innerJoin('events', 'events.id', 'event_lineup.event_id')
        .select(['event_lineup.dj_name', 'events.description'])
        .where('event_lineup.event_id', '=', ev.id)
        .where('event_lineup.position', '=', 0)
        .executeTakeFirst();
      if (opener && opener.dj_name !== dj.name)
        await trx
          .updateTable('events')
          .set({ description: opener.description.split(opener.dj_name).join(dj.name) })
          .where('id', '=', ev.id)
          .execute();
      await trx
        .updateTable('event_lineup')
        .set({ dj_name: dj.name, dj_user_id: dj.id, search_text: foldForSearch(dj.name) })
        .where('event_id', '=', ev.id)
        .where('position', '=', 0)
        .execute();
      if (i < slots.length - 1)
        await trx
          .insertInto('dj_bookings')
          .values({ event_id: ev.id, dj_user_id: dj.id, status: 'confirmed', responded_at: at })
          .execute();
    }
    const fans = [...guests, ...(user ? [{ id: user.id }] : [])];
    await trx
      .insertInto('dj_follows')
      .values(
        fans.map((f, i) => ({
          dj_user_id: dj.id,
          follower_id: f.id,
          created_at: new Date(now.getTime() - (28 - i * 2) * DAY).toISOString(),
        })),
      )
      .execute();
  });
  return true;
}

// 23:30 on the latest night, on or before `before`, that the club opens (its opening days, as stored: "THU,FRI").
function lastOpenNight(openingDays: string, before: Date): Date {
  const open = openingDays.split(',');
  let night = nightStart(before);
  for (let n = 0; n < 7 && !open.includes(madridWeekday(night)); n++)
    night = nightStart(new Date(night.getTime() - 12 * 3600_000));
  return madridInstant(madridWallClock(night).date, '23:30');
}
