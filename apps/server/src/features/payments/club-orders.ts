// The card orders of one event, for the club that runs it: counts, tickets and money per status, summed in SQL.
import type { EventOrdersSummary } from '@nocturna/shared';
import { orderStatusSchema } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../http/errors.ts';
import { requireClubManager } from '../club-staff/index.ts';
import * as repo from './repository.ts';

export async function eventOrders(
  db: Db,
  actor: { id: string },
  eventIdOrSlug: string,
): Promise<EventOrdersSummary> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'club_id'])
    .where((eb) => eb.or([eb('id', '=', eventIdOrSlug), eb('slug', '=', eventIdOrSlug)]))
    .executeTakeFirst();
  if (!event) throw notFound('El evento', 'EVENT_NOT_FOUND');
  await requireClubManager(db, actor, event.club_id);
  const rows = await repo.ordersSummaryOfEvent(db, event.id);
  const eur = (cents: number) => ({ cents, currency: 'EUR' as const });
  let charged = 0;
  let refunded = 0;
  const byStatus = rows.map((r) => {
    const status = orderStatusSchema.parse(r.status);
    const total = Number(r.total_cents ?? 0);
    if (status !== 'pending' && status !== 'expired') charged += total;
    refunded += Number(r.refunded_cents ?? 0);
    return { status, orders: Number(r.orders), tickets: Number(r.tickets ?? 0), total: eur(total) };
  });
  return { eventId: event.id, byStatus, charged: eur(charged), refunded: eur(refunded) };
}
