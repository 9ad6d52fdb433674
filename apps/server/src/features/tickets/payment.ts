// The payment step of getting tickets, behind one interface so online card payment can plug in later.
// Free and pay-at-the-door types settle at once; an "online" type needs a card provider, and until one is
// configured such types are refused (never faked).
import type { PaymentStatus, TicketKind } from '@nocturna/shared';
import { AppError } from '../../http/errors.ts';

export type PaymentRequest = {
  userId: string;
  ticketTypeId: string;
  quantity: number;
  unitPriceCents: number;
  currency: string;
  // The request's Idempotency-Key: a card provider passes it on so a retried charge is charged once.
  idempotencyKey: string;
};

export type PaymentOutcome = {
  status: PaymentStatus;
  // The provider's reference of the charge (null when there is none).
  reference: string | null;
};

export interface PaymentProvider {
  readonly kind: TicketKind;
  // Runs before the tickets are written; throws an AppError when the payment cannot be made.
  // A card provider would hold the places, take the payment and confirm the order in its callback.
  settle(request: PaymentRequest): Promise<PaymentOutcome>;
}

export const freeProvider: PaymentProvider = {
  kind: 'free',
  async settle(request) {
    if (request.unitPriceCents !== 0)
      throw new AppError(409, 'PAYMENT_UNAVAILABLE', 'Esta entrada no es gratuita.');
    return { status: 'free', reference: null };
  },
};

// Paid in cash or card to the door staff, who see the amount due when they scan the ticket.
export const doorProvider: PaymentProvider = {
  kind: 'door',
  async settle(request) {
    return { status: request.unitPriceCents === 0 ? 'free' : 'due_at_door', reference: null };
  },
};

export type PaymentProviders = Partial<Record<TicketKind, PaymentProvider>>;

export const defaultPaymentProviders: PaymentProviders = { free: freeProvider, door: doorProvider };

export function providerFor(providers: PaymentProviders, kind: TicketKind): PaymentProvider {
  const provider = providers[kind];
  if (!provider)
    throw new AppError(
      409,
      'PAYMENT_UNAVAILABLE',
      'El pago online todavía no está disponible para esta entrada.',
    );
  return provider;
}
