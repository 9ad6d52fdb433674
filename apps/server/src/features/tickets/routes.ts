// Tickets over HTTP: what an event has on sale, getting tickets (Idempotency-Key), the holder's tickets, their
// calendar file and wallet passes, cancel and transfer, and the public key the door verifies QR codes with. The
// routes are grouped by resource and registered in this order, the order of the API document: the waitlist and
// resale, wallet passes, purchase, the holder's tickets, cancelling and passing one on, the clubs' cancel rule.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ticketDetail, transferBody } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import { cancelRuleRoutes } from './cancel-rule-routes.ts';
import { defaultPaymentProviders, type PaymentProviders } from './payment.ts';
import { myTicketListRoutes, myTicketRoutes } from './my-ticket-routes.ts';
import { purchaseRoutes } from './purchase-routes.ts';
import { tags, ticketParams } from './route-schemas.ts';
import { cancelTicket, transferTicket, type TicketsContext } from './service.ts';
import { registerTicketMetrics } from './metrics.ts';
import { createSoldOutMemo } from './sold-out-memo.ts';
import { registerWaitlistRoutes } from './waitlist-routes.ts';
import { registerWalletRoutes } from './wallet-routes.ts';

export type TicketRoutesOptions = { payments?: PaymentProviders };

export const ticketRoutes: FastifyPluginAsyncZod<TicketRoutesOptions> = async (app, options) => {
  const soldOut = createSoldOutMemo();
  registerTicketMetrics(app.metrics, app.db);
  const ctx = (): TicketsContext => ({
    db: app.db,
    bus: app.realtime,
    signer: app.ticketSigner,
    payments: options.payments ?? defaultPaymentProviders,
    soldOut,
  });
  registerWaitlistRoutes(app, ctx);
  registerWalletRoutes(app);

  purchaseRoutes(app, ctx);
  myTicketListRoutes(app);
  myTicketRoutes(app);
  holderActionRoutes(app, ctx);
  cancelRuleRoutes(app);
};

// What a holder does with a ticket: cancel it (its place goes back on sale) or pass it to a connection.
function holderActionRoutes(base: FastifyInstance, ctx: () => TicketsContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/tickets/:ticketId/cancel',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cancelar una entrada antes de que empiece el evento (libera su plaza)',
        params: ticketParams,
        response: { 200: ticketDetail, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return cancelTicket(ctx(), { id: user.id, name: user.name }, request.params.ticketId);
    },
  );

  app.post(
    '/api/tickets/:ticketId/transfer',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Pasar una entrada a una conexión: su QR nuevo, el mío deja de valer',
        params: ticketParams,
        body: transferBody,
        response: { 200: ticketDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return transferTicket(
        ctx(),
        { id: user.id, name: user.name },
        request.params.ticketId,
        request.body.toUserId,
      );
    },
  );
}
