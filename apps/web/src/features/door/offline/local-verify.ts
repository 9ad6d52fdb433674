// The offline door's answer to a scan, from the preloaded pack: the signature checked with the pack's
// public key through WebCrypto, the token compared with the hash of the ticket's current one, and the same
// doorOutcome() rules the server applies.
import type {
  DoorPack,
  DoorPackTicket,
  DoorTicket,
  ScanInput,
  ScanOutcome,
  ScanResult,
} from '@nocturna/shared';
import { doorOutcome, doorsOpenAt, tokenHash } from '@nocturna/shared/checkin-rules';
import { eventTag, isCompactPayload, verifyTicketToken } from '@nocturna/shared/ticket-token';

export type LocalVerdict = { outcome: ScanOutcome; ticket: DoorPackTicket | null };

const banOf = (pack: DoorPack, ticketId: string | undefined) =>
  pack.bans?.find((b) => b.ticketId === ticketId) ?? null;
const doorBan = (ban: ReturnType<typeof banOf>) => (ban ? { reason: ban.reason, until: ban.until } : null);

export async function judgeLocally(
  pack: DoorPack,
  key: CryptoKey,
  input: { token?: string; ticketId?: string },
  now: Date,
): Promise<LocalVerdict> {
  const scan: ScanInput = {};
  let ticketId = input.ticketId;
  if (input.token !== undefined) {
    const check = await verifyTicketToken(input.token, key);
    if (!check.ok) return { outcome: check.reason, ticket: null };
    const payload = check.payload;
    // An NT2 token names its ticket by short code and its event by a tag; NT1 by the full ids.
    if (isCompactPayload(payload)) {
      if (payload.g !== (await eventTag(pack.event.id))) return { outcome: 'wrong_event', ticket: null };
      ticketId = pack.tickets.find((t) => t.code === payload.c)?.id;
      scan.tokenEventId = pack.event.id;
    } else {
      if (payload.e !== pack.event.id) return { outcome: 'wrong_event', ticket: null };
      ticketId = payload.t;
      scan.tokenEventId = payload.e;
    }
    const ticket = pack.tickets.find((t) => t.id === ticketId);
    if (ticket)
      scan.tokenIsCurrent = ticket.tokenHash !== null && ticket.tokenHash === (await tokenHash(input.token));
  }
  const ticket = pack.tickets.find((t) => t.id === ticketId) ?? null;
  const outcome = doorOutcome(
    pack.event,
    ticket
      ? {
          eventId: pack.event.id,
          status: ticket.status,
          entryUntil: ticket.entryUntil,
          outside: ticket.outside ?? false,
        }
      : null,
    scan,
    now,
  );
  // The holder is on the club's ban list (as of the pack): red, coming in or back in, as the server would answer.
  if ((outcome === 'valid' || outcome === 'reentry') && banOf(pack, ticket?.id))
    return { outcome: 'banned', ticket };
  return { outcome, ticket };
}

export function withoutHash(ticket: DoorPackTicket): DoorTicket {
  const { tokenHash: _hash, ...rest } = ticket;
  return rest;
}

export function localResult(
  pack: DoorPack,
  verdict: LocalVerdict,
  scannedAt: string,
  entries: number,
): ScanResult {
  const { outcome, ticket } = verdict;
  const shown = outcome === 'wrong_event' || outcome === 'unknown' || !ticket ? null : withoutHash(ticket);
  const usedInfo =
    outcome === 'already_used' ||
    outcome === 'valid' ||
    outcome === 'reentry' ||
    outcome === 'reentry_closed';
  return {
    outcome,
    scannedAt,
    ticket: shown,
    usedAt: usedInfo ? (shown?.usedAt ?? null) : null,
    usedDoor: usedInfo ? (shown?.usedDoor ?? null) : null,
    ticketEvent: null,
    opensAt: outcome === 'not_yet_valid' ? doorsOpenAt(pack.event).toISOString() : null,
    aforo: { ...pack.aforo, entries },
    ban: outcome === 'banned' ? doorBan(banOf(pack, ticket?.id)) : null,
  };
}

// The pack after a ticket was let in (here, or at another door that told us).
export function markUsedInPack(pack: DoorPack, ticketId: string, usedAt: string, door: string): DoorPack {
  return {
    ...pack,
    tickets: pack.tickets.map((t) =>
      t.id === ticketId && t.status === 'valid' ? { ...t, status: 'used', usedAt, usedDoor: door } : t,
    ),
  };
}

// The pack after a ticket was refused at this door: a later scan of it answers RECHAZADA.
export function markRefusedInPack(pack: DoorPack, ticketId: string): DoorPack {
  return {
    ...pack,
    tickets: pack.tickets.map((t) =>
      t.id === ticketId ? { ...t, status: 'refused', usedAt: null, usedDoor: null, outside: false } : t,
    ),
  };
}

// The pack after a person let in went out (true) or came back in (false), here or at another door.
export function markOutsideInPack(pack: DoorPack, ticketId: string, outside: boolean): DoorPack {
  return {
    ...pack,
    tickets: pack.tickets.map((t) => (t.id === ticketId && t.status === 'used' ? { ...t, outside } : t)),
  };
}

// What a queued action (not synced yet) did to the pack, so a fresh pack from the server keeps it.
export function applyQueued(
  pack: DoorPack,
  item: { action?: string; ticketId: string; scannedAt: string; door: string },
): DoorPack {
  switch (item.action ?? 'entry') {
    case 'exit':
      return markOutsideInPack(pack, item.ticketId, true);
    case 'reentry':
      return markOutsideInPack(pack, item.ticketId, false);
    case 'refusal':
      return markRefusedInPack(pack, item.ticketId);
    default:
      return markUsedInPack(pack, item.ticketId, item.scannedAt, item.door);
  }
}
