// "Guardar en Google Wallet": a save link whose JWT (RS256, signed with the configured service account's key by
// jose) carries the event's eventTicketClass and the ticket's eventTicketObject. Google creates both when the
// holder saves it; the object's QR is the same token as the ticket's QR in the app.
import crypto, { type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { madridWallClock, nightLabel, type Ticket } from '@nocturna/shared';
import { formatTicketCode } from '@nocturna/shared/ticket-code';
import type { GoogleWalletConfig } from '../../wallet-config.ts';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

// Google's ids are "<issuer id>.<suffix>", the suffix of letters, digits, '.', '_' and '-'.
const walletId = (issuerId: string, suffix: string) => `${issuerId}.${suffix.replace(/[^\w.-]/g, '_')}`;

export const googleClassId = (issuerId: string, eventId: string) => walletId(issuerId, `event-${eventId}`);
export const googleObjectId = (issuerId: string, ticketId: string) =>
  walletId(issuerId, `ticket-${ticketId}`);

// An instant as Madrid's wall clock with its offset ("2026-11-28T23:30:00+01:00"): Google shows it as written.
export function madridIso(iso: string): string {
  const instant = new Date(iso);
  const wall = madridWallClock(instant);
  const minute = Math.floor(instant.getTime() / 60_000) * 60_000;
  const offsetMinutes = Math.round((Date.parse(`${wall.date}T${wall.time}:00Z`) - minute) / 60_000);
  const local = new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offsetMinutes);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local}${offsetMinutes < 0 ? '-' : '+'}${hhmm}`;
}

const localized = (es: string, en?: string) => ({
  defaultValue: { language: 'es-ES', value: es },
  ...(en && en !== es ? { translatedValues: [{ language: 'en', value: en }] } : {}),
});

const keys = new WeakMap<GoogleWalletConfig, KeyObject>();
const keyOf = (config: GoogleWalletConfig) => {
  let key = keys.get(config);
  if (!key) keys.set(config, (key = crypto.createPrivateKey(config.privateKey)));
  return key;
};

// The save link of a ticket that can open the door (the caller checks that it is live and has its token).
export async function googleWalletUrl(
  config: GoogleWalletConfig,
  ticket: Ticket & { token: string },
  origin: string,
  now: Date,
): Promise<string> {
  const classId = googleClassId(config.issuerId, ticket.event.id);
  const code = ticket.code ? formatTicketCode(ticket.code) : ticket.id;
  const start = new Date(ticket.event.startAt);
  const eventClass = {
    id: classId,
    issuerName: 'Nocturna',
    reviewStatus: 'UNDER_REVIEW',
    eventId: ticket.event.id,
    eventName: localized(ticket.event.name),
    venue: {
      name: localized(ticket.club.name),
      address: localized([ticket.club.address, ticket.club.barrio, 'Madrid'].filter(Boolean).join(', ')),
    },
    dateTime: {
      doorsOpen: madridIso(ticket.event.startAt),
      start: madridIso(ticket.event.startAt),
      end: madridIso(ticket.event.endAt),
    },
    hexBackgroundColor: '#0b0614',
    homepageUri: {
      uri: `${origin}/evento/${encodeURIComponent(ticket.event.slug)}`,
      description: 'Nocturna',
    },
  };
  const eventObject = {
    id: googleObjectId(config.issuerId, ticket.id),
    classId,
    state: 'ACTIVE',
    barcode: { type: 'QR_CODE', value: ticket.token, alternateText: code },
    ticketHolderName: ticket.holderName,
    ticketNumber: code,
    ticketType: localized(ticket.type),
    validTimeInterval: { start: { date: ticket.event.startAt }, end: { date: ticket.event.endAt } },
    textModulesData: [
      {
        id: 'night',
        header: 'Noche',
        body: nightLabel(start, 'es'),
        localizedHeader: localized('Noche', 'Night'),
        localizedBody: localized(nightLabel(start, 'es'), nightLabel(start, 'en')),
      },
    ],
    ...(Number.isFinite(ticket.club.latitude) && Number.isFinite(ticket.club.longitude)
      ? { locations: [{ latitude: ticket.club.latitude, longitude: ticket.club.longitude }] }
      : {}),
  };
  const jwt = await new SignJWT({
    origins: [origin],
    typ: 'savetowallet',
    payload: { eventTicketClasses: [eventClass], eventTicketObjects: [eventObject] },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(keyOf(config));
  return GOOGLE_SAVE_URL + jwt;
}
