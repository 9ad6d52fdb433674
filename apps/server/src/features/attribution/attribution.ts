// Which promoter a sale belongs to. The tickets feature asks at purchase with the code the buyer typed and the
// `?rpp=` code their browser kept from the last promoter link they opened (last click wins, 7 days, kept by the
// browser). A code typed at checkout beats the link; a promoter code is only good at that promoter's clubs.
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

async function clubOfType(db: Db, ticketTypeId: string) {
  const row = await db
    .selectFrom('ticket_types')
    .innerJoin('events', 'events.id', 'ticket_types.event_id')
    .select('events.club_id')
    .where('ticket_types.id', '=', ticketTypeId)
    .executeTakeFirst();
  return row?.club_id;
}

async function promoterOfCode(db: Db, clubId: string, code: string) {
  const row = await db
    .selectFrom('club_promoters')
    .select('user_id')
    .where('club_id', '=', clubId)
    .where('code', '=', code.toUpperCase())
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

// A promoter never earns on a sale to themselves (their own code, link, waitlist entry or a resale of their own
// sale): the purchase goes through, attributed to nobody. Checked where a sale's promoter is written.
export function creditedPromoter(promoterId: string | null | undefined, buyerId: string): string | null {
  return promoterId && promoterId !== buyerId ? promoterId : null;
}

export type SaleAttribution = {
  promoterId: string | null;
  // The code left for the tickets feature to check as a hidden type's code (a promoter's own code is taken out).
  code: string | undefined;
};

export async function attributeSale(
  db: Db,
  ticketTypeId: string,
  given: { code?: string; rpp?: string },
): Promise<SaleAttribution> {
  if (!given.code && !given.rpp) return { promoterId: null, code: undefined };
  const clubId = await clubOfType(db, ticketTypeId);
  if (!clubId) return { promoterId: null, code: given.code };
  if (given.code) {
    const typed = await promoterOfCode(db, clubId, given.code);
    if (typed) return { promoterId: typed, code: undefined };
    // A hidden type's code handed to a promoter (ticket_type_codes.promoter_id) is theirs too.
    const owner = await db
      .selectFrom('ticket_type_codes')
      .select('promoter_id')
      .where('ticket_type_id', '=', ticketTypeId)
      .where('code', '=', given.code)
      .where('promoter_id', 'is not', null)
      .executeTakeFirst();
    if (owner?.promoter_id) return { promoterId: owner.promoter_id, code: given.code };
  }
  const linked = given.rpp ? await promoterOfCode(db, clubId, given.rpp) : null;
  return { promoterId: linked, code: given.code };
}

// Whether a code is a promoter's own code at the club of this event (the event page then says whose it is).
export async function promoterCodeAtEvent(db: Db, eventId: string, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('club_promoters')
    .innerJoin('events', 'events.club_id', 'club_promoters.club_id')
    .select(sql<number>`1`.as('one'))
    .where('events.id', '=', eventId)
    .where('club_promoters.code', '=', code.toUpperCase())
    .where('club_promoters.removed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
