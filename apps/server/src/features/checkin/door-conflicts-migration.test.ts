// Migration 0034 moves the flags of entries (a ticket two doors let in, one let in when no longer valid) from
// check_in_conflicts into door_conflicts: a database that had them answers the conflicts list, a review and the
// replay of the door's sync as before, and one entry still raises one flag at most.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { findCheckInByClient } from './repository.ts';
import { caller, person } from '../../../test/door-fixture.ts';
import { databaseAt, insertOldClub, insertOldEvent } from '../../../test/migration-fixture.ts';

const CREATED = '2026-11-01T10:00:00.000Z';
const A_IN = '2026-11-20T23:10:00.000Z';
const B_IN = '2026-11-20T23:25:00.000Z';
const C_IN = '2026-11-20T23:40:00.000Z';
const EXIT = '2026-11-20T23:50:00.000Z';
// Created in this order: the double entry, then the exit flagged before 0034, then the invalid ticket.
const DOUBLE_FLAGGED = '2026-11-21T09:00:00.000Z';
const EXIT_FLAGGED = '2026-11-21T09:05:00.000Z';
const INVALID_FLAGGED = '2026-11-21T09:10:00.000Z';
const REVIEWED = '2026-11-21T11:00:00.000Z';

describe.each(DIALECTS)('migration 0034 on %s', (dialect) => {
  it('moves the entry conflicts into door_conflicts, readable, reviewable and replayed as before', async () => {
    const { config, db, oldDb, cleanup } = await databaseAt(dialect, '0033-notification-messages');
    try {
      // Rows as they were before migration 0034.
      const at = CREATED;
      for (const [id, name] of [
        ['u-door', 'Lola Puerta'],
        ['u-ana', 'Ana Ruiz'],
        ['u-boss', 'Marta Jefa'],
      ])
        await oldDb
          .insertInto('users')
          .values({ id, name, email: `${id}@example.com`, created_at: at, updated_at: at })
          .execute();
      await insertOldClub(oldDb, at);
      await insertOldEvent(oldDb, { id: 'e1', name: 'Noche', startAt: A_IN, endAt: EXIT, at });
      const ticket = (id: string, code: string, status: string, holderName: string) => ({
        ...{ id, event_id: 'e1', user_id: 'u-ana', type: 'General', price_cents: 0, currency: 'EUR' },
        ...{ status, qr_code: `NT1.${id}`, code, holder_name: holderName, created_at: at },
      });
      await oldDb
        .insertInto('tickets')
        .values([ticket('t1', 'ABCD2345', 'used', ''), ticket('t2', 'EFGH6789', 'cancelled', 'Bea Gil')])
        .execute();
      const checkIn = (id: string, ticketId: string, door: string, scannedAt: string, outcome: string) => ({
        ...{ id, ticket_id: ticketId, event_id: 'e1', staff_user_id: 'u-door', door, client_id: `cid-${id}` },
        ...{ scanned_at: scannedAt, synced_at: DOUBLE_FLAGGED, offline: true, outcome, method: 'qr' },
      });
      await oldDb
        .insertInto('check_ins')
        .values([
          checkIn('ci-a', 't1', 'Puerta A', A_IN, 'admitted'),
          checkIn('ci-b', 't1', 'Puerta B', B_IN, 'duplicate'),
          checkIn('ci-c', 't2', 'Puerta C', C_IN, 'invalid'),
        ])
        .execute();
      await oldDb
        .insertInto('check_in_conflicts')
        .values([
          {
            ...{ id: 'k-double', event_id: 'e1', ticket_id: 't1', kind: 'double_entry', reason: null },
            ...{ check_in_id: 'ci-b', created_at: DOUBLE_FLAGGED },
            ...{ reviewed_at: REVIEWED, reviewed_by: 'u-boss' },
          },
          {
            ...{ id: 'k-invalid', event_id: 'e1', ticket_id: 't2', kind: 'invalid_ticket' },
            ...{ reason: 'cancelled', check_in_id: 'ci-c', created_at: INVALID_FLAGGED },
            ...{ reviewed_at: null, reviewed_by: null },
          },
        ])
        .execute();
      // A flag door_conflicts already held: an exit of a ticket that never got in.
      await oldDb
        .insertInto('door_conflicts')
        .values({
          ...{ id: 'k-exit', event_id: 'e1', ticket_id: 't2', kind: 'not_inside', reason: 'cancelled' },
          ...{ action: 'exit', movement_id: null, check_in_id: null, staff_user_id: 'u-door' },
          ...{ door: 'Puerta C', client_id: 'cid-exit', at: EXIT, created_at: EXIT_FLAGGED },
          ...{ reviewed_at: null, reviewed_by: null },
        })
        .execute();
    } finally {
      await db.destroy();
    }

    // The app runs 0034 on start.
    const app = await buildApp(config, { logger: false });
    try {
      await app.ready();
      const call = caller(app);
      const admin = await person(app, 'admin');
      const list = await call('GET', '/api/door/events/e1/conflicts', admin.cookie);
      expect(list.statusCode, list.body).toBe(200);
      const entriesOfT1 = [
        { checkInId: 'ci-a', door: 'Puerta A', staffName: 'Lola Puerta', scannedAt: A_IN, offline: true },
        { checkInId: 'ci-b', door: 'Puerta B', staffName: 'Lola Puerta', scannedAt: B_IN, offline: true },
      ];
      const entriesOfT2 = [
        { checkInId: 'ci-c', door: 'Puerta C', staffName: 'Lola Puerta', scannedAt: C_IN, offline: true },
      ];
      // Exactly what the list answered before 0034: newest first, no movement for an entry's own flags.
      expect(list.json()).toEqual({
        items: [
          {
            ...{ id: 'k-invalid', eventId: 'e1', ticketId: 't2', holderName: 'Bea Gil', type: 'General' },
            ...{ kind: 'invalid_ticket', reason: 'cancelled', entries: entriesOfT2, movement: null },
            ...{ createdAt: INVALID_FLAGGED, reviewedAt: null },
          },
          {
            ...{ id: 'k-exit', eventId: 'e1', ticketId: 't2', holderName: 'Bea Gil', type: 'General' },
            ...{ kind: 'not_inside', reason: 'cancelled', entries: entriesOfT2 },
            movement: { action: 'exit', door: 'Puerta C', staffName: 'Lola Puerta', at: EXIT },
            ...{ createdAt: EXIT_FLAGGED, reviewedAt: null },
          },
          {
            ...{ id: 'k-double', eventId: 'e1', ticketId: 't1', holderName: 'Ana Ruiz', type: 'General' },
            ...{ kind: 'double_entry', reason: null, entries: entriesOfT1, movement: null },
            ...{ createdAt: DOUBLE_FLAGGED, reviewedAt: REVIEWED },
          },
        ],
      });

      // The moved rows are entries: at the door, by the staff and at the instant of the check-in.
      const moved = await app.db
        .selectFrom('door_conflicts')
        .select(['id', 'action', 'door', 'staff_user_id', 'client_id', 'movement_id', 'at', 'reviewed_by'])
        .where('id', 'in', ['k-double', 'k-invalid'])
        .orderBy('id')
        .execute();
      expect(moved.map((r) => ({ ...r, at: new Date(r.at).toISOString() }))).toEqual([
        {
          ...{ id: 'k-double', action: 'entry', door: 'Puerta B', staff_user_id: 'u-door' },
          ...{ client_id: null, movement_id: null, at: B_IN, reviewed_by: 'u-boss' },
        },
        {
          ...{ id: 'k-invalid', action: 'entry', door: 'Puerta C', staff_user_id: 'u-door' },
          ...{ client_id: null, movement_id: null, at: C_IN, reviewed_by: null },
        },
      ]);

      // A replayed sync of the door's entries finds their flags by the entry.
      expect(await findCheckInByClient(app.db, 'u-door', 'cid-ci-b')).toMatchObject({
        conflict_id: 'k-double',
        conflict_kind: 'double_entry',
        reason: null,
      });
      expect(await findCheckInByClient(app.db, 'u-door', 'cid-ci-c')).toMatchObject({
        conflict_id: 'k-invalid',
        reason: 'cancelled',
      });
      expect(await findCheckInByClient(app.db, 'u-door', 'cid-ci-a')).toMatchObject({ conflict_id: null });

      // Reviewed once: the one reviewed before 0034 is not open any more.
      const review = (id: string) => call('POST', `/api/door/events/e1/conflicts/${id}/review`, admin.cookie);
      expect((await review('k-invalid')).statusCode).toBe(204);
      expect((await review('k-invalid')).statusCode).toBe(404);
      expect((await review('k-double')).statusCode).toBe(404);
      expect(
        (await call('GET', '/api/door/events/e1/conflicts', admin.cookie))
          .json()
          .items.map((c: { id: string; reviewedAt: string | null }) => [c.id, c.reviewedAt !== null]),
      ).toEqual([
        ['k-invalid', true],
        ['k-exit', false],
        ['k-double', true],
      ]);

      // One flag per entry, held by the database; the old table is gone.
      await expect(
        app.db
          .insertInto('door_conflicts')
          .values({
            ...{ id: 'k-again', event_id: 'e1', ticket_id: 't1', kind: 'double_entry', reason: null },
            ...{ action: 'entry', movement_id: null, check_in_id: 'ci-b', staff_user_id: 'u-door' },
            ...{ door: 'Puerta B', client_id: null, at: B_IN, created_at: REVIEWED },
            ...{ reviewed_at: null, reviewed_by: null },
          })
          .execute(),
      ).rejects.toThrow(/unique|UNIQUE/);
      await expect(sql`select count(*) from check_in_conflicts`.execute(app.db)).rejects.toThrow();
    } finally {
      await app.close();
      await cleanup();
    }
  });
});
