// Paying online: a card checkout's order, its quote (the total shown before paying is the total
// charged), the buyer's order history, a club's billing settings and the orders of an event for the club.
import { z } from 'zod';
import { money } from './catalogue.ts';

// pending: places held while the buyer pays · paid: payment confirmed, tickets not issued (yet, or never: being
// refunded) · fulfilled: tickets issued · expired: the hold ran out or the buyer went back, places freed ·
// refunded / partially_refunded: money given back, all or part · review: Stripe reported a payment that does not
// match the order (another session, amount or currency): nothing issued, places freed, left for a person to check.
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'fulfilled',
  'expired',
  'refunded',
  'partially_refunded',
  'review',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const checkoutStarted = z.object({
  orderId: z.string(),
  status: orderStatusSchema,
  // Where the buyer pays (Stripe Checkout); null once the order is no longer payable.
  url: z.string().nullable(),
});
export type CheckoutStarted = z.infer<typeof checkoutStarted>;

export const paymentsConfig = z.object({ cardPayments: z.boolean(), holdMinutes: z.number().int() });
export type PaymentsConfig = z.infer<typeof paymentsConfig>;

export const paymentQuoteQuery = z.object({
  ticketTypeId: z.string().min(1).max(200),
  quantity: z.coerce.number().int().min(1).max(20).default(1),
});
export const paymentQuote = z.object({
  ticketTypeId: z.string(),
  quantity: z.number().int(),
  unitPrice: money,
  feePerTicket: money,
  total: money,
});
export type PaymentQuote = z.infer<typeof paymentQuote>;

export const paymentOrderSchema = z.object({
  id: z.string(),
  status: orderStatusSchema,
  // Why we gave the money back ourselves: 'sold_out' (paid after the hold ran out, no places left) or 'limit'.
  refundReason: z.string().nullable(),
  eventId: z.string(),
  eventName: z.string(),
  eventSlug: z.string(),
  eventStartAt: z.string(),
  clubName: z.string(),
  typeName: z.string(),
  quantity: z.number().int(),
  unitPrice: money,
  feePerTicket: money,
  total: money,
  refunded: money,
  holdExpiresAt: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  fulfilledAt: z.string().nullable(),
  // Every state the order has been in, oldest first (pending → paid → fulfilled, → expired, → refunded…).
  history: z.array(z.object({ status: orderStatusSchema, at: z.string() })),
  checkoutUrl: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  ticketIds: z.array(z.string()),
  // Paying for a place the waitlist offered: going back from Checkout keeps it payable until the offer runs out.
  fromWaitlist: z.boolean(),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;
export const paymentOrderList = z.object({ items: z.array(paymentOrderSchema) });
export type PaymentOrderList = z.infer<typeof paymentOrderList>;

const nif = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{9}$/, 'El NIF tiene 9 letras o cifras, p. ej. B12345678');
export const clubBillingSchema = z.object({
  legalName: z.string().trim().min(2, 'Escribe la razón social').max(200),
  nif,
  vatPercent: z.number().int().min(0, 'El IVA va de 0 a 100').max(100, 'El IVA va de 0 a 100'),
  serviceFeeCents: z.number().int().min(0, 'La comisión no puede ser negativa').max(10_000),
});
export type ClubBilling = z.infer<typeof clubBillingSchema>;

// The orders of one event for the club: counts and money per status, computed in SQL.
export const eventOrdersSummary = z.object({
  eventId: z.string(),
  byStatus: z.array(
    z.object({
      status: orderStatusSchema,
      orders: z.number().int(),
      tickets: z.number().int(),
      total: money,
    }),
  ),
  charged: money,
  refunded: money,
});
export type EventOrdersSummary = z.infer<typeof eventOrdersSummary>;
