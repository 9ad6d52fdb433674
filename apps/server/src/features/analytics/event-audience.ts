// Who bought tickets to an event: people (not tickets) by age on the night and by gender, bucketed and counted by
// the database.
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

const LIVE = ['valid', 'used'];
const n = (v: unknown) => Number(v ?? 0);

const AGE_BUCKETS = ['18–20', '21–24', '25–29', '30–34', '35+'] as const;

// Age on the night, from the profile's date of birth (YYYY-MM-DD text), bucketed by the database.
export async function ageMix(db: Db, eventId: string, eventDay: string) {
  const age = sql<number>`(cast(substr(${eventDay}, 1, 4) as integer) - cast(substr(u.date_of_birth, 1, 4) as integer)
    - case when substr(${eventDay}, 6, 5) < substr(u.date_of_birth, 6, 5) then 1 else 0 end)`;
  const bucket = sql<string>`case
      when ${age} < 21 then '18–20'
      when ${age} < 25 then '21–24'
      when ${age} < 30 then '25–29'
      when ${age} < 35 then '30–34'
      else '35+' end`;
  const rows = await db
    .selectFrom('tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select((eb) => [bucket.as('bucket'), eb.fn.count<number>('t.user_id').distinct().as('people')])
    .where('t.event_id', '=', eventId)
    .where('t.status', 'in', LIVE)
    .where('u.date_of_birth', 'is not', null)
    .groupBy(sql.ref('bucket'))
    .execute();
  return AGE_BUCKETS.map((b) => ({ bucket: b, people: n(rows.find((r) => r.bucket === b)?.people) }));
}

// The profile's gender ('unknown' when not given), most people first.
export async function genderMix(db: Db, eventId: string) {
  const genders = await db
    .selectFrom('tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select((eb) => [
      eb.fn.coalesce('u.gender', eb.val('unknown')).as('gender'),
      eb.fn.count<number>('t.user_id').distinct().as('people'),
    ])
    .where('t.event_id', '=', eventId)
    .where('t.status', 'in', LIVE)
    .groupBy(sql.ref('gender'))
    .orderBy('people', 'desc')
    .execute();
  return genders.map((g) => ({ gender: String(g.gender), people: n(g.people) }));
}
