// An event's ticket types as their rows: read with their codes, the event's lowest visible price kept up to date,
// a type's codes rewritten.
import type { ManagedTicketType } from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import { toIsoOrNull } from '../../../db/schema.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import * as clock from '../../../clock.ts';

export async function managedTicketTypes(db: Db, eventId: string): Promise<ManagedTicketType[]> {
  const [types, codes] = await Promise.all([
    db.selectFrom('ticket_types').selectAll().where('event_id', '=', eventId).orderBy('position').execute(),
    db
      .selectFrom('ticket_type_codes')
      .innerJoin('ticket_types', 'ticket_types.id', 'ticket_type_codes.ticket_type_id')
      .select(['ticket_type_codes.ticket_type_id', 'ticket_type_codes.code'])
      .where('ticket_types.event_id', '=', eventId)
      .orderBy('ticket_type_codes.code')
      .execute(),
  ]);
  return types.map((t) => ({
    id: t.id,
    name: t.name,
    price: { cents: t.price_cents, currency: 'EUR' as const },
    capacity: t.capacity,
    sold: Number(t.sold),
    salesFrom: toIsoOrNull(t.sales_from),
    salesUntil: toIsoOrNull(t.sales_until),
    perPersonLimit: t.per_person_limit,
    kind: t.kind,
    hidden: Boolean(t.hidden),
    paused: Boolean(t.sales_paused),
    codes: codes.filter((c) => c.ticket_type_id === t.id).map((c) => c.code),
    position: t.position,
  }));
}

export async function refreshMinPrice(db: Db, eventId: string) {
  const row = await db
    .selectFrom('ticket_types')
    .select((eb) => eb.fn.min<number>('price_cents').as('min'))
    .where('event_id', '=', eventId)
    .where('hidden', '=', false)
    .executeTakeFirst();
  await db
    .updateTable('events')
    .set({ min_price_cents: row?.min ?? null, updated_at: clock.now().toISOString() })
    .where('id', '=', eventId)
    .execute();
}

export async function writeCodes(db: Db, typeId: string, codes: string[]) {
  await db.deleteFrom('ticket_type_codes').where('ticket_type_id', '=', typeId).execute();
  const unique = [...new Set(codes.map((c) => c.toUpperCase()))];
  if (!unique.length) return;
  const taken = await db
    .selectFrom('ticket_type_codes')
    .innerJoin('ticket_types', 'ticket_types.id', 'ticket_type_codes.ticket_type_id')
    .select('ticket_type_codes.code')
    .where('ticket_type_codes.code', 'in', unique)
    .where('ticket_types.event_id', '=', (eb) =>
      eb.selectFrom('ticket_types as me').select('me.event_id').where('me.id', '=', typeId),
    )
    .executeTakeFirst();
  if (taken) throw badRequest('codes', `El código ${taken.code} ya lo usa otra entrada de este evento.`);
  await db
    .insertInto('ticket_type_codes')
    .values(
      unique.map((code) => ({
        ticket_type_id: typeId,
        code,
        promoter_id: null,
        created_at: clock.now().toISOString(),
      })),
    )
    .execute();
}

export async function typeOf(db: Db, eventId: string, typeId: string) {
  const type = await db
    .selectFrom('ticket_types')
    .selectAll()
    .where('id', '=', typeId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (!type) throw notFound('El tipo de entrada', 'TICKET_TYPE_NOT_FOUND');
  return type;
}
