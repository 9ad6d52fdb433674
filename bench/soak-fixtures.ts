// What the soak benchmark loads into its schema before the servers take traffic, written straight to the tables
// through the app's own catalogue writer: the Madrid dataset scaled up (what visitors browse), nights under
// way at clubs, each with a free ticket type of large capacity (what buyers get and the door scans), people with
// sessions signed the way better-auth signs them (signing up thousands through the password hash would take
// minutes and measure nothing here), and the clubs' door staff. Tonight is spread over `nights` clubs as in a city:
// one club taking every ticket of the run would grow to tens of thousands of entries, which no room holds. Every request of the soak itself is then
// authenticated by better-auth reading the session from PostgreSQL.
import crypto from 'node:crypto';
import type { Db } from '../apps/server/src/db/connect.ts';
import { insertClub, insertEvent } from '../apps/server/src/seed/catalogue-writer.ts';
import { loadScaledMadrid } from './scaled-madrid.ts';
import { userRow } from './user-rows.ts';

export type SoakUser = { id: string; cookie: string };

export type SoakFixtures = {
  clubs: number;
  events: number;
  // Slugs of published events not over yet and of clubs, for the browse requests.
  eventSlugs: string[];
  eventIds: string[];
  clubSlugs: string[];
  genres: string[];
  // Tonight's events under way, each with its free ticket type and its club's door staff.
  nights: { eventId: string; typeId: string; doorStaff: SoakUser[] }[];
  people: SoakUser[];
};

async function sessionUsers(db: Db, secret: string, prefix: string, count: number): Promise<SoakUser[]> {
  const at = new Date().toISOString();
  const expires = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const users = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    token: crypto.randomBytes(24).toString('base64url'),
  }));
  for (let i = 0; i < users.length; i += 500) {
    const chunk = users.slice(i, i + 500);
    await db
      .insertInto('users')
      .values(chunk.map((u, j) => userRow(u.id, `Persona ${i + j}`, at)))
      .execute();
    await db
      .insertInto('sessions')
      .values(
        chunk.map((u) => ({
          id: `s-${u.id}`,
          user_id: u.id,
          token: u.token,
          expires_at: expires,
          ip_address: null,
          user_agent: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
  return users.map((u) => {
    const signature = crypto.createHmac('sha256', secret).update(u.token).digest('base64');
    return { id: u.id, cookie: `nocturna.session_token=${encodeURIComponent(`${u.token}.${signature}`)}` };
  });
}

export async function loadSoakFixtures(
  db: Db,
  options: { scale: number; people: number; nights: number; doorStaffPerNight: number; authSecret: string },
): Promise<SoakFixtures> {
  const now = new Date();
  const { clubs, events } = await loadScaledMadrid(db, options.scale, now);

  const people = await sessionUsers(db, options.authSecret, 'soak-person', options.people);
  const at = now.toISOString();
  const nights: SoakFixtures['nights'] = [];
  for (let n = 0; n < options.nights; n++) {
    const clubId = await insertClub(db, {
      slug: `sala-soak-${n}`,
      name: `Sala Soak ${n}`,
      barrio: 'Centro',
      openingDays: ['FRI', 'SAT'],
      capacity: 100_000,
    });
    const eventId = await insertEvent(
      db,
      {
        slug: `noche-soak-${n}`,
        clubId,
        name: `Noche de soak ${n}`,
        startAt: new Date(now.getTime() - 3600_000),
        endAt: new Date(now.getTime() + 12 * 3600_000),
        ticketTypes: [{ name: 'General', priceCents: 0, capacity: 1_000_000, perPersonLimit: 100 }],
      },
      `Sala Soak ${n}`,
    );
    const doorStaff = await sessionUsers(db, options.authSecret, `soak-door-${n}`, options.doorStaffPerNight);
    await db
      .insertInto('club_staff')
      .values(
        doorStaff.map((d) => ({
          club_id: clubId,
          user_id: d.id,
          role: 'door',
          added_by: null,
          created_at: at,
        })),
      )
      .execute();
    nights.push({ eventId, typeId: `${eventId}-tt1`, doorStaff });
  }

  const upcoming = await db
    .selectFrom('events')
    .select(['id', 'slug'])
    .where('status', '=', 'published')
    .where('end_at', '>', at)
    .execute();
  const clubRows = await db.selectFrom('clubs').select('slug').execute();
  return {
    clubs: clubs + options.nights,
    events: events + options.nights,
    eventSlugs: upcoming.map((e) => e.slug),
    eventIds: upcoming.map((e) => e.id),
    clubSlugs: clubRows.map((c) => c.slug),
    genres: ['techno', 'house', 'reggaeton', 'indie', 'electronica'],
    nights,
    people,
  };
}
