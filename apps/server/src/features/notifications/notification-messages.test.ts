// Notifications stored as a catalogue message and its data: migration 0033 reads the Spanish texts stored before
// back into their message (the API words them exactly as they were), keeps a text it cannot read as it is, and
// the push and e-mail copies are worded in English from the same catalogue.
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/test-app.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { toNotification } from './service.ts';
import type { NotificationData } from '@nocturna/shared';
import { wordNotification } from './wording.ts';
import { databaseAt, insertOldClub, insertOldEvent } from '../../../test/migration-fixture.ts';

const START = '2026-12-05T22:00:00.000Z';
const CHECK_IN = '2026-12-05T23:41:00.000Z';
const night = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
}).format(new Date(START));

// Texts as the server stored them before, each with the message and data it reads back into.
const STORED: {
  title: string;
  body: string;
  refs: Record<string, string>;
  message: string;
  data: NotificationData;
}[] = [
  {
    title: 'Tus 2 entradas para Noche Larga',
    body: `General · ${night}. El QR está en Entradas, también sin conexión.`,
    refs: { eventId: 'e1', ticketId: 't1' },
    message: 'ticketIssued',
    data: { eventName: 'Noche Larga', typeName: 'General', count: 2, startAt: START },
  },
  {
    title: 'Ya estás dentro: Noche Larga',
    body: 'Tu entrada General se validó a las 00:41 en Puerta 1. ¡Que disfrutes la noche!',
    refs: { eventId: 'e1', ticketId: 't1' },
    message: 'ticketCheckedIn',
    data: { eventName: 'Noche Larga', typeName: 'General', at: CHECK_IN, door: 'Puerta 1' },
  },
  {
    title: 'Noche Larga se ha cancelado',
    body: `La discoteca ha cancelado la noche del ${night}. Tu entrada queda cancelada.`,
    refs: { eventId: 'e1' },
    message: 'eventCancelled',
    data: { eventName: 'Noche Larga', count: 1, startAt: START },
  },
  {
    title: 'Te devolvemos 12,50\u00a0€ · Noche Larga',
    body: 'La discoteca ha cancelado el evento. Lo verás en tu tarjeta en 5 a 10 días.',
    refs: { eventId: 'e1', orderId: 'o1' },
    message: 'paymentRefunded',
    data: { eventName: 'Noche Larga', amountCents: 1250, refundReason: 'event_cancelled' },
  },
  {
    title: 'No has podido entrar: Noche Larga',
    body: 'La puerta rechazó tu entrada por llevar chanclas. La discoteca no devuelve el importe en estos casos.',
    refs: { eventId: 'e1', ticketId: 't1' },
    message: 'ticketRefused',
    data: { eventName: 'Noche Larga', reason: 'other', note: 'llevar chanclas' },
  },
  {
    title: 'Tienes un nuevo rol: administrador',
    body: 'Un administrador te ha dado el rol de administrador. Ya puedes abrir su panel.',
    refs: { grantedBy: 'u1' },
    message: 'roleGranted',
    data: { role: 'admin' },
  },
  {
    title: 'Lucía Pérez quiere conectar contigo',
    body: 'Acepta la solicitud para veros en línea, ver a qué eventos vais y escribiros.',
    refs: { userId: 'u1' },
    message: 'connectionRequested',
    data: { name: 'Lucía Pérez' },
  },
  {
    title: 'Lucía Pérez te ha escrito',
    body: '¿Vienes el sábado?',
    refs: { userId: 'u1' },
    message: 'messageNew',
    data: { name: 'Lucía Pérez', preview: '¿Vienes el sábado?' },
  },
];

describe.each(DIALECTS)('migration 0033 on %s', (dialect) => {
  it('reads stored Spanish notifications back into their message and keeps an unreadable text', async () => {
    const { db, oldDb, cleanup } = await databaseAt(dialect, '0031-ticket-codes');
    try {
      const at = '2026-11-20T10:00:00.000Z';
      await oldDb
        .insertInto('users')
        .values({ id: 'u1', name: 'Ana', email: 'ana@example.com', created_at: at, updated_at: at })
        .execute();
      await insertOldClub(oldDb, at);
      await insertOldEvent(oldDb, { id: 'e1', name: 'Noche Larga', startAt: START, endAt: START, at });
      await oldDb
        .insertInto('tickets')
        .values({
          ...{ id: 't1', event_id: 'e1', user_id: 'u1', type: 'General', price_cents: 0, currency: 'EUR' },
          ...{ status: 'used', qr_code: 'NT1.t1', code: 'ABCD2345', created_at: at, check_in_at: CHECK_IN },
        })
        .execute();
      const rows = [
        ...STORED,
        { title: 'Aviso de mantenimiento', body: 'Esta noche paramos un rato.', refs: {} },
      ];
      for (const [n, row] of rows.entries())
        await oldDb
          .insertInto('notifications')
          .values({
            ...{ id: `n${n}`, user_id: 'u1', type: 'system', is_read: false, link: null },
            ...{ title: row.title, body: row.body, refs: JSON.stringify(row.refs), created_at: at },
          })
          .execute();

      await migrateToLatest(db);

      const migrated = await db.selectFrom('notifications').selectAll().orderBy('id').execute();
      for (const [n, expected] of STORED.entries()) {
        const row = migrated.find((r) => r.id === `n${n}`)!;
        expect(row.message, expected.title).toBe(expected.message);
        expect(JSON.parse(row.data), expected.title).toEqual(expected.data);
        expect([row.title, row.body]).toEqual(['', '']);
        // The API words it in Spanish exactly as it was stored.
        expect(toNotification(row)).toMatchObject({
          message: expected.message,
          title: expected.title,
          body: expected.body,
        });
      }
      const kept = migrated.find((r) => r.id === `n${STORED.length}`)!;
      expect(kept.message).toBeNull();
      expect(toNotification(kept)).toMatchObject({
        message: null,
        data: {},
        title: 'Aviso de mantenimiento',
        body: 'Esta noche paramos un rato.',
      });
    } finally {
      await db.destroy();
      await cleanup();
    }
  });
});

describe('notification wording', () => {
  it('words every stored kind in English for an English reader, with English dates and money', () => {
    const english = STORED.map((s) => wordNotification(s.message as never, s.data, 'en'));
    expect(english.map((w) => w.title)).toEqual([
      'Your 2 tickets for Noche Larga',
      "You're in: Noche Larga",
      'Noche Larga has been cancelled',
      'We are refunding you €12.50 · Noche Larga',
      'You could not get in: Noche Larga',
      'You have a new role: administrator',
      'Lucía Pérez wants to connect with you',
      'Lucía Pérez wrote to you',
    ]);
    expect(english[0]!.body).toBe(
      'General · Saturday 5 December at 23:00. The QR code is in Tickets, offline too.',
    );
    expect(english[1]!.body).toContain('checked in at 00:41 at Puerta 1');
    expect(english[4]!.body).toContain('because of llevar chanclas');
  });
});
