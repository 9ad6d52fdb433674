// What the door shows and counts after a scan, a refusal or an exit, from the server's answer or from what the
// door did on its own. Plain functions: the station's hooks decide when, these build what.
import type {
  Aforo,
  DoorPack,
  DoorTicket,
  ExitResult,
  RefusalReason,
  RefuseResult,
  ScanOutcome,
} from '@nocturna/shared';
import { localResult } from './offline/local-verify.ts';
import type { ScanShown } from './door-station-types.ts';

// The aforo moved by what this door did: entries never below zero, and people inside counted from the entries
// when the aforo has no count of its own.
export function countedAforo(base: Aforo, entries: number, inside: number): Aforo {
  return {
    ...base,
    entries: Math.max(0, base.entries + entries),
    inside: (base.inside ?? base.entries) + inside,
  };
}

// A fresh pack's aforo, unless the one the door already has counts more entries.
export const freshestAforo = (current: Aforo | null, fresh: Aforo): Aforo =>
  current && current.entries > fresh.entries ? current : fresh;

// An entry or re-entry the door let in offline: the ticket as the pack has it once the movement is in it, and
// the door's own count.
export function admittedOffline(
  pack: DoorPack,
  admission: { outcome: ScanOutcome; ticketId: string; scannedAt: string; clientId: string },
  counted: Aforo,
): ScanShown {
  const admitted = pack.tickets.find((t) => t.id === admission.ticketId)!;
  const result = localResult(
    pack,
    { outcome: admission.outcome, ticket: admitted },
    admission.scannedAt,
    counted.entries,
  );
  return { result: { ...result, aforo: counted }, offline: true, clientId: admission.clientId };
}

// Refused by the server: its ticket, its aforo and its word on the refund.
export const refusedShown = (current: ScanShown, res: RefuseResult): ScanShown => ({
  result: { ...current.result, outcome: 'refused', ticket: res.ticket, aforo: res.aforo },
  offline: false,
  refusal: { reason: res.reason, refunded: res.refunded },
});

// Refused by the door itself: the refund is decided when the refusal syncs.
export const refusedOfflineShown = (
  current: ScanShown,
  ticket: DoorTicket,
  reason: RefusalReason,
  counted: Aforo | null,
): ScanShown => ({
  result: {
    ...current.result,
    outcome: 'refused',
    ticket: { ...ticket, status: 'refused', outside: false },
    aforo: counted ?? current.result.aforo,
  },
  offline: true,
  refusal: { reason, refunded: null },
});

// Out for a smoke, as the server recorded it.
export const exitedShown = (current: ScanShown, res: ExitResult): ScanShown => ({
  ...current,
  result: { ...current.result, ticket: res.ticket, aforo: res.aforo },
  exited: true,
});

// Out for a smoke, as the door recorded it without the server.
export const exitedOfflineShown = (
  current: ScanShown,
  ticket: DoorTicket,
  counted: Aforo | null,
): ScanShown => ({
  ...current,
  result: { ...current.result, ticket: { ...ticket, outside: true }, aforo: counted ?? current.result.aforo },
  offline: true,
  exited: true,
});
