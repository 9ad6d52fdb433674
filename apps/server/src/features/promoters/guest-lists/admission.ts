// A place on a guest list and its ticket. Each guest gets a real ticket of the list's type (the door shows "Lista de
// {promotor}"). The cupo and the closing time are decided by one conditional UPDATE (repository.takeListPlace) in
// the same transaction as the ticket: the last place goes to one person.
import { uuidv7 } from 'uuidv7';
import type { Notification } from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import { toIso } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';
import type { RealtimeBus } from '../../../realtime/bus.ts';
import { publishNotification } from '../../notifications/index.ts';
import { issueListTicket } from '../../tickets/index.ts';
import type { TicketSigner } from '../../tickets/index.ts';
import * as repo from './repository.ts';

export type ListsContext = { db: Db; bus: RealtimeBus; signer: TicketSigner };

const listFull = () => new AppError(409, 'GUEST_LIST_FULL', 'La lista está completa: no quedan plazas.');
const listClosed = () => new AppError(409, 'GUEST_LIST_CLOSED', 'La lista ya está cerrada.');
const alreadyOnList = () => new AppError(409, 'ALREADY_ON_LIST', 'Ya estás en esta lista.');

class SoldOut extends Error {}

// One place on a list and its ticket, in one transaction: the place first (the guard), then the entry and ticket.
export async function admit(
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
