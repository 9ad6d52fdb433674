// Small pieces every way of issuing or moving a ticket shares (sale, transfer, waitlist offer): the QR signer
// bound to a holder, a history row, and publishing the notifications a transaction created once it commits.
import { uuidv7 } from 'uuidv7';
import type { Notification } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import type { TicketHistoryTable } from '../../db/schema.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import { publishNotification } from '../notifications/index.ts';
import { eventTagSync, type TicketSigner } from './signing.ts';

// The compact (NT2) token of a new ticket: its short code and its event's tag. The holder is not in it: the
// token counts only while it is the one the ticket holds, and a transfer makes a new ticket with a new code.
export function signToken(signer: TicketSigner, eventId: string) {
  const tag = eventTagSync(eventId);
  return (_ticketId: string, issuedAt: Date, code: string) =>
    signer.sign({ c: code, g: tag, i: Math.floor(issuedAt.getTime() / 1000) });
}

export async function publishAll(ctx: { db: Db; bus: RealtimeBus }, notifications: Notification[]) {
  for (const n of notifications) await publishNotification(ctx.db, ctx.bus, n);
}

export function historyRow(
  ticketId: string,
  eventId: string,
  action: 'issued' | 'transferred' | 'received' | 'cancelled',
  actorId: string,
  at: string,
  extra: { counterpartId?: string; relatedTicketId?: string } = {},
): TicketHistoryTable {
  return {
    id: uuidv7(),
    ticket_id: ticketId,
    event_id: eventId,
    action,
    actor_id: actorId,
    counterpart_id: extra.counterpartId ?? null,
    related_ticket_id: extra.relatedTicketId ?? null,
    detail: null,
    created_at: at,
  };
}
