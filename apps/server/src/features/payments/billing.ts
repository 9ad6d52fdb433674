// A club's billing settings (legal name, NIF, IVA %, service fee per ticket) and the quote of a card order: the
// total shown before paying is computed here and is exactly what Checkout charges.
import type { ClubBilling, PaymentQuote } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../http/errors.ts';
import { requireClubManager } from '../club-staff/index.ts';
import { offerPrice, ticketTypeWithEvent } from '../tickets/index.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';

export const DEFAULT_VAT_PERCENT = 21;

export type Billing = ClubBilling & { configured: boolean };

export async function billingOf(db: Db, clubId: string): Promise<Billing> {
  const row = await repo.findBilling(db, clubId);
  if (row)
    return {
      legalName: row.legal_name,
      nif: row.nif,
      vatPercent: Number(row.vat_percent),
      serviceFeeCents: Number(row.service_fee_cents),
      configured: true,
    };
  const club = await db.selectFrom('clubs').select('name').where('id', '=', clubId).executeTakeFirst();
  return {
    legalName: club?.name ?? '',
    nif: '',
    vatPercent: DEFAULT_VAT_PERCENT,
    serviceFeeCents: 0,
    configured: false,
  };
}

// An admin manages every club, even one that does not exist: that is a 404, not empty settings or a row the
// database refuses.
async function requireClub(db: Db, clubId: string): Promise<void> {
  const club = await db.selectFrom('clubs').select('id').where('id', '=', clubId).executeTakeFirst();
  if (!club) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
}

export async function clubBilling(db: Db, actor: { id: string }, clubId: string): Promise<Billing> {
  await requireClubManager(db, actor, clubId);
  await requireClub(db, clubId);
  return billingOf(db, clubId);
}

export async function updateClubBilling(
  db: Db,
  actor: { id: string },
  clubId: string,
  input: ClubBilling,
): Promise<Billing> {
  await requireClubManager(db, actor, clubId);
  await requireClub(db, clubId);
  await repo.upsertBilling(db, {
    club_id: clubId,
    legal_name: input.legalName,
    nif: input.nif,
    vat_percent: input.vatPercent,
    service_fee_cents: input.serviceFeeCents,
    updated_at: clock.now().toISOString(),
  });
  return billingOf(db, clubId);
}

export function orderTotal(unitPriceCents: number, feeCents: number, quantity: number): number {
  return (unitPriceCents + feeCents) * quantity;
}

export async function quote(db: Db, ticketTypeId: string, quantity: number): Promise<PaymentQuote> {
  const type = await ticketTypeWithEvent(db, ticketTypeId);
  if (!type || type.event_status !== 'published' || type.hidden)
    throw notFound('El tipo de entrada', 'TICKET_TYPE_NOT_FOUND');
  const fee = type.kind === 'online' ? (await billingOf(db, type.club_id)).serviceFeeCents : 0;
  return {
    ticketTypeId,
    quantity,
    unitPrice: { cents: type.price_cents, currency: 'EUR' },
    feePerTicket: { cents: fee, currency: 'EUR' },
    total: { cents: orderTotal(type.price_cents, fee, quantity), currency: 'EUR' },
  };
}

// What taking a waitlist offer costs, before paying: the offer's price (a resale's never above face value) and,
// for a card type, the club's fee per ticket — the same computation the offer's Checkout is given.
export async function quoteOffer(db: Db, userId: string, entryId: string): Promise<PaymentQuote> {
  const offer = await offerPrice(db, userId, entryId);
  const fee = offer.kind === 'online' ? (await billingOf(db, offer.clubId)).serviceFeeCents : 0;
  return {
    ticketTypeId: offer.ticketTypeId,
    quantity: 1,
    unitPrice: { cents: offer.unitPriceCents, currency: 'EUR' },
    feePerTicket: { cents: fee, currency: 'EUR' },
    total: { cents: orderTotal(offer.unitPriceCents, fee, 1), currency: 'EUR' },
  };
}

// IVA included in a total: base = total / (1 + IVA), rounded to the cent; the IVA is what remains.
export function vatBreakdown(totalCents: number, vatPercent: number) {
  const baseCents = Math.round((totalCents * 100) / (100 + vatPercent));
  return { baseCents, vatCents: totalCents - baseCents, totalCents };
}
