// The door side of the demo: the demo CEO (ceo@demo.nocturna.es) runs two Madrid clubs, so their panel and
// the door page have something to show. Idempotent: a demo CEO who already runs any club is left as is
// (an admin may have changed their clubs on purpose), and clubs missing from the database are skipped.
import type { Db } from '../db/connect.ts';
import * as clock from '../clock.ts';

export const DEMO_CEO_EMAIL = 'ceo@demo.nocturna.es';
// Open four nights a week each, so most nights one of them has an event.
export const DEMO_CEO_CLUBS = ['kapital', 'neon-malasana'] as const;

export async function seedMadridDoor(db: Db): Promise<number> {
  const ceo = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_CEO_EMAIL)
    .executeTakeFirst();
  if (!ceo) return 0;
  const runs = await db
    .selectFrom('club_staff')
    .select('club_id')
    .where('user_id', '=', ceo.id)
    .executeTakeFirst();
  if (runs) return 0;
  const clubs = await db
    .selectFrom('clubs')
    .select('id')
    .where('slug', 'in', [...DEMO_CEO_CLUBS])
    .execute();
  if (clubs.length === 0) return 0;
  const at = clock.now().toISOString();
  await db
    .insertInto('club_staff')
    .values(
      clubs.map((club) => ({
        club_id: club.id,
        user_id: ceo.id,
        role: 'owner' as const,
        added_by: null,
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['club_id', 'user_id']).doNothing())
    .execute();
  return clubs.length;
}

export const DEMO_DOOR_EMAIL = 'puerta@demo.nocturna.es';
export const DEMO_DOOR_CLUB = 'kapital';

// The demo door account scans at Kápital's door, as staff the club added (role 'door'), and nowhere else.
// Idempotent like the CEO's: an account already on any club's staff is left as is.
export async function seedMadridDoorStaff(db: Db): Promise<boolean> {
  const door = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_DOOR_EMAIL)
    .executeTakeFirst();
  if (!door) return false;
  const onStaff = await db
    .selectFrom('club_staff')
    .select('club_id')
    .where('user_id', '=', door.id)
    .executeTakeFirst();
  if (onStaff) return false;
  const club = await db
    .selectFrom('clubs')
    .select('id')
    .where('slug', '=', DEMO_DOOR_CLUB)
    .executeTakeFirst();
  if (!club) return false;
  const ceo = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_CEO_EMAIL)
    .executeTakeFirst();
  await db
    .insertInto('club_staff')
    .values({
      club_id: club.id,
      user_id: door.id,
      role: 'door',
      added_by: ceo?.id ?? null,
      created_at: clock.now().toISOString(),
    })
    .onConflict((oc) => oc.columns(['club_id', 'user_id']).doNothing())
    .execute();
  return true;
}
