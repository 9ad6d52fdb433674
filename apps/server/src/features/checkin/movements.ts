// Exits and re-entry at the door: "Sale a fumar" marks a person let in as outside, a scan
// of the ticket lets them back in while the event's rule allows it. The flag tickets.outside is flipped by a
// conditional UPDATE, so one person is never let back in twice (no double entry) and never goes out twice;
// every movement is a row of door_movements, from which the aforo counts who is inside now.
import { DOOR_SOCKET_EVENTS, type ExitRequest, type ExitResult, type ReentryRule } from '@nocturna/shared';
import { AppError } from '../../http/errors.ts';
import { requireClubManager } from '../club-staff/index.ts';
import type { DoorContext } from './context.ts';
import { recordMovement } from './movement-writes.ts';
import * as repo from './repository.ts';
import { aforo, isUniqueViolation, requireDoorEvent, toDoorTicket } from './service.ts';
import * as clock from '../../clock.ts';

type Actor = { id: string };

export async function recordExit(
  ctx: DoorContext,
  actor: Actor,
  eventIdOrSlug: string,
  input: ExitRequest,
  now = clock.now(),
): Promise<ExitResult> {
  const event = await requireDoorEvent(ctx.db, actor, eventIdOrSlug);
  const ticket = await repo.findTicket(ctx.db, input.ticketId);
  if (!ticket || ticket.event_id !== event.id)
    throw new AppError(404, 'TICKET_NOT_FOUND', 'Esta entrada no es de este evento.', { field: 'ticketId' });
  const at = now.toISOString();
  let done = false;
  try {
    done = await ctx.db.transaction().execute((trx) =>
      recordMovement(trx, {
        kind: 'exit',
        ticketId: ticket.id,
        eventId: event.id,
        actorId: actor.id,
        door: input.door,
        clientId: input.clientId ?? null,
        at,
        offline: false,
      }),
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const fresh = (await repo.findTicket(ctx.db, ticket.id))!;
  if (!done) {
    const replayed =
      input.clientId &&
      (await ctx.db
        .selectFrom('door_movements')
        .select('id')
        .where('staff_user_id', '=', actor.id)
        .where('client_id', '=', input.clientId)
        .executeTakeFirst());
    if (!replayed)
      throw fresh.status === 'used'
        ? new AppError(409, 'ALREADY_OUTSIDE', 'Ya consta que ha salido: escanea su entrada cuando vuelva.', {
            field: 'ticketId',
          })
        : new AppError(409, 'NOT_INSIDE', 'Esta entrada no ha entrado: no puede salir.', {
            field: 'ticketId',
          });
  }
  const current = await aforo(ctx.db, event.id);
  ctx.pushToDoors(event.id, DOOR_SOCKET_EVENTS.aforo, current);
  if (done)
    ctx.pushToDoors(event.id, DOOR_SOCKET_EVENTS.ticketChanged, {
      eventId: event.id,
      ticketId: ticket.id,
      status: fresh.status,
      outside: Boolean(fresh.outside),
    });
  return { ticket: toDoorTicket(fresh), at, aforo: current };
}

// The event's re-entry rule, set by whoever runs its club.
export async function setReentryRule(
  ctx: DoorContext,
  actor: Actor,
  eventId: string,
  rule: ReentryRule,
): Promise<ReentryRule> {
  const event = await ctx.db
    .selectFrom('events')
    .select(['id', 'club_id'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event) throw new AppError(404, 'EVENT_NOT_FOUND', 'El evento no existe.');
  await requireClubManager(ctx.db, actor, event.club_id);
  const until = rule.policy === 'until' && rule.until ? new Date(rule.until).toISOString() : null;
  await ctx.db
    .updateTable('events')
    .set({ reentry_policy: rule.policy, reentry_until: until })
    .where('id', '=', event.id)
    .execute();
  // Doors working the night take the new rule now (and keep it for when they lose the signal).
  ctx.pushToDoors(event.id, DOOR_SOCKET_EVENTS.eventChanged, { eventId: event.id });
  return { policy: rule.policy, until };
}
