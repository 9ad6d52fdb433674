// A promoter's own dashboard: the clubs they work with (their code and commission, and the ranking where the club
// shares it), the nights it shows with what they sold, let in and earned on each, tonight's entries, their totals.
import type { PromotedEvent, RppDashboard } from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import { toIso } from '../../../db/schema.ts';
import { eur, toCommission } from '../commission-values.ts';
import { listsOf, toGuestList } from '../guest-lists/repository.ts';
import * as repo from '../repository.ts';
import {
  figuresByType,
  freeListTypes,
  promotedEvents,
  promoterClubs,
  ranking,
  tonightEntries,
  totalsOf,
} from './repository.ts';
import * as clock from '../../../clock.ts';

const RANKING_DAYS = 30;

type Club = Awaited<ReturnType<typeof promoterClubs>>[number];
type Night = Awaited<ReturnType<typeof promotedEvents>>[number];
type Figures = {
  figures: Awaited<ReturnType<typeof figuresByType>>;
  lists: Awaited<ReturnType<typeof listsOf>>;
  listTypes: Awaited<ReturnType<typeof freeListTypes>>;
  codeOf: Map<string, string>;
  clubName: Map<string, string>;
};

export async function rppDashboard(db: Db, promoterId: string, now = clock.now()): Promise<RppDashboard> {
  // The clubs and their nights at once (one round trip fewer on a busy night).
  const [clubs, events] = await Promise.all([
    promoterClubs(db, promoterId),
    promotedEvents(db, promoterId, now),
  ]);
  const eventIds = events.map((e) => e.id);
  const soon = now.getTime() + 6 * 3600_000;
  const tonightIds = events
    .filter((e) => new Date(toIso(e.start_at)).getTime() <= soon && new Date(toIso(e.end_at)) > now)
    .map((e) => e.id);
  const [figures, lists, listTypes, totals, rankings, recent] = await Promise.all([
    figuresByType(db, promoterId, eventIds),
    listsOf(db, promoterId, eventIds),
    freeListTypes(db, eventIds),
    totalsOf(db, promoterId, new Date(now.getTime() - RANKING_DAYS * 24 * 3600_000).toISOString()),
    Promise.all(
      clubs.map(async (c) =>
        c.promoter_ranking
          ? ranking(db, c.club_id, new Date(now.getTime() - RANKING_DAYS * 24 * 3600_000).toISOString())
          : null,
      ),
    ),
    tonightEntries(db, promoterId, tonightIds),
  ]);
  const tonightCount = { n: recent[0]?.total ?? 0 };
  const codeOf = new Map(clubs.map((c) => [c.club_id, c.code]));
  const clubName = new Map(clubs.map((c) => [c.club_id, c.club_name]));
  const perNight: Figures = { figures, lists, listTypes, codeOf, clubName };
  return {
    clubs: clubs.map((c, i) => toDashboardClub(c, rankings[i], promoterId)),
    events: events.map((e) => toPromotedEvent(e, perNight)),
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

// A club on the dashboard: the promoter's code and commission there, and the ranking when the club shares it.
function toDashboardClub(
  c: Club,
  rows: Awaited<ReturnType<typeof ranking>> | null | undefined,
  promoterId: string,
): RppDashboard['clubs'][number] {
  return {
    id: c.club_id,
    name: c.club_name,
    code: c.code,
    commission: toCommission(c.commission_kind, c.commission_value),
    ranking:
      rows?.map((r, position) => ({
        position: position + 1,
        name: r.name,
        checkedIn: repo.num(r.checked_in),
        me: r.user_id === promoterId,
      })) ?? null,
  };
}

// A night on the dashboard: the promoter's code for it, what they sold, let in and earned by type, and their lists.
function toPromotedEvent(e: Night, { figures, lists, listTypes, codeOf, clubName }: Figures): PromotedEvent {
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
}
