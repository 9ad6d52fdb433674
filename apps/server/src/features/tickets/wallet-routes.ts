// "Save to wallet" over HTTP: which wallets this server backs, a ticket's Apple Wallet pass (.pkpass) and its
// Google Wallet save link. Only the holder gets them, and only for a ticket that can still open the door.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { googleWalletLink, walletAvailability, type ErrorCode, type Ticket } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { publicOrigin } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { errorResponses } from '../../http/openapi.ts';
import * as clock from '../../clock.ts';
import { myTicketView } from './service.ts';
import { toTicket } from './views.ts';
import { appleWalletFileName, appleWalletPass } from './wallet-apple.ts';
import { googleWalletUrl } from './wallet-google.ts';

const tags = ['entradas'];
const ticketParams = z.object({ ticketId: z.string().min(1).max(200) });

const notConfigured = (wallet: string) =>
  new AppError(404, 'WALLET_NOT_CONFIGURED', `${wallet} no está activado en este servidor.`);

// Why a ticket of mine cannot go to a wallet: its QR no longer opens the door (or is about to change hands).
const REFUSALS: Partial<Record<Ticket['status'], [code: ErrorCode, message: string]>> = {
  used: ['TICKET_USED', 'Esta entrada ya se usó en la puerta.'],
  cancelled: ['TICKET_CANCELLED', 'Esta entrada está cancelada o devuelta: su QR ya no abre la puerta.'],
  transferred: ['TICKET_TRANSFERRED', 'Esta entrada la pasaste a otra persona: su QR ya no vale.'],
  refused: ['TICKET_REFUSED', 'A esta entrada le denegaron el acceso: su QR ya no vale.'],
};

function walletTicket(ticket: Ticket): Ticket & { token: string } {
  const refusal = REFUSALS[ticket.status];
  if (refusal) throw new AppError(409, refusal[0], refusal[1]);
  if (ticket.forResale)
    throw new AppError(
      409,
      'TICKET_FOR_RESALE',
      'Esta entrada está en reventa: retírala de la reventa para guardarla en el wallet.',
    );
  if (!ticket.token) throw new AppError(409, 'TICKET_CANCELLED', 'Esta entrada ya no tiene QR.');
  return { ...ticket, token: ticket.token };
}

export function registerWalletRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { wallet } = app.config;
  const holderTicket = async (userId: string, ticketId: string) =>
    walletTicket(toTicket(await myTicketView(app.db, userId, ticketId), clock.now()));

  app.get(
    '/api/tickets/wallets',
    {
      schema: {
        tags,
        summary: 'Qué wallets (Apple, Google) puede guardar este servidor',
        response: { 200: walletAvailability },
      },
    },
    async () => ({ apple: Boolean(wallet.apple), google: Boolean(wallet.google) }),
  );

  app.get(
    '/api/tickets/:ticketId/wallet/apple',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'La entrada como pase de Apple Wallet (.pkpass) con el mismo QR',
        params: ticketParams,
      },
    },
    async (request, reply) => {
      if (!wallet.apple) throw notConfigured('Apple Wallet');
      const ticket = await holderTicket(currentUser(request).id, request.params.ticketId);
      const pass = await appleWalletPass(wallet.apple, ticket, publicOrigin(app.config));
      return reply
        .type('application/vnd.apple.pkpass')
        .header('content-disposition', `attachment; filename="${appleWalletFileName(ticket)}"`)
        .header('cache-control', 'private, no-store')
        .send(pass);
    },
  );

  app.get(
    '/api/tickets/:ticketId/wallet/google',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Enlace «Guardar en Google Wallet» de la entrada, con el mismo QR',
        params: ticketParams,
        response: { 200: googleWalletLink, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      if (!wallet.google) throw notConfigured('Google Wallet');
      const ticket = await holderTicket(currentUser(request).id, request.params.ticketId);
      reply.header('cache-control', 'private, no-store');
      return { url: await googleWalletUrl(wallet.google, ticket, publicOrigin(app.config), clock.now()) };
    },
  );
}
