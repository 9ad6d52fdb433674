// Commission rules: what a promoter earns on one ticket type where it differs from their default for the club, set
// and removed by the club's CEO (or an admin).
import type { Commission } from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import { notFound } from '../../../http/errors.ts';
import { attachedOr404, managedClub } from '../club-access.ts';
import { aboveFaceValue, euros } from '../commission-values.ts';

type Actor = { id: string; name: string };

// A promoter's commission on one ticket type of the club's events (null removes it: the default applies).
export async function setCommissionRule(
  db: Db,
  actor: Actor,
  clubIdOrSlug: string,
  userId: string,
  ticketTypeId: string,
  rule: Commission | null,
) {
  const club = await managedClub(db, actor, clubIdOrSlug);
  await attachedOr404(db, club.id, userId);
  const type = await db
    .selectFrom('ticket_types')
    .innerJoin('events', 'events.id', 'ticket_types.event_id')
    .select(['ticket_types.id', 'ticket_types.price_cents'])
    .where('ticket_types.id', '=', ticketTypeId)
    .where('events.club_id', '=', club.id)
    .executeTakeFirst();
  if (!type) throw notFound('Ese tipo de entrada en esta discoteca', 'TICKET_TYPE_NOT_FOUND');
  const price = Number(type.price_cents);
  if (rule?.kind === 'fixed' && rule.value > price)
    throw aboveFaceValue(
      'value',
      `Un importe fijo no puede superar el precio de la entrada (${euros(price)}): la comisión nunca es más de lo que se cobra por ella.`,
    );
  if (!rule) {
    await db
      .deleteFrom('promoter_commission_rules')
      .where('promoter_id', '=', userId)
      .where('ticket_type_id', '=', ticketTypeId)
      .execute();
    return;
  }
  await db
    .insertInto('promoter_commission_rules')
    .values({
      promoter_id: userId,
      ticket_type_id: ticketTypeId,
      club_id: club.id,
      kind: rule.kind,
      value: rule.value,
    })
    .onConflict((oc) =>
      oc.columns(['promoter_id', 'ticket_type_id']).doUpdateSet({ kind: rule.kind, value: rule.value }),
    )
    .execute();
}
