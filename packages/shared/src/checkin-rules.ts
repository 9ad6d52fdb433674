// The door's rules as one pure function, so the server and an offline door answer a scan the same way.
// Signature checks (forged, malformed) happen before this, with verifyTicketToken.
import { DOORS_OPEN_BEFORE_START_MS, type ScanOutcome } from './checkin.ts';
import { base64urlEncode } from './ticket-token.ts';

export type DoorEventFacts = {
  id: string;
  startAt: string;
  endAt: string;
  status: string;
  reentryPolicy?: 'until' | 'never';
  reentryUntil?: string | null;
};

export type DoorTicketFacts = {
  eventId: string;
  status: string;
  entryUntil: string | null;
  // Let in, then out for a smoke: a scan is a re-entry.
  outside?: boolean;
};

export type ScanInput = {
  // The event the token was signed for (from its payload), when the scan was a QR.
  tokenEventId?: string;
  // Whether the scanned token is the ticket's current one; undefined for a manual entry (no token).
  tokenIsCurrent?: boolean;
};

export function doorsOpenAt(event: Pick<DoorEventFacts, 'startAt'>): Date {
  return new Date(new Date(event.startAt).getTime() - DOORS_OPEN_BEFORE_START_MS);
}

export function doorOutcome(
  event: DoorEventFacts,
  ticket: DoorTicketFacts | null,
  scan: ScanInput,
  now: Date,
): ScanOutcome {
  if (scan.tokenEventId !== undefined && scan.tokenEventId !== event.id) return 'wrong_event';
  if (!ticket) return 'unknown';
  if (ticket.eventId !== event.id) return 'wrong_event';
  if (ticket.status === 'transferred') return 'transferred';
  if (ticket.status === 'cancelled' || event.status === 'cancelled') return 'cancelled';
  if (scan.tokenIsCurrent === false) return 'outdated';
  if (ticket.status === 'refused') return 'refused';
  if (ticket.status === 'used' && ticket.outside) {
    if (event.reentryPolicy === 'never') return 'reentry_closed';
    if (event.reentryUntil && now.getTime() > new Date(event.reentryUntil).getTime()) return 'reentry_closed';
    return 'reentry';
  }
  if (ticket.status === 'used') return 'already_used';
  if (ticket.status !== 'valid') return 'unknown';
  const t = now.getTime();
  if (t < doorsOpenAt(event).getTime()) return 'not_yet_valid';
  if (t > new Date(event.endAt).getTime()) return 'event_over';
  if (ticket.entryUntil && t > new Date(ticket.entryUntil).getTime()) return 'entry_closed';
  return 'valid';
}

// base64url SHA-256 of a token, through WebCrypto: the offline pack holds these instead of the tokens.
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token.trim()));
  return base64urlEncode(new Uint8Array(digest));
}
