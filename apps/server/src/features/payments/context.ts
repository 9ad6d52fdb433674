// What the payments feature's functions work with: the database, the realtime bus, Stripe, the ticket signer.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { TicketSigner } from '../tickets/index.ts';
import type { StripeClient } from './stripe-client.ts';

export type PaymentsContext = {
  db: Db;
  bus: RealtimeBus;
  stripe: StripeClient;
  signer: TicketSigner;
  holdMinutes: number;
  log: FastifyBaseLogger;
};

export const HOLD_EXPIRY_JOB = 'payments.hold-expiry';
export const REFUND_ORDER_JOB = 'payments.refund-order';
export type HoldExpiryJob = { orderId: string };
export type RefundOrderJob = { orderId: string };
