import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../../db/connect.ts';
import { insertClub, insertEvent } from '../../seed/catalogue-writer.ts';
import { REMINDER_LEAD_MS, sendDueReminders } from './scheduler.ts';

const HOUR = 60 * 60 * 1000;
const run = promisify(execFile);

// A scheduler on "another server": a separate Node process on the same database. node:sqlite waits for a lock
// synchronously, so two SQLite schedulers can only race from two processes, as two servers would.
async function otherProcessTick(database: unknown, now: Date, name: string): Promise<number> {
  const worker = path.join(import.meta.dirname, '../../../test/reminders-worker.ts');
  const { stdout } = await run(process.execPath, [worker, JSON.stringify(database), now.toISOString(), name]);
  return Number(stdout);
}

describe.each(DIALECTS)('event reminders on %s', (dialect) => {
  let t: TestApp;
  let clubId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    clubId = await insertClub(t.app.db, {
      slug: `club-${uuidv7()}`,
      name: 'Sala Prueba',
      barrio: 'Malasaña',
      openingDays: ['FRI'],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function eventAt(startAt: Date, status: 'published' | 'cancelled' = 'published') {
    return insertEvent(
      t.app.db,
      {
        slug: `evento-${uuidv7()}`,
        clubId,
        name: `Noche ${startAt.toISOString()}`,
        startAt,
        endAt: new Date(startAt.getTime() + 5 * HOUR),
        status,
      },
      'Sala Prueba',
    );
  }

  async function ticket(userId: string, eventId: string, status = 'valid') {
    const id = uuidv7();
    await t.app.db
      .insertInto('tickets')
      .values({
        id,
        event_id: eventId,
        user_id: userId,
        ticket_type_id: null,
        type: 'General',
        price_cents: 2500,
        currency: 'EUR',
        status,
        check_in_at: null,
        qr_code: id,
        created_at: new Date().toISOString(),
      })
      .execute();
    return id;
  }

  const remindersOf = (userId: string) =>
    t.app.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', 'event_reminder')
      .execute();

  it(
    'reminds valid ticket holders of events starting within 3 h, exactly once with two schedulers racing',
    { timeout: 90_000 },
    async () => {
      const now = new Date();
      const soon = await eventAt(new Date(now.getTime() + 2 * HOUR));
      const later = await eventAt(new Date(now.getTime() + REMINDER_LEAD_MS + HOUR));
      const past = await eventAt(new Date(now.getTime() - HOUR));
      const cancelled = await eventAt(new Date(now.getTime() + HOUR), 'cancelled');
      const holders = await Promise.all(Array.from({ length: 12 }, () => signUp(t.app)));
      const tickets = await Promise.all(holders.map((h) => ticket(h.id, soon)));
      const used = await signUp(t.app);
      await ticket(used.id, soon, 'used');
      const refunded = await signUp(t.app);
      await ticket(refunded.id, soon, 'cancelled');
      const other = await signUp(t.app);
      for (const event of [later, past, cancelled]) await ticket(other.id, event);

      // PostgreSQL: a second pool in this process races for real; SQLite: a second process.
      const second = dialect === 'postgres' ? openDatabase(t.config.database).db : undefined;
      const otherServer = (name: string) =>
        second
          ? sendDueReminders(second, t.app.realtime, name, now)
          : otherProcessTick(t.config.database, now, name);
      const counts = await Promise.all([
        otherServer('server-b'),
        sendDueReminders(t.app.db, t.app.realtime, 'server-a', now),
        otherServer('server-b'),
        sendDueReminders(t.app.db, t.app.realtime, 'server-a', now),
      ]);
      await second?.destroy();
      expect(counts.reduce((a, b) => a + b, 0)).toBe(holders.length);

      for (const [i, holder] of holders.entries()) {
        const rows = await remindersOf(holder.id);
        expect(rows).toHaveLength(1);
        expect(JSON.parse(rows[0]!.refs)).toEqual({ eventId: soon, ticketId: tickets[i] });
        expect(rows[0]!.link).toBe(`/evento/${soon}`);
      }
      for (const user of [used, refunded, other]) expect(await remindersOf(user.id)).toHaveLength(0);
      const claims = await t.app.db
        .selectFrom('event_reminders')
        .selectAll()
        .where('event_id', '=', soon)
        .execute();
      expect(claims).toHaveLength(holders.length);
      expect(claims.every((c) => c.notification_id !== null)).toBe(true);

      // Later ticks, on either server, send nothing more.
      expect(await sendDueReminders(t.app.db, t.app.realtime, 'server-a', now)).toBe(0);
    },
  );

  it('sends a reminder that fell due while no server ran, and one whose claim was rolled back', async () => {
    const holder = await signUp(t.app);
    const start = new Date(Date.now() + HOUR);
    const event = await eventAt(start);
    const ticketId = await ticket(holder.id, event);
    // A server that died mid-send: its transaction never committed, so no claim row exists and nothing is lost.
    await t.app.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('event_reminders')
          .values({
            ticket_id: ticketId,
            user_id: holder.id,
            event_id: event,
            claimed_by: 'dead',
            claimed_at: new Date().toISOString(),
            notification_id: null,
          })
          .execute();
        throw new Error('crash');
      })
      .catch(() => undefined);
    expect(await sendDueReminders(t.app.db, t.app.realtime, 'restarted', new Date())).toBe(1);
    expect(await remindersOf(holder.id)).toHaveLength(1);
  });
});
