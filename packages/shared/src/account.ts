// The account: contact form, notification preferences, sessions, data export, deletion, Web Push.
import { z } from 'zod';

// ---- contact ---------------------------------------------------------------------------------------------
export const CONTACT_TOPICS = ['general', 'tickets', 'clubs', 'account', 'press', 'other'] as const;
export const contactTopicSchema = z.enum(CONTACT_TOPICS, { error: 'Elige un tema.' });
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 4000;
// At most this many messages per address (IP) in the window.
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;

export const contactFormSchema = z.object({
  name: z
    .string({ error: 'Escribe tu nombre.' })
    .trim()
    .min(2, 'Escribe tu nombre (al menos 2 caracteres).')
    .max(100, 'El nombre no puede pasar de 100 caracteres.'),
  email: z
    .string({ error: 'Escribe tu correo electrónico.' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Escribe un correo electrónico válido.').max(254, 'El correo es demasiado largo.')),
  topic: contactTopicSchema,
  message: z
    .string({ error: 'Escribe tu mensaje.' })
    .trim()
    .min(CONTACT_MESSAGE_MIN, `Cuéntanos un poco más (al menos ${CONTACT_MESSAGE_MIN} caracteres).`)
    .max(CONTACT_MESSAGE_MAX, `El mensaje no puede pasar de ${CONTACT_MESSAGE_MAX} caracteres.`),
  // The honeypot: hidden from people, filled in by bots. A message that fills it is not stored.
  website: z.string().max(500).optional(),
});
export type ContactForm = z.input<typeof contactFormSchema>;
export const contactReceiptSchema = z.object({ received: z.literal(true) });

export const CONTACT_STATUSES = ['open', 'handled'] as const;
export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  topic: contactTopicSchema,
  message: z.string(),
  locale: z.string(),
  status: z.enum(CONTACT_STATUSES),
  reply: z.string().nullable(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
  signedIn: z.boolean(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const adminContactListQuery = z.object({
  status: z.enum(CONTACT_STATUSES).default('open'),
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const adminContactPage = z.object({
  items: z.array(contactMessageSchema),
  nextCursor: z.string().nullable(),
  openCount: z.number().int(),
});
export const contactReplySchema = z.object({
  reply: z
    .string({ error: 'Escribe la respuesta.' })
    .trim()
    .min(2, 'Escribe la respuesta.')
    .max(CONTACT_MESSAGE_MAX, `La respuesta no puede pasar de ${CONTACT_MESSAGE_MAX} caracteres.`),
});

// ---- notification preferences ----------------------------------------------------------------------------
// Kinds group the notification types (notifications.ts) the way a person thinks of them.
export const PREFERENCE_KINDS = [
  'messages',
  'connections',
  'tickets',
  'reminders',
  'events',
  'other',
] as const;
export const preferenceKindSchema = z.enum(PREFERENCE_KINDS);
export type PreferenceKind = z.infer<typeof preferenceKindSchema>;
export const CHANNELS = ['inApp', 'email', 'push'] as const;
export const channelPreferenceSchema = z.object({
  inApp: z.boolean(),
  email: z.boolean(),
  push: z.boolean(),
});
export type ChannelPreference = z.infer<typeof channelPreferenceSchema>;
export const notificationPreferencesSchema = z.object({
  kinds: z.record(preferenceKindSchema, channelPreferenceSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const updateNotificationPreferencesSchema = z.object({
  kind: preferenceKindSchema,
  inApp: z.boolean(),
  email: z.boolean(),
  push: z.boolean(),
});
// What a person gets before choosing: mail for what they would want in writing (tickets, reminders,
// cancellations), push for what is live (messages, connections, tickets, reminders).
export const DEFAULT_PREFERENCES: Record<PreferenceKind, ChannelPreference> = {
  messages: { inApp: true, email: false, push: true },
  connections: { inApp: true, email: false, push: true },
  tickets: { inApp: true, email: true, push: true },
  reminders: { inApp: true, email: true, push: true },
  events: { inApp: true, email: true, push: true },
  other: { inApp: true, email: false, push: false },
};
// Said in the app only, whatever the kind's e-mail and push choices: "you are in" reaches someone who is standing
// at the door at that moment, and a mail or push for each of a night's entries would only be noise (and a queue of
// thousands of mails while the doors are busiest).
export const IN_APP_ONLY_TYPES: ReadonlySet<string> = new Set(['ticket_checked_in']);
export const KIND_OF_TYPE: Record<string, PreferenceKind> = {
  message_new: 'messages',
  connection_request: 'connections',
  connection_accepted: 'connections',
  ticket_issued: 'tickets',
  ticket_checked_in: 'tickets',
  ticket_transferred: 'tickets',
  ticket_cancelled: 'tickets',
  ticket_refused: 'tickets',
  payment_refunded: 'tickets',
  waitlist_offer: 'tickets',
  event_reminder: 'reminders',
  event_changed: 'events',
  event_cancelled: 'events',
};

// ---- sessions and linked accounts ------------------------------------------------------------------------
export const accountSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  device: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.object({ items: z.array(accountSessionSchema) });
export const accountSecuritySchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  google: z.object({ available: z.boolean(), linked: z.boolean() }),
  deletion: z.object({ requestedAt: z.string(), dueAt: z.string() }).nullable(),
  locale: z.enum(['es', 'en']).nullable(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;
export const localeBodySchema = z.object({ locale: z.enum(['es', 'en']) });

// ---- export and deletion ---------------------------------------------------------------------------------
export const EXPORT_HOURS = 24;
export const DELETION_GRACE_DAYS = 14;
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'ready', 'failed']),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportListSchema = z.object({ items: z.array(dataExportSchema) });
export const deleteAccountSchema = z.object({
  password: z.string({ error: 'Escribe tu contraseña.' }).min(1, 'Escribe tu contraseña.').max(256),
});
export const deletionSchema = z.object({ requestedAt: z.string(), dueAt: z.string() });

// ---- web push --------------------------------------------------------------------------------------------
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export const pushSubscriptionSchema = z.object({
  endpoint: z.url('El endpoint no es una URL válida.').max(2000),
  keys: z.object({ p256dh: z.string().min(10).max(200), auth: z.string().min(8).max(100) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;
export const pushUnsubscribeSchema = z.object({ endpoint: z.url().max(2000) });
export const pushStatusSchema = z.object({ subscriptions: z.number().int() });
// What the service worker receives in a push and shows.
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
