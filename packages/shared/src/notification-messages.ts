// Notifications are stored as a message (a key of the `messages` of the notifications catalogue) and its data, and
// written in the reader's language when shown: by the web from its catalogue, by the server for a push or an
// e-mail in the recipient's language. A row from before, whose Spanish text could not be read back into a
// message, keeps that text (title and body) and is shown as it is.
import { z } from 'zod';

export const NOTIFICATION_MESSAGES = [
  'connectionRequested',
  'connectionAccepted',
  'messageNew',
  'ticketIssued',
  'ticketReceived',
  'ticketSent',
  'ticketCancelled',
  'ticketCancelledWaitlist',
  'waitlistOffer',
  'resaleOfferWithdrawn',
  'ticketResold',
  'ticketResoldRefunded',
  'ticketCheckedIn',
  'ticketRefused',
  'ticketRefusedRefunded',
  'paymentRefunded',
  'eventCancelled',
  'eventMoved',
  'eventReminder',
  'roleGranted',
  'snapshotTakedown',
  'djBooked',
  'addedToDoor',
  'madeClubOwner',
  'entryBanned',
] as const;
export const notificationMessageSchema = z.enum(NOTIFICATION_MESSAGES);
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

export const notificationDataSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type NotificationData = z.infer<typeof notificationDataSchema>;

// How each field of the data is written. Instants are ISO strings, money in cents; the codes are named through
// the catalogue's lists (roles, refusal and refund reasons). Any other field is a name and is written as it is.
export const NOTIFICATION_FIELD_FORMATS = {
  startAt: 'dayTime',
  opensAt: 'time',
  at: 'time',
  expiresAt: 'time',
  dayAt: 'day',
  amountCents: 'money',
  role: 'role',
  reason: 'refusalReason',
  refundReason: 'refundReason',
} as const;
type FieldFormat = (typeof NOTIFICATION_FIELD_FORMATS)[keyof typeof NOTIFICATION_FIELD_FORMATS];

export type NotificationFormatters = Record<
  Exclude<FieldFormat, 'role' | 'refusalReason' | 'refundReason'>,
  (value: string | number) => string
> & {
  // A code named in the catalogue: `roles.admin`, `refusalReasons.age`, `refundReasons.sold_out`.
  label: (list: 'roles' | 'refusalReasons' | 'refundReasons', code: string) => string;
};

const LISTS = { role: 'roles', refusalReason: 'refusalReasons', refundReason: 'refundReasons' } as const;

// The data's values as the catalogue's placeholders take them. A refusal for "other" with the door's own note
// names the note as the reason. `count` stays a number for the catalogue's plurals.
export function notificationValues(data: NotificationData, format: NotificationFormatters) {
  const out: Record<string, string | number> = {};
  for (const [field, value] of Object.entries(data)) {
    const how = (NOTIFICATION_FIELD_FORMATS as Record<string, FieldFormat>)[field];
    if (field === 'count' || how === undefined) out[field] = value;
    else if (how === 'role' || how === 'refusalReason' || how === 'refundReason')
      out[field] = format.label(LISTS[how], String(value));
    else out[field] = format[how](value);
  }
  if (data.reason === 'other' && typeof data.note === 'string' && data.note) out.reason = data.note;
  return out;
}
