// Refusing a ticket at the door: the ticket becomes 'rechazada' with a reason, the holder is
// told, and the club's policy (clubs.refund_on_refusal) decides whether a card-paid ticket is refunded. All of
// it commits together, behind the conditional UPDATE in markRefused(): a ticket already used or refused is not.
import { uuidv7 } from 'uuidv7';
import { DOOR_SOCKET_EVENTS, type RefuseRequest, type RefuseResult } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { createNotification, publishNotification } from '../notifications/index.ts';
import { recordTicketHistory, refundIfPaidOnline } from '../tickets/index.ts';
import type { DoorContext } from './context.ts';
import { ticketRefused } from './notification-messages.ts';
import * as refusals from './refusal-repository.ts';
import * as repo from './repository.ts';
import { aforo, isUniqueViolation, requireDoorEvent, toDoorTicket, type DoorEventRow } from './service.ts';
import * as clock from '../../clock.ts';

type Actor = { id: string };

export type Refusal = {
  ticket: repo.DoorTicketRow;
  event: DoorEventRow;
  actor: Actor;
  door: string;
  reason: RefuseRequest['reason'];
  note: string | null;
  entryId: string | null;
  clientId: string | null;
  at: string;
  offline: boolean;
};

// Inside the caller's transaction. Null when the guard did not let the refusal through.
export async function recordRefusal(trx: Db, r: Refusal) {
  const changed = await refusals.markRefused(trx, {
    ticketId: r.ticket.id,
    staffUserId: r.actor.id,
    entryId: r.entryId,
    at: r.at,
  });
  if (!changed) return null;
  if (r.entryId) await refusals.undoEntry(trx, r.entryId, r.ticket.id);
  const policy = await refusals.refundPolicyOf(trx, r.ticket.id);
  // Paid by card (a transferred ticket too: the refund job finds the order that paid for it).
  const refunded = Boolean(policy.refund_on_refusal) && policy.payment_status === 'paid';
  if (refunded) await refundIfPaidOnline(trx, r.ticket.id, 'refused_at_door');
  await refusals.insertRefusal(trx, {
    id: uuidv7(),
    ticket_id: r.ticket.id,
    event_id: r.event.id,
    staff_user_id: r.actor.id,
    door: r.door,
    reason: r.reason,
    note: r.note,
    refunded,
    client_id: r.clientId,
    offline: r.offline,
    refused_at: r.at,
    synced_at: clock.now().toISOString(),
  });
  await recordTicketHistory(trx, {
    id: uuidv7(),
    ticket_id: r.ticket.id,
    event_id: r.event.id,
    action: 'refused',
    actor_id: r.actor.id,
    counterpart_id: null,
    related_ticket_id: null,
    detail: JSON.stringify({ door: r.door, reason: r.reason, note: r.note, refunded, offline: r.offline }),
    created_at: r.at,
  });
  const notification = r.ticket.user_id
    ? await createNotification(
        trx,
        ticketRefused({
          userId: r.ticket.user_id,
          ticketId: r.ticket.id,
          eventId: r.event.id,
          eventName: r.event.name,
          reason: r.reason,
          note: r.note,
          refunded,
        }),
      )
    : null;
  return { refunded, notification };
}

export async function announceRefusal(
  ctx: DoorContext,
  eventId: string,
  notification: Awaited<ReturnType<typeof createNotification>> | null,
) {
  if (notification)
    await publishNotification(ctx.db, ctx.bus, notification).catch((err: unknown) =>
      ctx.log.warn({ err }, 'refusal notification push failed'),
    );
  const current = await aforo(ctx.db, eventId);
  ctx.pushToDoors(eventId, DOOR_SOCKET_EVENTS.aforo, current);
  return current;
}

function notRefusable(status: string | undefined): AppError {
  if (status === 'refused')
    return new AppError(409, 'ALREADY_REFUSED', 'Esta entrada ya fue rechazada.', { field: 'ticketId' });
  if (status === 'used')
    return new AppError(409, 'ALREADY_USED', 'Esta entrada ya ha entrado: no se puede rechazar.', {
      field: 'ticketId',
    });
  return new AppError(409, 'TICKET_NOT_VALID', 'Esta entrada ya no es válida: no hay nada que rechazar.', {
    field: 'ticketId',
  });
}

async function resultOf(ctx: DoorContext, ticketId: string, eventId: string): Promise<RefuseResult> {
  const [ticket, row] = await Promise.all([
    repo.findTicket(ctx.db, ticketId),
    refusals.refusalOfTicket(ctx.db, ticketId),
  ]);
  return {
    ticket: toDoorTicket(ticket!),
    reason: row!.reason,
    refunded: Boolean(row!.refunded),
    refusedAt: toIso(row!.refused_at),
    aforo: await aforo(ctx.db, eventId),
  };
}

export async function refuseTicket(
  ctx: DoorContext,
  actor: Actor,
  eventIdOrSlug: string,
  input: RefuseRequest,
  now = clock.now(),
): Promise<RefuseResult> {
  const event = await requireDoorEvent(ctx.db, actor, eventIdOrSlug);
  if (input.clientId) {
    const previous = await refusals.refusalByClient(ctx.db, actor.id, input.clientId);
    if (previous) return resultOf(ctx, previous.ticket_id, event.id);
  }
  const ticket = await repo.findTicket(ctx.db, input.ticketId);
  if (!ticket || ticket.event_id !== event.id)
    throw new AppError(404, 'TICKET_NOT_FOUND', 'Esta entrada no es de este evento.', { field: 'ticketId' });
  const at = now.toISOString();
  let recorded: Awaited<ReturnType<typeof recordRefusal>>;
  try {
    recorded = await ctx.db.transaction().execute((trx) =>
      recordRefusal(trx, {
        ticket,
        event,
        actor,
        door: input.door,
        reason: input.reason,
        note: input.note || null,
        entryId: input.entryId ?? null,
        clientId: input.clientId ?? null,
        at,
        offline: false,
      }),
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    recorded = null;
  }
  if (!recorded) {
    if (input.clientId) {
      const previous = await refusals.refusalByClient(ctx.db, actor.id, input.clientId);
      if (previous) return resultOf(ctx, previous.ticket_id, event.id);
    }
    throw notRefusable((await repo.findTicket(ctx.db, ticket.id))?.status);
  }
  await announceRefusal(ctx, event.id, recorded.notification);
  ctx.pushToDoors(event.id, DOOR_SOCKET_EVENTS.ticketChanged, {
    eventId: event.id,
    ticketId: ticket.id,
    status: 'refused',
    outside: false,
  });
  return resultOf(ctx, ticket.id, event.id);
}
