// What the buyer is told (a catalogue message and its data), and the mails with their data.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { localeOf, queueMailIn } from '../mail/index.ts';
import type { NewNotification } from '../notifications/index.ts';
import { vatBreakdown } from './billing.ts';

export const orderPath = (orderId: string) => `/tickets/orders/${encodeURIComponent(orderId)}`;
export const receiptPath = (orderId: string) =>
  `/api/payments/orders/${encodeURIComponent(orderId)}/receipt.pdf`;

export function refundNotice(
  userId: string,
  refund: { orderId: string; eventId: string; eventName: string; amountCents: number; reason: string },
): NewNotification {
  return {
    userId,
    type: 'payment_refunded',
    message: 'paymentRefunded',
    data: { eventName: refund.eventName, amountCents: refund.amountCents, refundReason: refund.reason },
    link: orderPath(refund.orderId),
    refs: { orderId: refund.orderId, eventId: refund.eventId },
  };
}

type Q = Kysely<Database>;

async function buyer(db: Q, userId: string) {
  return db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
}

export async function queueRefundMail(
  trx: Q,
  userId: string,
  refund: { orderId: string; eventName: string; amountCents: number; reason: string },
): Promise<void> {
  const person = await buyer(trx, userId);
  if (!person?.email) return;
  await queueMailIn(trx, {
    to: person.email,
    template: 'paymentRefunded',
    locale: await localeOf(trx, userId),
    data: {
      name: person.name,
      eventName: refund.eventName,
      amountCents: refund.amountCents,
      reason: refund.reason,
      path: orderPath(refund.orderId),
    },
  });
}

export type ReceiptOrder = {
  id: string;
  userId: string;
  receiptNumber: string;
  eventName: string;
  typeName: string;
  quantity: number;
  unitPriceCents: number;
  feeCents: number;
  totalCents: number;
  vatPercent: number;
  legalName: string;
  nif: string;
};

export async function queueReceiptMail(trx: Q, order: ReceiptOrder): Promise<void> {
  const person = await buyer(trx, order.userId);
  if (!person?.email) return;
  const vat = vatBreakdown(order.totalCents, order.vatPercent);
  await queueMailIn(trx, {
    to: person.email,
    template: 'paymentReceipt',
    locale: await localeOf(trx, order.userId),
    data: {
      name: person.name,
      receiptNumber: order.receiptNumber,
      eventName: order.eventName,
      legalName: order.legalName,
      nif: order.nif,
      lines: [
        { label: order.typeName, quantity: order.quantity, unitCents: order.unitPriceCents },
        // The fee's line is named in the buyer's language by the mail template.
        ...(order.feeCents > 0
          ? [{ label: '', fee: true, quantity: order.quantity, unitCents: order.feeCents }]
          : []),
      ],
      baseCents: vat.baseCents,
      vatPercent: order.vatPercent,
      vatCents: vat.vatCents,
      totalCents: order.totalCents,
      path: receiptPath(order.id),
    },
  });
}
