// The door's figures of an event: refusals by reason and the people out for a smoke right now,
// both counted by the database.
import { sql } from 'kysely';
import { REFUSAL_REASONS, type RefusalReason } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';

const n = (v: unknown) => Number(v ?? 0);

export async function doorFigures(db: Db, eventId: string) {
  const [reasons, out] = await Promise.all([
    db
      .selectFrom('door_refusals')
      .select((eb) => ['reason', eb.fn.countAll<number>().as('refused')])
      .where('event_id', '=', eventId)
      .groupBy('reason')
      .execute(),
    db
      .selectFrom('door_movements')
      .select(sql<number>`coalesce(sum(case when kind = 'exit' then 1 else -1 end), 0)`.as('out'))
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow(),
  ]);
  const refusalsByReason = REFUSAL_REASONS.map((reason: RefusalReason) => ({
    reason,
    refused: n(reasons.find((r) => r.reason === reason)?.refused),
  }));
  return {
    refusalsByReason,
    refused: refusalsByReason.reduce((s, r) => s + r.refused, 0),
    outNow: n(out.out),
  };
}
