// Guest lists ("lista") on the promoter's side: a promoter opens one per event with a free ticket type, a cupo and a
// closing time, reads it with its guests and adds names. Sharing its sign-up link is signup.ts; a place and its
// ticket, admission.ts.
import crypto from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { GuestList, GuestListDetail } from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import { toIso } from '../../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../../http/errors.ts';
import { admit, type ListsContext } from './admission.ts';
import { listsOf, toGuestList } from './repository.ts';
import * as clock from '../../../clock.ts';

type Actor = { id: string; name: string };

export const listMissing = () => notFound('La lista', 'GUEST_LIST_NOT_FOUND');
const notYours = () =>
  new AppError(403, 'NOT_YOUR_LIST', 'Esta lista es de otro RPP: solo ves y llevas las tuyas.');

async function promotedEvent(db: Db, promoterId: string, eventId: string) {
  const row = await db
    .selectFrom('events')
    .innerJoin('club_promoters as cp', 'cp.club_id', 'events.club_id')
    .select(['events.id', 'events.club_id', 'events.start_at', 'events.end_at', 'events.status'])
    .where((eb) => eb.or([eb('events.id', '=', eventId), eb('events.slug', '=', eventId)]))
    .where('cp.user_id', '=', promoterId)
    .where('cp.removed_at', 'is', null)
    .executeTakeFirst();
  if (row) return row;
  const exists = await db.selectFrom('events').select('id').where('id', '=', eventId).executeTakeFirst();
  if (!exists) throw notFound('El evento', 'EVENT_NOT_FOUND');
  throw new AppError(403, 'NOT_CLUB_PROMOTER', 'No eres RPP de la discoteca de este evento.');
}

export async function createGuestList(
  db: Db,
  promoter: Actor,
  eventId: string,
  input: { name: string; ticketTypeId: string; capacity: number; closesAt: string },
  now = clock.now(),
): Promise<GuestList> {
  const event = await promotedEvent(db, promoter.id, eventId);
  if (event.status !== 'published')
    throw new AppError(409, 'EVENT_NOT_PUBLISHED', 'El evento no está publicado: aún no puede tener listas.');
  const type = await db
    .selectFrom('ticket_types')
    .select(['id', 'name', 'price_cents'])
    .where('id', '=', input.ticketTypeId)
    .where('event_id', '=', event.id)
    .executeTakeFirst();
  if (!type) throw badRequest('ticketTypeId', 'Ese tipo de entrada no es de este evento.');
  if (type.price_cents !== 0)
    throw badRequest('ticketTypeId', 'Una lista reparte entradas gratis: elige un tipo de entrada gratuito.');
  const closesAt = new Date(input.closesAt);
  if (closesAt <= now) throw badRequest('closesAt', 'La hora de cierre ya ha pasado.');
  if (closesAt > new Date(toIso(event.end_at)))
    throw badRequest('closesAt', 'La lista tiene que cerrar antes de que acabe el evento.');
  const id = uuidv7();
  await db
    .insertInto('guest_lists')
    .values({
      id,
      event_id: event.id,
      club_id: event.club_id,
      promoter_id: promoter.id,
      ticket_type_id: type.id,
      name: input.name,
      capacity: input.capacity,
      closes_at: closesAt.toISOString(),
      signup_token: crypto.randomBytes(12).toString('base64url'),
      created_at: now.toISOString(),
    })
    .execute();
  const [row] = await listsOf(db, promoter.id, [event.id]).then((all) => all.filter((l) => l.id === id));
  return toGuestList(row!);
}

async function ownList(db: Db, promoterId: string, listId: string) {
  const list = await db.selectFrom('guest_lists').selectAll().where('id', '=', listId).executeTakeFirst();
  if (!list) throw listMissing();
  if (list.promoter_id !== promoterId) throw notYours();
  return list;
}

export async function guestListDetail(db: Db, promoterId: string, listId: string): Promise<GuestListDetail> {
  const list = await ownList(db, promoterId, listId);
  const [rows, guests] = await Promise.all([
    listsOf(db, promoterId, [list.event_id]),
    db
      .selectFrom('guest_list_entries as g')
      .innerJoin('tickets as t', 't.id', 'g.ticket_id')
      .select(['g.id', 'g.name', 'g.ticket_id', 't.status', 'g.created_at'])
      .where('g.list_id', '=', listId)
      .orderBy('g.created_at')
      .execute(),
  ]);
  const row = rows.find((l) => l.id === listId)!;
  return {
    ...toGuestList(row),
    guests: guests.map((g) => ({
      id: g.id,
      name: g.name,
      ticketId: g.ticket_id,
      status: g.status as 'valid' | 'used' | 'cancelled' | 'transferred',
      createdAt: toIso(g.created_at),
    })),
  };
}

// The promoter writes a name: the ticket is held by the promoter under the guest's name (the door finds it by name).
export async function addGuest(
  ctx: ListsContext,
  promoter: Actor,
  listId: string,
  name: string,
  now = clock.now(),
) {
  const list = await ownList(ctx.db, promoter.id, listId);
  return admit(ctx, list, { userId: null, holderId: promoter.id, name, addedBy: promoter.id }, now);
}
