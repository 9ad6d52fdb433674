// Guest lists ("lista"): a promoter opens one per event with a free ticket type, a cupo and a closing time, adds
// names or shares a sign-up link. Each guest gets a real ticket of the list's type (the door shows "Lista de
// {promotor}"). The cupo and the closing time are decided by one conditional UPDATE (repository.takeListPlace) in
// the same transaction as the ticket: the last place goes to one person.
import crypto from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { GuestList, GuestListDetail, Notification, PublicGuestList } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import { publishNotification } from '../notifications/index.ts';
import { issueListTicket } from '../tickets/index.ts';
import type { TicketSigner } from '../tickets/index.ts';
import * as repo from './repository.ts';
import { toGuestList } from './service.ts';
import * as clock from '../../clock.ts';

export type ListsContext = { db: Db; bus: RealtimeBus; signer: TicketSigner };
type Actor = { id: string; name: string };

const listMissing = () => notFound('La lista', 'GUEST_LIST_NOT_FOUND');
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
  const [row] = await repo.listsOf(db, promoter.id, [event.id]).then((all) => all.filter((l) => l.id === id));
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
    repo.listsOf(db, promoterId, [list.event_id]),
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

const listFull = () => new AppError(409, 'GUEST_LIST_FULL', 'La lista está completa: no quedan plazas.');
const listClosed = () => new AppError(409, 'GUEST_LIST_CLOSED', 'La lista ya está cerrada.');
const alreadyOnList = () => new AppError(409, 'ALREADY_ON_LIST', 'Ya estás en esta lista.');

class SoldOut extends Error {}

// One place on a list and its ticket, in one transaction: the place first (the guard), then the entry and ticket.
async function admit(
  ctx: ListsContext,
  list: { id: string; ticket_type_id: string; promoter_id: string },
  guest: { userId: string | null; holderId: string; name: string; addedBy: string },
  now: Date,
): Promise<{ ticketId: string }> {
  const nowIso = now.toISOString();
  let notification: Notification | null = null;
  let ticketId = '';
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.takeListPlace(trx, list.id, nowIso))) {
        const state = await trx
          .selectFrom('guest_lists')
          .select(['closes_at'])
          .where('id', '=', list.id)
          .executeTakeFirstOrThrow();
        throw new Date(toIso(state.closes_at)) <= now ? listClosed() : listFull();
      }
      const issued = await issueListTicket(
        trx,
        ctx.signer,
        {
          ticketTypeId: list.ticket_type_id,
          holderId: guest.holderId,
          holderName: guest.name,
          promoterId: list.promoter_id,
          listId: list.id,
          notifyHolder: guest.userId !== null,
        },
        now,
      );
      if (!issued) throw new SoldOut();
      const inserted = await trx
        .insertInto('guest_list_entries')
        .values({
          id: uuidv7(),
          list_id: list.id,
          ticket_id: issued.id,
          user_id: guest.userId,
          name: guest.name,
          added_by: guest.addedBy,
          created_at: nowIso,
        })
        .onConflict((oc) => oc.columns(['list_id', 'user_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw alreadyOnList();
      notification = issued.notification;
      ticketId = issued.id;
    });
  } catch (error) {
    if (error instanceof SoldOut)
      throw new AppError(409, 'TICKETS_SOLD_OUT', 'Agotado: el tipo de entrada de la lista no tiene plazas.');
    throw error;
  }
  if (notification) await publishNotification(ctx.db, ctx.bus, notification);
  return { ticketId };
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

async function listByToken(db: Db, token: string) {
  const list = await db
    .selectFrom('guest_lists as l')
    .innerJoin('events as e', 'e.id', 'l.event_id')
    .innerJoin('clubs as c', 'c.id', 'e.club_id')
    .innerJoin('users as p', 'p.id', 'l.promoter_id')
    .innerJoin('ticket_types as tt', 'tt.id', 'l.ticket_type_id')
    .select([
      'l.id',
      'l.name',
      'l.ticket_type_id',
      'l.promoter_id',
      'l.capacity',
      'l.filled',
      'l.closes_at',
      'p.name as promoter_name',
      'e.id as event_id',
      'e.slug as event_slug',
      'e.name as event_name',
      'e.start_at as event_start_at',
      'c.name as club_name',
      'tt.name as type_name',
    ])
    .where('l.signup_token', '=', token)
    .executeTakeFirst();
  if (!list) throw listMissing();
  return list;
}

export async function publicGuestList(
  db: Db,
  token: string,
  viewerId: string | null,
  now = clock.now(),
): Promise<PublicGuestList> {
  const list = await listByToken(db, token);
  const joined = viewerId
    ? Boolean(
        await db
          .selectFrom('guest_list_entries')
          .select('id')
          .where('list_id', '=', list.id)
          .where('user_id', '=', viewerId)
          .executeTakeFirst(),
      )
    : false;
  const left = repo.num(list.capacity) - repo.num(list.filled);
  const closesAt = toIso(list.closes_at);
  return {
    name: list.name,
    promoterName: list.promoter_name,
    eventId: list.event_id,
    eventSlug: list.event_slug,
    eventName: list.event_name,
    eventStartAt: toIso(list.event_start_at),
    clubName: list.club_name,
    typeName: list.type_name,
    closesAt,
    placesLeft: Math.max(0, left),
    state: new Date(closesAt) <= now ? 'closed' : left <= 0 ? 'full' : 'open',
    joined,
  };
}

// The person the link was shared with puts themself on the list and gets their own ticket.
export async function joinGuestList(ctx: ListsContext, person: Actor, token: string, now = clock.now()) {
  const list = await listByToken(ctx.db, token);
  return admit(
    ctx,
    list,
    { userId: person.id, holderId: person.id, name: person.name, addedBy: person.id },
    now,
  );
}
