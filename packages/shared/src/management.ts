// Running a club: what an admin or a club's CEO sends to create and edit clubs, events and ticket
// types, and what they read back. Messages are the Spanish a person sees beside the field.
import { z } from 'zod';
import { BARRIOS, GENRES, WEEKDAYS } from './catalogue-values.ts';
import { money } from './catalogue.ts';

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label}: como mucho ${max} caracteres.`);
const required = (max: number, label: string) => text(max, label).min(1, `${label}: es obligatorio.`);
const optionalUrl = z
  .union([z.literal(''), z.url('Escribe una dirección web completa (https://…).').max(300)])
  .nullable()
  .optional();

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z
  .string()
  .trim()
  .min(3, 'La dirección corta tiene al menos 3 caracteres.')
  .max(80, 'La dirección corta tiene como mucho 80 caracteres.')
  .regex(SLUG_PATTERN, 'Solo minúsculas, números y guiones (por ejemplo sala-kapital).');

export const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Elige una fecha válida (AAAA-MM-DD).');
export const localTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Elige una hora válida (HH:MM).');

const genresSchema = z
  .array(z.enum(GENRES, 'Ese género no está en el catálogo.'))
  .max(6, 'Elige como mucho 6 géneros.');

export const clubInputSchema = z.object({
  name: required(80, 'El nombre'),
  slug: slugSchema,
  barrio: z.enum(BARRIOS, 'Elige un barrio de la lista.'),
  address: required(200, 'La dirección'),
  latitude: z
    .number()
    .min(40.3, 'La posición debe estar en Madrid.')
    .max(40.6, 'La posición debe estar en Madrid.'),
  longitude: z
    .number()
    .min(-3.9, 'La posición debe estar en Madrid.')
    .max(-3.5, 'La posición debe estar en Madrid.'),
  description: text(2000, 'La descripción').default(''),
  genres: genresSchema.default([]),
  openingDays: z.array(z.enum(WEEKDAYS)).min(1, 'Elige al menos un día de apertura.'),
  openingHours: required(40, 'El horario'),
  minimumAge: z
    .number()
    .int()
    .min(16, 'La edad mínima va de 16 a 30.')
    .max(30, 'La edad mínima va de 16 a 30.'),
  dressCode: required(120, 'El código de vestimenta'),
  priceRange: required(40, 'El rango de precios'),
  capacity: z
    .number()
    .int('El aforo es un número entero.')
    .min(1, 'El aforo debe ser al menos 1.')
    .max(20_000, 'El aforo máximo es 20.000.'),
  instagram: text(60, 'Instagram').nullable().optional(),
  website: optionalUrl,
});
export type ClubInput = z.infer<typeof clubInputSchema>;
// refundOnRefusal: the club's policy for tickets refused at the door: a card-paid one is refunded.
export const clubUpdateSchema = clubInputSchema.partial().extend({ refundOnRefusal: z.boolean().optional() });

export const lineupInputSchema = z.object({
  djName: required(80, 'El nombre del DJ'),
  djUserId: z.string().max(100).nullable().optional(),
  startTime: localTimeSchema.nullable().optional(),
  endTime: localTimeSchema.nullable().optional(),
});

export const EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export const WALL_MODERATION = ['pre', 'post'] as const;

export const eventInputSchema = z.object({
  clubId: z.string().min(1, 'Elige la discoteca.').max(100),
  name: required(120, 'El nombre'),
  slug: slugSchema.optional(),
  date: localDateSchema,
  startTime: localTimeSchema,
  endTime: localTimeSchema,
  description: text(4000, 'La descripción').default(''),
  genres: genresSchema.default([]),
  lineup: z.array(lineupInputSchema).max(20, 'Como mucho 20 DJs en el cartel.').default([]),
  minimumAge: z
    .number()
    .int()
    .min(16, 'La edad mínima va de 16 a 30.')
    .max(30, 'La edad mínima va de 16 a 30.'),
  dressCode: text(120, 'El código de vestimenta').default('Libre'),
  gallery: z.enum(['attendees', 'public']).default('attendees'),
  wallModeration: z.enum(WALL_MODERATION).default('post'),
  // The CEO says explicitly that the ticket types may add up to more than the club's aforo.
  allowOverCapacity: z.boolean().default(false),
});
export type EventInput = z.infer<typeof eventInputSchema>;
export const eventUpdateSchema = eventInputSchema.omit({ clubId: true }).partial();
export type EventUpdate = z.infer<typeof eventUpdateSchema>;

export const eventStatusChangeSchema = z.object({ status: z.enum(['draft', 'published']) });

export const ticketTypeInputSchema = z.object({
  name: required(60, 'El nombre de la entrada'),
  priceCents: z
    .number()
    .int('El precio va en céntimos.')
    .min(0, 'El precio no puede ser negativo.')
    .max(100_000, 'El precio máximo es 1.000 €.'),
  capacity: z
    .number()
    .int('Las plazas son un número entero.')
    .min(1, 'Al menos 1 plaza.')
    .max(20_000, 'Como mucho 20.000 plazas.'),
  salesFrom: z.iso.datetime({ offset: true }).nullable().optional(),
  salesUntil: z.iso.datetime({ offset: true }).nullable().optional(),
  perPersonLimit: z
    .number()
    .int()
    .min(1, 'El límite por persona va de 1 a 10.')
    .max(10, 'El límite por persona va de 1 a 10.')
    .default(10),
  hidden: z.boolean().default(false),
  // How a paid type is paid: at the door (default) or online by card (Stripe Checkout). Free types are free.
  payment: z.enum(['door', 'online']).optional(),
  codes: z
    .array(
      z
        .string()
        .trim()
        .min(3, 'Cada código tiene al menos 3 caracteres.')
        .max(30, 'Cada código tiene como mucho 30 caracteres.')
        .regex(/^[A-Za-z0-9_-]+$/, 'Los códigos llevan solo letras, números, guiones y guiones bajos.'),
    )
    .max(50)
    .default([]),
});
export type TicketTypeInput = z.infer<typeof ticketTypeInputSchema>;
export const ticketTypeUpdateSchema = ticketTypeInputSchema
  .partial()
  .extend({ paused: z.boolean().optional() });
export const ticketTypeOrderSchema = z.object({ ids: z.array(z.string().min(1).max(200)).min(1).max(50) });

export const managedTicketTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: money,
  capacity: z.number().int(),
  sold: z.number().int(),
  salesFrom: z.string().nullable(),
  salesUntil: z.string().nullable(),
  perPersonLimit: z.number().int(),
  kind: z.enum(['free', 'door', 'online']),
  hidden: z.boolean(),
  paused: z.boolean(),
  codes: z.array(z.string()),
  position: z.number().int(),
});
export type ManagedTicketType = z.infer<typeof managedTicketTypeSchema>;

export const managedEventSchema = z.object({
  id: z.string(),
  slug: z.string(),
  clubId: z.string(),
  clubName: z.string(),
  clubCapacity: z.number().int(),
  name: z.string(),
  coverURL: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  description: z.string(),
  genres: z.array(z.string()),
  lineup: z.array(
    z.object({
      djName: z.string(),
      djUserId: z.string().nullable(),
      startTime: z.string().nullable(),
      endTime: z.string().nullable(),
    }),
  ),
  minimumAge: z.number().int(),
  dressCode: z.string(),
  gallery: z.enum(['attendees', 'public']),
  wallModeration: z.enum(WALL_MODERATION),
  allowOverCapacity: z.boolean(),
  status: z.enum(EVENT_STATUSES),
  ticketTypes: z.array(managedTicketTypeSchema),
  sold: z.number().int(),
  // Re-entry, set with PUT /api/door/events/:id/reentry: 'until' reentryUntil (null: all night)
  // or 'never'.
  reentryPolicy: z.enum(['until', 'never']),
  reentryUntil: z.string().nullable(),
});
export type ManagedEvent = z.infer<typeof managedEventSchema>;

export const managedClubSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  barrio: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  description: z.string(),
  genres: z.array(z.string()),
  openingDays: z.array(z.enum(WEEKDAYS)),
  openingHours: z.string(),
  minimumAge: z.number().int(),
  dressCode: z.string(),
  priceRange: z.string(),
  capacity: z.number().int(),
  instagram: z.string().nullable(),
  website: z.string().nullable(),
  logoURL: z.string(),
  coverURL: z.string(),
  archived: z.boolean(),
  refundOnRefusal: z.boolean(),
});
export type ManagedClub = z.infer<typeof managedClubSchema>;

export const managedEventRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  clubId: z.string(),
  clubName: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  status: z.enum(EVENT_STATUSES),
  sold: z.number().int(),
  // The places the night puts on sale: the sum of its ticket types' capacities.
  capacity: z.number().int(),
  // The club's licensed aforo, the one number the club page and the door show; at least `capacity` unless the
  // CEO allowed more.
  aforo: z.number().int(),
  checkedIn: z.number().int(),
});
export type ManagedEventRow = z.infer<typeof managedEventRowSchema>;
export const managedEventListSchema = z.object({ items: z.array(managedEventRowSchema) });

export const AUDIT_ENTITIES = ['club', 'event', 'ticket_type'] as const;
export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  clubId: z.string().nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = z.object({
  clubId: z.string().max(100).optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  actorId: z.string().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
