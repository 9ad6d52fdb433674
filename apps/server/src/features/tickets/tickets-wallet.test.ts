// "Save to wallet": the Apple Wallet .pkpass (a zip whose manifest holds every file's SHA-1 and whose signature is
// a detached PKCS#7 signature of the manifest by the configured pass certificate) and the Google Wallet save link
// (a JWT signed by the service account), both with the ticket's own QR token; only for the holder of a ticket
// that can still open the door; both off when not configured, as the embedded default is.
import crypto from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nightLabel } from '@nocturna/shared';
import { loadConfig } from '../../config.ts';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import { buy, call, connect, ticketEvent } from '../../../test/tickets-fixture.ts';
import {
  TEST_ISSUER_ID,
  TEST_PASS_TYPE_ID,
  TEST_SERVICE_ACCOUNT,
  TEST_TEAM_ID,
  appleWalletEnv,
  makeWalletCertificates,
  verifyDetachedSignature,
  type WalletCertificates,
} from '../../../test/wallet-certs.ts';

let certs: WalletCertificates;
beforeAll(() => {
  certs = makeWalletCertificates();
});
afterAll(() => certs.cleanup());

const apple = (id: string) => `/api/tickets/${id}/wallet/apple`;
const google = (id: string) => `/api/tickets/${id}/wallet/google`;

describe('wallet settings from the environment', () => {
  const base = { NODE_ENV: 'test' as const, DATA_DIR: '/tmp/nocturna-wallet-config' };
  const appleEnv = () => appleWalletEnv(certs);

  it('is off by default, and reads certificates and keys from file paths or from PEM values', () => {
    expect(loadConfig(base).wallet).toEqual({});
    const config = loadConfig({
      ...base,
      ...appleEnv(),
      GOOGLE_WALLET_ISSUER_ID: TEST_ISSUER_ID,
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: TEST_SERVICE_ACCOUNT,
      // As a service account's JSON writes it: one line, "\n" for each newline.
      GOOGLE_WALLET_PRIVATE_KEY: certs.config.google.privateKey.replace(/\n/g, '\\n'),
    });
    expect(config.wallet).toEqual(certs.config);
  });

  it('stops the boot on half a configuration, a wrong passphrase or a file that is not PEM', () => {
    const { APPLE_WALLET_WWDR_CERT: _missing, ...half } = appleEnv();
    expect(() => loadConfig({ ...base, ...half })).toThrow(/APPLE_WALLET_WWDR_CERT: falta/);
    expect(() => loadConfig({ ...base, ...appleEnv(), APPLE_WALLET_KEY_PASSPHRASE: 'otra' })).toThrow(
      /APPLE_WALLET_KEY: no es una clave privada en PEM, o su contraseña no es la buena/,
    );
    expect(() => loadConfig({ ...base, ...appleEnv(), APPLE_WALLET_CERT: `${certs.dir}/nope.pem` })).toThrow(
      /APPLE_WALLET_CERT: no es un PEM ni un fichero/,
    );
    expect(() =>
      loadConfig({ ...base, GOOGLE_WALLET_ISSUER_ID: TEST_ISSUER_ID, GOOGLE_WALLET_PRIVATE_KEY: 'x' }),
    ).toThrow(/GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: falta/);
  });
});

describe.each(DIALECTS)('wallets on %s', (dialect) => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [t, off] = await Promise.all([createTestApp(dialect, { wallet: certs.config }), createTestApp(dialect)]);
  });
  afterAll(async () => Promise.all([t.close(), off.close()]));

  async function ticketOf(app: TestApp['app']) {
    const ev = await ticketEvent(app.db, { types: [{ name: 'General', priceCents: 1500, capacity: 10 }] });
    const user = await signUp(app);
    const bought = (await buy(app, user, { ticketTypeId: ev.typeId(0) })).json().tickets[0];
    // What the ticket screen shows: its QR token and its code.
    const ticket = (await call(app, 'GET', `/api/tickets/${bought.id}`, user.cookie)).json();
    return { ev, user, ticket };
  }

  it('says which wallets are on: none by default, both when configured', async () => {
    expect((await call(off.app, 'GET', '/api/tickets/wallets')).json()).toEqual({
      apple: false,
      google: false,
    });
    expect((await call(t.app, 'GET', '/api/tickets/wallets')).json()).toEqual({ apple: true, google: true });
  });

  it('answers 404 WALLET_NOT_CONFIGURED to the holder when the server has no wallet configured', async () => {
    const { user, ticket } = await ticketOf(off.app);
    for (const url of [apple(ticket.id), google(ticket.id)]) {
      const response = await call(off.app, 'GET', url, user.cookie);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('WALLET_NOT_CONFIGURED');
    }
  });

  it('makes a signed .pkpass: every file in the manifest with its SHA-1, the manifest signed, the ticket in pass.json', async () => {
    const { ev, user, ticket } = await ticketOf(t.app);
    const response = await call(t.app, 'GET', apple(ticket.id), user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="nocturna-[\w-]+\.pkpass"$/,
    );

    const files = unzipSync(new Uint8Array(response.rawPayload));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as Record<string, string>;
    const packed = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(packed.sort());
    expect(packed).toEqual(
      expect.arrayContaining([
        'pass.json',
        'icon.png',
        'icon@2x.png',
        'es.lproj/pass.strings',
        'en.lproj/pass.strings',
      ]),
    );
    for (const name of packed)
      expect(manifest[name], name).toBe(crypto.createHash('sha1').update(files[name]!).digest('hex'));

    const verified = verifyDetachedSignature(certs, files['manifest.json']!, files['signature']!);
    expect(verified.ok).toBe(true);
    expect(new crypto.X509Certificate(verified.signers).fingerprint256).toBe(
      new crypto.X509Certificate(certs.config.apple.signerCert).fingerprint256,
    );
    // A manifest changed after signing no longer matches the signature.
    const tampered = new TextEncoder().encode(strFromU8(files['manifest.json']!).replace('"', ' "'));
    expect(verifyDetachedSignature(certs, tampered, files['signature']!).ok).toBe(false);

    const pass = JSON.parse(strFromU8(files['pass.json']!));
    expect(pass).toMatchObject({
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: TEST_TEAM_ID,
      serialNumber: ticket.id,
      relevantDate: expect.any(String),
      locations: [{ latitude: 40.4251, longitude: -3.7059 }],
    });
    expect(new Date(pass.relevantDate).toISOString()).toBe(ticket.event.startAt);
    expect(pass.barcodes).toEqual([
      expect.objectContaining({
        format: 'PKBarcodeFormatQR',
        message: ticket.token,
        altText: expect.any(String),
      }),
    ]);
    expect(pass.barcodes[0].altText.replace('-', '')).toBe(ticket.code);
    const fields = [
      ...pass.eventTicket.headerFields,
      ...pass.eventTicket.primaryFields,
      ...pass.eventTicket.secondaryFields,
      ...pass.eventTicket.auxiliaryFields,
    ].map((f: { key: string; value: string }) => [f.key, f.value]);
    expect(Object.fromEntries(fields)).toMatchObject({
      event: ticket.event.name,
      club: ticket.club.name,
      type: 'General',
      holder: ticket.holderName,
      code: `${ticket.code.slice(0, 4)}-${ticket.code.slice(4)}`,
      night: 'NIGHT_VALUE',
    });
    expect(ticket.event.id).toBe(ev.eventId);
    // The night and door time in Madrid time, worded in each language.
    const strings = (lang: string) => strFromU8(files[`${lang}.lproj/pass.strings`]!);
    const start = new Date(ticket.event.startAt);
    expect(strings('es')).toContain(`"NIGHT_VALUE" = "${nightLabel(start, 'es')}";`);
    expect(strings('es')).toContain('"HOLDER" = "A nombre de";');
    expect(strings('en')).toContain(`"NIGHT_VALUE" = "${nightLabel(start, 'en')}";`);
    expect(strings('en')).toContain('"HOLDER" = "Name";');
  });

  it('makes a Google Wallet save link whose JWT the service account signed, with the ticket as its QR', async () => {
    const { user, ticket } = await ticketOf(t.app);
    const response = await call(t.app, 'GET', google(ticket.id), user.cookie);
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const jwt = url.slice('https://pay.google.com/gp/v/save/'.length);
    const { payload, protectedHeader } = await jwtVerify(jwt, certs.googlePublicKey, {
      issuer: TEST_SERVICE_ACCOUNT,
      audience: 'google',
      algorithms: ['RS256'],
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    const body = payload.payload as {
      eventTicketClasses: Record<string, unknown>[];
      eventTicketObjects: Record<string, unknown>[];
    };
    const classId = `${TEST_ISSUER_ID}.event-${ticket.event.id}`;
    expect(body.eventTicketClasses).toEqual([
      expect.objectContaining({
        id: classId,
        eventName: { defaultValue: { language: 'es-ES', value: ticket.event.name } },
      }),
    ]);
    // The night's times as Madrid's wall clock with its offset, the same instants as the ticket's.
    const dateTime = body.eventTicketClasses[0]!.dateTime as Record<string, string>;
    expect(dateTime.doorsOpen).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/);
    expect(new Date(dateTime.doorsOpen!).getTime()).toBe(
      Math.floor(Date.parse(ticket.event.startAt) / 1000) * 1000,
    );
    expect(new Date(dateTime.end!).getTime()).toBe(Math.floor(Date.parse(ticket.event.endAt) / 1000) * 1000);
    expect(dateTime.doorsOpen!.slice(11, 16)).toBe(nightLabel(new Date(ticket.event.startAt)).slice(-5));
    expect(body.eventTicketObjects).toEqual([
      expect.objectContaining({
        id: `${TEST_ISSUER_ID}.ticket-${ticket.id}`,
        classId,
        state: 'ACTIVE',
        barcode: expect.objectContaining({ type: 'QR_CODE', value: ticket.token }),
        ticketHolderName: ticket.holderName,
      }),
    ]);
    // Another key does not verify it.
    const { publicKey: other } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expect(jwtVerify(jwt, other)).rejects.toThrow();
  });

  it('gives nothing to a stranger (404) or to nobody signed in (401)', async () => {
    const { ticket } = await ticketOf(t.app);
    const stranger = await signUp(t.app);
    for (const url of [apple(ticket.id), google(ticket.id)]) {
      const response = await call(t.app, 'GET', url, stranger.cookie);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('TICKET_NOT_FOUND');
      expect((await call(t.app, 'GET', url)).statusCode, url).toBe(401);
    }
  });

  it('refuses a ticket passed to someone else or cancelled, while the new holder gets theirs', async () => {
    const { ev, user, ticket } = await ticketOf(t.app);
    const friend = await signUp(t.app);
    await connect(t.app, user, friend);
    expect(
      (await call(t.app, 'POST', `/api/tickets/${ticket.id}/transfer`, user.cookie, { toUserId: friend.id }))
        .statusCode,
    ).toBe(200);
    for (const url of [apple(ticket.id), google(ticket.id)]) {
      const response = await call(t.app, 'GET', url, user.cookie);
      expect(response.statusCode, url).toBe(409);
      expect(response.json().error.code).toBe('TICKET_TRANSFERRED');
    }
    const theirs = (await call(t.app, 'GET', '/api/tickets', friend.cookie)).json().items[0];
    const link = (await call(t.app, 'GET', google(theirs.id), friend.cookie)).json().url as string;
    const { payload } = await jwtVerify(link.split('/').pop()!, certs.googlePublicKey);
    const object = (payload.payload as { eventTicketObjects: { barcode: { value: string } }[] })
      .eventTicketObjects[0]!;
    expect(object.barcode.value).toBe(theirs.token);
    expect(theirs.token).not.toBe(ticket.token);

    const second = (await buy(t.app, user, { ticketTypeId: ev.typeId(0) })).json().tickets[0];
    expect((await call(t.app, 'POST', `/api/tickets/${second.id}/cancel`, user.cookie)).statusCode).toBe(200);
    for (const url of [apple(second.id), google(second.id)]) {
      const response = await call(t.app, 'GET', url, user.cookie);
      expect(response.statusCode, url).toBe(409);
      expect(response.json().error.code).toBe('TICKET_CANCELLED');
    }
  });
});
