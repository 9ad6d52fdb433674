// Analytics of an event and of a club, as the API returns them. Every figure is counted by the
// database; money is integer cents.
import { z } from 'zod';
import { REFUSAL_REASONS } from './checkin.ts';
import { managedEventRowSchema } from './management.ts';

const int = z.number().int();

export const eventAnalyticsSchema = z.object({
  event: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    clubId: z.string(),
    clubName: z.string(),
    startAt: z.string(),
    endAt: z.string(),
    status: z.enum(['draft', 'published', 'cancelled']),
  }),
  summary: z.object({
    // The places on sale (the ticket types' capacities) and the club's licensed aforo.
    capacity: int,
    aforo: int,
    sold: int,
    // Money received: card orders paid (less their refunds) and door prices collected at check-in.
    revenueCents: int,
    // Door prices of pay-at-the-door tickets not checked in yet, while the night is not over: not received.
    expectedAtDoorCents: int,
    checkedIn: int,
    insideNow: int,
    // Share of sold tickets not checked in, once the night is over; null while it is not.
    noShowRate: z.number().nullable(),
    transfers: int,
    cancellations: int,
    // Tickets refused at the door.
    refused: int.optional(),
  }),
  byType: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      capacity: int,
      sold: int,
      revenueCents: int,
      expectedAtDoorCents: int,
      checkedIn: int,
    }),
  ),
  // Refusals at the door by reason, every reason listed.
  refusalsByReason: z.array(z.object({ reason: z.enum(REFUSAL_REASONS), refused: int })).optional(),
  // Tickets sold per Madrid day and type (cumulative totals are the page's to draw).
  salesOverTime: z.array(z.object({ day: z.string(), typeId: z.string(), tickets: int, revenueCents: int })),
  // Entries per 15-minute slot, slot start as an ISO instant.
  checkinsBySlot: z.array(z.object({ slot: z.string(), entries: int })),
  byChannel: z.array(
    z.object({ channel: z.enum(['direct', 'promoter', 'guest_list']), sold: int, checkedIn: int }),
  ),
  promoters: z.array(
    z.object({ code: z.string(), promoter: z.string().nullable(), sold: int, checkedIn: int }),
  ),
  ages: z.array(z.object({ bucket: z.string(), people: int })),
  genders: z.array(z.object({ gender: z.string(), people: int })),
});
export type EventAnalytics = z.infer<typeof eventAnalyticsSchema>;

export const clubAnalyticsQuerySchema = z.object({
  from: z.iso.date('Elige una fecha de inicio válida.').optional(),
  to: z.iso.date('Elige una fecha de fin válida.').optional(),
});

export const clubEventFiguresSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  startAt: z.string(),
  status: z.enum(['draft', 'published', 'cancelled']),
  weekday: z.string(),
  capacity: int,
  sold: int,
  revenueCents: int,
  expectedAtDoorCents: int,
  checkedIn: int,
});
export type ClubEventFigures = z.infer<typeof clubEventFiguresSchema>;

export const clubAnalyticsSchema = z.object({
  club: z.object({ id: z.string(), slug: z.string(), name: z.string(), capacity: int }),
  period: z.object({ from: z.string(), to: z.string() }),
  totals: z.object({
    events: int,
    sold: int,
    revenueCents: int,
    expectedAtDoorCents: int,
    checkedIn: int,
    customers: int,
    repeatCustomers: int,
    noShowRate: z.number().nullable(),
  }),
  events: z.array(clubEventFiguresSchema),
  // The latest night of the period beside the four before it on the same weekday.
  comparison: z.object({ weekday: z.string().nullable(), nights: z.array(clubEventFiguresSchema) }),
  // The nights already over (the Madrid night, 06:00 to 06:00, has ended) with the most people let in.
  bestNights: z.array(clubEventFiguresSchema),
  topGenres: z.array(z.object({ genre: z.string(), events: int, sold: int })),
});
export type ClubAnalytics = z.infer<typeof clubAnalyticsSchema>;

export const EVENT_CSV_TABLES = ['types', 'sales', 'checkins', 'channels', 'promoters'] as const;
export const CLUB_CSV_TABLES = ['events', 'genres'] as const;
// The language of a CSV's header row and labels (the page passes the one it shows).
export const CSV_LANGS = ['es', 'en'] as const;
export type CsvLang = (typeof CSV_LANGS)[number];
export const csvQuerySchema = z.object({ lang: z.enum(CSV_LANGS).optional() });
export const clubCsvQuerySchema = clubAnalyticsQuerySchema.extend(csvQuerySchema.shape);

// The CEO's dashboard: the clubs they run, tonight's nights live, what comes next, and what needs attention.
// An event as the dashboard lists it: the management list's row (places, sold, let in).
export const dashboardEventSchema = managedEventRowSchema;
export type DashboardEvent = z.infer<typeof dashboardEventSchema>;

export const DASHBOARD_ALERTS = ['nearly_sold_out', 'type_without_sales', 'draft_soon'] as const;
export const dashboardAlertSchema = z.object({
  kind: z.enum(DASHBOARD_ALERTS),
  eventId: z.string(),
  eventName: z.string(),
  // The ticket type's name for type_without_sales; the share sold (0–1) for nearly_sold_out.
  typeName: z.string().nullable(),
  share: z.number().nullable(),
  startAt: z.string(),
});
export type DashboardAlert = z.infer<typeof dashboardAlertSchema>;

export const ceoDashboardSchema = z.object({
  clubs: z.array(
    z.object({ id: z.string(), slug: z.string(), name: z.string(), capacity: int, archived: z.boolean() }),
  ),
  tonight: z.array(dashboardEventSchema),
  next: z.array(dashboardEventSchema),
  lastEventId: z.string().nullable(),
  alerts: z.array(dashboardAlertSchema),
});
export type CeoDashboard = z.infer<typeof ceoDashboardSchema>;

export const adminOverviewSchema = z.object({
  users: int,
  newUsersThisWeek: int,
  clubs: int,
  upcomingEvents: int,
  ticketsThisWeek: int,
  checkInsThisWeek: int,
  openReports: int,
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const demoSeedResultSchema = z.object({ success: z.boolean(), error: z.string().optional() });

// Live aforo per club across its simultaneous events: people inside now against the club's
// capacity, with the alert level at 90 % ('warning') and 100 % ('full').
export const AFORO_WARNING_SHARE = 0.9;
export const liveAforoSchema = z.object({
  clubs: z.array(
    z.object({
      clubId: z.string(),
      clubName: z.string(),
      capacity: int,
      inside: int,
      level: z.enum(['ok', 'warning', 'full']),
      events: z.array(z.object({ id: z.string(), name: z.string(), inside: int })),
    }),
  ),
  at: z.string(),
});
export type LiveAforo = z.infer<typeof liveAforoSchema>;
