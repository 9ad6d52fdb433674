// Whether a QR token opens anything: a good signature is not enough, the token must also be the ticket's
// CURRENT one. A token copied before a transfer still verifies, but its ticket is transferred (or, after a
// re-issue, holds another token) and the copy is refused. The door reuses this for online scans.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { isCompactPayload, type AnyTicketPayload, type TicketTokenPayload } from '@nocturna/shared';
import type { Database, TicketsTable } from '../../db/schema.ts';
import { eventTagSync, type TicketSigner } from './signing.ts';

export type TicketRow = Selectable<TicketsTable>;

export type TicketTokenProblem =
  'malformed' | 'forged' | 'unknown' | 'transferred' | 'cancelled' | 'outdated';

// The payload is given in the full form (ticket, event, holder, issued at) whichever format the token had: for
// an NT2 token it is read from the ticket its code and event tag name.
export type TicketTokenCheck =
  // The ticket is valid or used: deciding what a used ticket means at the door is the door's call.
  | { ok: true; ticket: TicketRow; payload: TicketTokenPayload }
  | { ok: false; reason: TicketTokenProblem; ticket: TicketRow | null; payload: TicketTokenPayload | null };

// Whether a well-signed token is the current token of the ticket it names (loaded by the caller).
export function tokenStanding(
  ticket: Pick<TicketRow, 'status' | 'qr_code' | 'event_id' | 'user_id'> | undefined | null,
  payload: AnyTicketPayload,
  token: string,
): TicketTokenProblem | 'current' {
  if (!ticket) return 'unknown';
  if (ticket.status === 'transferred') return 'transferred';
  if (ticket.status === 'cancelled') return 'cancelled';
  // Signed by us but not what the ticket holds now: an older token of the same ticket.
  if (ticket.qr_code !== token.trim()) return 'outdated';
  if (!isCompactPayload(payload) && (ticket.event_id !== payload.e || ticket.user_id !== payload.h))
    return 'outdated';
  return 'current';
}

// The ticket an NT2 token names: its short code within the events whose tag the token carries (one event
// but for a 1-in-4-billion tag collision, decided by the token the ticket holds).
export async function findTicketByCompactPayload(
  db: Kysely<Database> | Transaction<Database>,
  payload: { c: string; g: string },
  token: string,
): Promise<TicketRow | undefined> {
  const rows = await db.selectFrom('tickets').selectAll().where('code', '=', payload.c).execute();
  const tagged = rows.filter((row) => eventTagSync(row.event_id) === payload.g);
  return tagged.find((row) => row.qr_code === token.trim()) ?? tagged[0];
}

export async function checkTicketToken(
  db: Kysely<Database> | Transaction<Database>,
  signer: TicketSigner,
  token: string,
): Promise<TicketTokenCheck> {
  const signature = signer.verify(token);
  if (!signature.ok) return { ok: false, reason: signature.reason, ticket: null, payload: null };
  const claimed = signature.payload;
  const ticket = isCompactPayload(claimed)
    ? await findTicketByCompactPayload(db, claimed, token)
    : await db.selectFrom('tickets').selectAll().where('id', '=', claimed.t).executeTakeFirst();
  const standing = tokenStanding(ticket, claimed, token);
  const payload: TicketTokenPayload | null = !isCompactPayload(claimed)
    ? claimed
    : ticket
      ? { t: ticket.id, e: ticket.event_id, h: ticket.user_id, i: claimed.i }
      : null;
  if (standing !== 'current') return { ok: false, reason: standing, ticket: ticket ?? null, payload };
  return { ok: true, ticket: ticket!, payload: payload! };
}
