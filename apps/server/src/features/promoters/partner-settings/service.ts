// What a club shares with its partners: the ranking among its promoters, its sales with the DJs who play there.
import type { PartnerSettings } from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import { managedClub } from '../club-access.ts';

type Actor = { id: string; name: string };

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
