// First start: loads the Madrid dataset (clubs, six weeks of events) and the demo accounts, in one transaction.
import { foldForSearch, type Role } from '@nocturna/shared';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../db/connect.ts';
import { insertClub, insertEvent } from './catalogue-writer.ts';
import { MADRID_CLUBS } from './madrid-clubs.ts';
import { buildMadridEvents } from './madrid-events.ts';
import { hashPassword } from '../auth/password.ts';
import { seedMadridPeople } from './madrid-people.ts';
import * as clock from '../clock.ts';

export const DEMO_PASSWORD = 'nocturna';
export const DEMO_ACCOUNTS: {
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  role?: Role;
  // What the start-up list says this account is, when its global role does not say it.
  label?: string;
}[] = [
  { email: 'user@demo.nocturna.es', firstName: 'Lucía', lastName: 'Martín', username: 'lucia' },
  {
    email: 'admin@demo.nocturna.es',
    firstName: 'Álvaro',
    lastName: 'Admin',
    username: 'admin',
    role: 'admin',
  },
  {
    email: 'ceo@demo.nocturna.es',
    firstName: 'Carmen',
    lastName: 'Ortega',
    username: 'carmen_ceo',
    role: 'ceo',
  },
  { email: 'dj@demo.nocturna.es', firstName: 'Diego', lastName: 'Jiménez', username: 'dj_diego', role: 'dj' },
  {
    email: 'rpp@demo.nocturna.es',
    firstName: 'Raquel',
    lastName: 'Pérez',
    username: 'raquel_rpp',
    role: 'rpp',
  },
  // Door staff of Kápital only (a club_staff row, no global role): see seedMadridDoorStaff.
  {
    email: 'puerta@demo.nocturna.es',
    firstName: 'Sergio',
    lastName: 'Navas',
    username: 'sergio_puerta',
    label: 'puerta de Kápital',
  },
];

export async function ensureDemoUsers(db: Db): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', account.email)
      .executeTakeFirst();
    if (existing) {
      ids.set(account.email, existing.id);
      await ensureDemoLogin(db, existing.id, account.role);
      continue;
    }
    const id = uuidv7();
    const name = `${account.firstName} ${account.lastName}`;
    const now = clock.now().toISOString();
    await db
      .insertInto('users')
      .values({
        id,
        name,
        email: account.email,
        email_verified: true,
        image: null,
        username: account.username,
        display_username: account.username,
        first_name: account.firstName,
        last_name: account.lastName,
        phone_number: null,
        date_of_birth: null,
        gender: null,
        search_text: foldForSearch(`${name} ${account.username}`),
        created_at: now,
        updated_at: now,
      })
      .execute();
    ids.set(account.email, id);
    await ensureDemoLogin(db, id, account.role);
  }
  return ids;
}

// A demo account signs in with DEMO_PASSWORD (a better-auth credential account) and holds its role.
async function ensureDemoLogin(db: Db, userId: string, role: Role | undefined): Promise<void> {
  const now = clock.now().toISOString();
  const credential = await db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .executeTakeFirst();
  if (!credential) {
    await db
      .insertInto('accounts')
      .values({
        id: uuidv7(),
        user_id: userId,
        account_id: userId,
        provider_id: 'credential',
        access_token: null,
        refresh_token: null,
        id_token: null,
        access_token_expires_at: null,
        refresh_token_expires_at: null,
        scope: null,
        password: await hashPassword(DEMO_PASSWORD),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  if (role) {
    await db
      .insertInto('user_roles')
      .values({ user_id: userId, role, granted_by: null, granted_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
      .execute();
  }
}

export async function seedMadridIfEmpty(
  db: Db,
  now: Date = clock.now(),
): Promise<{ clubs: number; events: number } | null> {
  const { count } = await db
    .selectFrom('clubs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) return null;
  return db.transaction().execute(async (trx) => {
    const clubs = [];
    for (const club of MADRID_CLUBS) clubs.push({ ...club, id: await insertClub(trx, club) });
    const events = buildMadridEvents(clubs, now);
    for (const { clubName, ...event } of events) await insertEvent(trx, event, clubName);
    await seedMadridPeople(trx, await ensureDemoUsers(trx));
    return { clubs: clubs.length, events: events.length };
  });
}
