// Ticket types of an event as its club manages them: add, edit, pause and resume, reorder, delete. Capacity
// never goes below what is sold, and the types never add up to more than the club's aforo unless the event
// says the CEO allowed it. The database re-checks "not below sold" in the UPDATE itself, so a sale landing
// between the read and the write cannot be undercut.
import type { ManagedTicketType, TicketTypeInput } from '@nocturna/shared';
import { type ticketTypeUpdateSchema } from '@nocturna/shared';
import type { z } from 'zod';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../../db/connect.ts';
import { AppError, badRequest } from '../../../http/errors.ts';
import { changedFields, writeAudit, type Actor } from '../audit/repository.ts';
import { checkAforo, checkWindow, eventForTypes, requireBillingForCards } from './checks.ts';
import { managedTicketTypes, refreshMinPrice, typeOf, writeCodes } from './repository.ts';

type TypeUpdate = z.infer<typeof ticketTypeUpdateSchema>;

export async function addTicketType(
  db: Db,
  actor: Actor,
  eventId: string,
  input: TicketTypeInput,
): Promise<ManagedTicketType[]> {
  const event = await eventForTypes(db, actor, eventId);
  checkWindow(input.salesFrom, input.salesUntil);
  if (input.priceCents > 0 && input.payment === 'online') await requireBillingForCards(db, event.club_id);
  await checkAforo(db, event, null, input.capacity);
  const id = `${event.id}-${uuidv7()}`;
  await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('ticket_types')
      .select((eb) => eb.fn.max<number>('position').as('max'))
      .where('event_id', '=', event.id)
      .executeTakeFirst();
    await trx
      .insertInto('ticket_types')
      .values({
        id,
        event_id: event.id,
        position: (last?.max ?? -1) + 1,
        name: input.name,
        price_cents: input.priceCents,
        currency: 'EUR',
        capacity: input.capacity,
        kind: input.priceCents === 0 ? 'free' : (input.payment ?? 'door'),
        sales_from: input.salesFrom ?? null,
        sales_until: input.salesUntil ?? null,
        entry_until: null,
        per_person_limit: input.perPersonLimit,
        hidden: input.hidden,
      })
      .execute();
    await writeCodes(trx, id, input.codes);
    await refreshMinPrice(trx, event.id);
    await writeAudit(trx, {
      actor,
      clubId: event.club_id,
      entity: 'ticket_type',
      entityId: id,
      action: 'create',
      after: input,
    });
  });
  return managedTicketTypes(db, event.id);
}

// The type as the patch leaves it: each field the patch sets, the current value of the others. At price 0 it is
// free; a paid type keeps how it is paid (at the door for one that was free) unless the patch says.
function nextType(current: ManagedTicketType, kind: 'free' | 'door' | 'online', patch: TypeUpdate) {
  return {
    name: patch.name ?? current.name,
    priceCents: patch.priceCents ?? current.price.cents,
    capacity: patch.capacity ?? current.capacity,
    salesFrom: patch.salesFrom === undefined ? current.salesFrom : patch.salesFrom,
    salesUntil: patch.salesUntil === undefined ? current.salesUntil : patch.salesUntil,
    perPersonLimit: patch.perPersonLimit ?? current.perPersonLimit,
    kind:
      (patch.priceCents ?? current.price.cents) === 0
        ? ('free' as const)
        : (patch.payment ?? (kind === 'free' ? 'door' : kind)),
    hidden: patch.hidden ?? current.hidden,
    paused: patch.paused ?? current.paused,
    codes: patch.codes ? [...new Set(patch.codes.map((c) => c.toUpperCase()))].sort() : current.codes,
  };
}

export async function updateTicketType(
  db: Db,
  actor: Actor,
  eventId: string,
  typeId: string,
  patch: TypeUpdate,
): Promise<{ types: ManagedTicketType[]; resumed: boolean }> {
  const event = await eventForTypes(db, actor, eventId);
  const type = await typeOf(db, event.id, typeId);
  const current = (await managedTicketTypes(db, event.id)).find((t) => t.id === typeId)!;
  const next = nextType(current, type.kind, patch);
  checkWindow(next.salesFrom, next.salesUntil);
  if (next.kind === 'online' && type.kind !== 'online') await requireBillingForCards(db, event.club_id);
  if (next.capacity < current.sold)
    throw badRequest(
      'capacity',
      `Ya se han vendido ${current.sold} entradas de este tipo: las plazas no pueden ser menos.`,
    );
  if (next.priceCents !== current.price.cents && current.sold > 0)
    throw badRequest(
      'priceCents',
      'Ya hay entradas vendidas a este precio: crea otro tipo con el precio nuevo.',
    );
  // Only a raise can break the aforo rule. Lowering is what its message asks for, and is allowed even while the
  // night is still over (the club's capacity lowered after its types were set).
  if (next.capacity > current.capacity) await checkAforo(db, event, typeId, next.capacity);
  const { id: _id, sold: _sold, position: _p, price, ...rest } = current;
  const diff = changedFields({ ...rest, priceCents: price.cents }, next);
  if (!diff) return { types: await managedTicketTypes(db, event.id), resumed: false };
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('ticket_types')
      .set({
        name: next.name,
        price_cents: next.priceCents,
        kind: next.kind,
        capacity: next.capacity,
        sales_from: next.salesFrom,
        sales_until: next.salesUntil,
        per_person_limit: next.perPersonLimit,
        hidden: next.hidden,
        sales_paused: next.paused,
      })
      .where('id', '=', typeId)
      // A sale between our read and this write must not leave capacity below what is sold.
      .where('sold', '<=', next.capacity)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1)
      throw badRequest(
        'capacity',
        'Se han vendido más entradas mientras editabas: las plazas no pueden ser menos que las vendidas.',
      );
    if (patch.codes) await writeCodes(trx, typeId, next.codes);
    await refreshMinPrice(trx, event.id);
    const action =
      patch.paused === true && !current.paused
        ? 'pause'
        : patch.paused === false && current.paused
          ? 'resume'
          : 'update';
    await writeAudit(trx, {
      actor,
      clubId: event.club_id,
      entity: 'ticket_type',
      entityId: typeId,
      action,
      ...diff,
    });
  });
  return {
    types: await managedTicketTypes(db, event.id),
    resumed: (current.paused && !next.paused) || next.capacity > current.capacity,
  };
}

export async function deleteTicketType(
  db: Db,
  actor: Actor,
  eventId: string,
  typeId: string,
): Promise<ManagedTicketType[]> {
  const event = await eventForTypes(db, actor, eventId);
  const type = await typeOf(db, event.id, typeId);
  const issued = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ticket_type_id', '=', typeId)
    .executeTakeFirstOrThrow();
  if (Number(issued.n) > 0)
    throw new AppError(
      409,
      'TICKET_TYPE_HAS_TICKETS',
      'Este tipo ya tiene entradas: pausa su venta en lugar de borrarlo.',
    );
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('ticket_type_codes').where('ticket_type_id', '=', typeId).execute();
    await trx.deleteFrom('ticket_holdings').where('ticket_type_id', '=', typeId).execute();
    const gone = await trx
      .deleteFrom('ticket_types')
      .where('id', '=', typeId)
      .where('sold', '=', 0)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1)
      throw new AppError(
        409,
        'TICKET_TYPE_HAS_TICKETS',
        'Este tipo ya tiene entradas: pausa su venta en lugar de borrarlo.',
      );
    await refreshMinPrice(trx, event.id);
    await writeAudit(trx, {
      actor,
      clubId: event.club_id,
      entity: 'ticket_type',
      entityId: typeId,
      action: 'delete',
      before: { name: type.name, priceCents: type.price_cents, capacity: type.capacity },
    });
  });
  return managedTicketTypes(db, event.id);
}

export async function reorderTicketTypes(
  db: Db,
  actor: Actor,
  eventId: string,
  ids: string[],
): Promise<ManagedTicketType[]> {
  const event = await eventForTypes(db, actor, eventId);
  const current = await managedTicketTypes(db, event.id);
  const known = new Set(current.map((t) => t.id));
  if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
    throw badRequest('ids', 'Envía todos los tipos de entrada del evento, cada uno una vez.');
  await db.transaction().execute(async (trx) => {
    for (const [position, id] of ids.entries())
      await trx.updateTable('ticket_types').set({ position }).where('id', '=', id).execute();
    await writeAudit(trx, {
      actor,
      clubId: event.club_id,
      entity: 'event',
      entityId: event.id,
      action: 'reorder_ticket_types',
      before: { order: current.map((t) => t.id) },
      after: { order: ids },
    });
  });
  return managedTicketTypes(db, event.id);
}
