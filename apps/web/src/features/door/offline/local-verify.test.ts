// @vitest-environment node
// The offline door's verdicts from a pack, with real Ed25519 keys through WebCrypto (as in the browser).
import { beforeAll, describe, expect, it } from 'vitest';
import type { DoorPack, DoorPackTicket, TicketTokenPayload } from '@nocturna/shared';
import { tokenHash } from '@nocturna/shared/checkin-rules';
import {
  assembleCompactToken,
  assembleToken,
  base64urlEncode,
  compactSignedPart,
  eventTag,
  signedPart,
  type CompactTicketPayload,
} from '@nocturna/shared/ticket-token';
import { applyQueued, judgeLocally, localResult, markUsedInPack } from './local-verify.ts';

const HOUR = 3600_000;
const now = new Date('2026-11-21T00:30:00.000Z');

let keys: CryptoKeyPair;
let otherKeys: CryptoKeyPair;
let publicKey: CryptoKey;
let rawPublicKey: string;

async function sign(payload: TicketTokenPayload, key: CryptoKey = keys.privateKey): Promise<string> {
  const signed = signedPart(payload);
  const signature = new Uint8Array(
    await crypto.subtle.sign({ name: 'Ed25519' }, key, new TextEncoder().encode(signed)),
  );
  return assembleToken(signed, signature);
}

// An NT2 token, as tickets carry now: the short code and the event's tag.
async function signCompact(payload: CompactTicketPayload, key: CryptoKey = keys.privateKey): Promise<string> {
  const signed = compactSignedPart(payload);
  const signature = new Uint8Array(
    await crypto.subtle.sign({ name: 'Ed25519' }, key, new TextEncoder().encode(signed)),
  );
  return assembleCompactToken(signed, signature);
}

function ticket(id: string, overrides: Partial<DoorPackTicket> = {}): DoorPackTicket {
  return {
    id,
    holderName: `Persona ${id}`,
    holderUsername: null,
    type: 'General',
    status: 'valid',
    paymentDue: null,
    entryUntil: null,
    usedAt: null,
    usedDoor: null,
    tokenHash: null,
    ...overrides,
  };
}

async function packWith(
  tickets: { ticket: DoorPackTicket; token: string | null }[],
  event: Partial<DoorPack['event']> = {},
): Promise<DoorPack> {
  return {
    event: {
      id: 'ev-1',
      slug: 'ev-1',
      name: 'Noche',
      clubId: 'club',
      clubName: 'Sala',
      startAt: new Date(now.getTime() - HOUR).toISOString(),
      endAt: new Date(now.getTime() + 5 * HOUR).toISOString(),
      doorsOpenAt: new Date(now.getTime() - 3 * HOUR).toISOString(),
      status: 'published',
      ...event,
    },
    publicKey: rawPublicKey,
    generatedAt: now.toISOString(),
    aforo: { eventId: 'ev-1', entries: 3, capacity: 100 },
    tickets: await Promise.all(
      tickets.map(async ({ ticket: t, token }) => ({
        ...t,
        tokenHash: token ? await tokenHash(token) : null,
      })),
    ),
  };
}

beforeAll(async () => {
  keys = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
  otherKeys = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
  publicKey = keys.publicKey;
  rawPublicKey = base64urlEncode(new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey)));
});

describe('offline door verdicts', () => {
  it('reads an NT2 QR: its code finds the ticket in the pack; another event, a forgery or a stale copy is refused', async () => {
    const g = await eventTag('ev-1');
    const token = await signCompact({ c: 'K7QM4XR9', g, i: 10 });
    const pack = await packWith([{ ticket: ticket('t1', { code: 'K7QM4XR9' }), token }]);
    expect(await judgeLocally(pack, publicKey, { token }, now)).toMatchObject({
      outcome: 'valid',
      ticket: { id: 't1' },
    });
    const foreign = await signCompact({ c: 'K7QM4XR9', g: await eventTag('ev-2'), i: 10 });
    expect((await judgeLocally(pack, publicKey, { token: foreign }, now)).outcome).toBe('wrong_event');
    const forged = await signCompact({ c: 'K7QM4XR9', g, i: 10 }, otherKeys.privateKey);
    expect((await judgeLocally(pack, publicKey, { token: forged }, now)).outcome).toBe('forged');
    const older = await signCompact({ c: 'K7QM4XR9', g, i: 9 });
    expect((await judgeLocally(pack, publicKey, { token: older }, now)).outcome).toBe('outdated');
    const stranger = await signCompact({ c: 'HJKM2345', g, i: 10 });
    expect((await judgeLocally(pack, publicKey, { token: stranger }, now)).outcome).toBe('unknown');
  });

  it('lets a current, well-signed ticket of this event in, and counts it in the aforo', async () => {
    const token = await sign({ t: 't1', e: 'ev-1', h: 'u1', i: 10 });
    const pack = await packWith([{ ticket: ticket('t1'), token }]);
    const verdict = await judgeLocally(pack, publicKey, { token }, now);
    expect(verdict.outcome).toBe('valid');
    const result = localResult(pack, verdict, now.toISOString(), 4);
    expect(result).toMatchObject({
      outcome: 'valid',
      ticket: { id: 't1', holderName: 'Persona t1' },
      aforo: { entries: 4, capacity: 100 },
    });
    expect(result.ticket).not.toHaveProperty('tokenHash');
  });

  it('refuses forged, malformed, foreign, outdated and unknown tokens', async () => {
    const current = await sign({ t: 't1', e: 'ev-1', h: 'u1', i: 10 });
    const pack = await packWith([{ ticket: ticket('t1'), token: current }]);
    const cases: [string, string][] = [
      [await sign({ t: 't1', e: 'ev-1', h: 'u1', i: 10 }, otherKeys.privateKey), 'forged'],
      ['hola', 'malformed'],
      [await sign({ t: 't9', e: 'ev-2', h: 'u1', i: 10 }), 'wrong_event'],
      [await sign({ t: 't1', e: 'ev-1', h: 'u1', i: 5 }), 'outdated'],
      [await sign({ t: 'nope', e: 'ev-1', h: 'u1', i: 10 }), 'unknown'],
    ];
    for (const [token, outcome] of cases)
      expect((await judgeLocally(pack, publicKey, { token }, now)).outcome, outcome).toBe(outcome);
  });

  it('answers ya usada after this door let it in, with when and where', async () => {
    const token = await sign({ t: 't1', e: 'ev-1', h: 'u1', i: 10 });
    const pack = markUsedInPack(
      await packWith([{ ticket: ticket('t1'), token }]),
      't1',
      now.toISOString(),
      'Puerta B',
    );
    const verdict = await judgeLocally(pack, publicKey, { token }, now);
    expect(verdict.outcome).toBe('already_used');
    expect(localResult(pack, verdict, now.toISOString(), 4)).toMatchObject({
      usedAt: now.toISOString(),
      usedDoor: 'Puerta B',
    });
    // Marking again changes nothing: the first entry stays.
    expect(markUsedInPack(pack, 't1', 'later', 'Puerta C').tickets[0]).toMatchObject({
      usedDoor: 'Puerta B',
    });
  });

  it('keeps the server rules: cancelled, transferred, before the doors open, after the entry cut-off', async () => {
    const pack = await packWith([
      { ticket: ticket('c', { status: 'cancelled' }), token: null },
      { ticket: ticket('x', { status: 'transferred' }), token: null },
      { ticket: ticket('l', { entryUntil: new Date(now.getTime() - 60_000).toISOString() }), token: null },
      { ticket: ticket('ok'), token: null },
    ]);
    expect((await judgeLocally(pack, publicKey, { ticketId: 'c' }, now)).outcome).toBe('cancelled');
    expect((await judgeLocally(pack, publicKey, { ticketId: 'x' }, now)).outcome).toBe('transferred');
    expect((await judgeLocally(pack, publicKey, { ticketId: 'l' }, now)).outcome).toBe('entry_closed');
    expect((await judgeLocally(pack, publicKey, { ticketId: 'ok' }, now)).outcome).toBe('valid');
    const early = await judgeLocally(pack, publicKey, { ticketId: 'ok' }, new Date(now.getTime() - 4 * HOUR));
    expect(early.outcome).toBe('not_yet_valid');
    const result = localResult(pack, early, now.toISOString(), 3);
    expect(result.opensAt).toBe(new Date(now.getTime() - 3 * HOUR).toISOString());
  });

  it("scans a ticket of a banned holder red offline, with the pack's reason, and lets the others in", async () => {
    const token = await sign({ t: 'b1', e: 'ev-1', h: 'u1', i: 10 });
    const pack = {
      ...(await packWith([
        { ticket: ticket('b1'), token },
        { ticket: ticket('ok'), token: null },
      ])),
      bans: [{ ticketId: 'b1', reason: 'Pelea en la pista', until: null }],
    };
    const verdict = await judgeLocally(pack, publicKey, { token }, now);
    expect(verdict.outcome).toBe('banned');
    expect(localResult(pack, verdict, now.toISOString(), 3)).toMatchObject({
      outcome: 'banned',
      ticket: { id: 'b1' },
      ban: { reason: 'Pelea en la pista', until: null },
    });
    expect((await judgeLocally(pack, publicKey, { ticketId: 'ok' }, now)).outcome).toBe('valid');
  });

  it('follows what this door did offline: out for a smoke, back in by scanning again, no re-entry once closed or when banned', async () => {
    const token = await sign({ t: 't1', e: 'ev-1', h: 'u1', i: 10 });
    const at = now.toISOString();
    let pack = await packWith([{ ticket: ticket('t1'), token }]);
    pack = applyQueued(pack, { ticketId: 't1', scannedAt: at, door: 'Puerta A' });
    expect((await judgeLocally(pack, publicKey, { token }, now)).outcome).toBe('already_used');
    pack = applyQueued(pack, { action: 'exit', ticketId: 't1', scannedAt: at, door: 'Puerta A' });
    expect(pack.tickets[0]).toMatchObject({ status: 'used', outside: true });
    const back = await judgeLocally(pack, publicKey, { token }, now);
    expect(back.outcome).toBe('reentry');
    expect(localResult(pack, back, at, 4)).toMatchObject({ outcome: 'reentry', usedDoor: 'Puerta A' });
    // The event's rule, as the pack has it.
    const closed = {
      ...pack,
      event: { ...pack.event, reentryUntil: new Date(now.getTime() - 60_000).toISOString() },
    };
    expect((await judgeLocally(closed, publicKey, { token }, now)).outcome).toBe('reentry_closed');
    expect(
      (
        await judgeLocally(
          { ...pack, event: { ...pack.event, reentryPolicy: 'never' } },
          publicKey,
          { token },
          now,
        )
      ).outcome,
    ).toBe('reentry_closed');
    // Banned since they went out: red, not back in.
    const banned = { ...pack, bans: [{ ticketId: 't1', reason: 'Pelea', until: null }] };
    expect((await judgeLocally(banned, publicKey, { token }, now)).outcome).toBe('banned');
    pack = applyQueued(pack, { action: 'reentry', ticketId: 't1', scannedAt: at, door: 'Puerta A' });
    expect((await judgeLocally(pack, publicKey, { token }, now)).outcome).toBe('already_used');
    // A refusal: RECHAZADA from then on.
    pack = applyQueued(pack, { action: 'refusal', ticketId: 't1', scannedAt: at, door: 'Puerta A' });
    expect((await judgeLocally(pack, publicKey, { token }, now)).outcome).toBe('refused');
  });
});
