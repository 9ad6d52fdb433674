// Order rows as the API shows them.
import type { PaymentOrder } from '@nocturna/shared';
import { toIso, toIsoOrNull, type PaymentOrderStatus } from '../../db/schema.ts';
import type { OrderViewRow } from './repository.ts';

const eur = (cents: number) => ({ cents: Number(cents), currency: 'EUR' as const });

export type OrderExtras = { ticketIds: string[]; history: { status: PaymentOrderStatus; at: string }[] };

export function toOrderView(row: OrderViewRow, extras: OrderExtras): PaymentOrder {
  return {
    id: row.id,
    status: row.status,
    refundReason: row.refund_reason,
    eventId: row.event_id,
    eventName: row.event_name,
    eventSlug: row.event_slug,
    eventStartAt: toIso(row.event_start_at),
    clubName: row.club_name,
    typeName: row.type_name,
    quantity: Number(row.quantity),
    unitPrice: eur(row.unit_price_cents),
    feePerTicket: eur(row.fee_cents),
    total: eur(row.total_cents),
    refunded: eur(row.refunded_cents),
    holdExpiresAt: toIso(row.hold_expires_at),
    createdAt: toIso(row.created_at),
    paidAt: toIsoOrNull(row.paid_at),
    fulfilledAt: toIsoOrNull(row.fulfilled_at),
    history: extras.history,
    checkoutUrl: row.status === 'pending' ? row.checkout_url : null,
    receiptNumber: row.receipt_number,
    ticketIds: extras.ticketIds,
    fromWaitlist: row.waitlist_entry_id !== null,
  };
}
