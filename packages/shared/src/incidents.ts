// Incidents at the door and the club's ban list. Shared by the server's routes and the web.
import { z } from 'zod';

export const INCIDENT_TYPES = [
  'fight',
  'theft',
  'harassment',
  'medical',
  'drugs',
  'damage',
  'other',
] as const;
export const incidentTypeSchema = z.enum(INCIDENT_TYPES, {
  message: 'Elige el tipo de incidente de la lista',
});
export type IncidentType = z.infer<typeof incidentTypeSchema>;
export const INCIDENT_TICKETS_MAX = 20;
export const INCIDENT_LIST_LIMIT = 100;

const isoTime = z.iso.datetime({ offset: true, message: 'Pon una fecha y hora válidas' });

export const banInputSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Explica el motivo del veto (al menos 3 caracteres)')
    .max(500, 'El motivo no puede pasar de 500 caracteres'),
  // null: for good, until someone lifts it.
  until: isoTime.nullable(),
});
export type BanInput = z.infer<typeof banInputSchema>;

export const incidentInputSchema = z.object({
  // Defaults to now.
  occurredAt: isoTime.optional(),
  type: incidentTypeSchema,
  description: z
    .string()
    .trim()
    .min(3, 'Describe qué pasó (al menos 3 caracteres)')
    .max(4000, 'La descripción no puede pasar de 4000 caracteres'),
  ticketIds: z
    .array(z.string().trim().min(1).max(100))
    .max(INCIDENT_TICKETS_MAX, `Como mucho ${INCIDENT_TICKETS_MAX} entradas por incidente`)
    .default([]),
  // Bans the holders of every ticket involved from this club.
  ban: banInputSchema.nullable().default(null),
});
export type IncidentInput = z.input<typeof incidentInputSchema>;

export const incidentTicketSchema = z.object({
  id: z.string(),
  holderName: z.string(),
  type: z.string(),
});

export const incidentSchema = z.object({
  id: z.string(),
  clubId: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  occurredAt: z.string(),
  type: incidentTypeSchema,
  description: z.string(),
  reportedBy: z.string().nullable(),
  photoUrl: z.string().nullable(),
  tickets: z.array(incidentTicketSchema),
  createdAt: z.string(),
});
export type Incident = z.infer<typeof incidentSchema>;
export const incidentListSchema = z.object({ items: z.array(incidentSchema) });

export const incidentFilterQuery = z.object({
  eventId: z.string().trim().min(1).max(200).optional(),
  type: incidentTypeSchema.optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
});
export type IncidentFilter = z.infer<typeof incidentFilterQuery>;

export const banSchema = z.object({
  id: z.string(),
  clubId: z.string(),
  userId: z.string(),
  personName: z.string(),
  username: z.string().nullable(),
  ticketId: z.string().nullable(),
  incidentId: z.string().nullable(),
  reason: z.string(),
  until: z.string().nullable(),
  createdAt: z.string(),
  liftedAt: z.string().nullable(),
  active: z.boolean(),
});
export type Ban = z.infer<typeof banSchema>;
export const banListSchema = z.object({ items: z.array(banSchema) });
export const banListQuery = z.object({ all: z.enum(['0', '1']).optional() });

export const newBanSchema = banInputSchema.extend({
  ticketId: z.string().trim().min(1, 'Escanea o elige la entrada de la persona').max(100),
});
export type NewBan = z.infer<typeof newBanSchema>;

// What the door's staff see of a ban when a banned person's ticket is scanned. Never sent to the holder.
export const doorBanSchema = z.object({ reason: z.string(), until: z.string().nullable() });
export type DoorBan = z.infer<typeof doorBanSchema>;
