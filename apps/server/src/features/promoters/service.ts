// The rules of promoters (RPP): a club's CEO attaches promoters with a commission (per club, and per ticket type
// when it differs), chooses what the club shares; a promoter reads their own dashboard. Who may do what is
// decided here: a club's manager for its promoters, a promoter only for their own figures.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type {
  ClubPromotersResponse,
  Commission,
  PartnerSettings,
  PromotedEvent,
  RppDashboard,
} from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { hasRole } from '../../auth/roles.ts';
import { requireClubManager } from '../club-staff/index.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';
import { addDays } from 'date-fns';
import { nightStart } from '@nocturna/shared';

type Actor = { id: string; name: string };
const eur = (cents: number) => ({ cents, currency: 'EUR' as const });
const toCommission = (kind: string, value: number): Commission => ({
  kind: kind === 'percent' ? 'percent' : 'fixed',
  value: Number(value),
});

export async function clubOr404(db: Db, idOrSlug: string) {
  const club = await db
    .selectFrom('clubs')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();
  if (!club) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
  return club;
}

async function managedClub(db: Db, actor: Actor, idOrSlug: string) {
  const club = await clubOr404(db, idOrSlug);
  await requireClubManager(db, actor, club.id);
  return club;
}

const euros = (cents: number) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(cents / 100);

// A fixed commission is paid per ticket: above the ticket's price, the club would pay the promoter more than the
// sale brought in. Refused when it is set (the earned amount is capped at the ticket's price as well, repository.ts).
const aboveFaceValue = (field: string, message: string) =>
  new AppError(400, 'COMMISSION_ABOVE_PRICE', message, { field });

// The dearest ticket of the club's nights not over yet (cancelled ones aside): what a club-wide default applies
// to. Null when the club has none: nothing to measure it against yet, and what is earned is capped per ticket.
async function dearestComingPrice(db: Db, clubId: string): Promise<number | null> {
  const row = await db
    .selectFrom('ticket_types as tt')
    .innerJoin('events as e', 'e.id', 'tt.event_id')
    .select((eb) => eb.fn.max('tt.price_cents').as('dearest'))
    .where('e.club_id', '=', clubId)
    .where('e.end_at', '>', clock.now().toISOString())
    .where('e.status', '<>', 'cancelled')
    .executeTakeFirst();
  return row?.dearest === null || row?.dearest === undefined ? null : Number(row.dearest);
}

async function checkDefaultCommission(db: Db, clubId: string, commission: Commission | undefined) {
  if (commission?.kind !== 'fixed') return;
  const dearest = await dearestComingPrice(db, clubId);
  if (dearest !== null && commission.value > dearest)
    throw aboveFaceValue(
      'commission.value',
      `Un importe fijo no puede superar el precio de la entrada más cara de las próximas noches de la discoteca (${euros(dearest)}): la comisión nunca es más de lo que se cobra por la entrada.`,
    );
}

const codeTaken = () =>
  new AppError(409, 'PROMOTER_CODE_TAKEN', 'Ese código ya es de otro RPP: elige otro.', { field: 'code' });

function codeFor(name: string) {
  const base = name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 8);
  return `${base || 'RPP'}${crypto.randomInt(10, 99)}`;
}

// ---- the CEO's side ---------------------------------------------------------------------------------------------

export async function listClubPromoters(
  db: Db,
  actor: Actor,
  clubIdOrSlug: string,
): Promise<ClubPromotersResponse> {
  const club = await managedClub(db, actor, clubIdOrSlug);
  const [rows, figures, rules, settings, types] = await Promise.all([
    db
      .selectFrom('club_promoters as cp')
      .innerJoin('users', 'users.id', 'cp.user_id')
      .select([
        'cp.user_id',
        'users.name',
        'users.username',
        'cp.code',
        'cp.commission_kind',
        'cp.commission_value',
      ])
      .where('cp.club_id', '=', club.id)
      .where('cp.removed_at', 'is', null)
      .orderBy('users.name')
      .execute(),
    repo
      .attributed(db)
      .select([
        't.promoter_id',
        (eb) => eb.fn.countAll<number>().as('sold'),
        (eb) =>
          eb.fn.sum<number>(eb.case().when('t.status', '=', 'used').then(1).else(0).end()).as('checked_in'),
        (eb) => eb.fn.sum<number>(repo.commissionCents).as('earned'),
      ])
      .where('e.club_id', '=', club.id)
      .where('t.status', 'not in', repo.NOT_SALES)
      .groupBy('t.promoter_id')
      .execute(),
    db
      .selectFrom('promoter_commission_rules as r')
      .innerJoin('ticket_types as tt', 'tt.id', 'r.ticket_type_id')
      .innerJoin('events as e', 'e.id', 'tt.event_id')
      .select([
        'r.promoter_id',
        'r.ticket_type_id',
        'tt.name as type_name',
        'e.name as event_name',
        'r.kind',
        'r.value',
      ])
      .where('r.club_id', '=', club.id)
      .orderBy('e.start_at')
      .execute(),
    partnerSettings(db, club.id),
    // The types of the nights not over yet: what a rule can be set on.
    db
      .selectFrom('ticket_types as tt')
      .innerJoin('events as e', 'e.id', 'tt.event_id')
      .select(['tt.id', 'tt.name', 'tt.price_cents', 'e.name as event_name', 'e.start_at'])
      .where('e.club_id', '=', club.id)
      .where('e.end_at', '>', clock.now().toISOString())
      .where('e.status', '<>', 'cancelled')
      .orderBy('e.start_at')
      .orderBy('tt.position')
      .limit(120)
      .execute(),
  ]);
  const byPromoter = new Map(figures.map((f) => [f.promoter_id, f]));
  return {
    settings,
    ticketTypes: types.map((x) => ({
      id: x.id,
      name: x.name,
      priceCents: repo.num(x.price_cents),
      eventName: x.event_name,
      eventStartAt: toIso(x.start_at),
    })),
    items: rows.map((r) => {
      const f = byPromoter.get(r.user_id);
      return {
        userId: r.user_id,
        name: r.name,
        username: r.username,
        code: r.code,
        commission: toCommission(r.commission_kind, r.commission_value),
        rules: rules
          .filter((x) => x.promoter_id === r.user_id)
          .map((x) => ({
            ticketTypeId: x.ticket_type_id,
            typeName: x.type_name,
            eventName: x.event_name,
            commission: toCommission(x.kind, x.value),
          })),
        sold: repo.num(f?.sold),
        checkedIn: repo.num(f?.checked_in),
        earned: eur(repo.num(f?.earned)),
      };
    }),
  };
}

export async function attachPromoter(
  db: Db,
  actor: Actor,
  clubIdOrSlug: string,
  input: { login: string; code?: string; commission: Commission },
) {
  const club = await managedClub(db, actor, clubIdOrSlug);
  await checkDefaultCommission(db, club.id, input.commission);
  const login = input.login.trim().replace(/^@/, '');
  const user = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('email', '=', login.toLowerCase()), eb('username', '=', login.toLowerCase())]))
    .executeTakeFirst();
  if (!user) throw badRequest('login', 'No hay nadie en Nocturna con ese usuario o e-mail.');
  if (!(await hasRole(db, user.id, 'rpp')))
    throw badRequest('login', `${user.name} no tiene el rol de RPP: pide a un administrador que se lo dé.`);
  const code = input.code ?? codeFor(user.name);
  const at = clock.now().toISOString();
  try {
    await db
      .insertInto('club_promoters')
      .values({
        club_id: club.id,
        user_id: user.id,
        code,
        commission_kind: input.commission.kind,
        commission_value: input.commission.value,
        added_by: actor.id,
        created_at: at,
        removed_at: null,
      })
      .onConflict((oc) =>
        oc.columns(['club_id', 'user_id']).doUpdateSet({
          code,
          commission_kind: input.commission.kind,
          commission_value: input.commission.value,
          removed_at: null,
        }),
      )
      .execute();
  } catch (error) {
    if (isUnique(error)) throw codeTaken();
    throw error;
  }
  return { userId: user.id, code };
}

function isUnique(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === '23505' || (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}

async function attachedOr404(db: Db, clubId: string, userId: string) {
  const row = await db
    .selectFrom('club_promoters')
    .select(['user_id', 'code'])
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Ese RPP en esta discoteca', 'PROMOTER_NOT_FOUND');
  return row;
}

export async function updatePromoter(
  db: Db,
  actor: Actor,
  clubIdOrSlug: string,
  userId: string,
  patch: { code?: string; commission?: Commission },
) {
  const club = await managedClub(db, actor, clubIdOrSlug);
  await attachedOr404(db, club.id, userId);
  if (!patch.code && !patch.commission) return;
  await checkDefaultCommission(db, club.id, patch.commission);
  try {
    await db
      .updateTable('club_promoters')
      .set({
        ...(patch.code ? { code: patch.code } : {}),
        ...(patch.commission
          ? { commission_kind: patch.commission.kind, commission_value: patch.commission.value }
          : {}),
      })
      .where('club_id', '=', club.id)
      .where('user_id', '=', userId)
      .execute();
  } catch (error) {
    if (isUnique(error)) throw codeTaken();
    throw error;
  }
}

export async function detachPromoter(db: Db, actor: Actor, clubIdOrSlug: string, userId: string) {
  const club = await managedClub(db, actor, clubIdOrSlug);
  await attachedOr404(db, club.id, userId);
  await db
    .updateTable('club_promoters')
    .set({ removed_at: clock.now().toISOString() })
    .where('club_id', '=', club.id)
    .where('user_id', '=', userId)
    .execute();
}

// A promoter's commission on one ticket type of the club's events (null removes it: the default applies).
export async function setCommissionRule(
  db: Db,
  actor: Actor,
  clubIdOrSlug: string,
  userId: string,
  ticketTypeId: string,
  rule: Commission | null,
) {
  const club = await managedClub(db, actor, clubIdOrSlug);
  await attachedOr404(db, club.id, userId);
  const type = await db
    .selectFrom('ticket_types')
    .innerJoin('events', 'events.id', 'ticket_types.event_id')
    .select(['ticket_types.id', 'ticket_types.price_cents'])
    .where('ticket_types.id', '=', ticketTypeId)
    .where('events.club_id', '=', club.id)
    .executeTakeFirst();
  if (!type) throw notFound('Ese tipo de entrada en esta discoteca', 'TICKET_TYPE_NOT_FOUND');
  const price = Number(type.price_cents);
  if (rule?.kind === 'fixed' && rule.value > price)
    throw aboveFaceValue(
      'value',
      `Un importe fijo no puede superar el precio de la entrada (${euros(price)}): la comisión nunca es más de lo que se cobra por ella.`,
    );
  if (!rule) {
    await db
      .deleteFrom('promoter_commission_rules')
      .where('promoter_id', '=', userId)
      .where('ticket_type_id', '=', ticketTypeId)
      .execute();
    return;
  }
  await db
    .insertInto('promoter_commission_rules')
    .values({
      promoter_id: userId,
      ticket_type_id: ticketTypeId,
      club_id: club.id,
      kind: rule.kind,
      value: rule.value,
    })
    .onConflict((oc) =>
      oc.columns(['promoter_id', 'ticket_type_id']).doUpdateSet({ kind: rule.kind, value: rule.value }),
    )
    .execute();
}

export async function partnerSettings(db: Db, clubId: string): Promise<PartnerSettings> {
  const row = await db
    .selectFrom('club_partner_settings')
    .select(['promoter_ranking', 'dj_sales'])
    .where('club_id', '=', clubId)
    .executeTakeFirst();
  return { promoterRanking: Boolean(row?.promoter_ranking), djSales: Boolean(row?.dj_sales) };
}

export async function setPartnerSettings(
  db: Db,
  actor: Actor,
  clubIdOrSlug: string,
  settings: PartnerSettings,
) {
  const club = await managedClub(db, actor, clubIdOrSlug);
  await db
    .insertInto('club_partner_settings')
    .values({ club_id: club.id, promoter_ranking: settings.promoterRanking, dj_sales: settings.djSales })
    .onConflict((oc) =>
      oc
        .column('club_id')
        .doUpdateSet({ promoter_ranking: settings.promoterRanking, dj_sales: settings.djSales }),
    )
    .execute();
  return settings;
}

// Whether a club shows its sales to the DJs who play there (the DJs feature asks).
export async function clubSharesSalesWithDjs(db: Db, clubId: string): Promise<boolean> {
  return (await partnerSettings(db, clubId)).djSales;
}

// ---- the promoter's dashboard -----------------------------------------------------------------------------------

const RANKING_DAYS = 30;

// The nights a promoter's dashboard shows: every event of tonight's Madrid night or still under way (a busy club
// may run several, and none may be left out), the next LATER_NIGHTS events after it, and those over in the last
// 12 hours. A single limit over all of them by start time let a day's earlier events push tonight's off the page.
const LATER_NIGHTS = 12;
const PAST_NIGHTS = 6;

function promotedEvents(db: Db, promoterId: string, now: Date) {
  const since = new Date(now.getTime() - 12 * 3600_000).toISOString();
  const tonightEnds = addDays(nightStart(now), 1).toISOString();
  const nowIso = now.toISOString();
  const base = () =>
    db
      .selectFrom('events')
      .select(['id', 'slug', 'name', 'start_at', 'end_at', 'club_id'])
      .where('club_id', 'in', (eb) =>
        eb
          .selectFrom('club_promoters')
          .select('club_id')
          .where('user_id', '=', promoterId)
          .where('removed_at', 'is', null),
      )
      .where('status', '=', 'published');
  return Promise.all([
    base().where('end_at', '>', nowIso).where('start_at', '<', tonightEnds).orderBy('start_at').execute(),
    base().where('start_at', '>=', tonightEnds).orderBy('start_at').limit(LATER_NIGHTS).execute(),
    base()
      .where('end_at', '>', since)
      .where('end_at', '<=', nowIso)
      .orderBy('start_at', 'desc')
      .limit(PAST_NIGHTS)
      .execute(),
  ]).then(([current, later, past]) =>
    [...past.reverse(), ...current, ...later].sort((a, b) =>
      toIso(a.start_at).localeCompare(toIso(b.start_at)),
    ),
  );
}

export async function rppDashboard(db: Db, promoterId: string, now = clock.now()): Promise<RppDashboard> {
  // The clubs and their nights at once (one round trip fewer on a busy night).
  const [clubs, events] = await Promise.all([
    repo.promoterClubs(db, promoterId),
    promotedEvents(db, promoterId, now),
  ]);
  const eventIds = events.map((e) => e.id);
  const soon = now.getTime() + 6 * 3600_000;
  const tonightIds = events
    .filter((e) => new Date(toIso(e.start_at)).getTime() <= soon && new Date(toIso(e.end_at)) > now)
    .map((e) => e.id);
  const [figures, lists, listTypes, totals, rankings, recent] = await Promise.all([
    repo.figuresByType(db, promoterId, eventIds),
    repo.listsOf(db, promoterId, eventIds),
    eventIds.length
      ? db
          .selectFrom('ticket_types')
          .select(['id', 'event_id', 'name'])
          .where('event_id', 'in', eventIds)
          .where('price_cents', '=', 0)
          .orderBy('position')
          .execute()
      : [],
    repo.totalsOf(db, promoterId, new Date(now.getTime() - RANKING_DAYS * 24 * 3600_000).toISOString()),
    Promise.all(
      clubs.map(async (c) =>
        c.promoter_ranking
          ? repo.ranking(db, c.club_id, new Date(now.getTime() - RANKING_DAYS * 24 * 3600_000).toISOString())
          : null,
      ),
    ),
    // Entries tonight: this promoter's people let in to the nights on now (started or about to, not over), the
    // last ten and (the window count, in the same query) how many in all.
    tonightIds.length
      ? db
          .selectFrom('tickets as t')
          .innerJoin('events as e', 'e.id', 't.event_id')
          .select([
            't.check_in_at',
            't.holder_name',
            't.type',
            'e.name as event_name',
            sql<number>`count(*) over ()`.as('total'),
          ])
          .where('t.promoter_id', '=', promoterId)
          .where('t.event_id', 'in', tonightIds)
          .where('t.status', '=', 'used')
          .orderBy('t.check_in_at', 'desc')
          .limit(10)
          .execute()
      : [],
  ]);
  const tonightCount = { n: recent[0]?.total ?? 0 };
  const codeOf = new Map(clubs.map((c) => [c.club_id, c.code]));
  const clubName = new Map(clubs.map((c) => [c.club_id, c.club_name]));
  const promoted: PromotedEvent[] = events.map((e) => {
    const rows = figures.filter((f) => f.event_id === e.id);
    const mine = lists.filter((l) => l.event_id === e.id);
    return {
      id: e.id,
      slug: e.slug,
      name: e.name,
      startAt: toIso(e.start_at),
      endAt: toIso(e.end_at),
      clubId: e.club_id,
      clubName: clubName.get(e.club_id) ?? '',
      code: codeOf.get(e.club_id) ?? '',
      byType: rows.map((r) => ({
        ticketTypeId: r.ticket_type_id ?? '',
        name: r.type,
        sold: repo.num(r.sold),
        checkedIn: repo.num(r.checked_in),
      })),
      sold: rows.reduce((s, r) => s + repo.num(r.sold), 0),
      checkedIn: rows.reduce((s, r) => s + repo.num(r.checked_in), 0),
      earned: eur(rows.reduce((s, r) => s + repo.num(r.earned), 0)),
      listFilled: mine.reduce((s, l) => s + repo.num(l.filled), 0),
      listCapacity: mine.reduce((s, l) => s + repo.num(l.capacity), 0),
      lists: mine.map(toGuestList),
      listTypes: listTypes.filter((t) => t.event_id === e.id).map((t) => ({ id: t.id, name: t.name })),
    };
  });
  return {
    clubs: clubs.map((c, i) => ({
      id: c.club_id,
      name: c.club_name,
      code: c.code,
      commission: toCommission(c.commission_kind, c.commission_value),
      ranking:
        rankings[i]?.map((r, position) => ({
          position: position + 1,
          name: r.name,
          checkedIn: repo.num(r.checked_in),
          me: r.user_id === promoterId,
        })) ?? null,
    })),
    events: promoted,
    tonight: {
      checkedIn: repo.num(tonightCount.n),
      recent: recent.map((r) => ({
        at: r.check_in_at ? toIso(r.check_in_at) : now.toISOString(),
        holderName: r.holder_name,
        type: r.type,
        eventName: r.event_name,
      })),
    },
    totals: {
      sold: repo.num(totals.sold),
      checkedIn: repo.num(totals.checked_in),
      earned: eur(repo.num(totals.earned)),
    },
  };
}

export function toGuestList(l: Awaited<ReturnType<typeof repo.listsOf>>[number]) {
  return {
    id: l.id,
    eventId: l.event_id,
    name: l.name,
    ticketTypeId: l.ticket_type_id,
    typeName: l.type_name,
    capacity: repo.num(l.capacity),
    filled: repo.num(l.filled),
    checkedIn: repo.num(l.checked_in),
    closesAt: toIso(l.closes_at),
    signupToken: l.signup_token,
  };
}
