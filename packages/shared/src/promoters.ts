// Promoters (RPP): what a club's CEO sends to attach promoters and set their commissions, what a
// promoter's dashboard and statements (liquidaciones) read, and guest lists. Money is integer cents; a
// percentage is in basis points (1000 = 10 %). Every figure is counted by the database from tickets and check-ins.
import { z } from 'zod';
import { dateTime, money } from './catalogue.ts';
import { promoCodeSchema } from './tickets.ts';

export const commissionKindSchema = z.enum(['fixed', 'percent'], 'Elige importe fijo o porcentaje.');
export type CommissionKind = z.infer<typeof commissionKindSchema>;

// `value`: cents for 'fixed', basis points for 'percent' (at most 100 %).
export const commissionSchema = z
  .object({
    kind: commissionKindSchema,
    value: z
      .number('La comisión es un número.')
      .int('La comisión es un número entero (céntimos o puntos básicos).')
      .min(0, 'La comisión no puede ser negativa.')
      .max(100_000, 'La comisión es como mucho 1.000 €.'),
  })
  .refine((c) => c.kind === 'fixed' || c.value <= 10_000, {
    message: 'Un porcentaje es como mucho el 100 %.',
    path: ['value'],
  });
export type Commission = z.infer<typeof commissionSchema>;

export const attachPromoterBody = z.object({
  login: z.string().trim().min(1, 'Escribe el usuario o el e-mail del RPP.').max(200),
  code: promoCodeSchema.optional(),
  commission: commissionSchema,
});
export const updatePromoterBody = z.object({
  code: promoCodeSchema.optional(),
  commission: commissionSchema.optional(),
});
export const commissionRuleBody = commissionSchema;

export const clubPromoterSchema = z.object({
  userId: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  code: z.string(),
  commission: commissionSchema,
  rules: z.array(
    z.object({
      ticketTypeId: z.string(),
      typeName: z.string(),
      eventName: z.string(),
      commission: commissionSchema,
    }),
  ),
  sold: z.number().int(),
  checkedIn: z.number().int(),
  earned: money,
});
export type ClubPromoter = z.infer<typeof clubPromoterSchema>;

export const partnerSettingsSchema = z.object({
  promoterRanking: z.boolean(),
  djSales: z.boolean(),
});
export type PartnerSettings = z.infer<typeof partnerSettingsSchema>;

// A ticket type of the club's coming nights a commission rule can be set on.
export const clubTicketTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  eventName: z.string(),
  eventStartAt: z.string(),
});
export type ClubTicketType = z.infer<typeof clubTicketTypeSchema>;

export const clubPromotersResponse = z.object({
  items: z.array(clubPromoterSchema),
  settings: partnerSettingsSchema,
  ticketTypes: z.array(clubTicketTypeSchema),
});
export type ClubPromotersResponse = z.infer<typeof clubPromotersResponse>;

// ---- the promoter's dashboard -------------------------------------------------------------------------------

export const guestListSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  ticketTypeId: z.string(),
  typeName: z.string(),
  capacity: z.number().int(),
  filled: z.number().int(),
  checkedIn: z.number().int(),
  closesAt: z.string(),
  signupToken: z.string(),
});
export type GuestList = z.infer<typeof guestListSchema>;

export const promotedEventSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  clubId: z.string(),
  clubName: z.string(),
  code: z.string(),
  byType: z.array(
    z.object({
      ticketTypeId: z.string(),
      name: z.string(),
      sold: z.number().int(),
      checkedIn: z.number().int(),
    }),
  ),
  sold: z.number().int(),
  checkedIn: z.number().int(),
  earned: money,
  // Guests on this promoter's lists against their cupos.
  listFilled: z.number().int(),
  listCapacity: z.number().int(),
  lists: z.array(guestListSchema),
  // Free types a list can hand out.
  listTypes: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PromotedEvent = z.infer<typeof promotedEventSchema>;

export const rankingEntrySchema = z.object({
  position: z.number().int(),
  name: z.string(),
  checkedIn: z.number().int(),
  me: z.boolean(),
});

export const rppDashboardSchema = z.object({
  clubs: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      code: z.string(),
      commission: commissionSchema,
      // Null when the club keeps the ranking to itself.
      ranking: z.array(rankingEntrySchema).nullable(),
    }),
  ),
  events: z.array(promotedEventSchema),
  tonight: z.object({
    checkedIn: z.number().int(),
    recent: z.array(
      z.object({ at: z.string(), holderName: z.string(), type: z.string(), eventName: z.string() }),
    ),
  }),
  totals: z.object({ sold: z.number().int(), checkedIn: z.number().int(), earned: money }),
});
export type RppDashboard = z.infer<typeof rppDashboardSchema>;

// ---- guest lists ---------------------------------------------------------------------------------------------

export const createGuestListBody = z.object({
  name: z.string().trim().min(1, 'Pon un nombre a la lista.').max(80, 'El nombre: como mucho 80 caracteres.'),
  ticketTypeId: z.string().trim().min(1, 'Elige el tipo de entrada de la lista.').max(120),
  capacity: z
    .number('El cupo es un número.')
    .int('El cupo es un número entero.')
    .min(1, 'El cupo es al menos 1 persona.')
    .max(2000, 'El cupo es como mucho 2.000 personas.'),
  closesAt: dateTime,
});
export const addGuestBody = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'Escribe el nombre del invitado.')
    .max(80, 'El nombre: como mucho 80 caracteres.'),
});
export const guestEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  ticketId: z.string(),
  status: z.enum(['valid', 'used', 'cancelled', 'transferred']),
  createdAt: z.string(),
});
export const guestListDetailSchema = guestListSchema.extend({ guests: z.array(guestEntrySchema) });
export type GuestListDetail = z.infer<typeof guestListDetailSchema>;

// What the sign-up link shows to the person it was shared with.
export const publicGuestListSchema = z.object({
  name: z.string(),
  promoterName: z.string(),
  eventId: z.string(),
  eventSlug: z.string(),
  eventName: z.string(),
  eventStartAt: z.string(),
  clubName: z.string(),
  typeName: z.string(),
  closesAt: z.string(),
  placesLeft: z.number().int(),
  state: z.enum(['open', 'full', 'closed']),
  joined: z.boolean(),
});
export type PublicGuestList = z.infer<typeof publicGuestListSchema>;
export const joinGuestListResponse = z.object({ ticketId: z.string() });

// ---- statements (liquidaciones) -------------------------------------------------------------------------------

const statementScopeFields = {
  eventId: z.string().trim().min(1).max(100).optional(),
  from: z.iso.date('Elige una fecha válida (AAAA-MM-DD).').optional(),
  to: z.iso.date('Elige una fecha válida (AAAA-MM-DD).').optional(),
};
type ScopeFields = { eventId?: string; from?: string; to?: string };
const DAY_MS = 24 * 3600_000;
// An event, or a period of whole nights from `from` to `to` (both included, at most a year).
function scoped<T extends z.ZodType<ScopeFields>>(schema: T) {
  return schema
    .refine((q) => Boolean(q.eventId) !== Boolean(q.from && q.to), {
      message: 'Pide la liquidación de un evento o de un periodo (desde y hasta).',
      path: ['eventId'],
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: 'La fecha «hasta» no puede ser anterior a «desde».',
      path: ['to'],
    })
    .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= 366 * DAY_MS, {
      message: 'Un periodo es como mucho de un año.',
      path: ['to'],
    });
}

export const statementQuery = scoped(
  z.object({ clubId: z.string().trim().min(1).max(100).optional(), ...statementScopeFields }),
);
export type StatementQuery = z.infer<typeof statementQuery>;

export const statementLineSchema = z.object({
  ticketId: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  eventStartAt: z.string(),
  type: z.string(),
  holderName: z.string(),
  channel: z.enum(['link', 'list']),
  status: z.enum(['valid', 'used', 'cancelled', 'transferred']),
  checkedInAt: z.string().nullable(),
  priceCents: z.number().int(),
  commissionCents: z.number().int(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const adjustmentLineSchema = z.object({
  ticketId: z.string(),
  eventName: z.string(),
  holderName: z.string(),
  reason: z.enum(['checked_in_later', 'cancelled_later', 'rule_changed', 'new_ticket']),
  deltaCents: z.number().int(),
});

export const statementSchema = z.object({
  club: z.object({ id: z.string(), name: z.string() }),
  promoter: z.object({ id: z.string(), name: z.string(), code: z.string() }),
  scope: z.object({
    kind: z.enum(['event', 'period']),
    eventId: z.string().nullable(),
    eventName: z.string().nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
  lines: z.array(statementLineSchema),
  totals: z.object({ tickets: z.number().int(), checkedIn: z.number().int(), commission: money }),
  // This statement (event or period) paid by the club: then frozen, later changes are adjustments.
  paid: z.object({ at: z.string(), by: z.string().nullable(), total: money }).nullable(),
  adjustments: z.array(adjustmentLineSchema),
  // Signed: what is still owed (or overpaid) since the statement was paid.
  adjustmentsTotalCents: z.number().int(),
  // What paying this statement now would settle (0 once paid): a period leaves out nights already paid.
  payableCents: z.number().int(),
  payableLines: z.number().int(),
  // Other paid statements that already settled some of these tickets (an event inside a paid month, or the
  // month of a paid event): this one cannot be paid again.
  coveredBy: z.array(
    z.object({
      kind: z.enum(['event', 'period']),
      eventName: z.string().nullable(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      paidAt: z.string(),
    }),
  ),
  // Per event of a period statement: whether it is paid.
  events: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      startAt: z.string(),
      commissionCents: z.number().int(),
      paid: z.boolean(),
    }),
  ),
});
export type Statement = z.infer<typeof statementSchema>;

// The CEO pays an event's statement or a period's (from and to: dates, both nights included).
export const payStatementBody = scoped(z.object(statementScopeFields));
export type PayStatementBody = z.infer<typeof payStatementBody>;
