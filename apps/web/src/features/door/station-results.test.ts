// @vitest-environment node
// What the door shows and counts after a scan, a refusal or an exit.
import { describe, expect, it } from 'vitest';
import type { DoorPack, DoorPackTicket, ScanResult } from '@nocturna/shared';
import type { ScanShown } from './door-station-types.ts';
import {
  admittedOffline,
  countedAforo,
  exitedOfflineShown,
  freshestAforo,
  refusedOfflineShown,
  refusedShown,
} from './station-results.ts';

const at = '2026-11-21T00:30:00.000Z';
const aforo = { eventId: 'ev-1', entries: 3, capacity: 100 };
const ticket = (overrides: Partial<DoorPackTicket> = {}): DoorPackTicket => ({
  id: 't1',
  holderName: 'Lucía',
  holderUsername: null,
  type: 'General',
  status: 'valid',
  paymentDue: null,
  entryUntil: null,
  usedAt: null,
  usedDoor: null,
  tokenHash: 'hash',
  ...overrides,
});
const pack = (tickets: DoorPackTicket[]): DoorPack => ({
  event: {
    id: 'ev-1',
    slug: 'ev-1',
    name: 'Noche',
    clubId: 'club',
    clubName: 'Sala',
    startAt: at,
    endAt: at,
    doorsOpenAt: at,
    status: 'published',
  },
  publicKey: 'key',
  generatedAt: at,
  aforo,
  tickets,
});
const { tokenHash: _hash, ...doorTicket } = ticket({ status: 'used', usedAt: at, usedDoor: 'Norte' });
const scanned: ScanShown = {
  result: {
    outcome: 'valid',
    scannedAt: at,
    ticket: doorTicket,
    usedAt: at,
    usedDoor: 'Norte',
    ticketEvent: null,
    opensAt: null,
    aforo,
    entryId: 'e1',
  } satisfies ScanResult,
  offline: true,
  clientId: 'scan-1',
};

describe('the aforo the door counts', () => {
  it('moves entries (never below zero) and inside, counting inside from the entries when it has no count', () => {
    expect(countedAforo(aforo, 1, 1)).toEqual({ ...aforo, entries: 4, inside: 4 });
    expect(countedAforo({ ...aforo, inside: 2 }, 0, -1)).toEqual({ ...aforo, inside: 1 });
    expect(countedAforo({ ...aforo, entries: 0, inside: 0 }, -1, -1)).toMatchObject({
      entries: 0,
      inside: -1,
    });
  });

  it('keeps the aforo it has over a fresh pack’s that counts fewer entries', () => {
    const ahead = { ...aforo, entries: 5 };
    expect(freshestAforo(ahead, aforo)).toBe(ahead);
    expect(freshestAforo(aforo, ahead)).toBe(ahead);
    expect(freshestAforo(aforo, { ...aforo })).not.toBe(aforo);
    expect(freshestAforo(null, aforo)).toBe(aforo);
  });
});

describe('what the door shows', () => {
  it('an offline entry: the ticket as the pack holds it after the entry, without its hash, and the door’s count', () => {
    const counted = { ...aforo, entries: 4, inside: 4 };
    const after = pack([ticket({ id: 't0' }), ticket({ status: 'used', usedAt: at, usedDoor: 'Norte' })]);
    const shown = admittedOffline(
      after,
      { outcome: 'valid', ticketId: 't1', scannedAt: at, clientId: 'scan-1' },
      counted,
    );
    expect(shown).toMatchObject({ offline: true, clientId: 'scan-1' });
    expect(shown.result).toMatchObject({ outcome: 'valid', usedAt: at, usedDoor: 'Norte', aforo: counted });
    expect(shown.result.ticket).toEqual(doorTicket);
  });

  it('a refusal: the server’s word on the refund, or none yet when the door refused it offline', () => {
    const refunded = { ticket: { ...doorTicket, status: 'refused' as const }, reason: 'age' as const };
    const online = refusedShown(scanned, { ...refunded, refunded: true, refusedAt: at, aforo });
    expect(online).toEqual({
      result: { ...scanned.result, outcome: 'refused', ticket: refunded.ticket, aforo },
      offline: false,
      refusal: { reason: 'age', refunded: true },
    });
    const offline = refusedOfflineShown({ ...scanned, exited: true }, doorTicket, 'dress_code', null);
    expect(offline.refusal).toEqual({ reason: 'dress_code', refunded: null });
    expect(offline.result.ticket).toMatchObject({ status: 'refused', outside: false });
    expect(offline.result.aforo).toBe(aforo);
    expect(offline).not.toHaveProperty('exited');
    expect(offline).not.toHaveProperty('clientId');
  });

  it('an exit recorded offline: outside, the door’s count, and the rest of the answer as it was', () => {
    const counted = { ...aforo, inside: 2 };
    const shown = exitedOfflineShown({ ...scanned, offline: false }, doorTicket, counted);
    expect(shown).toMatchObject({ offline: true, exited: true, clientId: 'scan-1' });
    expect(shown.result).toMatchObject({ outcome: 'valid', entryId: 'e1', aforo: counted });
    expect(shown.result.ticket).toEqual({ ...doorTicket, outside: true });
    expect(exitedOfflineShown(scanned, doorTicket, null).result.aforo).toBe(aforo);
  });
});
