// The write side of the catalogue for the people who run clubs: clubs, events, ticket types, the audit log.
// Every route checks role and club scope on the server (service functions call requireClubManager).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES } from '@nocturna/shared';
import { auditRoutes } from './audit/routes.ts';
import { managedClubRoutes } from './clubs/routes.ts';
import { lineupDjRoutes } from './djs/routes.ts';
import { managedEventRoutes } from './events/routes.ts';
import { imageRoutes } from './images/routes.ts';
import { ticketTypeRoutes } from './ticket-types/routes.ts';

export const managementRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the image routes take multipart bodies: one file, nothing else. The parser sits around every management
  // route, so each one reads a request's body as it always has.
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  // In this order, the order of the API document.
  await app.register(imageRoutes);
  await app.register(managedClubRoutes);
  await app.register(managedEventRoutes);
  await app.register(ticketTypeRoutes);
  await app.register(auditRoutes);
  await app.register(lineupDjRoutes);
};
