// Whether a QR token opens anything: a good signature is not enough, the token must also be the ticket's
// CURRENT one. A token copied before a transfer still verifies, but its ticket is transferred (or, after a
// re-issue, holds another token) and the copy is refused. The door reuses this for online scans.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { TicketTokenPayload } from '@nocturna/shared';
import type { Database, TicketsTable } from '../../db/schema.ts';
import type { TicketSigner } from './signing.ts';

export type TicketRow = Selectable<TicketsTable>;

export type TicketTokenProblem =
  'malformed' | 'forged' | 'unknown' | 'transferred' | 'cancelled' | 'outdated';

export type TicketTokenCheck =
  // The ticket is valid or used: deciding what a used ticket means at the door is the door's call.
  | { ok: true; ticket: TicketRow; payload: TicketTokenPayload }
  | { ok: false; reason: TicketTokenProblem; ticket: TicketRow | null; payload: TicketTokenPayload | null };

// Whether a well-signed token is the current token of the ticket it names (loaded by the caller).
export function tokenStanding(
  ticket: Pick<TicketRow, 'status' | 'qr_code' | 'event_id' | 'user_id'> | undefined | null,
  payload: TicketTokenPayload,
  token: string,
): TicketTokenProblem | 'current' {
  if (!ticket) return 'unknown';
  if (ticket.status === 'transferred') return 'transferred';
  if (ticket.status === 'cancelled') return 'cancelled';
  // Signed by us but not what the ticket holds now: an older token of the same ticket.
  if (ticket.qr_code !== token.trim() || ticket.event_id !== payload.e || ticket.user_id !== payload.h)
    return 'outdated';
  return 'current';
}

export async function checkTicketToken(
  db: Kysely<Database> | Transaction<Database>,
  signer: TicketSigner,
  token: string,
): Promise<TicketTokenCheck> {
  const signature = signer.verify(token);
  if (!signature.ok) return { ok: false, reason: signature.reason, ticket: null, payload: null };
  const payload = signature.payload;
  const ticket = await db.selectFrom('tickets').selectAll().where('id', '=', payload.t).executeTakeFirst();
  const standing = tokenStanding(ticket, payload, token);
  if (standing !== 'current') return { ok: false, reason: standing, ticket: ticket ?? null, payload };
  return { ok: true, ticket: ticket!, payload };
}
