// Every kind of notification the server stores (a catalogue message and its data) is written in the page's
// language: Spanish and English, dates in Madrid time, euros, roles and reasons named by the catalogue; an old
// notification kept as its stored text is shown as it is.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Notification, NotificationData, NotificationMessage } from '@nocturna/shared';
import { NOTIFICATION_MESSAGES } from '@nocturna/shared/notification-messages';
import i18n from '../../../i18n/index.ts';
import { NotificationItem } from './notification-item.tsx';

const START = '2026-12-05T22:00:00.000Z';
const DATA: Record<NotificationMessage, NotificationData> = {
  connectionRequested: { name: 'Lucía' },
  connectionAccepted: { name: 'Lucía' },
  messageNew: { name: 'Lucía', preview: '¿Vienes?' },
  ticketIssued: { eventName: 'Noche Larga', typeName: 'General', startAt: START, count: 2 },
  ticketReceived: { name: 'Lucía', eventName: 'Noche Larga', startAt: START },
  ticketSent: { name: 'Lucía', eventName: 'Noche Larga' },
  ticketCancelled: { eventName: 'Noche Larga' },
  ticketCancelledWaitlist: { eventName: 'Noche Larga' },
  waitlistOffer: { eventName: 'Noche Larga', typeName: 'General', expiresAt: START },
  resaleOfferWithdrawn: { eventName: 'Noche Larga' },
  ticketResold: { eventName: 'Noche Larga' },
  ticketResoldRefunded: { eventName: 'Noche Larga' },
  ticketCheckedIn: { eventName: 'Noche Larga', typeName: 'General', at: START, door: 'Puerta 1' },
  ticketRefused: { eventName: 'Noche Larga', reason: 'dress_code' },
  ticketRefusedRefunded: { eventName: 'Noche Larga', reason: 'other', note: 'aforo' },
  paymentRefunded: { eventName: 'Noche Larga', amountCents: 1250, refundReason: 'event_cancelled' },
  eventCancelled: { eventName: 'Noche Larga', startAt: START, count: 1 },
  eventMoved: { eventName: 'Noche Larga', startAt: START },
  eventReminder: { eventName: 'Noche Larga', opensAt: START },
  roleGranted: { role: 'admin' },
  snapshotTakedown: { eventName: 'Noche Larga', name: 'Lucía' },
  djBooked: { name: 'DJ Sol', eventName: 'Noche Larga', clubName: 'Sala', dayAt: START },
  addedToDoor: { clubName: 'Sala' },
  madeClubOwner: { clubName: 'Sala' },
  entryBanned: { eventName: 'Noche Larga', clubName: 'Sala' },
};

const item = (message: NotificationMessage | null, extra: Partial<Notification> = {}): Notification => ({
  ...{ id: 'n1', userId: 'u1', type: 'system', isRead: false, createdAt: START, link: null, refs: {} },
  ...{ message, data: message ? DATA[message] : {}, title: 'Texto guardado', body: 'Cuerpo guardado' },
  ...extra,
});

async function shown(message: NotificationMessage | null, language: 'es' | 'en', extra = {}) {
  await i18n.changeLanguage(language);
  const locale = language === 'en' ? 'en-GB' : 'es-ES';
  render(
    <ul>
      <NotificationItem item={item(message, extra)} locale={locale} onOpen={() => {}} onDelete={() => {}} />
    </ul>,
  );
  const text = screen.getByTestId('notification').textContent ?? '';
  cleanup();
  return text;
}

afterEach(async () => {
  await i18n.changeLanguage('es');
});

describe('a notification in the page language', () => {
  it.each(NOTIFICATION_MESSAGES)(
    '%s is worded in Spanish and in English, every placeholder filled',
    async (m) => {
      const es = await shown(m, 'es');
      const en = await shown(m, 'en');
      for (const text of [es, en]) {
        expect(text).not.toMatch(/\{\{|messages\.|undefined/);
        expect(text).not.toContain('Texto guardado');
      }
      expect(en).not.toBe(es);
    },
  );

  it('writes dates, money, roles and reasons in the reader language', async () => {
    expect(await shown('ticketIssued', 'es')).toContain('Tus 2 entradas para Noche Larga');
    expect(await shown('ticketIssued', 'es')).toContain('sábado, 5 de diciembre, 23:00');
    expect(await shown('ticketIssued', 'en')).toContain('Your 2 tickets for Noche Larga');
    expect(await shown('ticketIssued', 'en')).toContain('Saturday 5 December at 23:00');
    expect(await shown('paymentRefunded', 'es')).toContain('Te devolvemos 12,50\u00a0€');
    expect(await shown('paymentRefunded', 'en')).toContain('We are refunding you €12.50');
    expect(await shown('paymentRefunded', 'en')).toContain('The club cancelled the event.');
    expect(await shown('roleGranted', 'en')).toContain('You have a new role: administrator');
    expect(await shown('roleGranted', 'es')).toContain('Tienes un nuevo rol: administrador');
    expect(await shown('ticketRefused', 'en')).toContain('because of the dress code');
    expect(await shown('ticketRefusedRefunded', 'en')).toContain('because of aforo');
    expect(await shown('eventCancelled', 'en')).toContain('Your ticket is cancelled.');
  });

  it('shows an old notification kept as its stored text as it is, in either language', async () => {
    for (const language of ['es', 'en'] as const) {
      const text = await shown(null, language);
      expect(text).toContain('Texto guardado');
      expect(text).toContain('Cuerpo guardado');
    }
  });
});
