// What the door's functions work with, built once where its routes register (routes.ts) and passed to each of
// them, so none of them reaches the Fastify instance. dbKind: PostgreSQL admits a scan in one statement, SQLite
// in a transaction. signer: a QR's signature is checked in memory, and the offline pack carries its public key.
// bus: the holders' notifications reach their tabs. pushToDoors: entries, aforo and conflicts reach the doors.
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbKind } from '../../db/connect.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { TicketSigner } from '../tickets/index.ts';
import type { PushToDoors } from './door-room.ts';

export type DoorContext = {
  db: Db;
  dbKind: DbKind;
  log: FastifyBaseLogger;
  signer: TicketSigner;
  bus: RealtimeBus;
  pushToDoors: PushToDoors;
};
