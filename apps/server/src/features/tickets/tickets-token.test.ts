// The QR token: Ed25519-signed by the server, verified by the door with the public key alone (WebCrypto), and
// accepted only while it is the ticket's current token. Plus where the signing key comes from.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  eventTag,
  importTicketPublicKey,
  signedPart,
  verifyTicketToken,
  assembleToken,
} from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import { buy, call, connect, ticketEvent } from '../../../test/tickets-fixture.ts';
import { checkTicketToken } from './token-check.ts';
import { createTicketSigner, parseSigningKey, resolveSigningKey } from './signing.ts';
import { loadConfig } from '../../config.ts';

describe.each(DIALECTS)('ticket tokens on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function freshTicket() {
    const ev = await ticketEvent(t.app.db, { types: [{ name: 'General', priceCents: 1500, capacity: 10 }] });
    const user = await signUp(t.app);
    const ticket = (await buy(t.app, user, { ticketTypeId: ev.typeId(0) })).json().tickets[0] as {
      id: string;
      token: string;
      code: string;
    };
    return { ev, user, ticket };
  }

  it("carries the ticket's code, its event's tag and issue time, and verifies with the public key alone (WebCrypto)", async () => {
    const { ev, user, ticket } = await freshTicket();
    const published = (await call(t.app, 'GET', '/api/tickets/public-key')).json();
    expect(published).toEqual({
      algorithm: 'Ed25519',
      format: 'NT2',
      publicKey: t.app.ticketSigner.publicKey,
    });
    const key = await importTicketPublicKey(published.publicKey);
    const result = await verifyTicketToken(ticket.token, key);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.payload).toEqual({ c: ticket.code, g: await eventTag(ev.eventId), i: expect.any(Number) });
    expect(Math.abs(result.payload.i - Date.now() / 1000)).toBeLessThan(60);
    // Upper-case letters, digits and dots: the QR's alphanumeric mode, a version-6 QR at error correction M.
    expect(ticket.token).toMatch(/^[A-Z0-9.]{130}$/);
    expect(await checkTicketToken(t.app.db, t.app.ticketSigner, ticket.token)).toMatchObject({
      ok: true,
      ticket: { id: ticket.id, status: 'valid' },
      payload: { t: ticket.id, e: ev.eventId, h: user.id },
    });
  });

  it('rejects a changed token: another payload under the same signature, or one flipped signature bit', async () => {
    const { ticket } = await freshTicket();
    const [prefix, code, tail, signature] = ticket.token.split('.') as [string, string, string, string];
    const other = code === 'ZZZZZZZZ' ? 'YYYYYYYY' : 'ZZZZZZZZ';
    const changed = `${prefix}.${other}.${tail}.${signature}`;
    const sig = Buffer.from(base32Decode(signature));
    sig[10] = sig[10]! ^ 1;
    const flipped = `${prefix}.${code}.${tail}.${base32Encode(sig)}`;
    const key = await importTicketPublicKey(t.app.ticketSigner.publicKey);
    for (const token of [changed, flipped]) {
      expect(await verifyTicketToken(token, key)).toEqual({ ok: false, reason: 'forged' });
      expect(await checkTicketToken(t.app.db, t.app.ticketSigner, token)).toMatchObject({
        ok: false,
        reason: 'forged',
      });
    }
  });

  it('rejects a token forged with another key, and anything that is not a Nocturna token', async () => {
    const { ev, user, ticket } = await freshTicket();
    const other = crypto.generateKeyPairSync('ed25519').privateKey;
    const signed = signedPart({ t: ticket.id, e: ev.eventId, h: user.id, i: Math.floor(Date.now() / 1000) });
    const forged = assembleToken(signed, crypto.sign(null, Buffer.from(signed), other));
    expect(await checkTicketToken(t.app.db, t.app.ticketSigner, forged)).toMatchObject({
      ok: false,
      reason: 'forged',
    });
    for (const junk of [
      '',
      'hola',
      ticket.id,
      'NT1.abc',
      'NT3.' + ticket.token.slice(4),
      ticket.token.toLowerCase(),
      `${ticket.token}.x`,
      'NT1.%%%.%%%',
    ]) {
      expect(await checkTicketToken(t.app.db, t.app.ticketSigner, junk), junk).toMatchObject({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it("rejects a well-signed token that is not the ticket's current one, or of a ticket that does not exist", async () => {
    const { ev, user, ticket } = await freshTicket();
    const older = t.app.ticketSigner.sign({ t: ticket.id, e: ev.eventId, h: user.id, i: 1_700_000_000 });
    expect(await checkTicketToken(t.app.db, t.app.ticketSigner, older)).toMatchObject({
      ok: false,
      reason: 'outdated',
      ticket: { id: ticket.id },
    });
    const ghost = t.app.ticketSigner.sign({
      t: 'no-such-ticket',
      e: ev.eventId,
      h: user.id,
      i: 1_700_000_000,
    });
    expect(await checkTicketToken(t.app.db, t.app.ticketSigner, ghost)).toMatchObject({
      ok: false,
      reason: 'unknown',
    });
    // The same in the compact format: an older NT2 token of the ticket, and a code no ticket of the event has.
    const g = await eventTag(ev.eventId);
    const olderCompact = t.app.ticketSigner.sign({ c: ticket.code, g, i: 1_700_000_000 });
    expect(await checkTicketToken(t.app.db, t.app.ticketSigner, olderCompact)).toMatchObject({
      ok: false,
      reason: 'outdated',
      ticket: { id: ticket.id },
    });
    const nobody = ticket.code === 'ZZZZZZZZ' ? 'YYYYYYYY' : 'ZZZZZZZZ';
    expect(
      await checkTicketToken(t.app.db, t.app.ticketSigner, t.app.ticketSigner.sign({ c: nobody, g, i: 1 })),
    ).toMatchObject({ ok: false, reason: 'unknown', payload: null });
  });

  it('rejects the QR of a cancelled ticket, and a copy taken before a transfer', async () => {
    const { user, ticket } = await freshTicket();
    await call(t.app, 'POST', `/api/tickets/${ticket.id}/cancel`, user.cookie);
    expect(await checkTicketToken(t.app.db, t.app.ticketSigner, ticket.token)).toMatchObject({
      ok: false,
      reason: 'cancelled',
    });

    const second = await freshTicket();
    const friend = await signUp(t.app);
    await connect(t.app, second.user, friend);
    const copy = second.ticket.token;
    await call(t.app, 'POST', `/api/tickets/${second.ticket.id}/transfer`, second.user.cookie, {
      toUserId: friend.id,
    });
    expect(await checkTicketToken(t.app.db, t.app.ticketSigner, copy)).toMatchObject({
      ok: false,
      reason: 'transferred',
    });
  });
});

describe('ticket signing key', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-key-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('without TICKET_SIGNING_KEY generates one key in DATA_DIR and keeps using it', () => {
    const dataDir = tmp();
    const first = createTicketSigner(resolveSigningKey({ dataDir }));
    const second = createTicketSigner(resolveSigningKey({ dataDir }));
    expect(second.publicKey).toBe(first.publicKey);
    expect(fs.statSync(path.join(dataDir, 'ticket-signing-key.pem')).mode & 0o777).toBe(0o600);
    // A token from the first "process" verifies in the second.
    const token = first.sign({ t: 'a', e: 'b', h: 'c', i: 1 });
    expect(second.verify(token)).toMatchObject({ ok: true });
    expect(createTicketSigner(resolveSigningKey({ dataDir: tmp() })).publicKey).not.toBe(first.publicKey);
  });

  it('takes TICKET_SIGNING_KEY as PKCS#8 PEM, as base64 DER or as the base64 32-byte seed: one key for every server', () => {
    const key = crypto.generateKeyPairSync('ed25519').privateKey;
    const expected = crypto.createPublicKey(key).export({ format: 'jwk' }).x;
    const pem = key.export({ format: 'pem', type: 'pkcs8' }).toString();
    const der = key.export({ format: 'der', type: 'pkcs8' });
    const seed = der.subarray(der.length - 32);
    for (const value of [pem, der.toString('base64'), seed.toString('base64'), seed.toString('base64url')]) {
      const config = loadConfig({ DATA_DIR: tmp(), TICKET_SIGNING_KEY: value });
      expect(createTicketSigner(resolveSigningKey(config)).publicKey).toBe(expected);
      expect(fs.existsSync(path.join(config.dataDir, 'ticket-signing-key.pem'))).toBe(false);
    }
  });

  it('refuses a key that is not Ed25519 with a message naming the variable', () => {
    const rsa = crypto
      .generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    expect(() => parseSigningKey(rsa)).toThrow(/TICKET_SIGNING_KEY debe ser una clave Ed25519/);
    expect(() => parseSigningKey('not a key')).toThrow(/TICKET_SIGNING_KEY no es una clave privada válida/);
  });
});
