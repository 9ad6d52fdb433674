// The promoters' and DJs' side of the demo: the demo RPP (rpp@demo.nocturna.es) works the demo CEO's two
// clubs with a commission each, has sold through her link for last week's night (most came in, its statement paid)
// and for the next nights, and runs a guest list; the demo DJ (dj@demo.nocturna.es) has a profile, plays on line-ups
// (one slot still to confirm) and has followers gained over the last weeks. Idempotent: skipped once the demo RPP
// works with any club. Tickets carry real signed QR codes, so the door accepts them.
import { foldForSearch } from '@nocturna/shared';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../db/connect.ts';
import type { TicketSigner } from '../features/tickets/index.ts';
import { DEMO_CEO_CLUBS } from './madrid-door.ts';
import { DAY, seedLastWeek, seedNextNights, type Guest, type PartnerSeed } from './madrid-partners-sales.ts';
import * as clock from '../clock.ts';

const RPP_EMAIL = 'rpp@demo.nocturna.es';
const DJ_EMAIL = 'dj@demo.nocturna.es';
const USER_EMAIL = 'user@demo.nocturna.es';

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
    const seed: PartnerSeed = { trx, signer, now, at, rpp, dj, clubs, main };
    await addCommissions(seed);
    const guests = await insertGuests(seed);
    await seedLastWeek(seed, guests);
    await seedNextNights(seed, guests);
    await seedDemoDj(seed, guests, user);
  });
  return true;
}

// Her commission: 2 € a person in at the first club, 10 % of the price at the second.
async function addCommissions({ trx, at, rpp, clubs }: PartnerSeed): Promise<void> {
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
}

// The people who bought through her: bare accounts (they never sign in to the demo).
async function insertGuests({ trx, at }: PartnerSeed): Promise<Guest[]> {
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
  return guests;
}

// The demo DJ: a profile, the opening set of the next nights of both clubs (the last one still to confirm)
// and followers won over the last four weeks.
async function seedDemoDj(
  seed: PartnerSeed,
  guests: Guest[],
  user: { id: string } | undefined,
): Promise<void> {
  await insertDjProfile(seed);
  await takeOpeningSlots(seed);
  await addDjFollowers(seed, guests, user);
}

async function insertDjProfile({ trx, at, dj }: PartnerSeed): Promise<void> {
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
}

// The opening set of the next four nights of both clubs, booked and confirmed but for the last.
async function takeOpeningSlots({ trx, at, dj, clubs }: PartnerSeed): Promise<void> {
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
}

// Every guest and the demo user follow the DJ, one every two days from four weeks ago.
async function addDjFollowers(
  { trx, now, dj }: PartnerSeed,
  guests: Guest[],
  user: { id: string } | undefined,
): Promise<void> {
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
}
