// Promoters over HTTP. A club's CEO (or an admin): its promoters, their commissions, what the club shares, their
// statements and paying them. A promoter (role rpp): their dashboard, statements (JSON, CSV, PDF) and guest lists.
// Anyone with the link: a guest list's sign-up page; signed in, joining it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clubPromoterRoutes } from './club-promoters/routes.ts';
import { commissionRuleRoutes } from './commissions/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { guestListRoutes } from './guest-lists/routes.ts';
import { promoterLinkRoutes } from './links/routes.ts';
import { partnerSettingsRoutes } from './partner-settings/routes.ts';
import { clubStatementRoutes, promoterStatementRoutes } from './statements/routes.ts';

export const promoterRoutes: FastifyPluginAsyncZod = async (app) => {
  // In this order, the order of the API document: the club's side, then the promoter's, then the links.
  await app.register(clubPromoterRoutes);
  await app.register(commissionRuleRoutes);
  await app.register(partnerSettingsRoutes);
  await app.register(clubStatementRoutes);
  await app.register(dashboardRoutes);
  await app.register(promoterStatementRoutes);
  await app.register(guestListRoutes);
  await app.register(promoterLinkRoutes);
};
