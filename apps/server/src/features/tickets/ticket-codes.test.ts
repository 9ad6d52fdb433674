// Every ticket's short code (8 characters without look-alikes, unique per event) and the compact NT2 QR that
// names a ticket by it: shown on the ticket, found by the door's manual search, verified offline with the
// public key alone; a tampered QR is refused and an NT1 QR issued before keeps opening the door.
import crypto from 'node:crypto';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TICKET_CODE_PATTERN,
  formatTicketCode,
  importTicketPublicKey,
  verifyTicketToken,
} from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import {
  caller,
  event,
  getTicket,
  person,
  scan,
  staffedClub,
  type IssuedTicket,
  type Person,
} from '../../../test/door-fixture.ts';
import { insertTicketWithFreshId } from './repository.ts';
import { checkTicketToken } from './token-check.ts';
import { now } from '../../clock.ts';
import { databaseAt, insertOldClub, insertOldEvent } from '../../../test/migration-fixture.ts';

// One character of the signature part changed: the token keeps its shape, the signature no longer matches.
function flipSignature(token: string): string {
  const at = token.lastIndexOf('.') + 1;
  return `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
}

describe.each(DIALECTS)('ticket codes on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let staff: Awaited<ReturnType<typeof staffedClub>>;
  let tonight: Awaited<ReturnType<typeof event>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    staff = await staffedClub(t.app, await person(t.app, 'admin'));
    tonight = await event(t.app, staff.club.id);
  });
  afterAll(async () => t.close());

  const codeOf = async (who: Person, ticketId: string) =>
    (await call('GET', `/api/tickets/${ticketId}`, who.cookie)).json().code as string;

  it('gives every new ticket an 8-character code without look-alike characters, shown with the ticket', async () => {
    const holder = await person(t.app);
    const tickets = await getTicket(t.app, holder, tonight.typeId(0), 4);
    const codes = await Promise.all(tickets.map((ticket) => codeOf(holder, ticket.id)));
    for (const code of codes) {
      expect(code).toMatch(TICKET_CODE_PATTERN);
      expect(code).toHaveLength(8);
      expect(code).not.toMatch(/[01OILUV]/);
    }
    expect(new Set(codes).size).toBe(4);
    const listed = (await call('GET', '/api/tickets?when=upcoming', holder.cookie)).json().items as {
      id: string;
      code: string;
    }[];
    expect(listed.map((x) => x.code).sort()).toEqual([...codes].sort());
  });

  it('keeps codes unique per event: parallel sales all differ, and the database refuses a repeated code', async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, () => person(t.app)));
    const bought = await Promise.all(buyers.map((b) => getTicket(t.app, b, tonight.typeId(0))));
    const rows = await t.app.db
      .selectFrom('tickets')
      .select([
        'id',
        'code',
        'event_id',
        'user_id',
        'type',
        'price_cents',
        'currency',
        'status',
        'created_at',
      ])
      .where(
        'id',
        'in',
        bought.map(([x]) => x!.id),
      )
      .execute();
    expect(new Set(rows.map((r) => r.code)).size).toBe(12);

    // Straight into the table, past the code drawing: the unique index answers.
    const taken = rows[0]!;
    const copy = { ...taken, id: `${taken.id}-copia`, qr_code: 'x' };
    await expect(t.app.db.insertInto('tickets').values(copy).execute()).rejects.toThrow(/unique|UNIQUE/);
    // The same code at another event is another ticket.
    const other = await event(t.app, staff.club.id, { startsInHours: 30 });
    await t.app.db
      .insertInto('tickets')
      .values({ ...copy, event_id: other.id })
      .execute();
  });

  it('draws again when the code it drew is taken at the event, also when two sales race for one code', async () => {
    const [first] = await getTicket(t.app, await person(t.app), tonight.typeId(0));
    const taken = (await t.app.db
      .selectFrom('tickets')
      .select('code')
      .where('id', '=', first!.id)
      .executeTakeFirstOrThrow())!.code!;
    const holders = await Promise.all([person(t.app), person(t.app), person(t.app)]);
    const draws = (sequence: string[]) => () => sequence.shift()!;
    const issue = (holder: Person, sequence: string[]) =>
      insertTicketWithFreshId(
        t.app.db,
        {
          event_id: tonight.id,
          user_id: holder.id,
          ticket_type_id: tonight.typeId(0),
          type: 'General',
          price_cents: 1500,
          currency: 'EUR',
          status: 'valid',
          created_at: now().toISOString(),
        },
        (id, _at, code) => `token-${id}-${code}`,
        now(),
        draws(sequence),
      );
    // The first draw collides with a sold ticket's code: the second draw is kept, under the usual id.
    const retried = await issue(holders[0], [taken, 'HJKM2345']);
    expect(retried).toMatchObject({ code: 'HJKM2345', id: `${holders[0].id}_${tonight.id}` });
    // Two sales at once drawing the same code: one keeps it, the other draws again.
    const [a, b] = await Promise.all([
      issue(holders[1], ['WXYZ6789', 'PQRS2345']),
      issue(holders[2], ['WXYZ6789', 'TWXY3456']),
    ]);
    expect([a.code, b.code].filter((c) => c === 'WXYZ6789')).toHaveLength(1);
    expect(a.code).not.toBe(b.code);
    const stored = await t.app.db
      .selectFrom('tickets')
      .select('code')
      .where('event_id', '=', tonight.id)
      .where('code', 'in', ['WXYZ6789', 'PQRS2345', 'TWXY3456'])
      .execute();
    expect(stored).toHaveLength(2);
  });

  it('finds a ticket at the door by its code, typed any way, and tells people apart by name, code and type', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, tonight.typeId(1));
    const code = await codeOf(holder, ticket!.id);
    for (const q of [
      code,
      code.toLowerCase(),
      formatTicketCode(code),
      ` ${code.slice(0, 4)}-${code.slice(4, 6)} `,
    ]) {
      const found = await call(
        'GET',
        `/api/door/events/${tonight.id}/tickets?q=${encodeURIComponent(q)}`,
        staff.door.cookie,
      );
      expect(found.statusCode, q).toBe(200);
      const items = found.json().items as { id: string; code: string }[];
      expect(
        items.find((i) => i.id === ticket!.id),
        q,
      ).toMatchObject({ code, holderName: holder.name, type: 'VIP' });
      if (q === code) expect(items).toHaveLength(1);
    }
  });

  it('issues a compact QR (NT2): a smaller QR version than NT1, verified offline and admitted at the door', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, tonight.typeId(0));
    const code = await codeOf(holder, ticket!.id);
    expect(ticket!.token).toMatch(new RegExp(`^NT2\\.${code}\\.[A-Z2-7]{13}\\.[A-Z2-7]{103}$`));
    const legacy = t.app.ticketSigner.sign({ t: ticket!.id, e: tonight.id, h: holder.id, i: 1_800_000_000 });
    const version = (token: string) => QRCode.create(token, { errorCorrectionLevel: 'M' }).version;
    // What the ticket screen draws: measured, not assumed (NT1 tickets of the same ids need version 11 or more).
    expect(version(ticket!.token)).toBeLessThanOrEqual(6);
    expect(version(legacy)).toBeGreaterThanOrEqual(version(ticket!.token) + 4);

    const key = await importTicketPublicKey(t.app.ticketSigner.publicKey);
    expect(await verifyTicketToken(ticket!.token, key)).toMatchObject({ ok: true, payload: { c: code } });
    expect(await checkTicketToken(t.app.db, t.app.ticketSigner, ticket!.token)).toMatchObject({
      ok: true,
      ticket: { id: ticket!.id },
      payload: { t: ticket!.id, e: tonight.id, h: holder.id },
    });
    expect((await scan(t.app, staff.door, tonight.id, { token: ticket!.token })).json()).toMatchObject({
      outcome: 'valid',
      ticket: { id: ticket!.id, code },
    });
  });

  it('refuses a tampered QR (another code under the signature, a changed signature) and names a foreign one', async () => {
    const holder = await person(t.app);
    const [mine, theirs] = await getTicket(t.app, holder, tonight.typeId(0), 2);
    const theirCode = await codeOf(holder, theirs!.id);
    const key = await importTicketPublicKey(t.app.ticketSigner.publicKey);
    const [head, , tail, signature] = mine!.token.split('.');
    const swapped = `${head}.${theirCode}.${tail}.${signature}`;
    for (const token of [swapped, flipSignature(mine!.token)]) {
      expect(await verifyTicketToken(token, key), token).toEqual({ ok: false, reason: 'forged' });
      expect((await scan(t.app, staff.door, tonight.id, { token })).json(), token).toMatchObject({
        outcome: 'forged',
        ticket: null,
      });
    }
    expect((await scan(t.app, staff.door, tonight.id, { token: `${mine!.token}X` })).json().outcome).toBe(
      'malformed',
    );
    const other = await event(t.app, staff.club.id, { startsInHours: 2 });
    const [foreign] = await getTicket(t.app, holder, other.typeId(0));
    expect((await scan(t.app, staff.door, tonight.id, { token: foreign!.token })).json()).toMatchObject({
      outcome: 'wrong_event',
      ticket: null,
      ticketEvent: { id: other.id, name: other.name },
    });
    // Nothing was let in by any of these.
    const statuses = await t.app.db
      .selectFrom('tickets')
      .select('status')
      .where('id', 'in', [mine!.id, theirs!.id, foreign!.id])
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['valid', 'valid', 'valid']);
  });

  it('keeps admitting a ticket that still holds an NT1 QR issued before codes existed', async () => {
    const holder = await person(t.app);
    const [ticket] = (await getTicket(t.app, holder, tonight.typeId(0))) as [IssuedTicket];
    const legacy = t.app.ticketSigner.sign({
      t: ticket.id,
      e: tonight.id,
      h: holder.id,
      i: Math.floor(now().getTime() / 1000) - 86_400,
    });
    await t.app.db.updateTable('tickets').set({ qr_code: legacy }).where('id', '=', ticket.id).execute();
    expect(legacy.startsWith('NT1.')).toBe(true);
    // The NT2 token it had before no longer counts; the NT1 one it holds does.
    expect((await scan(t.app, staff.door, tonight.id, { token: ticket.token })).json().outcome).toBe(
      'outdated',
    );
    expect((await scan(t.app, staff.door, tonight.id, { token: legacy })).json()).toMatchObject({
      outcome: 'valid',
      ticket: { id: ticket.id },
    });
  });

  it('signs NT2 with the same key only: a token signed with another key is forged', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, tonight.typeId(0));
    const { compactSignedPart, assembleCompactToken, decodeTicketToken } = await import('@nocturna/shared');
    const decoded = decodeTicketToken(ticket!.token)!;
    const signed = compactSignedPart(decoded.payload as { c: string; g: string; i: number });
    expect(signed).toBe(decoded.signed);
    const stranger = crypto.generateKeyPairSync('ed25519').privateKey;
    const forged = assembleCompactToken(signed, crypto.sign(null, Buffer.from(signed), stranger));
    expect((await scan(t.app, staff.door, tonight.id, { token: forged })).json().outcome).toBe('forged');
  });
});

describe.each(DIALECTS)('migration 0031 on %s', (dialect) => {
  it('gives every ticket issued before it a code, unique within its event', async () => {
    const { db, oldDb, cleanup } = await databaseAt(dialect, '0030-payment-review');
    try {
      const at = new Date().toISOString();
      // Rows as they were before migration 0031: no code column yet.
      await oldDb
        .insertInto('users')
        .values({ id: 'u1', name: 'Ana', email: 'ana@example.com', created_at: at, updated_at: at })
        .execute();
      await insertOldClub(oldDb, at);
      for (const id of ['e1', 'e2'])
        await insertOldEvent(oldDb, { id, name: id, startAt: at, endAt: at, at });
      const ids = ['e1', 'e1', 'e1', 'e2', 'e2'].map((eventId, n) => ({ id: `t${n}`, eventId }));
      for (const { id, eventId } of ids)
        await oldDb
          .insertInto('tickets')
          .values({
            ...{ id, event_id: eventId, user_id: 'u1', type: 'General', price_cents: 0, currency: 'EUR' },
            ...{ status: 'valid', qr_code: `NT1.${id}`, created_at: at },
          })
          .execute();

      await migrateToLatest(db);

      const rows = await db.selectFrom('tickets').select(['id', 'event_id', 'code']).orderBy('id').execute();
      expect(rows).toHaveLength(5);
      for (const row of rows) expect(row.code).toMatch(TICKET_CODE_PATTERN);
      expect(new Set(rows.filter((r) => r.event_id === 'e1').map((r) => r.code)).size).toBe(3);
      // The index holds from now on: a repeated code in one event is refused.
      await expect(
        db.updateTable('tickets').set({ code: rows[0]!.code }).where('id', '=', rows[1]!.id).execute(),
      ).rejects.toThrow(/unique|UNIQUE/);
    } finally {
      await db.destroy();
      await cleanup();
    }
  });
});
